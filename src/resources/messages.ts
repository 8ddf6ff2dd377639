import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { getMessageHistory, updateMessage } from '../endpoints/message-edits';
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
   * Edits a message's content, or moves it (and, with `propagate_mode`, later or all messages of
   * its topic) to another topic or channel (`PATCH /messages/{message_id}`). Resolving a topic is
   * a move to `✔ <topic>` with `propagate_mode: 'change_all'`.
   *
   * @example
   * await client.messages.update({ message_id: id, content: 'fixed a typo' });
   * await client.messages.update({ message_id: id, topic: 'lunch plans', propagate_mode: 'change_all' });
   * await client.messages.update({ message_id: id, topic: '✔ lunch plans', propagate_mode: 'change_all' });
   * await client.messages.update({ message_id: id, stream_id: 2003, send_notification_to_old_thread: true });
   */
  update(params: EndpointParams<typeof updateMessage>): Promise<EndpointResult<typeof updateMessage>> {
    return this.#call(updateMessage, params);
  }

  /**
   * Fetches a message's edit history (`GET /messages/{message_id}/history`): snapshots oldest
   * first, the first being the message as sent.
   *
   * @example
   * const { message_history } = await client.messages.history({ message_id: id });
   * const original = message_history[0]?.content;
   */
  history(params: EndpointParams<typeof getMessageHistory>): Promise<EndpointResult<typeof getMessageHistory>> {
    return this.#call(getMessageHistory, params);
  }
}
