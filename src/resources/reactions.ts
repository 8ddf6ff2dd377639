import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { addReaction, removeReaction } from '../endpoints/reactions';
import type { EndpointCaller } from './caller';

/**
 * Emoji reactions on messages: `client.reactions`.
 *
 * @example
 * await client.reactions.add({ message_id: id, emoji_name: 'tada' });
 */
export class ReactionsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Adds the caller's emoji reaction to a message (`POST /messages/{message_id}/reactions`).
   * A unicode emoji by name, a custom emoji by its name, or any emoji by name, code and type.
   * Fails with `REACTION_ALREADY_EXISTS` when the caller already reacted with that emoji.
   *
   * @example
   * await client.reactions.add({ message_id: id, emoji_name: 'octopus' });
   * await client.reactions.add({ message_id: id, emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
   */
  add(params: EndpointParams<typeof addReaction>, options?: CallOptions): ApiCall<EndpointResult<typeof addReaction>> {
    return this.#call(addReaction, params, options);
  }

  /**
   * Removes the caller's emoji reaction (`DELETE /messages/{message_id}/reactions`), named by
   * `emoji_name` or `emoji_code`. `reaction_type` defaults to `unicode_emoji`: pass
   * `realm_emoji` for a custom emoji. Fails with `REACTION_DOES_NOT_EXIST` when there is none.
   *
   * @example
   * await client.reactions.add({ message_id: id, emoji_name: 'octopus' });
   * await client.reactions.add({ message_id: id, emoji_name: 'green_tick', reaction_type: 'realm_emoji' });
   * await client.reactions.remove({ message_id: id, emoji_name: 'octopus' });
   * await client.reactions.remove({ message_id: id, emoji_name: 'green_tick', reaction_type: 'realm_emoji' });
   */
  remove(params: EndpointParams<typeof removeReaction>, options?: CallOptions): ApiCall<EndpointResult<typeof removeReaction>> {
    return this.#call(removeReaction, params, options);
  }
}
