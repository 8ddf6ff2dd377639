import { ROLE_VALUES } from '../../src/contract/endpoint';
import { deterministicApiKey } from '../seed/api-keys';
import type { UserRecord } from '../store/store';
import type { MockState } from './state';

/** The address of the server's Notification Bot (a cross-realm system bot). */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';

const GENERIC_BOT = 1;


/**
 * The realm's Notification Bot, which posts the server's automated notices (moved topics,
 * resolved topics). Created on first use, so seeds need not list it; a seed may define it.
 */
export function notificationBot(state: MockState): UserRecord {
  const existing = state.store.userByDeliveryEmail(NOTIFICATION_BOT_EMAIL);
  if (existing) return existing;
  const { store, clock } = state;
  return store.tables.user.insert({
    id: store.ids.next('user'),
    email: NOTIFICATION_BOT_EMAIL,
    delivery_email: NOTIFICATION_BOT_EMAIL,
    full_name: 'Notification Bot',
    role: ROLE_VALUES.member,
    is_active: true,
    is_bot: true,
    bot_type: GENERIC_BOT,
    bot_owner_id: null,
    api_key: deterministicApiKey(NOTIFICATION_BOT_EMAIL),
    password: '',
    date_joined: clock.now(),
    timezone: '',
    avatar_version: 1,
    email_address_visibility: 1,
    is_imported_stub: false,
    recipient_id: store.ids.next('recipient'),
    automatically_follow_topics_policy: 4,
    automatically_unmute_topics_in_muted_streams_policy: 4,
    automatically_follow_topics_where_mentioned: false,
  });
}
