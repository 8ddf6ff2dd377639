import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { type Endpoint, ROLE_VALUES, type RoleName } from '../src/contract/endpoint';
import { type EndpointName, endpoints } from '../src/endpoints/index';
import { authorizationOf, CALLERS, type Caller, prepareRealm } from './support/permission-callers';

/** A refusal: the exact status, code and message. */
interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly msg: string;
}

const bad = (msg: string): Refusal => ({ status: 400, code: 'BAD_REQUEST', msg });
const unauthorized = (msg: string): Refusal => ({ status: 401, code: 'UNAUTHORIZED', msg });

const ONLY_BOTS = { status: 400, code: 'PERMISSION_DENIED', msg: 'This endpoint is only available to bots.' };
const HUMANS_REFUSED_BOT_STORAGE: Partial<Record<Caller, Refusal>> = {
  guest: ONLY_BOTS,
  member: ONLY_BOTS,
  moderator: ONLY_BOTS,
  administrator: ONLY_BOTS,
  owner: ONLY_BOTS,
};
const INSUFFICIENT_BELOW_ADMINISTRATOR: Partial<Record<Caller, Refusal>> = {
  'generic bot': bad('Insufficient permission'),
  guest: bad('Insufficient permission'),
  member: bad('Insufficient permission'),
  moderator: bad('Insufficient permission'),
};

/**
 * What the declarations cannot say: refusals the operation itself makes, for a caller that passes
 * the declared access rules, when called with nothing but its path. Every operation has a row
 * (empty when the declaration says it all), so one added without a row fails to compile.
 */
