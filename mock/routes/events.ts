import type { events } from '../../src/endpoints/index';
import { deleteQueue, getEvents, registerQueue } from '../domain/events/operations';
import type { Implementation } from '../http/operation';

/** Event queue operations: register, long-poll, delete. */
export const eventRoutes = {
  registerQueue: ({ state, user, params, client, request }) =>
    registerQueue(state, user, client, params, request.headers.get('user-agent')),
  getEvents: ({ state, user, params, request, client }) => getEvents(state, user, client, params, request.signal),
  deleteQueue: ({ state, user, params }) => deleteQueue(state, user, params.queue_id),
} satisfies { [Name in keyof typeof events]: Implementation<(typeof events)[Name]> };
