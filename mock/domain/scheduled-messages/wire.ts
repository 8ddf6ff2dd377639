import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { RecordOf } from '../../store/models';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';

/** A stored scheduled message. */
export type ScheduledMessageRecord = RecordOf<'scheduledMessage'>;

/** A scheduled message on the wire (the server's `to_dict`): a channel's ID alone, a topic for channels only. */
export function scheduledMessageToWire(record: ScheduledMessageRecord): ScheduledMessage {
  const common = {
    scheduled_message_id: record.id,
    content: record.content,
    rendered_content: record.rendered_content,
    scheduled_delivery_timestamp: record.scheduled_timestamp,
    failed: record.failed,
  };
  if (record.type === 'private') return { ...common, to: [...record.to], type: 'private' };
  return { ...common, to: record.to[0] as number, type: 'stream', topic: record.topic };
}

/**
 * A scheduled message as the realm's server shows it (list, register and events): without
 * `failed` below feature level 181. A copy, so callers may hand it out.
 */
export function scheduledMessageAtLevel(state: Pick<MockState, 'featureLevel'>, message: ScheduledMessage): ScheduledMessage {
  const { failed, ...rest } = message;
  const to = Array.isArray(message.to) ? [...message.to] : message.to;
  return hasLevel(state, LEVEL.scheduledMessageFailed) ? { ...rest, to, failed } : { ...rest, to };
}
