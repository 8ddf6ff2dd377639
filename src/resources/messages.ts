import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getMessage, sendMessage } from '../endpoints/messages';
import { getReadReceipts, renderMessage } from '../endpoints/reactions';
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
   * Renders Markdown to the HTML a message with that content would get, without sending
   * anything (`POST /messages/render`): a compose-box preview.
   *
   * @example
   * const { rendered } = await client.messages.render({ content: '**bold** @**King Hamlet**' });
   */
  render(params: EndpointParams<typeof renderMessage>): Promise<EndpointResult<typeof renderMessage>> {
    return this.#call(renderMessage, params);
  }

  /**
   * Lists the IDs of the users who have read a message (`GET /messages/{message_id}/read_receipts`):
   * never its sender, nor users who turned off sending read receipts. Fails when the
   * organization has disabled read receipts.
   *
   * @example
   * const { user_ids } = await client.messages.readReceipts({ message_id: id });
   */
  readReceipts(params: EndpointParams<typeof getReadReceipts>): Promise<EndpointResult<typeof getReadReceipts>> {
    return this.#call(getReadReceipts, params);
  }
}
