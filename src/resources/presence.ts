import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getPresence, getUserPresence, updatePresence } from '../endpoints/presence';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/**
 * Who is online: `client.presence`.
 *
 * @example
 * await client.presence.update({ status: 'active', ping_only: true });
 */
export class PresenceResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Reports the caller as `active` or `idle` (`POST /users/me/presence`; clients send it about
   * once a minute) and answers everyone's presence, unless `ping_only`.
   *
   * @example
   * const { presences } = await client.presence.update({ status: 'active', slim_presence: true });
   */
  update(params: EndpointParams<typeof updatePresence>, options?: CallOptions): ApiCall<EndpointResult<typeof updatePresence>> {
    return this.#call(updatePresence, params, options);
  }

  /**
   * Every user connected in the last 14 days, keyed by API email (`GET /realm/presence`).
   *
   * @example
   * const { presences } = await client.presence.list();
   */
  list(params: EndpointParams<typeof getPresence> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getPresence>> {
    return this.#call(getPresence, params, options);
  }

  /**
   * One user's presence, by ID or email (`GET /users/{user_id_or_email}/presence`).
   *
   * @example
   * await member.presence.update({ status: 'active' }); // hamlet's app reports him present (`member`: his ChatClient)
   * const { presence } = await client.presence.get({ user_id_or_email: 'hamlet@zulip.com' });
   * console.log(presence.aggregated?.status); // 'active', 'idle' or 'offline'
   */
  get(params: EndpointParams<typeof getUserPresence>, options?: CallOptions): ApiCall<EndpointResult<typeof getUserPresence>> {
    return this.#call(getUserPresence, params, options);
  }
}
