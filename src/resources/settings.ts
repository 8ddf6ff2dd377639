import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { updateSettings } from '../endpoints/settings';
import type { EndpointCaller } from './caller';

/**
 * The caller's own settings: `client.settings`. Read them from `POST /register` (`user_settings`).
 *
 * @example
 * await client.settings.update({ twenty_four_hour_time: true });
 */
export class SettingsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Changes the caller's name, password or settings (`PATCH /settings`); bots cannot. Each
   * setting that changes is a `user_settings` event on the caller's queues.
   *
   * @example
   * await client.settings.update({ twenty_four_hour_time: true, timezone: 'Europe/Berlin' });
   */
  update(params: EndpointParams<typeof updateSettings>, options?: CallOptions): ApiCall<EndpointResult<typeof updateSettings>> {
    return this.#call(updateSettings, params, options);
  }
}
