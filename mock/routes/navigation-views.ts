import type { navigationViews } from '../../src/endpoints/index';
import { addNavigationView, editNavigationView, listNavigationViews, removeNavigationView } from '../domain/navigation-views/operations';
import type { Implementation } from '../http/operation';

/** The caller's navigation views: decode → domain → payload. */
export const navigationViewRoutes = {
  getNavigationViews: ({ state, user }) => ({ navigation_views: listNavigationViews(state, user) }),
  addNavigationView: ({ state, user, params }) => {
    addNavigationView(state, user, params);
    return {};
  },
  editNavigationView: ({ state, user, params }) => {
    editNavigationView(state, user, params.fragment, { is_pinned: params.is_pinned, name: params.name });
    return {};
  },
  removeNavigationView: ({ state, user, params }) => {
    removeNavigationView(state, user, params.fragment);
    return {};
  },
} satisfies { [Name in keyof typeof navigationViews]: Implementation<(typeof navigationViews)[Name]> };
