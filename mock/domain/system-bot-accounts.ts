import { deterministicApiKey } from '../seed/api-keys';
import type { UserRecord } from '../store/store';
import { insertUser } from './accounts/insert-user';
import type { MockState } from './state';
import { CROSS_REALM_BOTS, type CrossRealmBot } from './system-bots';

const GENERIC_BOT = 1;

/**
 * A cross-realm system bot by address, created when missing (a seed may define it), with an ID
 * of the system bots' own range: the server creates them before any realm, and the realm's users
 * keep the IDs they would have without them. Found among the system bots only: a realm user may
 * hold the same address.
 */
export function systemBot(state: MockState, bot: CrossRealmBot): UserRecord {
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
 * Creates the server's cross-realm system bots (Notification Bot, Email Gateway, Welcome Bot)
 * that a realm lacks: they exist from the start, so a direct message to one works in a fresh
 * realm and in one restored from a document written before they all existed.
 *
 * @example
 * ensureSystemBots(state); // after building a realm, or restoring one from a state document
 */
export function ensureSystemBots(state: MockState): void {
  for (const bot of CROSS_REALM_BOTS) systemBot(state, bot);
}

/** The realm's system bots sorted by name, as `cross_realm_bots` lists them; creates none. */
export function crossRealmBots(state: MockState): UserRecord[] {
  return CROSS_REALM_BOTS.flatMap((bot) => state.store.systemBotByEmail(bot.email) ?? []).sort((a, b) =>
    a.full_name < b.full_name ? -1 : a.full_name > b.full_name ? 1 : 0,
  );
}
