import { deterministicApiKey } from '../seed/api-keys';
import type { UserRecord } from '../store/store';
import { insertUser } from './accounts/insert-user';
import { renderMessage } from './markdown/render';
import { type NewMessage, storeMessage } from './messages/store-message';
import type { MockState } from './state';

import { NOTIFICATION_BOT_EMAIL } from './system-bots';

export { NOTIFICATION_BOT_EMAIL };

const GENERIC_BOT = 1;

/**
 * The realm's Notification Bot, which posts the server's automated notices (moved topics,
 * resolved topics). Created on first use, so seeds need not list it; a seed may define it.
 * Found among the system bots only: a realm user may hold the same address.
 */
export function notificationBot(state: MockState): UserRecord {
  const existing = state.store.systemBotByEmail(NOTIFICATION_BOT_EMAIL);
  if (existing) return existing;
  return insertUser(state, {
    email: NOTIFICATION_BOT_EMAIL,
    delivery_email: NOTIFICATION_BOT_EMAIL,
    full_name: 'Notification Bot',
    is_bot: true,
    is_system_bot: true,
    bot_type: GENERIC_BOT,
    api_key: deterministicApiKey(NOTIFICATION_BOT_EMAIL),
    automatically_follow_topics_policy: 4,
    automatically_unmute_topics_in_muted_streams_policy: 4,
    automatically_follow_topics_where_mentioned: false,
  });
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
