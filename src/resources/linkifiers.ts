import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  addLinkifier,
  getLinkifiers,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
} from '../endpoints/linkifiers';
import type { EndpointCaller } from './caller';

/**
 * The organization's linkifiers, which turn text such as `#123` into links in messages and
 * topics: `client.linkifiers`. Changing them needs an administrator.
 *
 * @example
 * const { linkifiers } = await client.linkifiers.list();
 */
export class LinkifiersResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the linkifiers in the order they apply (`GET /realm/linkifiers`).
   *
   * @example
   * const { linkifiers } = await client.linkifiers.list();
   */
  list(params: EndpointParams<typeof getLinkifiers> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getLinkifiers>> {
    return this.#call(getLinkifiers, params, options);
  }

  /**
   * Adds a linkifier (`POST /realm/filters`): a Python regular expression with named groups and
   * an RFC 6570 URL template using exactly those groups.
   *
   * @example
   * const { id } = await client.linkifiers.add({
   *   pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}',
   * });
   */
  add(params: EndpointParams<typeof addLinkifier>, options?: CallOptions): ApiCall<EndpointResult<typeof addLinkifier>> {
    return this.#call(addLinkifier, params, options);
  }

  /**
   * Replaces a linkifier's pattern and URL template (`PATCH /realm/filters/{filter_id}`).
   *
   * @example
   * await client.linkifiers.update({ filter_id: linkifierId, pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' });
   */
  update(params: EndpointParams<typeof updateLinkifier>, options?: CallOptions): ApiCall<EndpointResult<typeof updateLinkifier>> {
    return this.#call(updateLinkifier, params, options);
  }

  /**
   * Removes a linkifier (`DELETE /realm/filters/{filter_id}`).
   *
   * @example
   * await client.linkifiers.remove({ filter_id: linkifierId });
   */
  remove(params: EndpointParams<typeof removeLinkifier>, options?: CallOptions): ApiCall<EndpointResult<typeof removeLinkifier>> {
    return this.#call(removeLinkifier, params, options);
  }

  /**
   * Sets the order linkifiers apply in (`PATCH /realm/linkifiers`): every linkifier's ID, once.
   *
   * @example
   * const { linkifiers } = await client.linkifiers.list();
   * await client.linkifiers.reorder({ ordered_linkifier_ids: linkifiers.map((linkifier) => linkifier.id).reverse() });
   */
  reorder(params: EndpointParams<typeof reorderLinkifiers>, options?: CallOptions): ApiCall<EndpointResult<typeof reorderLinkifiers>> {
    return this.#call(reorderLinkifiers, params, options);
  }
}
