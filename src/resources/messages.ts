import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deleteMessage } from '../endpoints/message-deletion';
import { checkMessagesMatchNarrow, getMessages } from '../endpoints/history';
import { getMessageHistory, updateMessage } from '../endpoints/message-edits';
import { getMessage } from '../endpoints/messages';
import { reportMessage } from '../endpoints/message-reports';
import { sendMessage } from '../endpoints/send-message';
import { toNarrowTerms } from '../narrow';
import type { HistoryMessage } from '../schemas/history';
import type { CallOptions } from '../transport/call-options';
import { getReadReceipts, renderMessage } from '../endpoints/reactions';
import { addSubmessage } from '../endpoints/submessages';
import type { EndpointCaller } from './caller';
import {
  type IterateMessagesOptions,
  iterateMessages,
  type ListMessagesParams,
  listParams,
  type MatchesNarrowParams,
} from './message-history';

/**
 * Messages: `client.messages`.
 *
 * @example
 * const { messages } = await client.messages.list({ anchor: 'newest', num_before: 20, num_after: 0 });
 */
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
  send(params: EndpointParams<typeof sendMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof sendMessage>> {
    return this.#call(sendMessage, params, options);
  }

  /**
   * Fetches one message the caller can see (`GET /messages/{message_id}`).
   *
   * @example
   * const { message } = await client.messages.get({ message_id: id, apply_markdown: false });
   */
  get(params: EndpointParams<typeof getMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof getMessage>> {
    return this.#call(getMessage, params, options);
  }

  /**
   * Reports a message you can read to the organization's moderators (`POST
   * /messages/{message_id}/report`, feature level 382): Notification Bot posts the report, with
   * a quote of the message, in the moderation request channel. `other` needs a `description`;
   * the organization must have a moderation request channel. The types a server offers are in
   * the register state's `server_report_message_types` (feature level 435).
   *
   * @example
   * await client.realm.update({ moderation_request_channel_id: moderationChannelId }); // a private channel; reporting needs one
   * await client.messages.report({ message_id: id, report_type: 'spam' });
   * await client.messages.report({ message_id: id, report_type: 'other', description: 'Off-topic advertising' });
   */
  report(params: EndpointParams<typeof reportMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof reportMessage>> {
    return this.#call(reportMessage, params, options);
  }

  /**
   * Deletes a message permanently (`DELETE /messages/{message_id}`). Administrators may delete any
   * message; others their own (or their bots') within the organization's time limit.
   *
   * @example
   * await client.messages.delete({ message_id: id });
   */
  delete(params: EndpointParams<typeof deleteMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteMessage>> {
    return this.#call(deleteMessage, params, options);
  }

  /**
   * Fetches a range of messages matching a narrow around an anchor, or given IDs (`GET /messages`).
   * Channel history the user was not subscribed for comes flagged `read` and `historical`.
   *
   * @example
   * const page = await client.messages.list({
   *   narrow: narrow().channel('Verona').topic('lunch'),
   *   anchor: 'newest', num_before: 50, num_after: 0,
   * });
   * if (!page.found_oldest) console.log('there is more before', page.messages[0]?.id);
   */
  list(params: ListMessagesParams, options?: CallOptions): ApiCall<EndpointResult<typeof getMessages>> {
    return this.#call(getMessages, listParams(params), options);
  }

  /**
   * Which of some messages match a narrow, with search matches highlighted
   * (`GET /messages/matches_narrow`). Only messages the user received are considered.
   *
   * @example
   * const { messages } = await client.messages.matchesNarrow({ msg_ids: [id], narrow: narrow().search('lunch') });
   * if (messages[id]) console.log(messages[id].match_content);
   */
  matchesNarrow(params: MatchesNarrowParams, options?: CallOptions): ApiCall<EndpointResult<typeof checkMessagesMatchNarrow>> {
    return this.#call(checkMessagesMatchNarrow, { msg_ids: [...params.msg_ids], narrow: toNarrowTerms(params.narrow) }, options);
  }

  /**
   * Iterates over history one page at a time, from `anchor` towards older (newest first) or
   * newer messages, until the oldest or newest matching message; `signal` stops it.
   *
   * @example
   * for await (const message of client.messages.iterate({ narrow: narrow().channel('Verona'), direction: 'older' })) {
   *   console.log(message.id, message.subject);
   * }
   */
  iterate(options: IterateMessagesOptions = {}): AsyncGenerator<HistoryMessage, void, undefined> {
    return iterateMessages((params, callOptions) => this.list(params, callOptions), options);
  }

  /**
   * Renders Markdown to the HTML a message with that content would get, without sending
   * anything (`POST /messages/render`): a compose-box preview.
   *
   * @example
   * const { rendered } = await client.messages.render({ content: '**bold** @**King Hamlet**' });
   */
  render(params: EndpointParams<typeof renderMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof renderMessage>> {
    return this.#call(renderMessage, params, options);
  }

  /**
   * Lists the IDs of the users who have read a message (`GET /messages/{message_id}/read_receipts`):
   * never its sender, nor users who turned off sending read receipts. Fails when the
   * organization has disabled read receipts.
   *
   * @example
   * const { user_ids } = await client.messages.readReceipts({ message_id: id });
   */
  readReceipts(params: EndpointParams<typeof getReadReceipts>, options?: CallOptions): ApiCall<EndpointResult<typeof getReadReceipts>> {
    return this.#call(getReadReceipts, params, options);
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
   * // Refuse to overwrite an edit made since you fetched the raw content (feature level 379):
   * const { message } = await client.messages.get({ message_id: id, apply_markdown: false });
   * const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(message.content));
   * const prev_content_sha256 = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
   * await client.messages.update({ message_id: id, content: 'v2', prev_content_sha256 });
   */
  update(params: EndpointParams<typeof updateMessage>, options?: CallOptions): ApiCall<EndpointResult<typeof updateMessage>> {
    return this.#call(updateMessage, params, options);
  }

  /**
   * Fetches a message's edit history (`GET /messages/{message_id}/history`): snapshots oldest
   * first, the first being the message as sent.
   *
   * @example
   * const { message_history } = await client.messages.history({ message_id: id });
   * const original = message_history[0]?.content;
   */
  history(params: EndpointParams<typeof getMessageHistory>, options?: CallOptions): ApiCall<EndpointResult<typeof getMessageHistory>> {
    return this.#call(getMessageHistory, params, options);
  }

  /**
   * Adds a submessage to a message's widget (`POST /submessage`): a poll vote, a new poll option
   * or question, a new to-do task, a strike or a new list title, as JSON text in `content` with
   * `msg_type: 'widget'`. It sits on `messages` because a submessage belongs to its message (it
   * shows up in the message's `submessages` and in a `submessage` event); the server routes it at
   * `/submessage` and documents it only in its source, not in the OpenAPI reference.
   *
   * The message's sender must add the first submessage (a `/poll` or `/todo` message has one);
   * for polls and to-do lists the content's shape is checked, and only the sender may change the
   * question or the list title. Fails with "Invalid message(s)" for a message the caller cannot
   * see or one in an archived channel.
   *
   * @example
   * const { id } = await client.messages.send({ type: 'channel', to: 'Denmark', topic: 'lunch', content: '/poll Pizza?\nYes\nNo' });
   * // Vote for the first option the message started with (key "canned,0"):
   * await client.messages.addSubmessage({ message_id: id, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) });
   */
  addSubmessage(params: EndpointParams<typeof addSubmessage>, options?: CallOptions): ApiCall<EndpointResult<typeof addSubmessage>> {
    return this.#call(addSubmessage, params, options);
  }
}
