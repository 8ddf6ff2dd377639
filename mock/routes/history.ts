import type { history } from '../../src/endpoints/index';
import { getMessages } from '../domain/messages/history';
import { matchesNarrow } from '../domain/messages/matches-narrow';
import type { Implementation } from '../http/operation';

/** Message history and narrow checks: decode → domain → payload. */
export const historyRoutes = {
  getMessages: ({ state, user, params }) => getMessages(state, user, params),
  checkMessagesMatchNarrow: ({ state, user, params }) => matchesNarrow(state, user, params),
} satisfies { [Name in keyof typeof history]: Implementation<(typeof history)[Name]> };
