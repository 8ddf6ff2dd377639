import { defineEndpoint } from '../contract/endpoint';
import { ALLOW_EMPTY_TOPIC_NAME, INCLUDE_ANCHOR, NARROW_OPERATORS } from '../contract/requirements';
import { GetMessagesParams, GetMessagesResponse, MatchesNarrowParams, MatchesNarrowResponse } from '../schemas/history';

/** `GET /messages`: a range of messages matching a narrow, around an anchor, or chosen by ID. */
export const getMessages = defineEndpoint({
  id: 'get-messages',
  method: 'GET',
  path: '/messages',
  params: GetMessagesParams,
  response: GetMessagesResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [ALLOW_EMPTY_TOPIC_NAME, ...INCLUDE_ANCHOR, { param: 'message_ids', since: 300 }, ...NARROW_OPERATORS],
});

/** `GET /messages/matches_narrow`: which of some messages match a narrow, with search highlights. */
export const checkMessagesMatchNarrow = defineEndpoint({
  id: 'check-messages-match-narrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  params: MatchesNarrowParams,
  response: MatchesNarrowResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: NARROW_OPERATORS,
});
