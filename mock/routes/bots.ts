import type { bots } from '../../src/endpoints/index';
import { readBotAvatarUploads } from '../domain/bots/avatar';
import { createBot } from '../domain/bots/create';
import { deactivateBot } from '../domain/bots/deactivate';
import { regenerateBotApiKey, regenerateOwnApiKey } from '../domain/bots/keys';
import { ownedBots } from '../domain/bots/read';
import { updateBot } from '../domain/bots/update';
import type { Implementation } from '../http/operation';

/** Bots and API keys: decode → domain → payload. */
export const botRoutes = {
  getBots: ({ state, user }) => ({ bots: ownedBots(state, user) }),
  createBot: async ({ state, user, params, files }) => createBot(state, user, params, await readBotAvatarUploads(files)),
  updateBot: async ({ state, user, params: { bot_id, ...changes }, files }) => updateBot(state, user, bot_id, changes, await readBotAvatarUploads(files)),
  deactivateBot: ({ state, user, params }) => {
    deactivateBot(state, user, params.bot_id);
    return {};
  },
  regenerateBotApiKey: ({ state, user, params }) => ({ api_key: regenerateBotApiKey(state, user, params.bot_id) }),
  regenerateOwnApiKey: ({ state, user }) => ({ api_key: regenerateOwnApiKey(state, user) }),
} satisfies { [Name in keyof typeof bots]: Implementation<(typeof bots)[Name]> };
