import { defineEndpoint } from '../contract/endpoint';
import {
  CreateDraftsParams,
  CreateDraftsResponse,
  DeleteDraftParams,
  DraftChangeResponse,
  EditDraftParams,
  GetDraftsParams,
  GetDraftsResponse,
} from '../schemas/draft';

/** Every draft operation refuses a caller who keeps drafts off the server. */
const synchronizedDrafts = { auth: 'api_key', requiresDraftSync: true } as const;

/** `GET /drafts`: the caller's drafts. */
export const getDrafts = defineEndpoint({
  id: 'get-drafts',
  method: 'GET',
  path: '/drafts',
  params: GetDraftsParams,
  response: GetDraftsResponse,
  access: synchronizedDrafts,
  retrySafe: true,
  featureLevel: 87,
  reportsIgnoredParameters: false,
});

/** `POST /drafts`: create drafts (all or none). */
export const createDrafts = defineEndpoint({
  id: 'create-drafts',
  method: 'POST',
  path: '/drafts',
  params: CreateDraftsParams,
  response: CreateDraftsResponse,
  access: synchronizedDrafts,
  retrySafe: false,
  featureLevel: 87,
});

/** `PATCH /drafts/{draft_id}`: replace one of the caller's drafts. */
export const editDraft = defineEndpoint({
  id: 'edit-draft',
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  params: EditDraftParams,
  response: DraftChangeResponse,
  access: synchronizedDrafts,
  retrySafe: true,
  featureLevel: 87,
});

/** `DELETE /drafts/{draft_id}`: delete one of the caller's drafts. */
export const deleteDraft = defineEndpoint({
  id: 'delete-draft',
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  params: DeleteDraftParams,
  response: DraftChangeResponse,
  access: synchronizedDrafts,
  retrySafe: false,
  featureLevel: 87,
  reportsIgnoredParameters: false,
});
