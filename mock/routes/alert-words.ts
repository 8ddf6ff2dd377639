import type { alertWords } from '../../src/endpoints/index';
import { addAlertWords, alertWords as wordsOf, removeAlertWords } from '../domain/alert-words/operations';
import type { Implementation } from '../http/operation';

/** The caller's alert words: decode → domain → payload. */
export const alertWordRoutes = {
  getAlertWords: ({ state, user }) => ({ alert_words: wordsOf(state, user) }),
  addAlertWords: ({ state, user, params }) => ({ alert_words: addAlertWords(state, user, params.alert_words) }),
  removeAlertWords: ({ state, user, params }) => ({ alert_words: removeAlertWords(state, user, params.alert_words) }),
} satisfies { [Name in keyof typeof alertWords]: Implementation<(typeof alertWords)[Name]> };
