import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deleteMessage } from '../endpoints/message-deletion';
import { getMessage, sendMessage } from '../endpoints/messages';
import type { EndpointCaller } from './caller';

/** Messages: `client.messages`. */
export class MessagesResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Sends a channel or direct message (`POST /messages`).
   *
   * @example
   * const { id } = await client.messages.send({ type: 'channel', to: 'Denmark', topic: 'castle', content: 'Hi!' });
   * await client.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'Hello' });
   */
  send(params: EndpointParams<typeof sendMessage>): Promise<EndpointResult<typeof sendMessage>> {
    return this.#call(sendMessage, params);
  }

  /**
   * Fetches one message the caller can see (`GET /messages/{message_id}`).
   *
   * @example
   * const { message } = await client.messages.get({ message_id: id, apply_markdown: false });
   */
  get(params: EndpointParams<typeof getMessage>): Promise<EndpointResult<typeof getMessage>> {
    return this.#call(getMessage, params);
  }

  /**
   * Deletes a message permanently (`DELETE /messages/{message_id}`). Administrators may delete any
   * message; others their own (or their bots') within the organization's time limit.
   *
   * @example
   * await client.messages.delete({ message_id: id });
   */
  delete(params: EndpointParams<typeof deleteMessage>): Promise<EndpointResult<typeof deleteMessage>> {
    return this.#call(deleteMessage, params);
  }
}
