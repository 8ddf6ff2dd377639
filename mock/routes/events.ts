import type { events } from '../../src/endpoints/index';
import { deleteQueue, getEvents, registerQueue } from '../domain/events/operations';
import { clientName } from '../domain/user-agent';
import { GetEventsPendingParams, withPendingParams } from '../http/pending-params';
import type { Implementation } from '../http/operation';

/** Event queue operations: register, long-poll, delete. */
export const eventRoutes = {
  registerQueue: ({ state, user, params, client, request }) =>
    registerQueue(state, user, client, params, request.headers.get('user-agent')),
  getEvents: ({ state, user, params, request, client }) => {
    const { user_client: userClient, ...input } = withPendingParams(params, GetEventsPendingParams);
    // The server names the queue it creates for `user_client`, cut as its client names are.
    return getEvents(state, user, userClient === undefined ? client : clientName(userClient, null), input, request.signal);
  },
  deleteQueue: ({ state, user, params }) => deleteQueue(state, user, params.queue_id),
} satisfies { [Name in keyof typeof events]: Implementation<(typeof events)[Name]> };
