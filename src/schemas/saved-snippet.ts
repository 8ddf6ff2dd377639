import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Text the user saved to insert into messages (feature level 297). */
export const SavedSnippet = z.looseObject({
  id: Id,
  title: z.string(),
  /** Markdown, inserted as is. */
  content: z.string(),
  /** UNIX seconds (UTC). */
  date_created: z.int(),
});

/** A saved snippet. */
export type SavedSnippet = z.output<typeof SavedSnippet>;

/** Parameters of `GET /saved_snippets`. */
export const GetSavedSnippetsParams = z.object({});

/** Success body of `GET /saved_snippets`: the caller's saved snippets, oldest first. */
export const GetSavedSnippetsResponse = successBody({ saved_snippets: z.array(SavedSnippet) });

/**
 * Parameters of `POST /saved_snippets`. The server strips whitespace from both ends of each; the
 * title then holds 1 to 60 characters, the content 1 to 10,000.
 */
export const CreateSavedSnippetParams = z.object({ title: z.string(), content: z.string() });

/** Success body of `POST /saved_snippets`: the new snippet's ID. */
export const CreateSavedSnippetResponse = successBody({ saved_snippet_id: Id });

/**
 * Parameters of `PATCH /saved_snippets/{saved_snippet_id}` (feature level 368): what to change;
 * neither is a change that succeeds without looking the snippet up. Same limits as creating.
 */
export const EditSavedSnippetParams = z.object({
  saved_snippet_id: Id,
  title: z.optional(z.string()),
  content: z.optional(z.string()),
});

/** Parameters of `DELETE /saved_snippets/{saved_snippet_id}`. */
export const DeleteSavedSnippetParams = z.object({ saved_snippet_id: Id });

/** Success body of the saved snippet changes that return nothing else. */
export const SavedSnippetChangeResponse = successBody({});
