import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import type { MockState } from '../state';

function checkBot(user: UserRecord): void {
  if (!user.is_bot) throw new ApiFailure('This endpoint is only available to bots.', 'PERMISSION_DENIED', 400);
}

function entryKey(userId: number, name: string): string {
  return `${userId}:${name}`;
}

/** What an entry costs against the limit: the server counts characters (code points), not UTF-16 units. */
function entrySize(name: string, value: string): number {
  let size = 0;
  for (const _character of name + value) size++;
  return size;
}

/** Stores the pairs (overwriting those keys, keeping the others), unless the total would exceed the limit. */
export function updateBotStorage(state: MockState, bot: UserRecord, storage: Readonly<Record<string, string>>): void {
  checkBot(bot);
  const sizes = new Map(state.store.botStorageOf(bot.id).map((entry) => [entry.name, entrySize(entry.name, entry.value)]));
  for (const [name, value] of Object.entries(storage)) sizes.set(name, entrySize(name, value));
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  if (total > state.botStorageLimit) {
    throw badRequest(
      `Request exceeds storage limit by ${total - state.botStorageLimit} characters. The limit is ${state.botStorageLimit} characters.`,
    );
  }
  for (const [name, value] of Object.entries(storage)) {
    const key = entryKey(bot.id, name);
    if (state.store.tables.botStorageEntry.get(key)) state.store.tables.botStorageEntry.update(key, { value });
    else state.store.tables.botStorageEntry.insert({ key, user_id: bot.id, name, value });
  }
}

function entriesFor(state: MockState, bot: UserRecord, keys: readonly string[] | undefined) {
  if (keys === undefined) return state.store.botStorageOf(bot.id);
  return keys.map((name) => {
    const entry = state.store.tables.botStorageEntry.get(entryKey(bot.id, name));
    if (!entry) throw badRequest('Key does not exist.');
    return entry;
  });
}

/** The stored values of these keys (all when omitted); any missing key fails the request. */
export function getBotStorage(state: MockState, bot: UserRecord, keys: readonly string[] | undefined): Record<string, string> {
  checkBot(bot);
  return Object.fromEntries(entriesFor(state, bot, keys).map((entry) => [entry.name, entry.value]));
}

/**
 * Deletes these keys (all when omitted); if any is missing, nothing is deleted. A key named twice
 * counts as missing, since the server compares the rows found with the number of keys given.
 */
export function removeBotStorage(state: MockState, bot: UserRecord, keys: readonly string[] | undefined): void {
  checkBot(bot);
  if (keys !== undefined && new Set(keys).size < keys.length) throw badRequest('Key does not exist.');
  for (const entry of entriesFor(state, bot, keys)) state.store.tables.botStorageEntry.delete(entry.key);
}
