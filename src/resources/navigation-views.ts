import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { addNavigationView, editNavigationView, getNavigationViews, removeNavigationView } from '../endpoints/navigation-views';
import type { EndpointCaller } from './caller';

/**
 * The caller's navigation views, the left sidebar's pinned and hidden views (feature level 390):
 * `client.navigationViews`. Changes reach the user's clients as `navigation_view` events.
 *
 * @example
 * const { navigation_views } = await client.navigationViews.list();
 */
export class NavigationViewsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the caller's navigation views (`GET /navigation_views`).
   *
   * @example
   * const { navigation_views } = await client.navigationViews.list();
   */
  list(params: EndpointParams<typeof getNavigationViews> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getNavigationViews>> {
    return this.#call(getNavigationViews, params, options);
  }

  /**
   * Pins or hides a view (`POST /navigation_views`). A built-in view (`inbox`, `recent`,
   * `narrow/is/starred`, ...) takes no `name`; any other fragment needs one.
   *
   * @example
   * await client.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' });
   */
  add(params: EndpointParams<typeof addNavigationView>, options?: CallOptions): ApiCall<EndpointResult<typeof addNavigationView>> {
    return this.#call(addNavigationView, params, options);
  }

  /**
   * Changes whether a view is pinned, or a custom view's name (`PATCH /navigation_views/{fragment}`).
   * The fragment's slashes stay slashes in the path; other reserved characters are escaped.
   *
   * @example
   * await client.navigationViews.add({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' });
   * await client.navigationViews.edit({ fragment: 'narrow/is/alerted', is_pinned: false });
   */
  edit(params: EndpointParams<typeof editNavigationView>, options?: CallOptions): ApiCall<EndpointResult<typeof editNavigationView>> {
    return this.#call(editNavigationView, params, options);
  }

  /**
   * Forgets a view's settings (`DELETE /navigation_views/{fragment}`).
   *
   * @example
   * await client.navigationViews.add({ fragment: 'recent', is_pinned: true });
   * await client.navigationViews.remove({ fragment: 'recent' });
   */
  remove(params: EndpointParams<typeof removeNavigationView>, options?: CallOptions): ApiCall<EndpointResult<typeof removeNavigationView>> {
    return this.#call(removeNavigationView, params, options);
  }
}
