import type { drafts } from '../../src/endpoints/index';
import { createDrafts, deleteDraft, editDraft, listDrafts } from '../domain/drafts/operations';
import type { Implementation } from '../http/operation';

/** The caller's drafts: decode → domain → payload. */
export const draftRoutes = {
  getDrafts: ({ state, user }) => {
    const list = listDrafts(state, user);
    return { count: list.length, drafts: list };
  },
  createDrafts: ({ state, user, params }) => ({ ids: createDrafts(state, user, params.drafts ?? []) }),
  editDraft: ({ state, user, params }) => {
    editDraft(state, user, params.draft_id, params.draft);
    return {};
  },
  deleteDraft: ({ state, user, params }) => {
    deleteDraft(state, user, params.draft_id);
    return {};
  },
} satisfies { [Name in keyof typeof drafts]: Implementation<(typeof drafts)[Name]> };
