import { fetchLinkEmbeds } from '../../link-embeds/worker';
import type { EditHistoryRecord } from '../../../store/models';
import type { MessageRecord, UserRecord } from '../../../store/store';
import { unixSeconds } from '../../clock';
import { isMeMessage } from '../../markdown/render';
import { badRequest, INVALID_MESSAGE } from '../../errors';
import type { MockState } from '../../state';
import { canRead } from '../access';
import { applyContentEdit, type ContentEdit, renderContentEdit } from './content';
import { withEdit } from './history';
import { messagesToMove, moveCopies } from './move';
import { moveUserTopics } from './move-user-topics';
import { reactivateChannelAfterMove } from '../../subscriptions/channel-activity';
import { applyInitiationPolicyAfterMove } from '../auto-follow';
import { topicFollowers } from '../../user-topics';
import { postMoveBreadcrumbs, postResolveNotice, undoRecentResolveNotice } from './notifications';
import { checkCanChangeChannel, checkCanChangeTopic, checkCanEditContent, checkCanMoveWholeTopic } from './permissions';
import { updateRecipients } from './recipients';
import { buildEditRequest, type EditRequest, isMove, RESOLVED_TOPIC_PREFIX, type UpdateMessageInput } from './request';
import type { Attachment } from '../../../../src/schemas/upload';
import { detachedUploadsOf, relinkEditedMessageUploads } from '../../uploads/edits';

type MutableEntry = { -readonly [Field in keyof EditHistoryRecord]: EditHistoryRecord[Field] };

/** The message if the editor may read it and its channel is not archived, else "Invalid message(s)". */
function modifiableMessageOrFail(state: MockState, editor: UserRecord, messageId: number): MessageRecord {
  const message = state.store.tables.message.get(messageId);
  if (!message || !canRead(state, editor, message)) throw badRequest(INVALID_MESSAGE);
  const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
  if (channel?.is_archived) throw badRequest(INVALID_MESSAGE);
  return message;
}

function currentRecord(state: MockState, id: number): MessageRecord {
  const record = state.store.tables.message.get(id);
  if (!record) throw new Error(`[teamchat-mock] message ${id} vanished during an edit`);
  return record;
}

interface AppliedContent {
  readonly edit: ContentEdit;
  readonly orig: string;
  readonly origRendered: string;
}

function contentChange(applied: AppliedContent | undefined) {
  if (!applied) return undefined;
  const { edit } = applied;
  return {
    orig: applied.orig,
    origRendered: applied.origRendered,
    content: edit.content,
    rendered: edit.rendered.html,
    isMeMessage: isMeMessage(edit.content),
  };
}

/** Applies a content edit that moves nothing. */
function applyInPlace(state: MockState, editor: UserRecord, request: EditRequest, entry: MutableEntry, applied: AppliedContent | undefined): void {
  const { message } = request;
  const record = currentRecord(state, message.id);
  state.store.tables.message.update(message.id, { last_edit_timestamp: entry.timestamp, edit_history: withEdit(record, entry) });
  const channel = request.origChannel;
  state.events.record({
    kind: 'message_updated',
    editorId: editor.id,
    editTimestamp: entry.timestamp,
    messageId: message.id,
    messageIds: [message.id],
    recipients: updateRecipients(state, { messageId: message.id, from: channel, to: channel, usersLosingAccess: new Set() }),
    content: contentChange(applied),
    ...(channel ? { channel: { id: channel.id, name: channel.name } } : {}),
  });
}

