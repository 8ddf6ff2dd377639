import { defineEndpoint } from '../contract/endpoint';
import {
  DeactivateCustomEmojiParams,
  DeactivateCustomEmojiResponse,
  GetCustomEmojiParams,
  GetCustomEmojiResponse,
  UploadCustomEmojiParams,
  UploadCustomEmojiResponse,
} from '../schemas/custom-emoji';

/** `GET /realm/emoji`: the organization's custom emoji, deactivated ones included. */
export const getCustomEmoji = defineEndpoint({
  id: 'get-custom-emoji',
  method: 'GET',
  path: '/realm/emoji',
  params: GetCustomEmojiParams,
  response: GetCustomEmojiResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /realm/emoji/{emoji_name}`: upload a custom emoji (members holding `can_add_custom_emoji_group`). */
export const uploadCustomEmoji = defineEndpoint({
  id: 'upload-custom-emoji',
  method: 'POST',
  path: '/realm/emoji/{emoji_name}',
  params: UploadCustomEmojiParams,
  response: UploadCustomEmojiResponse,
  access: { auth: 'api_key', membersOnly: true },
  retrySafe: false,
  featureLevel: 1,
  // The server's route takes the rest of the path: a name with a slash reaches the name checks.
  restOfPath: true,
});

/** `DELETE /realm/emoji/{emoji_name}`: deactivate a custom emoji (its author or an administrator). */
export const deactivateCustomEmoji = defineEndpoint({
  id: 'deactivate-custom-emoji',
  method: 'DELETE',
  path: '/realm/emoji/{emoji_name}',
  params: DeactivateCustomEmojiParams,
  response: DeactivateCustomEmojiResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
  restOfPath: true,
  reportsIgnoredParameters: false,
});
