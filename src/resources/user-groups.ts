import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getUserGroups } from '../endpoints/user-groups';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/**
 * The organization's user groups: `client.userGroups`.
 *
 * @example
 * const { user_groups } = await client.userGroups.list();
 */
export class UserGroupsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Every group, the eight system groups (`role:owners`, ..., `role:nobody`) included, by
   * ascending ID (`GET /user_groups`). Guests are refused.
   *
   * @example
   * const { user_groups } = await client.userGroups.list();
   * const admins = user_groups.find((group) => group.name === 'role:administrators');
   */
  list(params: EndpointParams<typeof getUserGroups> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getUserGroups>> {
    return this.#call(getUserGroups, params, options);
  }
}
