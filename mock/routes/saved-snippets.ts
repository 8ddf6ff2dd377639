import type { savedSnippets } from '../../src/endpoints/index';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet, listSavedSnippets } from '../domain/saved-snippets/operations';
import type { Implementation } from '../http/operation';

/** The caller's saved snippets: decode → domain → payload. */
export const savedSnippetRoutes = {
  getSavedSnippets: ({ state, user }) => ({ saved_snippets: listSavedSnippets(state, user) }),
  createSavedSnippet: ({ state, user, params }) => ({
    saved_snippet_id: createSavedSnippet(state, user, params.title, params.content),
  }),
  editSavedSnippet: ({ state, user, params }) => {
    editSavedSnippet(state, user, params.saved_snippet_id, { title: params.title, content: params.content });
    return {};
  },
  deleteSavedSnippet: ({ state, user, params }) => {
    deleteSavedSnippet(state, user, params.saved_snippet_id);
    return {};
  },
} satisfies { [Name in keyof typeof savedSnippets]: Implementation<(typeof savedSnippets)[Name]> };
