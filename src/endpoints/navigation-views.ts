import { defineEndpoint } from '../contract/endpoint';
import {
  AddNavigationViewParams,
  EditNavigationViewParams,
  GetNavigationViewsParams,
  GetNavigationViewsResponse,
  NavigationViewChangeResponse,
  RemoveNavigationViewParams,
} from '../schemas/navigation-view';

/** `GET /navigation_views`: the caller's pinned and hidden sidebar views. */
export const getNavigationViews = defineEndpoint({
  id: 'get-navigation-views',
  method: 'GET',
  path: '/navigation_views',
  params: GetNavigationViewsParams,
  response: GetNavigationViewsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 390,
  reportsIgnoredParameters: false,
});

/** `POST /navigation_views`: pin or hide a view (a built-in one, or a named custom one). */
export const addNavigationView = defineEndpoint({
  id: 'add-navigation-view',
  method: 'POST',
  path: '/navigation_views',
  params: AddNavigationViewParams,
  response: NavigationViewChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 390,
});

/** `PATCH /navigation_views/{fragment}`: change whether a view is pinned, or a custom view's name. */
export const editNavigationView = defineEndpoint({
  id: 'edit-navigation-view',
  method: 'PATCH',
  path: '/navigation_views/{fragment}',
  params: EditNavigationViewParams,
  response: NavigationViewChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 390,
  // The server's route takes the rest of the path (`<path:fragment>`): fragments have slashes.
  restOfPath: true,
});

/** `DELETE /navigation_views/{fragment}`: forget a view's settings. */
export const removeNavigationView = defineEndpoint({
  id: 'remove-navigation-view',
  method: 'DELETE',
  path: '/navigation_views/{fragment}',
  params: RemoveNavigationViewParams,
  response: NavigationViewChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 390,
  restOfPath: true,
  reportsIgnoredParameters: false,
});
