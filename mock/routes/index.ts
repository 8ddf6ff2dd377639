import type { HttpHandler } from 'msw';
import { type EndpointName, endpoints } from '../../src/endpoints/index';
import type { MockState } from '../domain/state';
import type { Endpoint } from '../../src/contract/endpoint';
import { createDispatch, type Dispatch } from '../http/dispatch';
import { fallbackHandler, fallbackResolver } from '../http/fallback';
import { routeAtLevel } from '../http/route-at-level';
import { asOlderServer } from './older-servers';
import { siteHandler } from '../http/site-handler';
import type { ExchangeObserver } from '../http/observer';
import { type Implementation, operationResolver } from '../http/operation';
import { createRouter } from '../http/router';
import { createFileServer, fileServerHandlers } from '../http/upload-files';
import { createTusServer } from '../http/tus';
import { createExternalContentServer, externalContentHandler } from '../http/external-content';
import { alertWordRoutes } from './alert-words';
import { botRoutes } from './bots';
import { channelFolderRoutes } from './channel-folders';
import { draftRoutes } from './drafts';
import { channelRoutes } from './channels';
import { eventRoutes } from './events';
import { messageDeletionRoutes } from './message-deletion';
import { historyRoutes } from './history';
import { inviteRoutes } from './invites';
import { linkifierRoutes } from './linkifiers';
import { flagRoutes } from './flags';
import { flagNarrowRoutes } from './flags-narrow';
import { messageEditRoutes } from './message-edits';
import { messageReportRoutes } from './message-reports';
import { messageRoutes } from './messages';
import { mutedUserRoutes } from './muted-users';
import { navigationViewRoutes } from './navigation-views';
import { onboardingRoutes } from './onboarding';
import { presenceRoutes } from './presence';
import { profileFieldRoutes } from './profile-fields';
import { pushRoutes } from './push';
import { customEmojiRoutes } from './custom-emoji';
import { avatarRoutes } from './avatars';
import { defaultChannelGroupRoutes } from './default-channel-groups';
import { reactionRoutes } from './reactions';
import { savedSnippetRoutes } from './saved-snippets';
import { scheduledMessageRoutes } from './scheduled-messages';
import { reminderRoutes } from './reminders';
import { realmConfigRoutes } from './realm-config';
import { realmExportRoutes } from './realm-exports';
import { realmSettingsRoutes } from './realm-settings';
import { serverRoutes } from './server';
import { settingsRoutes } from './settings';
import { submessageRoutes } from './submessages';
import { subscriptionRoutes } from './subscriptions';
import { topicRoutes } from './topics';
import { typingRoutes } from './typing';
import { uploadRoutes } from './uploads';
import { userGroupRoutes } from './user-groups';
import { userStatusRoutes } from './user-status';
import { userRoutes } from './users';
import { videoCallRoutes } from './video-calls';
import { serverOnlyOperations } from './server-only/index';

/** One implementation per declared operation: a missing or extra route is a compile error. */
type RouteTable = { readonly [Name in EndpointName]: Implementation<(typeof endpoints)[Name]> };

/** Every route of the mock. */
const routes: RouteTable = {
  ...alertWordRoutes,
  ...avatarRoutes,
  ...botRoutes,
  ...channelFolderRoutes,
  ...customEmojiRoutes,
  ...defaultChannelGroupRoutes,
  ...draftRoutes,
  ...channelRoutes,
  ...eventRoutes,
  ...flagRoutes,
  ...flagNarrowRoutes,
  ...historyRoutes,
  ...inviteRoutes,
  ...linkifierRoutes,
  ...messageRoutes,
  ...messageDeletionRoutes,
  ...messageEditRoutes,
  ...messageReportRoutes,
  ...mutedUserRoutes,
  ...navigationViewRoutes,
  ...onboardingRoutes,
  ...presenceRoutes,
  ...profileFieldRoutes,
  ...pushRoutes,
  ...reactionRoutes,
  ...savedSnippetRoutes,
  ...scheduledMessageRoutes,
  ...reminderRoutes,
  ...realmConfigRoutes,
  ...realmExportRoutes,
  ...realmSettingsRoutes,
  ...serverRoutes,
  ...settingsRoutes,
  ...submessageRoutes,
  ...subscriptionRoutes,
  ...topicRoutes,
  ...typingRoutes,
  ...uploadRoutes,
  ...userGroupRoutes,
  ...userStatusRoutes,
  ...userRoutes,
  ...videoCallRoutes,
};

/** Operations only a development server has (its `dev_urls`): absent from a production server. */
const DEVELOPMENT_ONLY = new Set(['dev-fetch-api-key', 'dev-list-users']);

/** The realm's MSW handlers, and the same as one function for the paths that need no MSW. */
export interface RealmHandlers {
  readonly handlers: HttpHandler[];
  readonly dispatch: Dispatch;
}

/**
 * MSW handlers: the guard against requests no route may see, the router of every declared
 * operation, then the fallback for everything else under /api/v1; and {@link Dispatch}, the same
 * without MSW.
 */
export function createHandlers(
  state: MockState,
  baseUrl: string,
  observer?: ExchangeObserver,
  { devEndpoints = true }: { readonly devEndpoints?: boolean } = {},
): RealmHandlers {
  const names = Object.keys(endpoints) as EndpointName[];
  const exists = (endpoint: Endpoint) => devEndpoints || !DEVELOPMENT_ONLY.has(endpoint.id);
  const served = names.flatMap((name) => {
    const route = exists(endpoints[name]) ? routeAtLevel(endpoints[name], state.featureLevel) : undefined;
    return route ? [{ name, route }] : [];
  });
  const operations = served.map(({ name, route }) => {
    const older = asOlderServer(route, routes[name] as Implementation<Endpoint>, state.featureLevel);
    return { endpoint: older.endpoint, resolve: operationResolver(state, older.endpoint, older.implementation, observer) };
  });
  // Real routes outside the SDK (legacy or web-app only).
  for (const { endpoint, implementation } of serverOnlyOperations(state.featureLevel)) {
    operations.push({ endpoint, resolve: operationResolver(state, endpoint, implementation, observer) });
  }
  const absent = names
    .map((name) => endpoints[name])
    .filter((endpoint) => endpoint.featureLevel > state.featureLevel || !exists(endpoint));
  const router = createRouter(operations);
  const files = createFileServer(state);
  const tus = createTusServer(state);
  const externalContent = createExternalContentServer(state);
  const fallback = fallbackResolver(
    state,
    operations.map(({ endpoint }) => endpoint),
    observer,
    absent,
  );
  return {
    handlers: [
      siteHandler(
        state,
        baseUrl,
        observer,
        tus,
        router,
        operations.filter(({ endpoint }) => endpoint.siteRoot).map(({ endpoint }) => endpoint.path),
      ),
      fallbackHandler(baseUrl, fallback),
      ...fileServerHandlers(baseUrl, files),
      externalContentHandler(state, baseUrl, externalContent),
    ],
    dispatch: createDispatch(state, baseUrl, observer, router, fallback, files, tus, externalContent),
  };
}
