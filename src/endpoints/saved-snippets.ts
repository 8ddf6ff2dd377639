import { defineEndpoint } from '../contract/endpoint';
import {
  CreateSavedSnippetParams,
  CreateSavedSnippetResponse,
  DeleteSavedSnippetParams,
  EditSavedSnippetParams,
  GetSavedSnippetsParams,
  GetSavedSnippetsResponse,
  SavedSnippetChangeResponse,
} from '../schemas/saved-snippet';

/** `GET /saved_snippets`: the caller's saved snippets. */
export const getSavedSnippets = defineEndpoint({
  id: 'get-saved-snippets',
  method: 'GET',
  path: '/saved_snippets',
  params: GetSavedSnippetsParams,
  response: GetSavedSnippetsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 297,
  reportsIgnoredParameters: false,
});

/** `POST /saved_snippets`: save a snippet. */
export const createSavedSnippet = defineEndpoint({
  id: 'create-saved-snippet',
  method: 'POST',
  path: '/saved_snippets',
  params: CreateSavedSnippetParams,
  response: CreateSavedSnippetResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 297,
});

/** `PATCH /saved_snippets/{saved_snippet_id}`: change a saved snippet's title or content. */
export const editSavedSnippet = defineEndpoint({
  id: 'edit-saved-snippet',
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  params: EditSavedSnippetParams,
  response: SavedSnippetChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 368,
});

/** `DELETE /saved_snippets/{saved_snippet_id}`: delete a saved snippet. */
export const deleteSavedSnippet = defineEndpoint({
  id: 'delete-saved-snippet',
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  params: DeleteSavedSnippetParams,
  response: SavedSnippetChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 297,
  reportsIgnoredParameters: false,
});
