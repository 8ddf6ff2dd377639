import type { UserRecord } from '../store/store';
import { renderMessage } from './markdown/render';
import { type NewMessage, storeMessage } from './messages/store-message';
import type { MockState } from './state';
import { systemBot } from './system-bot-accounts';
import { CROSS_REALM_BOTS, type CrossRealmBot } from './system-bots';

/** The realm's Notification Bot, which posts the server's automated notices (moved topics, resolved topics). */
export function notificationBot(state: MockState): UserRecord {
  return systemBot(state, CROSS_REALM_BOTS[0] as CrossRealmBot);
}

/** The silent mention the server writes for an acting user in its notices: `@_**Full Name|id**`. */
export function silentMention(user: Pick<UserRecord, 'full_name' | 'id'>): string {
  return `@_**${user.full_name}|${user.id}**`;
}

/** Who starts with a notice unread. */
export interface NoticeReaders {
  /** Only these users get it unread (the server's `limit_unread_user_ids`); everyone when absent. */
  readonly unreadFor?: ReadonlySet<number> | undefined;
  /**
   * The user whose action it reports: their copy starts read (`mark_as_read_for_acting_user`), and
   * its channel links name what they may read (`acting_user`).
   */
  readonly actingUserId?: number | undefined;
}

/** Posts a Notification Bot message, rendered and delivered as a sent one. Answers its ID. */
export function postNotice(state: MockState, destination: NewMessage['destination'], content: string, readers: NoticeReaders = {}): number {
  const sender = notificationBot(state);
  const body = content.trimEnd();
  const actor = readers.actingUserId === undefined ? undefined : state.store.tables.user.get(readers.actingUserId);
  const rendered = renderMessage(state, body, sender, actor);
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
