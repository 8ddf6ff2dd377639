/** The address of the server's Notification Bot (a cross-realm system bot). */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';

/** The server's `CROSS_REALM_BOT_EMAILS`: addresses reserved for its system bots, in every realm. */
const CROSS_REALM_BOT_EMAILS: ReadonlySet<string> = new Set([NOTIFICATION_BOT_EMAIL, 'welcome-bot@zulip.com', 'emailgateway@zulip.com']);

/** Whether an address is reserved for the server's system bots (`is_cross_realm_bot_email`, any case). */
export function isCrossRealmBotEmail(email: string): boolean {
  return CROSS_REALM_BOT_EMAILS.has(email.toLowerCase());
}
