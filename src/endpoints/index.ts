import * as alertWords from './alert-words';
import * as channels from './channels';
import * as events from './events';
import * as history from './history';
import * as linkifiers from './linkifiers';
import * as messageDeletion from './message-deletion';
import * as flags from './flags';
import * as flagsNarrow from './flags-narrow';
import * as messageEdits from './message-edits';
import * as messages from './messages';
import * as reactions from './reactions';
import * as server from './server';
import * as subscriptions from './subscriptions';
import * as topics from './topics';
import * as users from './users';

/**
 * Every declared operation, keyed by a camel-case name. The mock registers one route
 * per entry and its route table is typed against this object, so a declaration without
 * a route (or the reverse) fails to compile.
 */
export const endpoints = {
  ...alertWords,
  ...channels,
  ...events,
  ...history,
  ...linkifiers,
  ...flags,
  ...flagsNarrow,
  ...messageEdits,
  ...messages,
  ...messageDeletion,
  ...reactions,
  ...server,
  ...subscriptions,
  ...topics,
  ...users,
} as const;

/** The name of a declared operation. */
export type EndpointName = keyof typeof endpoints;

export {
  alertWords,
  channels,
  events,
  flags,
  flagsNarrow,
  history,
  linkifiers,
  messageDeletion,
  messageEdits,
  messages,
  reactions,
  server,
  subscriptions,
  topics,
  users,
};
