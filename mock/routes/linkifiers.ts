import type { linkifiers } from '../../src/endpoints/index';
import {
  addLinkifier,
  listLinkifiers,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
} from '../domain/linkifiers/operations';
import type { Implementation } from '../http/operation';

/** The organization's linkifiers: decode → domain → payload. */
export const linkifierRoutes = {
  getLinkifiers: ({ state }) => ({ linkifiers: listLinkifiers(state) }),
  addLinkifier: ({ state, params }) => ({ id: addLinkifier(state, params.pattern, params.url_template) }),
  updateLinkifier: ({ state, params }) => {
    updateLinkifier(state, params.filter_id, params.pattern, params.url_template);
    return {};
  },
  removeLinkifier: ({ state, params }) => {
    removeLinkifier(state, params.filter_id);
    return {};
  },
  reorderLinkifiers: ({ state, params }) => {
    reorderLinkifiers(state, params.ordered_linkifier_ids);
    return {};
  },
} satisfies { [Name in keyof typeof linkifiers]: Implementation<(typeof linkifiers)[Name]> };