const EXPLICIT: Record<EndpointName, Partial<Record<Caller, Refusal>>> = {
  addAlertWords: {},
  getAlertWords: {},
  removeAlertWords: {},
  createDrafts: {},
  deleteDraft: {},
  editDraft: {},
  getDrafts: {},
  getSavedSnippets: {},
  createSavedSnippet: {},
  editSavedSnippet: {},
  deleteSavedSnippet: {},
  getNavigationViews: {},
  addNavigationView: {},
  editNavigationView: {},
  removeNavigationView: {},
  createBigBlueButtonVideoCall: {},
  getScheduledMessages: {},
  createScheduledMessage: {},
  updateScheduledMessage: {},
  deleteScheduledMessage: {},
  createReminder: {},
  getReminders: {},
  deleteReminder: {},
  addDefaultChannel: {},
  archiveChannel: {},
  createChannel: {},
  getChannel: {},
  getChannelId: {},
  getChannels: {},
  getSubscribers: {},
  removeDefaultChannel: {},
  createDefaultChannelGroup: {},
  updateDefaultChannelGroup: {},
  updateDefaultChannelGroupChannels: {},
  deleteDefaultChannelGroup: {},
  updateChannel: {},
  deleteQueue: {},
  getEvents: {},
  registerQueue: {},
  checkMessagesMatchNarrow: {},
  getMessages: {},
  getChannelFolders: {},
  createChannelFolder: {},
  updateChannelFolder: {},
  reorderChannelFolders: {},
  addLinkifier: {},
  getLinkifiers: {},
  removeLinkifier: {},
  reorderLinkifiers: {},
  updateLinkifier: {},
  markAllAsRead: {},
  markStreamAsRead: {},
  markTopicAsRead: {},
  updateMessageFlags: {},
  updateMessageFlagsForNarrow: {},
  getMessageHistory: {},
  updateMessage: {},
  sendMessage: {},
  getMessage: {},
  deleteMessage: {},
  reportMessage: {},
  addApnsToken: {},
  addFcmToken: {},
  removeApnsToken: {},
  removeFcmToken: {},
  testNotify: { 'generic bot': bad('This endpoint does not accept bot requests.') },
  // Called with nothing: the first parameter the server reads is missing.
  registerPushDevice: {
    guest: { status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'token_kind' argument" },
    member: { status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'token_kind' argument" },
    moderator: { status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'token_kind' argument" },
    administrator: { status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'token_kind' argument" },
    owner: { status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'token_kind' argument" },
  },
  // The default realm has no registration, so nobody has an active one.
  e2eeTestNotify: {
    guest: { status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' },
    member: { status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' },
    moderator: { status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' },
    administrator: { status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' },
    owner: { status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' },
  },
  addReaction: {},
  addSubmessage: {},
  getReadReceipts: {},
  removeReaction: {},
  renderMessage: {},
  addCodePlayground: {},
  getCustomEmoji: {},
  uploadCustomEmoji: {},
  deactivateCustomEmoji: {},
  setOwnAvatar: {},
  deleteOwnAvatar: {},
  uploadRealmIcon: {},
  deleteRealmIcon: {},
  uploadRealmLogo: {},
  deleteRealmLogo: {},
  addRealmDomain: {},
  getRealmDomains: {},
  getInvites: {},
  sendInvites: {},
  createInviteLink: { moderator: bad('Insufficient permission'), member: bad('Insufficient permission') },
  revokeEmailInvite: {},
  revokeInviteLink: {},
  resendEmailInvite: {},
  getRealmExports: {},
  exportRealm: {},
  getRealmExportConsents: {},
  deleteRealmExport: {},
  getStorage: HUMANS_REFUSED_BOT_STORAGE,
  removeCodePlayground: {},
  removeRealmDomain: {},
  removeStorage: HUMANS_REFUSED_BOT_STORAGE,
  updateRealmDomain: {},
  updateStorage: {},
  devFetchApiKey: {},
  devListUsers: {},
  fetchApiKey: {},
  getServerSettings: {},
  updateSettings: { 'generic bot': bad('This endpoint does not accept bot requests.') },
  getSubscriptionStatus: {},
  getSubscriptions: {},
  subscribe: {},
  unsubscribe: {},
  updateSubscriptionSettings: {},
  updateSubscriptions: {},
  deleteTopic: {},
  getChannelTopics: {},
  muteTopic: {},
  updateUserTopic: {},
  setTypingStatus: {},
  setTypingStatusForMessageEdit: {},
  uploadFile: {},
  getFileTemporaryUrl: {},
  getAttachments: {},
  createCustomProfileField: {},
  getCustomProfileFields: {},
  updateCustomProfileField: {},
  removeCustomProfileField: {},
  reorderCustomProfileFields: {},
  updateProfileData: {},
  removeProfileData: {},
  updatePresence: {},
  getPresence: {},
  getUserPresence: {},
  updateStatus: {},
  // /users/1/status names no user: the target is looked up before the caller's role counts
  // (the role rules themselves: test/user-status-admin.test.ts).
  updateStatusForUser: {
    guest: bad('No such user'),
    member: bad('No such user'),
    moderator: bad('No such user'),
    administrator: bad('No such user'),
    owner: bad('No such user'),
  },
  muteUser: {},
  unmuteUser: {},
  markOnboardingStep: {},
  getUserStatus: {},
  getUserGroups: {},
  getBots: {},
  getChannelEmailAddress: {},
  updateRealm: {},
  testWelcomeBotCustomMessage: {},
  updateRealmUserSettingsDefaults: {},
  createBot: {},
  updateBot: {},
  deactivateBot: {},
  regenerateBotApiKey: {},
  regenerateOwnApiKey: {},
  createUserGroup: {},
  updateUserGroup: {},
  deactivateUserGroup: {},
  updateUserGroupMembers: {},
  getUserGroupMembers: {},
  updateUserGroupSubgroups: {},
  getUserGroupSubgroups: {},
  getIsUserGroupMember: {},
  removeAttachment: {},
  createUser: {},
  deactivateOwnUser: { owner: { status: 400, code: 'CANNOT_DEACTIVATE_LAST_USER', msg: 'Cannot deactivate the only organization owner.' } },
  deactivateUser: {},
  getOwnUser: {},
  getUser: {},
  getUserByEmail: {},
  getUsers: {},
  reactivateUser: {},
  updateUser: {},
  updateUserByEmail: INSUFFICIENT_BELOW_ADMINISTRATOR,
};

const ROLE_MESSAGES: Record<RoleName, string> = {
  owner: 'Must be an organization owner',
  administrator: 'Must be an organization administrator',
  moderator: 'Must be an organization moderator',
  member: 'Must be an organization member',
  guest: '',
};

const CALLER_ROLES: Partial<Record<Caller, number>> = {
  'incoming-webhook bot': ROLE_VALUES.member,
  'generic bot': ROLE_VALUES.member,
  guest: ROLE_VALUES.guest,
  member: ROLE_VALUES.member,
  moderator: ROLE_VALUES.moderator,
  administrator: ROLE_VALUES.administrator,
  owner: ROLE_VALUES.owner,
};

/** The refusal the declaration implies for a caller, or undefined when it lets the caller through. */
function declaredRefusal(endpoint: Endpoint, caller: Caller): Refusal | undefined {
  if (endpoint.access.auth === 'none') return undefined;
  if (caller === 'no credentials') return unauthorized('Not logged in: API authentication or user session required');
  if (caller === 'wrong key') return unauthorized('Invalid API key');
  if (caller === 'deactivated user') return unauthorized('Account is deactivated');
  if (caller === 'incoming-webhook bot' && !endpoint.access.allowIncomingWebhookBots) {
    return unauthorized('This API is not available to incoming webhook bots.');
  }
  if ((endpoint.access.membersOnly || endpoint.access.nonGuestsOnly) && caller === 'guest') return bad('Not allowed for guest users');
  if ((endpoint.access.humansOnly || endpoint.access.membersOnly) && caller === 'generic bot') return bad('This endpoint does not accept bot requests.');
  const { minRole } = endpoint.access;
  const role = CALLER_ROLES[caller] ?? ROLE_VALUES.guest;
  if (minRole && role > ROLE_VALUES[minRole]) return { status: 400, code: 'UNAUTHORIZED_PRINCIPAL', msg: ROLE_MESSAGES[minRole] };
  return undefined;
}

/** A path for the operation, its parameters filled with plausible values. */
function pathOf(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) =>
    name === 'email' ? 'hamlet@zulip.com' : name === 'domain' ? 'zulip.com' : '1',
  );
}

describe('the permission matrix: every operation x every kind of caller', () => {
  it('has a row for every declared operation', () => {
    expect(Object.keys(EXPLICIT).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('gives each caller the declared refusal (exact status, code, message), or lets it through', async () => {
    const mock = createMockServer({ rateLimits: false });
    const mismatches: string[] = [];
    let refusals = 0;
    for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
      for (const caller of CALLERS) {
        mock.reset();
        prepareRealm(mock);
        const authorization = authorizationOf(mock, caller);
        const response = await mock.dispatch(
          new Request(`http://localhost:9991/api/v1${pathOf(endpoint)}`, {
            method: endpoint.method,
            headers: authorization ? { authorization } : {},
          }),
        );
        // A file the caller may not see is answered with the server's HTML page, not JSON.
        const text = (await response?.text()) ?? '';
        const body = (text.startsWith('{') ? JSON.parse(text) : {}) as { code?: string; msg?: string };
        const answer = { status: response?.status ?? 0, code: body.code ?? '', msg: body.msg ?? '' };
        const expected = declaredRefusal(endpoint, caller) ?? EXPLICIT[name][caller];
        if (expected) {
          refusals++;
          if (JSON.stringify(answer) !== JSON.stringify(expected)) mismatches.push(`${name} as ${caller}: ${JSON.stringify(answer)}`);
        } else if (answer.status === 401 || answer.code === 'UNAUTHORIZED_PRINCIPAL' || answer.code === 'PERMISSION_DENIED') {
          mismatches.push(`${name} as ${caller} was refused: ${JSON.stringify(answer)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Every operation with credentials refuses at least the three callers without a valid session.
    expect(refusals).toBeGreaterThan(3 * 70);
  }, 120_000);
});
