import type { MockState } from '../state';
import { alertableText } from './alertable-text';
import { containsAlertWord } from './match';

/**
 * Which of these users get `has_alert_word` for a message's content: those with an alert word
 * in it (case-insensitive, at word boundaries, outside fenced code; the sender too). Only users
 * with words are checked.
 */
export function alertedUserIds(state: MockState, content: string, userIds: Iterable<number>): Set<number> {
  const alerted = new Set<number>();
  if (state.store.alertWords.isEmpty) return alerted;
  const lower = alertableText(content, state.realm.default_code_block_language).toLowerCase();
  for (const userId of userIds) {
    const words = state.store.alertWords.of(userId);
    if (words.length > 0 && containsAlertWord(lower, words)) alerted.add(userId);
  }
  return alerted;
}