/** Applies a move (with the content edit that may come with a topic change). */
function applyMove(state: MockState, editor: UserRecord, request: EditRequest, entry: MutableEntry, applied: AppliedContent | undefined, input: UpdateMessageInput): void {
  const { store } = state;
  const { message, origChannel: from, targetChannel: to } = request;
  if (!from || !to) throw new Error('[teamchat-mock] a move needs a channel message');
  const targetHadMessages = store.topicMessageIds(to.id, request.targetTopic).size > 0;
  const moving = messagesToMove(state, editor, request);
  const movedIds = moving.map((moved) => moved.id);
  const moveEntry: MutableEntry = { user_id: entry.user_id, timestamp: entry.timestamp };
  if (request.topicEdited) Object.assign(moveEntry, { prev_topic: request.origTopic, topic: request.targetTopic });
  if (request.channelEdited) Object.assign(moveEntry, { prev_stream: from.id, stream: to.id });
  const isResolveToggle = request.topicResolved || request.topicUnresolved;
  // The server derives last_moved_timestamp from the history (`topic_resolve_toggled`), where an
  // unresolve strips one check mark only: dropping "✔ ✔ " at once counts as a move.
  const unresolvedOnce = request.topicUnresolved && request.origTopic.slice(RESOLVED_TOPIC_PREFIX.length) === request.targetTopic;
  const countsAsMove = request.channelEdited || !(request.topicResolved || unresolvedOnce);
  for (const id of movedIds) {
    const record = currentRecord(state, id);
    const own = id === message.id ? { ...entry, ...moveEntry } : moveEntry;
    store.tables.message.update(id, {
      topic: request.targetTopic,
      channel_id: to.id,
      recipient_id: to.recipient_id,
      edit_history: withEdit(record, own),
      ...(countsAsMove ? { last_moved_timestamp: entry.timestamp } : {}),
      ...(id === message.id && applied ? { last_edit_timestamp: entry.timestamp } : {}),
    });
  }
  const usersLosingAccess = request.channelEdited ? moveCopies(state, from, to, movedIds).usersLosingAccess : new Set<number>();
  if (usersLosingAccess.size > 0) {
    state.events.record({ kind: 'messages_access_lost', userIds: usersLosingAccess, messageIds: movedIds, channelId: from.id, topic: request.origTopic });
  }
  const left = [...store.topicMessageIds(from.id, request.origTopic)].map((id) => store.tables.message.get(id));
  const movedAllVisible =
    request.propagateMode === 'change_all' || !left.some((other) => other !== undefined && canRead(state, editor, other));
  const fromTopic = { channelId: from.id, topic: request.origTopic };
  const toTopic = { channelId: to.id, topic: request.targetTopic };
  const origTopicFollowers = movedAllVisible ? topicFollowers(state, from.id, request.origTopic) : undefined;
  if (movedAllVisible) moveUserTopics(state, fromTopic, toTopic, targetHadMessages, usersLosingAccess);
  else if (!usersLosingAccess.has(message.sender_id)) applyInitiationPolicyAfterMove(state, currentRecord(state, message.id), to, request.targetTopic, new Set(movedIds));
  state.events.record({
    kind: 'message_updated',
    editorId: editor.id,
    editTimestamp: entry.timestamp,
    messageId: message.id,
    messageIds: movedIds,
    recipients: updateRecipients(state, { messageId: message.id, from, to, usersLosingAccess }),
    content: contentChange(applied),
    channel: { id: from.id, name: from.name },
    move: {
      propagateMode: request.propagateMode,
      origTopic: request.origTopic,
      newTopic: request.topicEdited ? request.targetTopic : undefined,
      newChannelId: request.channelEdited ? to.id : undefined,
    },
  });
  let resolveNoticeId: number | undefined;
  if (request.topicEdited && !applied && !request.channelEdited && isResolveToggle && !undoRecentResolveNotice(state, editor, from, request.targetTopic)) {
    resolveNoticeId = postResolveNotice(state, editor, from, request.targetTopic, request.topicResolved, { moved: moving, origTopicFollowers });
  }
  const alreadyThere = new Set([...movedIds, ...(resolveNoticeId === undefined ? [] : [resolveNoticeId])]);
  const targetHadVisibleMessages = [...store.topicMessageIds(to.id, request.targetTopic)].some((id) => {
    const other = store.tables.message.get(id);
    return !alreadyThere.has(id) && other !== undefined && canRead(state, editor, other);
  });
  postMoveBreadcrumbs(state, {
    editor,
    from: { channel: from, topic: request.origTopic },
    to: { channel: to, topic: request.targetTopic },
    messageId: message.id,
    movedCount: movedIds.length,
    movedAllVisible,
    targetHadVisibleMessages,
    notifyOldThread: input.send_notification_to_old_thread ?? false,
    notifyNewThread: (input.send_notification_to_new_thread ?? true) && (request.channelEdited || !isResolveToggle),
  });
  if (request.channelEdited) reactivateChannelAfterMove(state, to.id);
}

/**
 * `PATCH /messages/{message_id}`, with the server's checks in its order: access, content-edit
 * permission, the payload, topic-move (or resolve) permission, the new content's mentions, the
 * channel move permission, the whole-topic time limit. Then the content is re-rendered (mention
 * flags recomputed), the messages moved with their copies and topic policies, the history
 * recorded, and the Notification Bot posts its notices.
 */
export function updateMessage(state: MockState, editor: UserRecord, input: UpdateMessageInput): { detached_uploads: Attachment[] } {
  const message = modifiableMessageOrFail(state, editor, input.message_id);
  if (input.content !== undefined) checkCanEditContent(state, editor, message);
  const request = buildEditRequest(state, editor, message, input);
  checkCanChangeTopic(state, editor, request);
  const edit = request.content === undefined ? undefined : renderContentEdit(state, editor, message, request.content);
  checkCanChangeChannel(state, editor, request);
  checkCanMoveWholeTopic(state, editor, request);
  const entry: MutableEntry = { user_id: editor.id, timestamp: unixSeconds(state.clock) };
  let applied: AppliedContent | undefined;
  let detached: number[] = [];
  if (edit) {
    const previous = applyContentEdit(state, message, edit, request.targetTopic);
    detached = relinkEditedMessageUploads(state, message.id);
    entry.prev_content = previous.content;
    entry.prev_rendered_content = previous.rendered;
    applied = { edit, orig: previous.content, origRendered: previous.rendered };
  }
  if (isMove(request)) applyMove(state, editor, request, entry, applied, input);
  else applyInPlace(state, editor, request, entry, applied);
  if (edit) fetchLinkEmbeds(state, message.id, edit.content, edit.rendered.linksForPreview);
  return { detached_uploads: detachedUploadsOf(state, editor, detached) };
}
