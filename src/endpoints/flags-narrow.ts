import { defineEndpoint } from '../contract/endpoint';
import { NARROW_OPERATORS } from '../contract/requirements';
import { UpdateMessageFlagsForNarrowParams, UpdateMessageFlagsForNarrowResponse } from '../schemas/flags-narrow';

/** `POST /messages/flags/narrow`: add or remove a personal flag on a range of messages within a narrow. */
export const updateMessageFlagsForNarrow = defineEndpoint({
  id: 'update-message-flags-for-narrow',
  method: 'POST',
  path: '/messages/flags/narrow',
  params: UpdateMessageFlagsForNarrowParams,
  response: UpdateMessageFlagsForNarrowResponse,
  access: { auth: 'api_key' },
  // Setting a flag to the state it already has changes nothing.
  retrySafe: true,
  featureLevel: 155,
  requires: NARROW_OPERATORS,
});
