import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

/** The server's limit on one alert word's length, in characters. */
const MAX_ALERT_WORD_LENGTH = 100;

function checkWords(words: readonly string[]): void {
  words.forEach((word, index) => {
    if (pythonLength(word) > MAX_ALERT_WORD_LENGTH) {
      throw badRequest(`alert_words[${index}] is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`);
    }
  });
}

function store(state: MockState, user: UserRecord, words: readonly string[]): readonly string[] {
  state.store.alertWords.set(user.id, words);
  state.events.record({ kind: 'alert_words_changed', userId: user.id, words: [...words] });
  return words;
}

/** A user's alert words. */
export function alertWords(state: MockState, user: UserRecord): string[] {
  return [...state.store.alertWords.of(user.id)];
}

/**
 * Adds alert words: stripped as Python strips (`clean_alert_words`), empty ones dropped, words
 * already there (in any case) ignored; of new words given twice in different cases, the last
 * spelling is kept (the server's dictionary by lower case). Returns the user's words after the
 * change.
 */
export function addAlertWords(state: MockState, user: UserRecord, words: readonly string[]): string[] {
  checkWords(words);
  const current = [...state.store.alertWords.of(user.id)];
  const known = new Set(current.map((word) => word.toLowerCase()));
  const added = new Map<string, string>();
  for (const word of words.map((raw) => pythonStrip(raw))) {
    if (word === '' || known.has(word.toLowerCase())) continue;
    added.set(word.toLowerCase(), word);
  }
  return [...store(state, user, [...current, ...added.values()])];
}

/**
 * Removes alert words (compared case-insensitively, as given: unlike adding, the server does not
 * strip them); unknown ones are ignored.
 */
export function removeAlertWords(state: MockState, user: UserRecord, words: readonly string[]): string[] {
  const removed = new Set(words.map((word) => word.toLowerCase()));
  const kept = state.store.alertWords.of(user.id).filter((word) => !removed.has(word.toLowerCase()));
  return [...store(state, user, kept)];
}
