import type { UserRecord } from '../../store/store';
import { userByIdOrFail } from '../accounts/lookup';
import { accessChannelById } from '../channel-access';
import { badRequest } from '../errors';
import { sha256Hex } from '../sha256';
import type { MockState } from '../state';

/** Stands for the Email gateway bot, the default sender (the mock has no such user). */
const EMAIL_GATEWAY_SENDER = 0;

/**
 * The channel's name as an address part, as the server encodes it: runs of non-word characters
 * become one hyphen, lower-cased, hyphens trimmed.
 */
function encodedName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_]+/gu, '-').toLowerCase().replace(/^-+|-+$/g, '');
}

/**
 * `GET /streams/{stream_id}/email_address`: the address that posts to a channel the user can
 * access, as the sender chosen: the Email gateway bot (default), the user, or a bot they own.
 * Its token is stable for the channel, the user and the sender, as the server's stored tokens are.
 */
export function channelEmailAddress(state: MockState, user: UserRecord, channelId: number, senderId: number | undefined): string {
  const channel = accessChannelById(state, user, channelId);
  let sender = EMAIL_GATEWAY_SENDER;
  if (senderId !== undefined) {
    const candidate = userByIdOrFail(state, senderId);
    const allowed = candidate.id === user.id || (candidate.is_bot && candidate.bot_owner_id === user.id);
    if (!allowed) throw badRequest('Insufficient permission');
    sender = candidate.id;
  }
  const token = sha256Hex(`${state.realm.string_id}/${channel.id}/${user.id}/${sender}`).slice(0, 32);
  const name = encodedName(channel.name);
  return `${name ? `${name}.` : ''}${token}.show-sender@${state.realm.fake_email_domain}`;
}
