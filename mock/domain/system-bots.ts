/** The address of the server's Notification Bot (a cross-realm system bot). */
export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';
