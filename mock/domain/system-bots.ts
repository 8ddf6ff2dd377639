/** The address of the server's Notification Bot (a cross-realm system bot). */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';
/** The address of the server's Email Gateway bot (a cross-realm system bot). */
export const EMAIL_GATEWAY_BOT_EMAIL = 'emailgateway@zulip.com';

/** The address of the server's Welcome Bot (a cross-realm system bot). */
export const WELCOME_BOT_EMAIL = 'welcome-bot@zulip.com';

/** One of the server's cross-realm system bots: its address, name and static avatar file. */
export interface CrossRealmBot {
  readonly email: string;
  readonly fullName: string;
  readonly avatar: string;
}

/**
 * The server's cross-realm system bots (`CROSS_REALM_BOT_EMAILS`), in the order it creates them
 * (`INTERNAL_BOTS`), with their names and static avatar files.
 */
export const CROSS_REALM_BOTS: readonly CrossRealmBot[] = [
  { email: NOTIFICATION_BOT_EMAIL, fullName: 'Notification Bot', avatar: 'notification-bot' },
  { email: EMAIL_GATEWAY_BOT_EMAIL, fullName: 'Email Gateway', avatar: 'emailgateway' },
  { email: WELCOME_BOT_EMAIL, fullName: 'Welcome Bot', avatar: 'welcome-bot' },
];

const CROSS_REALM_BOT_EMAILS: ReadonlySet<string> = new Set(CROSS_REALM_BOTS.map((bot) => bot.email));

/** Whether an address is reserved for the server's system bots (`is_cross_realm_bot_email`, any case). */
export function isCrossRealmBotEmail(email: string): boolean {
  return CROSS_REALM_BOT_EMAILS.has(email.toLowerCase());
}
