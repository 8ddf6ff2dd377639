import type { ChannelRecord, MessageRecord, UserRecord } from '../../../store/store';
import { allowsOnlyEmptyTopic, requiresTopic } from '../../channels';
import { ApiFailure, badRequest } from '../../errors';
import type { MockState } from '../../state';
import { checkTopicCharacters, namesEmptyTopic } from '../../topics';
import { sha256Hex } from '../../sha256';
import { normalizeContent } from '../check-message';
import { pythonRstrip, pythonStrip } from '../../python-strip';
import { hasChannelContentAccess } from '../../channel-access';
import { emptyTopicNotAllowed, namedTopicNotAllowed } from '../topics-policy-errors';

/** How far a move reaches in the topic. */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** What `PATCH /messages/{message_id}` receives after parameter decoding. */
export interface UpdateMessageInput {
  readonly message_id: number;
  readonly content?: string | undefined;
  readonly topic?: string | undefined;
  readonly stream_id?: number | undefined;
  readonly propagate_mode?: PropagateMode | undefined;
  readonly send_notification_to_old_thread?: boolean | undefined;
  readonly send_notification_to_new_thread?: boolean | undefined;
  readonly prev_content_sha256?: string | undefined;
}

/** The prefix of a resolved topic. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** An edit, checked for shape and normalized; permissions are checked separately. */
export interface EditRequest {
  readonly message: MessageRecord;
  readonly propagateMode: PropagateMode;
  /** The new content, normalized, when the content changes. */
  readonly content?: string | undefined;
  /** Channel messages only. */
  readonly origChannel?: ChannelRecord | undefined;
  readonly targetChannel?: ChannelRecord | undefined;
  readonly origTopic: string;
  readonly targetTopic: string;
  readonly topicEdited: boolean;
  readonly channelEdited: boolean;
  /** `topic` becomes `✔ topic` / `✔ topic` becomes `topic`. */
  readonly topicResolved: boolean;
  readonly topicUnresolved: boolean;
}

/** Whether the edit moves messages (to another topic or channel). */
export function isMove(request: EditRequest): boolean {
  return request.topicEdited || request.channelEdited;
}

/**
 * The requested topic: stripped as Python strips (U+001C..U+001F and U+0085 go, U+FEFF stays),
 * "general chat" read as `""`, and dropped when it is the current one.
 */
function requestedTopic(state: MockState, message: MessageRecord, topic: string | undefined): string | undefined {
  if (topic === undefined) return undefined;
  const stripped = pythonStrip(topic);
  // The spec reads `(no topic)` as the empty topic wherever a request takes a topic; Zulip 10.2
  // maps only "general chat" here.
  const named = namesEmptyTopic(state.realm, stripped) ? '' : stripped;
  return named === message.topic ? undefined : named;
}

/**
 * An edit based on content that changed since (`prev_content_sha256`, feature level 379): the
 * server's `PreviousMessageContentMismatchedError`, an `ExpectationMismatchError` naming the
 * parameter in `field_name`.
 */
function previousContentMismatch(): ApiFailure {
  return new ApiFailure("'prev_content_sha256' value does not match the expected value.", 'EXPECTATION_MISMATCH', 400, {
    field_name: 'prev_content_sha256',
  });
}

