import type { UserRecord } from '../../store/store';
import { botForAdministration } from '../bots/profile';
import { accessChannelById } from '../channel-access';
import { sha256Hex } from '../sha256';
import type { MockState } from '../state';
import { emailAddressName } from './email-address-name';
import { EMAIL_GATEWAY_BOT_EMAIL } from '../system-bots';

/** Stands for the Email gateway bot as the sender in tokens. */
const EMAIL_GATEWAY_SENDER = 0;

/**
 * Who messages sent to the address appear from: the Email gateway bot (no `sender_id`, or its ID),
 * the user themselves, else a bot they may administer (the server's `access_bot_by_id`).
 */
function senderOf(state: MockState, user: UserRecord, senderId: number | undefined): number {
  if (senderId === undefined || senderId === state.store.systemBotByEmail(EMAIL_GATEWAY_BOT_EMAIL)?.id) return EMAIL_GATEWAY_SENDER;
  if (senderId === user.id) return user.id;
  return botForAdministration(state, user, senderId).id;
}

/**
 * `GET /streams/{stream_id}/email_address`: the address that posts to a channel the user can
 * access, as the sender chosen. Its token is stable for the channel, the user and the sender, as
 * the server's stored tokens are; the channel's name leads it when it has an ASCII form.
 */
export function channelEmailAddress(state: MockState, user: UserRecord, channelId: number, senderId: number | undefined): string {
  const channel = accessChannelById(state, user, channelId);
  const sender = senderOf(state, user, senderId);
  const token = sha256Hex(`${state.realm.string_id}/${channel.id}/${user.id}/${sender}`).slice(0, 32);
  const name = emailAddressName(channel.name);
  return `${name ? `${name}.` : ''}${token}.show-sender@${state.realm.fake_email_domain}`;
}
