import type { MockState } from '../state';
import type { Change } from './changes';
import type { EventQueue } from './queue';
import { renderAccessLostEvents } from './render-access-lost';
import { renderMessageEvent } from './render-message';
import { renderUpdateMessageEvent } from './render-update-message';
import { renderUserTopicEvent } from './render-user-topic';

/** A payload before the queue gives it an ID. */
export type EventPayload = { readonly type: string } & Readonly<Record<string, unknown>>;

/** The events one queue gets for a change: none when its user may not see it. */
export function renderForQueue(state: MockState, queue: EventQueue, change: Change): EventPayload[] {
  let rendered: EventPayload | undefined;
  switch (change.kind) {
    case 'message_sent':
      rendered = renderMessageEvent(state, queue, change);
      break;
    case 'user_topic_changed':
      rendered = renderUserTopicEvent(state, queue, change);
      break;
    case 'message_updated':
      rendered = renderUpdateMessageEvent(state, queue, change);
      break;
    case 'messages_access_lost':
      return renderAccessLostEvents(state, queue, change).filter((event) => queue.accepts(event.type));
  }
  return rendered && queue.accepts(rendered.type) ? [rendered] : [];
}
