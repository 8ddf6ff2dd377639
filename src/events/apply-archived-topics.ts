import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

type State = Pick<RegisterResponse, 'user_topics' | 'muted_topics'>;
type StreamEvent = Extract<ChatEvent, { type: 'stream' }>;

/**
 * `user_topics` and `muted_topics` after a channel is archived: the server lists neither for an
 * archived channel, and sends no event for them when it archives one. The `is_archived` update
 * (from feature level 378, to clients with the `archived_channels` capability) says so, and below
 * that level so does a `stream` `delete` to such a client (`deleteIsArchiving`, which the reducer
 * of those servers reads as archiving). Otherwise a `delete` may also mean the user lost access,
 * which keeps them, so it changes nothing here.
 */
export function topicsAfterArchiving<S extends State>(state: S, event: StreamEvent, deleteIsArchiving = false): S {
  let archived: readonly number[] = [];
  if (event.op === 'update' && event.property === 'is_archived' && event.value === true) archived = [event.stream_id];
  if (event.op === 'delete' && deleteIsArchiving) archived = event.stream_ids ?? (event.streams ?? []).map((stream) => stream.stream_id);
  if (archived.length === 0) return state;
  const names = channelNames(state, archived);
  if (event.op === 'update') names.push(event.name);
  const next = { ...state };
  if (state.user_topics !== undefined) next.user_topics = state.user_topics.filter((entry) => !archived.includes(entry.stream_id));
  if (state.muted_topics !== undefined) next.muted_topics = state.muted_topics.filter(([channelName]) => !names.includes(channelName));
  return next;
}

/** The names the state's channel sections give the channels (the legacy `muted_topics` names them so). */
function channelNames(state: object, channelIds: readonly number[]): string[] {
  const sections = state as Record<string, readonly { stream_id: number; name: string }[] | undefined>;
  return ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'].flatMap((section) =>
    (sections[section] ?? []).filter((entry) => channelIds.includes(entry.stream_id)).map((entry) => entry.name),
  );
}
