import type { ChannelRecord, UserRecord } from '../../store/store';
import { channelByIdOrFail, channelByNameOrFail } from '../channels';
import { ApiFailure, badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { normalizeTopicForSend } from '../topics';
import { alertBotOwner } from './bot-owner-alerts';
import type { ChannelTarget, DirectTarget } from './recipients';

/**
 * Where a message goes once addressed, as the server's `Addressee` holds it (the topic normalised).
 * `known-channel` is `Addressee.for_stream`: the channel itself rather than a name or ID to look
 * up, so nothing tells a bot's owner that it is missing or empty (a scheduled message's delivery).
 */
export type MessageAddressee =
  | { readonly type: 'stream'; readonly target: ChannelTarget; readonly topic: string }
  | { readonly type: 'known-channel'; readonly channel: ChannelRecord; readonly topic: string }
  | { readonly type: 'private'; readonly userIds: readonly number[] };

/** A channel message's addressee: the topic is required, then stripped, renamed and checked. */
export function channelAddressee(state: MockState, target: ChannelTarget, topic: string | undefined): MessageAddressee {
  if (topic === undefined) throw badRequest('Missing topic');
  return { type: 'stream', target, topic: normalizeTopicForSend(state.realm, topic) };
}

/** The addressee of a message to a channel already in hand (`Addressee.for_stream`): the topic stripped, renamed and checked. */
export function knownChannelAddressee(state: MockState, channel: ChannelRecord, topic: string): MessageAddressee {
  return { type: 'known-channel', channel, topic: normalizeTopicForSend(state.realm, topic) };
}

/** Direct-message recipients given by ID (the server's `Addressee.legacy_build`): at least one, each an existing user. */
export function checkRecipientIds(state: MockState, ids: readonly number[]): number[] {
  if (ids.length === 0) throw badRequest('Message must have recipients');
  return ids.map((id) => {
    if (!state.store.tables.user.get(id)) throw badRequest(`Invalid user ID ${id}`);
    return id;
  });
}

/** Direct-message recipients given by ID or email, each an existing user. */
export function resolveDirectRecipients(state: MockState, target: DirectTarget): number[] {
  if (target.kind === 'ids') return checkRecipientIds(state, target.ids);
  if (target.emails.length === 0) throw badRequest('Message must have recipients');
  return target.emails.map((email) => {
    const user = state.store.userByApiEmail(email);
    if (!user) throw badRequest(`Invalid email '${email}'`);
    return user.id;
  });
}

/** The channel a message is sent to; a bot's owner hears when it is missing or has no subscribers. */
export function channelToSendTo(state: MockState, sender: UserRecord, target: ChannelTarget): ChannelRecord {
  try {
    const channel = target.kind === 'id' ? channelByIdOrFail(state, target.id) : channelByNameOrFail(state, target.name);
    alertBotOwner(state, sender, { kind: 'no-subscribers', channel });
    return channel;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'STREAM_DOES_NOT_EXIST') {
      alertBotOwner(state, sender, target.kind === 'id' ? { kind: 'unknown-id', id: target.id } : { kind: 'unknown-name', name: pythonStrip(target.name) });
    }
    throw error;
  }
}
