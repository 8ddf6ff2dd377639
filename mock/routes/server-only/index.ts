import type { Endpoint } from '../../../src/contract/endpoint';
import type { Implementation } from '../../http/operation';
import { LEVEL } from '../../domain/feature-levels';
import { jwtFetchApiKey, jwtFetchApiKeyRoute } from '../jwt';
import { checkCompatibility, checkCompatibilityRoute } from './compatibility';
import { deactivateRealmEndpoint, deactivateRealmRoute } from './realm-deactivation';
import { getRealmIcon, getRealmIconRoute, getRealmLogo, getRealmLogoRoute } from './realm-images';
import { settingsAliases } from './settings-aliases';
import { deleteUserGroupEndpoint, deleteUserGroupRoute } from './user-group-deletion';
import { updateSubscriptionProperty, updateSubscriptionPropertyRoute } from './subscription-property';
import { zcommand, zcommandRoute } from './zcommand';
import { createZoomVideoCall, createZoomVideoCallRoute } from './zoom';

/** A real route the SDK does not declare, with the mock's implementation of it. */
export interface ServerOnlyOperation {
  readonly endpoint: Endpoint;
  readonly implementation: Implementation<Endpoint>;
}

function operation<E extends Endpoint>(endpoint: E, implementation: Implementation<E>): ServerOnlyOperation {
  return { endpoint, implementation: implementation as Implementation<Endpoint> };
}

/**
 * The routes of the server's URL table outside the SDK (legacy or web-app only: frontends and old
 * clients call them directly) that the mock implements, as a server at `level` runs them.
 */
export function serverOnlyOperations(level: number): ServerOnlyOperation[] {
  return [
    operation(jwtFetchApiKey, jwtFetchApiKeyRoute),
    operation(checkCompatibility, checkCompatibilityRoute),
    ...settingsAliases(level),
    operation(updateSubscriptionProperty, updateSubscriptionPropertyRoute),
    operation(zcommand, zcommandRoute),
    operation(createZoomVideoCall, createZoomVideoCallRoute),
    operation(deactivateRealmEndpoint, deactivateRealmRoute),
    operation(getRealmIcon, getRealmIconRoute),
    operation(getRealmLogo, getRealmLogoRoute),
    ...(level < LEVEL.userGroupDeactivation ? [operation(deleteUserGroupEndpoint, deleteUserGroupRoute)] : []),
  ];
}
