import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { devFetchApiKey, devListUsers, fetchApiKey, getServerSettings } from '../endpoints/server';
import type { EndpointCaller } from './caller';

/**
 * Server information and obtaining credentials; none of these need an API key.
 *
 * @example
 * const { zulip_feature_level } = await client.server.getSettings();
 */
export class ServerResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Server version, feature level and login options (`GET /server_settings`).
   *
   * @example
   * const { zulip_feature_level } = await client.server.getSettings();
   */
  getSettings(params: Record<string, never> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getServerSettings>> {
    return this.#call(getServerSettings, params, options);
  }

  /**
   * Exchanges a username and password for an API key (`POST /fetch_api_key`).
   *
   * @example
   * const { email, api_key } = await new ChatClient({ site }).server.fetchApiKey({ username, password });
   */
  fetchApiKey(params: EndpointParams<typeof fetchApiKey>, options?: CallOptions): ApiCall<EndpointResult<typeof fetchApiKey>> {
    return this.#call(fetchApiKey, params, options);
  }

  /**
   * Fetches any user's API key without a password: development servers and the mock only
   * (`POST /dev_fetch_api_key`).
   */
  devFetchApiKey(params: EndpointParams<typeof devFetchApiKey>, options?: CallOptions): ApiCall<EndpointResult<typeof devFetchApiKey>> {
    return this.#call(devFetchApiKey, params, options);
  }

  /** The users a development server offers for one-click login (`GET /dev_list_users`). */
  devListUsers(params: Record<string, never> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof devListUsers>> {
    return this.#call(devListUsers, params, options);
  }
}
