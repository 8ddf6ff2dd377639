import type { RecordOf } from '../../store/models';
import type { MessageRecord, UserRecord } from '../../store/store';
import { isInContentAccessGroups } from '../channel-access';
import type { MockState } from '../state';
import { isGuest } from '../users';

function linkingMessages(state: MockState, attachment: RecordOf<'attachment'>): MessageRecord[] {
  return attachment.message_ids.flatMap((id) => state.store.tables.message.get(id) ?? []);
}

/** Whether one of the messages is in a channel the predicate accepts. */
function postedIn(state: MockState, messages: readonly MessageRecord[], accepts: (channel: RecordOf<'channel'>) => boolean): boolean {
  return messages.some((message) => {
    const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
    return channel !== undefined && accepts(channel);
  });
}

/**
 * Whether a user may fetch an uploaded file (the server's `validate_attachment_request`), which
 * asks its own questions rather than whether the user can read a linking message:
 *
 * - the uploader always;
 * - anyone but a guest once a message in a public channel links to it (archived or not);
 * - whoever received a direct message linking to it;
 * - for a channel where it is posted, a subscriber, or a member of one of the channel's groups
 *   that give its content without a subscription (`can_subscribe_group`,
 *   `can_add_subscribers_group`; Zulip 10.3): if the channel's history is public to subscribers,
 *   or they received a linking message there.
 *
 * Nothing else counts: administrators get 403 for a private channel's files, and a copy of a
 * channel message left from an old subscription does not count without such a group. The group
 * check makes no exception for guests, as the server's does not. (The server caches the
 * public-channel answer and keeps it when a linking message is deleted or edited away; the mock
 * asks the current links.)
 */
export function canReadFile(state: MockState, viewer: UserRecord, attachment: RecordOf<'attachment'>): boolean {
  if (viewer.id === attachment.user_id) return true;
  const messages = linkingMessages(state, attachment);
  if (!isGuest(viewer) && postedIn(state, messages, (channel) => !channel.invite_only)) return true;
  const receivedIn = new Set<number>();
  for (const message of messages) {
    if (!state.store.userMessages.has(viewer.id, message.id)) continue;
    if (message.channel_id === null) return true;
    receivedIn.add(message.channel_id);
  }
  return postedIn(
    state,
    messages,
    (channel) =>
      (state.store.isSubscribed(viewer.id, channel.id) || isInContentAccessGroups(state, viewer, channel)) &&
      (receivedIn.has(channel.id) || channel.history_public_to_subscribers),
  );
}

/**
 * Whether a file is served without credentials (the server's spectator access): once a message
 * in a web-public channel links to it.
 */
export function isWebPublicFile(state: MockState, attachment: RecordOf<'attachment'>): boolean {
  return postedIn(state, linkingMessages(state, attachment), (channel) => !channel.invite_only && channel.is_web_public);
}
