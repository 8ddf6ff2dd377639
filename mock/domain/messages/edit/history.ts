import type * as z from 'zod/mini';
import { renderedContentOf } from '../rendered-content';
import type { MessageHistorySnapshot } from '../../../../src/schemas/message-edit';
import type { EditHistoryRecord } from '../../../store/models';
import type { MessageRecord } from '../../../store/store';
import type { MockState, RealmSettings } from '../../state';
import { displayTopic } from '../../topics';
import { htmlDiff } from './highlight-diff';
import { hasLevel, LEVEL } from '../../feature-levels';

type Snapshot = z.input<typeof MessageHistorySnapshot>;

/** The history with this edit first (history is stored most recent first). */
export function withEdit(message: MessageRecord, entry: EditHistoryRecord): EditHistoryRecord[] {
  return [Object.freeze({ ...entry }), ...message.edit_history];
}

/**
 * What the realm lets users see of a history: everything; with `moves`, only moves (a content
 * edit that also moved keeps its move, without the content); with `none`, nothing.
 */
function visibleEditHistory<Entry extends object>(policy: RealmSettings['message_edit_history_visibility_policy'], entries: readonly Entry[]): Entry[] {
  if (policy === 'all') return [...entries];
  if (policy === 'none') return [];
  const visible: Entry[] = [];
  for (const entry of entries) {
    if (!('prev_content' in entry)) visible.push(entry);
    else if ('prev_topic' in entry) {
      const { prev_content: _content, prev_rendered_content: _rendered, content_html_diff: _diff, ...move } = entry as Record<string, unknown>;
      visible.push(move as Entry);
    }
  }
  return visible;
}

/**
 * An entry as servers before {@link LEVEL.editHistoryTopics} gave it: the old topic as
 * `prev_subject`, without the new topic or channel (MessageDict before 072051f81e).
 */
function olderEditHistoryEntry(entry: EditHistoryRecord): Record<string, unknown> {
  const { prev_topic: prevTopic, topic: _topic, stream: _stream, ...older } = entry;
  return prevTopic === undefined ? older : { ...older, prev_subject: prevTopic };
}

/** A message's `edit_history` as a client sees it, or undefined when it has none to show. */
export function editHistoryForView(state: MockState, message: MessageRecord, allowEmptyTopicName: boolean): EditHistoryRecord[] | undefined {
  const { realm } = state;
  const entries = visibleEditHistory(realm.message_edit_history_visibility_policy, message.edit_history).map((entry) => ({
    ...entry,
    ...(entry.prev_topic === undefined ? {} : { prev_topic: displayTopic(realm, entry.prev_topic, allowEmptyTopicName) }),
    ...(entry.topic === undefined ? {} : { topic: displayTopic(realm, entry.topic, allowEmptyTopicName) }),
  }));
  if (message.edit_history.length === 0) return undefined;
  return hasLevel(state, LEVEL.editHistoryTopics) ? entries : (entries.map(olderEditHistoryEntry) as EditHistoryRecord[]);
}

/**
 * The snapshots of `GET /messages/{message_id}/history`, oldest first: the message as sent, then
 * its state after each edit, with what that edit changed.
 */
export function historySnapshots(state: MockState, message: MessageRecord, allowEmptyTopicName: boolean): Snapshot[] {
  const { realm } = state;
  const show = (topic: string) => (message.channel_id === null ? '' : displayTopic(realm, topic, allowEmptyTopicName));
  let content = message.content;
  let rendered = renderedContentOf(state, message);
  let topic = show(message.topic);
  const newestFirst: Snapshot[] = [];
  for (const entry of message.edit_history) {
    const snapshot: Snapshot = { content, rendered_content: rendered, timestamp: entry.timestamp, topic, user_id: entry.user_id };
    if (entry.prev_topic !== undefined) {
      topic = show(entry.prev_topic);
      snapshot.prev_topic = topic;
    }
    if (entry.prev_content !== undefined && entry.prev_rendered_content !== undefined) {
      snapshot.prev_content = entry.prev_content;
      snapshot.prev_rendered_content = entry.prev_rendered_content;
      snapshot.content_html_diff = htmlDiff(entry.prev_rendered_content, rendered);
      content = entry.prev_content;
      rendered = entry.prev_rendered_content;
    }
    if (entry.prev_stream !== undefined && entry.stream !== undefined) {
      snapshot.prev_stream = entry.prev_stream;
      snapshot.stream = entry.stream;
    }
    newestFirst.push(snapshot);
  }
  newestFirst.push({ content, rendered_content: rendered, timestamp: message.timestamp, topic, user_id: message.sender_id });
  return visibleEditHistory(realm.message_edit_history_visibility_policy, newestFirst).reverse();
}
