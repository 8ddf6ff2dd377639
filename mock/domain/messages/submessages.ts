import type * as z from 'zod/mini';
import type { AddSubmessageParams } from '../../../src/schemas/submessage';
import type { MessageRecord, UserRecord } from '../../store/store';
import type { SubmessageRecord } from '../../store/models';
import { badRequest } from '../errors';
import { parseOrjson } from '../orjson';
import { reactableMessageOrFail } from '../reactions/access';
import { applyParticipationPolicy } from '../reactions/participation';
import type { MockState } from '../state';
import { checkWidgetUpdate } from './widget-updates';

/** What add-submessage receives after parameter decoding. */
export type AddSubmessageInput = z.output<typeof AddSubmessageParams>;

/**
 * The server's `verify_submessage_sender`: anyone may add to a message its sender already added
 * a submessage to (a widget message has one); before that, only the sender.
 */
function checkSubmessageSender(message: MessageRecord, user: UserRecord): void {
  if (message.sender_id === user.id) return;
  if ((message.submessages ?? []).some((submessage) => submessage.sender_id === message.sender_id)) return;
  throw badRequest('You cannot attach a submessage to this message.');
}

/**
 * The server's `get_widget_type`: the `widget_type` of the message's first `widget` submessage,
 * if its content is a JSON object that has one.
 */
function widgetTypeOf(message: MessageRecord): string | undefined {
  const widget = (message.submessages ?? []).find((submessage) => submessage.msg_type === 'widget');
  if (!widget) return undefined;
  try {
    const data: unknown = JSON.parse(widget.content);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
    const type = (data as Record<string, unknown>).widget_type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Adds a submessage (`POST /submessage`) as the server's `process_submessage` does: the message
 * must be one the user may modify (readable, not in an archived channel), its sender must have
 * added the first submessage, the content must be JSON, and for a poll or to-do list widget it
 * must be one of the widget's updates (only the sender may change the question or title). The
 * submessage is stored after the message's others; taking part may follow the topic, as a
 * reaction does; then everyone who gets the message's events is told.
 */
export function addSubmessage(state: MockState, user: UserRecord, input: AddSubmessageInput): void {
  const message = reactableMessageOrFail(state, user, input.message_id);
  checkSubmessageSender(message, user);
  let data: unknown;
  try {
    data = parseOrjson(input.content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
  checkWidgetUpdate(widgetTypeOf(message), data, message.sender_id === user.id);
  const submessage: SubmessageRecord = {
    id: state.store.ids.next('submessage'),
    sender_id: user.id,
    msg_type: input.msg_type,
    content: input.content,
  };
  state.store.tables.message.update(message.id, { submessages: [...(message.submessages ?? []), submessage] });
  applyParticipationPolicy(state, user, message);
  state.events.record({ kind: 'submessage_added', messageId: message.id, submessage });
}
