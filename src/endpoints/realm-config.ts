import { defineEndpoint } from '../contract/endpoint';
import { PLAYGROUND_URL_TEMPLATE } from '../contract/requirements';
import {
  AddPlaygroundParams,
  AddPlaygroundResponse,
  AddRealmDomainParams,
  AddRealmDomainResponse,
  BotStorageKeysParams,
  GetBotStorageResponse,
  GetRealmDomainsParams,
  GetRealmDomainsResponse,
  RealmConfigChangeResponse,
  RemovePlaygroundParams,
  RemoveRealmDomainParams,
  UpdateBotStorageParams,
  UpdateRealmDomainParams,
} from '../schemas/realm-config';

/** `GET /realm/domains`: the e-mail domains allowed for signups. */
export const getRealmDomains = defineEndpoint({
  id: 'get-realm-domains',
  method: 'GET',
  path: '/realm/domains',
  params: GetRealmDomainsParams,
  response: GetRealmDomainsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /realm/domains`: allow a domain (owners). */
export const addRealmDomain = defineEndpoint({
  id: 'add-realm-domain',
  method: 'POST',
  path: '/realm/domains',
  params: AddRealmDomainParams,
  response: AddRealmDomainResponse,
  access: { auth: 'api_key', minRole: 'owner' },
  retrySafe: false,
  featureLevel: 1,
});

/** `PATCH /realm/domains/{domain}`: change whether subdomains are allowed (owners). */
export const updateRealmDomain = defineEndpoint({
  id: 'update-realm-domain',
  method: 'PATCH',
  path: '/realm/domains/{domain}',
  params: UpdateRealmDomainParams,
  response: RealmConfigChangeResponse,
  access: { auth: 'api_key', minRole: 'owner' },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /realm/domains/{domain}`: stop allowing a domain (owners). */
export const removeRealmDomain = defineEndpoint({
  id: 'remove-realm-domain',
  method: 'DELETE',
  path: '/realm/domains/{domain}',
  params: RemoveRealmDomainParams,
  response: RealmConfigChangeResponse,
  access: { auth: 'api_key', minRole: 'owner' },
  retrySafe: false,
  featureLevel: 1,
});

/** `POST /realm/playgrounds`: add a code playground (administrators). */
export const addCodePlayground = defineEndpoint({
  id: 'add-code-playground',
  method: 'POST',
  path: '/realm/playgrounds',
  params: AddPlaygroundParams,
  response: AddPlaygroundResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 49,
  requires: PLAYGROUND_URL_TEMPLATE,
});

/** `DELETE /realm/playgrounds/{playground_id}`: remove a code playground (administrators). */
export const removeCodePlayground = defineEndpoint({
  id: 'remove-code-playground',
  method: 'DELETE',
  path: '/realm/playgrounds/{playground_id}',
  params: RemovePlaygroundParams,
  response: RealmConfigChangeResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 49,
});

/** `PUT /bot_storage`: store key-value pairs (bots). */
export const updateStorage = defineEndpoint({
  id: 'update-storage',
  method: 'PUT',
  path: '/bot_storage',
  params: UpdateBotStorageParams,
  response: RealmConfigChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /bot_storage`: read stored values (bots). */
export const getStorage = defineEndpoint({
  id: 'get-storage',
  method: 'GET',
  path: '/bot_storage',
  params: BotStorageKeysParams,
  response: GetBotStorageResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /bot_storage`: delete stored keys (bots). */
export const removeStorage = defineEndpoint({
  id: 'remove-storage',
  method: 'DELETE',
  path: '/bot_storage',
  params: BotStorageKeysParams,
  response: RealmConfigChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});
