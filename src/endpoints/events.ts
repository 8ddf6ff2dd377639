import { defineEndpoint } from '../contract/endpoint';
import { ON_THE_FLY_CAPABILITIES } from '../contract/client-capabilities';
import { INCLUDE_PARTIAL_SUBSCRIBERS, NARROW_OPERATORS } from '../contract/requirements';
import {
  DeleteQueueParams,
  DeleteQueueResponse,
  GetEventsParams,
  GetEventsResponse,
  RegisterParams,
  RegisterResponse,
} from '../schemas/event-queue';

/** `POST /register`: create an event queue and fetch the initial state consistent with it. */
export const registerQueue = defineEndpoint({
  id: 'register-queue',
  method: 'POST',
  path: '/register',
  params: RegisterParams,
  response: RegisterResponse,
  access: { auth: 'api_key' },
  // Each call creates a queue; a retried one leaves an idle queue that expires on its own.
  retrySafe: true,
  featureLevel: 1,
  requires: [{ param: 'presence_history_limit_days', since: 288 }, INCLUDE_PARTIAL_SUBSCRIBERS, ...NARROW_OPERATORS],
});

/** `GET /events`: read (long-poll) the events of a queue, acknowledging older ones. */
export const getEvents = defineEndpoint({
  id: 'get-events',
  method: 'GET',
  path: '/events',
  params: GetEventsParams,
  response: GetEventsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: ON_THE_FLY_CAPABILITIES,
  rateLimit: 'event-server',
});

/** `DELETE /events`: delete an event queue. */
export const deleteQueue = defineEndpoint({
  id: 'delete-queue',
  method: 'DELETE',
  path: '/events',
  params: DeleteQueueParams,
  response: DeleteQueueResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  rateLimit: 'event-server',
});
