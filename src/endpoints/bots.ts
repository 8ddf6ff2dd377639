import { defineEndpoint } from '../contract/endpoint';
import {
  BotChangeResponse,
  BotIdParams,
  CreateBotParams,
  CreateBotResponse,
  GetBotsParams,
  GetBotsResponse,
  RegenerateApiKeyResponse,
  RegenerateOwnApiKeyParams,
  UpdateBotParams,
  UpdateBotResponse,
} from '../schemas/bot';

const membersOnly = { auth: 'api_key', membersOnly: true } as const;

/** `GET /bots`: the caller's active bots, with their API keys. */
export const getBots = defineEndpoint({
  id: 'get-bots',
  method: 'GET',
  path: '/bots',
  params: GetBotsParams,
  response: GetBotsResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /bots`: create a bot the caller owns. */
export const createBot = defineEndpoint({
  id: 'create-bot',
  method: 'POST',
  path: '/bots',
  params: CreateBotParams,
  response: CreateBotResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
  jsonStrings: ['payload_url'],
});

/** `PATCH /bots/{bot_id}`: change a bot (its owner or an administrator). */
export const updateBot = defineEndpoint({
  id: 'update-bot',
  method: 'PATCH',
  path: '/bots/{bot_id}',
  params: UpdateBotParams,
  response: UpdateBotResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 1,
  jsonStrings: ['service_payload_url'],
});

/** `DELETE /bots/{bot_id}`: deactivate a bot (its owner or an administrator). */
export const deactivateBot = defineEndpoint({
  id: 'deactivate-bot',
  method: 'DELETE',
  path: '/bots/{bot_id}',
  params: BotIdParams,
  response: BotChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /bots/{bot_id}/api_key/regenerate`: a new API key for a bot (its owner or an administrator). */
export const regenerateBotApiKey = defineEndpoint({
  id: 'regenerate-bot-api-key',
  method: 'POST',
  path: '/bots/{bot_id}/api_key/regenerate',
  params: BotIdParams,
  response: RegenerateApiKeyResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
});

/** `POST /users/me/api_key/regenerate`: a new API key for the caller (a bot may renew its own). */
export const regenerateOwnApiKey = defineEndpoint({
  id: 'regenerate-api-key',
  method: 'POST',
  path: '/users/me/api_key/regenerate',
  params: RegenerateOwnApiKeyParams,
  response: RegenerateApiKeyResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});