/** The payload checks, in the server's order; nothing here depends on who edits. */
function checkPayload(state: MockState, message: MessageRecord, input: UpdateMessageInput, topic: string | undefined): void {
  const propagateMode = input.propagate_mode ?? 'change_one';
  if (topic === undefined && input.content === undefined && input.stream_id === undefined) {
    throw badRequest('Nothing to change');
  }
  if (message.type !== 'stream') {
    if (input.stream_id !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (propagateMode !== 'change_one' && topic === undefined && input.stream_id === undefined) {
    throw badRequest('Invalid propagate_mode without topic edit');
  }
  const resolvedEmpty = new Set([RESOLVED_TOPIC_PREFIX.trim(), `${RESOLVED_TOPIC_PREFIX}${state.realm.empty_topic_display_name}`]);
  if (topic !== undefined && resolvedEmpty.has(topic)) throw badRequest('General chat cannot be marked as resolved');
  if (topic !== undefined) checkTopicCharacters(topic);
  if (input.stream_id !== undefined && input.content !== undefined) {
    throw badRequest('Cannot change message content while changing channel');
  }
  if (input.content !== undefined && (message.submessages ?? []).length > 0) throw badRequest('Widgets cannot be edited.');
  // The server compares the hex digest exactly: an upper-case digest does not match.
  if (input.prev_content_sha256 !== undefined && input.prev_content_sha256 !== sha256Hex(message.content)) {
    throw previousContentMismatch();
  }
}

const TOPIC_TRUNCATION_MARK = '...';

function truncateTopic(state: MockState, topic: string): string {
  const characters = [...topic];
  if (characters.length <= state.realm.max_topic_length) return topic;
  return characters.slice(0, state.realm.max_topic_length - TOPIC_TRUNCATION_MARK.length).join('') + TOPIC_TRUNCATION_MARK;
}

/**
 * The channel messages may be moved to: it must exist, not be archived, and be one whose
 * content the editor may access (a subscription, a public channel for a non-guest, or the
 * channel's groups), else the server's "Invalid channel ID" (`access_stream_by_id_for_message`).
 */
function targetChannelOrFail(state: MockState, editor: UserRecord, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel || channel.is_archived || !hasChannelContentAccess(state, editor, channel)) throw badRequest('Invalid channel ID');
  return channel;
}

function checkTopicsPolicy(state: MockState, channel: ChannelRecord, topic: string, moved: boolean): void {
  const empty = topic === '' || topic === '(no topic)';
  if (empty && moved && requiresTopic(state, channel)) throw emptyTopicNotAllowed(state, 'edit');
  if (!empty && allowsOnlyEmptyTopic(state, channel)) throw namedTopicNotAllowed(state);
}

/**
 * Reads and checks an edit as the server does: the topic compared with the current one, the
 * payload checks, then the content normalized ("(deleted)" for blank content), the topic
 * truncated, resolving detected, and the target channel looked up.
 */
export function buildEditRequest(state: MockState, editor: UserRecord, message: MessageRecord, input: UpdateMessageInput): EditRequest {
  const topic = requestedTopic(state, message, input.topic);
  checkPayload(state, message, input, topic);
  const propagateMode = input.propagate_mode ?? 'change_one';
  const content =
    input.content === undefined ? undefined : normalizeContent(state, pythonRstrip(input.content) === '' ? '(deleted)' : input.content);
  const origTopic = message.topic;
  if (message.channel_id === null) {
    return { message, propagateMode, content, origTopic, targetTopic: origTopic, topicEdited: false, channelEdited: false, topicResolved: false, topicUnresolved: false };
  }
  const origChannel = state.store.tables.channel.get(message.channel_id);
  if (!origChannel) throw new Error(`[teamchat-mock] message ${message.id} is in unknown channel ${message.channel_id}`);
  const targetTopic = topic === undefined ? origTopic : truncateTopic(state, topic);
  const topicResolved =
    topic !== undefined &&
    targetTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !origTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    topic.slice(RESOLVED_TOPIC_PREFIX.length) === origTopic;
  const topicUnresolved =
    topic !== undefined &&
    origTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !targetTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    stripResolvedPrefix(origTopic) === targetTopic;
  const channelEdited = input.stream_id !== undefined;
  const targetChannel = channelEdited ? targetChannelOrFail(state, editor, input.stream_id ?? 0) : origChannel;
  checkTopicsPolicy(state, targetChannel, targetTopic, topic !== undefined || channelEdited);
  return {
    message,
    propagateMode,
    content,
    origChannel,
    targetChannel,
    origTopic,
    targetTopic,
    topicEdited: topic !== undefined,
    channelEdited,
    topicResolved,
    topicUnresolved,
  };
}

/** The topic without its leading check marks and spaces (Python's `lstrip("✔ ")`). */
function stripResolvedPrefix(topic: string): string {
  let start = 0;
  while (start < topic.length && RESOLVED_TOPIC_PREFIX.includes(topic[start] ?? '')) start++;
  return topic.slice(start);
}
