import { deterministicApiKey } from '../seed/api-keys';
import type { UserRecord } from '../store/store';
import { insertUser } from './accounts/insert-user';
import { renderMessage } from './markdown/render';
import { type NewMessage, storeMessage } from './messages/store-message';
import type { MockState } from './state';

import { CROSS_REALM_BOTS, NOTIFICATION_BOT_EMAIL } from './system-bots';

export { NOTIFICATION_BOT_EMAIL };

const GENERIC_BOT = 1;

/**
 * A cross-realm system bot by address, created when missing (a seed may define it), with an ID
 * of the system bots' own range: the server creates them before any realm, and the realm's users
 * keep the IDs they would have without them. Found among the system bots only: a realm user may
 * hold the same address.
 */
function systemBot(state: MockState, bot: (typeof CROSS_REALM_BOTS)[number]): UserRecord {
  const existing = state.store.systemBotByEmail(bot.email);
  if (existing) return existing;
  return insertUser(state, {
    id: state.store.ids.next('systemBot'),
    email: bot.email,
    delivery_email: bot.email,
    full_name: bot.fullName,
    is_bot: true,
    is_system_bot: true,
    bot_type: GENERIC_BOT,
    api_key: deterministicApiKey(bot.email),
    automatically_follow_topics_policy: 4,
    automatically_unmute_topics_in_muted_streams_policy: 4,
    automatically_follow_topics_where_mentioned: false,
  });
}

/**
 * The server's cross-realm system bots (Notification Bot, Email Gateway, Welcome Bot), which
 * exist from the start: a direct message to one works in a fresh realm. Answers them sorted by
 * name, as `cross_realm_bots` lists them.
 */
export function systemBots(state: MockState): UserRecord[] {
  return CROSS_REALM_BOTS.map((bot) => systemBot(state, bot)).sort((a, b) => (a.full_name < b.full_name ? -1 : a.full_name > b.full_name ? 1 : 0));
}

/** The realm's Notification Bot, which posts the server's automated notices (moved topics, resolved topics). */
export function notificationBot(state: MockState): UserRecord {
  return systemBot(state, CROSS_REALM_BOTS[0] as (typeof CROSS_REALM_BOTS)[number]);
}

/** The silent mention the server writes for an acting user in its notices: `@_**Full Name|id**`. */
export function silentMention(user: Pick<UserRecord, 'full_name' | 'id'>): string {
  return `@_**${user.full_name}|${user.id}**`;
}

/** Who starts with a notice unread. */
export interface NoticeReaders {
  /** Only these users get it unread (the server's `limit_unread_user_ids`); everyone when absent. */
  readonly unreadFor?: ReadonlySet<number> | undefined;
  /** The user whose action it reports: their copy starts read (`mark_as_read_for_acting_user`). */
  readonly actingUserId?: number | undefined;
}

/** Posts a Notification Bot message, rendered and delivered as a sent one. Answers its ID. */
export function postNotice(state: MockState, destination: NewMessage['destination'], content: string, readers: NoticeReaders = {}): number {
  const sender = notificationBot(state);
  const body = content.trimEnd();
  const rendered = renderMessage(state, body, sender);
  return storeMessage(state, {
    sender,
    client: 'Internal',
    content: body,
    readBySender: true,
    rendered,
    destination,
    limitUnreadTo: readers.unreadFor,
    readFor: readers.actingUserId,
  }).id;
}
