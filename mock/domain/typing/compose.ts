import type { UserRecord } from '../../store/store';
import { accessChannelById } from '../channel-access';
import { checkCanPost } from '../channels';
import { badRequest } from '../errors';
import { pydanticStrip } from '../python-strip';
import type { MockState } from '../state';
import { namesEmptyTopic } from '../topics';
import { activeSubscriberIds, checkSendsTypingNotifications, MAX_CHANNEL_SIZE_FOR_TYPING, wantingTypingNotifications } from './recipients';

/** What `POST /typing` was asked, decoded. */
export interface TypingRequest {
  readonly type?: 'direct' | 'stream' | 'channel' | undefined;
  readonly op: 'start' | 'stop';
  readonly to?: readonly number[] | null | undefined;
  readonly stream_id?: number | null | undefined;
  readonly topic?: string | undefined;
}

function directTyping(state: MockState, sender: UserRecord, request: TypingRequest): void {
  // The server raises these by hand: no `var_name`, unlike a missing typed parameter.
  if (request.to === undefined || request.to === null) throw badRequest("Missing 'to' argument");
  if (request.to.length === 0) throw badRequest("Empty 'to' list");
  checkSendsTypingNotifications(state, sender, 'direct');
  const ids = request.to.includes(sender.id) ? [...request.to] : [...request.to, sender.id];
  const users = ids.map((id) => {
    const user = state.store.tables.user.get(id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
  state.events.record({
    kind: 'typing_notified',
    op: request.op,
    senderId: sender.id,
    target: { type: 'direct', recipientIds: users.map((user) => user.id) },
    // Muting hides typing in clients; the server delivers it as to anyone.
    deliverTo: wantingTypingNotifications(state, users.filter((user) => user.is_active).map((user) => user.id)),
  });
}

function channelTyping(state: MockState, sender: UserRecord, request: TypingRequest): void {
  if (request.stream_id === undefined || request.stream_id === null) throw badRequest("Missing 'stream_id' argument");
  if (request.topic === undefined) throw badRequest('Missing topic');
  checkSendsTypingNotifications(state, sender, 'channel');
  const channel = accessChannelById(state, sender, request.stream_id);
  checkCanPost(state, sender, channel);
  // The parameter's model strips Unicode whitespace (pydantic's strip_whitespace), not JavaScript's set.
  const stripped = pydanticStrip(request.topic);
  const topic = namesEmptyTopic(state.realm, stripped) ? '' : stripped;
  const subscribers = activeSubscriberIds(state, channel.id);
  if (subscribers.size > MAX_CHANNEL_SIZE_FOR_TYPING) return;
  state.events.record({
    kind: 'typing_notified',
    op: request.op,
    senderId: sender.id,
    target: { type: 'stream', channelId: channel.id, topic },
    deliverTo: wantingTypingNotifications(state, subscribers),
  });
}

/** `POST /typing`: tells a direct conversation or a channel topic; the server keeps no state. */
export function setTypingStatus(state: MockState, sender: UserRecord, request: TypingRequest): void {
  if (request.type === 'stream' || request.type === 'channel') channelTyping(state, sender, request);
  else directTyping(state, sender, request);
}
