import * as events from './events';
import * as messageEdits from './message-edits';
import * as messages from './messages';
import * as server from './server';

/**
 * Every declared operation, keyed by a camel-case name. The mock registers one route
 * per entry and its route table is typed against this object, so a declaration without
 * a route (or the reverse) fails to compile.
 */
export const endpoints = {
  ...events,
  ...messageEdits,
  ...messages,
  ...server,
} as const;

/** The name of a declared operation. */
export type EndpointName = keyof typeof endpoints;

export { events, messageEdits, messages, server };
