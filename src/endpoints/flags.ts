import { defineEndpoint } from '../contract/endpoint';
import {
  MarkAllAsReadParams,
  MarkAllAsReadResponse,
  MarkAsReadResponse,
  MarkStreamAsReadParams,
  MarkTopicAsReadParams,
  UpdateMessageFlagsParams,
  UpdateMessageFlagsResponse,
} from '../schemas/flags';

/** `POST /messages/flags`: add or remove a personal flag on messages. */
export const updateMessageFlags = defineEndpoint({
  id: 'update-message-flags',
  method: 'POST',
  path: '/messages/flags',
  params: UpdateMessageFlagsParams,
  response: UpdateMessageFlagsResponse,
  access: { auth: 'api_key' },
  // Setting a flag to the state it already has changes nothing.
  retrySafe: true,
  featureLevel: 1,
});

/** `POST /mark_all_as_read`: mark every unread message of the user as read (deprecated). */
export const markAllAsRead = defineEndpoint({
  id: 'mark-all-as-read',
  method: 'POST',
  path: '/mark_all_as_read',
  params: MarkAllAsReadParams,
  response: MarkAllAsReadResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `POST /mark_stream_as_read`: mark the unread messages of a channel as read (deprecated). */
export const markStreamAsRead = defineEndpoint({
  id: 'mark-stream-as-read',
  method: 'POST',
  path: '/mark_stream_as_read',
  params: MarkStreamAsReadParams,
  response: MarkAsReadResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `POST /mark_topic_as_read`: mark the unread messages of a channel topic as read (deprecated). */
export const markTopicAsRead = defineEndpoint({
  id: 'mark-topic-as-read',
  method: 'POST',
  path: '/mark_topic_as_read',
  params: MarkTopicAsReadParams,
  response: MarkAsReadResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});
