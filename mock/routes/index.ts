import type { HttpHandler } from 'msw';
import { type EndpointName, endpoints } from '../../src/endpoints/index';
import type { MockState } from '../domain/state';
import { fallbackHandler } from '../http/fallback';
import { guardHandler } from '../http/guard';
import type { ExchangeObserver } from '../http/observer';
import { type Implementation, operationHandler } from '../http/operation';
import { alertWordRoutes } from './alert-words';
import { channelRoutes } from './channels';
import { eventRoutes } from './events';
import { messageDeletionRoutes } from './message-deletion';
import { historyRoutes } from './history';
import { linkifierRoutes } from './linkifiers';
import { flagRoutes } from './flags';
import { flagNarrowRoutes } from './flags-narrow';
import { messageEditRoutes } from './message-edits';
import { messageRoutes } from './messages';
import { reactionRoutes } from './reactions';
import { serverRoutes } from './server';
import { subscriptionRoutes } from './subscriptions';
import { topicRoutes } from './topics';
import { userRoutes } from './users';

/** One implementation per declared operation: a missing or extra route is a compile error. */
export type RouteTable = { readonly [Name in EndpointName]: Implementation<(typeof endpoints)[Name]> };

/** Every route of the mock. */
export const routes: RouteTable = {
  ...alertWordRoutes,
  ...channelRoutes,
  ...eventRoutes,
  ...flagRoutes,
  ...flagNarrowRoutes,
  ...historyRoutes,
  ...linkifierRoutes,
  ...messageRoutes,
  ...messageDeletionRoutes,
  ...messageEditRoutes,
  ...reactionRoutes,
  ...serverRoutes,
  ...subscriptionRoutes,
  ...topicRoutes,
  ...userRoutes,
};

/**
 * MSW handlers: the guard against requests no route may see, one per declared operation, then the
 * fallback for everything else under /api/v1.
 */
export function createHandlers(state: MockState, baseUrl: string, observer?: ExchangeObserver): HttpHandler[] {
  const names = Object.keys(endpoints) as EndpointName[];
  const handlers = names.map((name) =>
    operationHandler(
      state,
      baseUrl,
      endpoints[name],
      routes[name] as Implementation<(typeof endpoints)[typeof name]>,
      observer,
    ),
  );
  return [
    guardHandler(state, baseUrl, observer),
    ...handlers,
    fallbackHandler(state, baseUrl, Object.values(endpoints), observer),
  ];
}
