import type { realmConfig } from '../../src/endpoints/index';
import { getBotStorage, removeBotStorage, updateBotStorage } from '../domain/realm-config/bot-storage';
import { addRealmDomain, listRealmDomains, removeRealmDomain, updateRealmDomain } from '../domain/realm-config/domains';
import { addPlayground, removePlayground } from '../domain/realm-config/playgrounds';
import type { Implementation } from '../http/operation';

/** Allowed domains, code playgrounds and bot storage: decode → domain → payload. */
export const realmConfigRoutes = {
  getRealmDomains: ({ state }) => ({ domains: listRealmDomains(state) }),
  addRealmDomain: ({ state, params }) => ({ new_domain: addRealmDomain(state, params.domain, params.allow_subdomains) }),
  updateRealmDomain: ({ state, params }) => {
    updateRealmDomain(state, params.domain, params.allow_subdomains);
    return {};
  },
  removeRealmDomain: ({ state, params }) => {
    removeRealmDomain(state, params.domain);
    return {};
  },
  addCodePlayground: ({ state, params }) => ({
    id: addPlayground(state, params.name, params.pygments_language, params.url_template),
  }),
  removeCodePlayground: ({ state, params }) => {
    removePlayground(state, params.playground_id);
    return {};
  },
  updateStorage: ({ state, user, params }) => {
    updateBotStorage(state, user, params.storage);
    return {};
  },
  getStorage: ({ state, user, params }) => ({ storage: getBotStorage(state, user, params.keys ?? undefined) }),
  removeStorage: ({ state, user, params }) => {
    removeBotStorage(state, user, params.keys ?? undefined);
    return {};
  },
} satisfies { [Name in keyof typeof realmConfig]: Implementation<(typeof realmConfig)[Name]> };
