import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createBot, deactivateBot, getBots, regenerateBotApiKey, regenerateOwnApiKey, updateBot } from '../endpoints/bots';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import { type ImageUpload, withImageFile } from '../uploads/image-file';
import type { EndpointCaller } from './caller';

/**
 * Parameters of an operation that may carry the bot's avatar, given as an image to upload.
 *
 * @example
 * const params: WithBotAvatar<{ full_name: string; short_name: string }> = { full_name: 'Deploy Bot', short_name: 'deploy', avatar: { content: pngBytes, filename: 'deploy.png' } };
 */
export type WithBotAvatar<Params> = Omit<Params, 'avatar'> & {
  /** The bot's avatar: an image as `setAvatar` takes it, sent as the request's one file. */
  readonly avatar?: ImageUpload;
};

/**
 * Bots and API keys: `client.bots`. A bot is administered by its owner and by the
 * organization's administrators; guests and bots cannot use these routes (deactivation aside).
 *
 * @example
 * const { user_id, api_key } = await client.bots.create({ full_name: 'Deploy Bot', short_name: 'deploy' });
 */
export class BotsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * The caller's active bots, oldest first, with their API keys (`GET /bots`).
   *
   * @example
   * const { bots } = await client.bots.list();
   */
  list(params: EndpointParams<typeof getBots> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getBots>> {
    return this.#call(getBots, params, options);
  }

  /**
   * Creates a bot the caller owns, at `{short_name}-bot@{realm host}` (`POST /bots`). Types: 1
   * generic, 2 incoming webhook, 3 outgoing webhook (`payload_url`, `interface_type`), 4 embedded
   * (`service_name`, `config_data`; an incoming webhook bot's `service_name` must name one of the
   * server's incoming webhook integrations). Who may create which bots is decided by the realm's
   * `can_create_bots_group` (any bot) and `can_create_write_only_bots_group` (incoming webhook
   * bots) alone: administrators outside both are refused too. `avatar` sends the request
   * multipart and becomes the bot's avatar.
   *
   * @example
   * const { user_id, api_key } = await client.bots.create({ full_name: 'Deploy Bot', short_name: 'deploy' });
   */
  create(params: WithBotAvatar<EndpointParams<typeof createBot>>, options?: CallOptions): ApiCall<EndpointResult<typeof createBot>> {
    const { avatar, ...fields } = params;
    if (avatar === undefined) return this.#call(createBot, fields, options);
    return withImageFile(avatar, (file) => this.#call(createBot, { ...fields, avatar: file }, options));
  }

  /**
   * Changes a bot's name, role, owner, default channels (`""` for none), webhook URL or
   * configuration (`PATCH /bots/{bot_id}`); answers the bot's settings after the change.
   * `avatar` is stored after every other change, as the next avatar version.
   *
   * @example
   * await client.bots.update({ bot_id: botId, full_name: 'Release Bot', bot_owner_id: iagoId });
   */
  update(params: WithBotAvatar<EndpointParams<typeof updateBot>>, options?: CallOptions): ApiCall<EndpointResult<typeof updateBot>> {
    const { avatar, ...fields } = params;
    if (avatar === undefined) return this.#call(updateBot, fields, options);
    return withImageFile(avatar, (file) => this.#call(updateBot, { ...fields, avatar: file }, options));
  }

  /**
   * Deactivates a bot (`DELETE /bots/{bot_id}`); it can be reactivated with `users.reactivate`.
   *
   * @example
   * await client.bots.deactivate({ bot_id: botId });
   */
  deactivate(params: EndpointParams<typeof deactivateBot>, options?: CallOptions): ApiCall<EndpointResult<typeof deactivateBot>> {
    return this.#call(deactivateBot, params, options);
  }

  /**
   * Gives a bot a new API key; the old one stops working (`POST /bots/{bot_id}/api_key/regenerate`).
   *
   * @example
   * const { api_key } = await client.bots.regenerateApiKey({ bot_id: botId });
   */
  regenerateApiKey(params: EndpointParams<typeof regenerateBotApiKey>, options?: CallOptions): ApiCall<EndpointResult<typeof regenerateBotApiKey>> {
    return this.#call(regenerateBotApiKey, params, options);
  }

  /**
   * Gives the caller a new API key (a bot may renew its own; incoming-webhook bots may not); this
   * client's key stops working, so make a new client with the answer
   * (`POST /users/me/api_key/regenerate`).
   *
   * @example
   * const { api_key } = await client.bots.regenerateOwnApiKey();
   */
  regenerateOwnApiKey(params: EndpointParams<typeof regenerateOwnApiKey> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof regenerateOwnApiKey>> {
    return this.#call(regenerateOwnApiKey, params, options);
  }
}
