import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getStorage, removeStorage, updateStorage } from '../endpoints/realm-config';
import type { EndpointCaller } from './caller';

/**
 * A bot's own key-value storage (bots only): `client.botStorage`.
 *
 * @example
 * await bot.botStorage.update({ storage: { last_seen: '42' } }); // `bot`: a ChatClient logged in as a bot
 */
export class BotStorageResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Stores string values under string keys (`PUT /bot_storage`); other keys are kept.
   *
   * @example
   * await bot.botStorage.update({ storage: { last_seen: '42' } }); // `bot`: a ChatClient logged in as a bot
   */
  update(params: EndpointParams<typeof updateStorage>, options?: CallOptions): ApiCall<EndpointResult<typeof updateStorage>> {
    return this.#call(updateStorage, params, options);
  }

  /**
   * Reads values (`GET /bot_storage`): those of `keys`, or all.
   *
   * @example
   * await bot.botStorage.update({ storage: { last_seen: '42' } });
   * const { storage } = await bot.botStorage.get({ keys: ['last_seen'] }); // { last_seen: '42' }
   */
  get(params: EndpointParams<typeof getStorage> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getStorage>> {
    return this.#call(getStorage, params, options);
  }

  /**
   * Deletes keys (`DELETE /bot_storage`): those of `keys`, or all.
   *
   * @example
   * await bot.botStorage.update({ storage: { last_seen: '42' } });
   * await bot.botStorage.remove({ keys: ['last_seen'] });
   */
  remove(params: EndpointParams<typeof removeStorage> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof removeStorage>> {
    return this.#call(removeStorage, params, options);
  }
}
