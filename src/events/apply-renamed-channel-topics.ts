import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

type State = Pick<RegisterResponse, 'muted_topics'>;
type StreamEvent = Extract<ChatEvent, { type: 'stream' }>;

/**
 * The legacy `muted_topics` after a channel is renamed: its entries name the channel, and the
 * server sends no `muted_topics` event for a rename (nor does its own reducer rename them), while
 * a fresh registration lists them under the new name. The `stream` `update` of `name` carries the
 * old name in `name` and the new one in `value`.
 */
export function mutedTopicsAfterRename<S extends State>(state: S, event: StreamEvent): S {
  if (state.muted_topics === undefined || event.op !== 'update' || event.property !== 'name') return state;
  const { name: oldName, value: newName } = event;
  return { ...state, muted_topics: state.muted_topics.map((entry) => (entry[0] === oldName ? [String(newName), entry[1], entry[2]] : entry)) };
}
