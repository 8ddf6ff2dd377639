import { createMockServer, type SeedInput } from '../../mock/index';
import { DEFAULT_PASSWORD } from '../../mock/seed/default-seed';
import { gif, png } from './image-bytes';
import { EXAMPLE_OBJECTS } from './jsdoc-example-objects';
import type { JsdocExampleScope } from './jsdoc-example-scope';

const SITE = 'http://chat.test';
const ADMIN = 'iago@zulip.com';
const OWNER = 'desdemona@zulip.com';
const MEMBER = 'hamlet@zulip.com';
const BOT = 'default-bot@zulip.com';
/** An example that names `bouncerPublicKey` gets a mock whose notifications go through this bouncer. */
const BOUNCER_PUBLIC_KEY = 'bouncer-public-key';
const BOUNCER = {
  bouncer: { knownTokens: ['fcm-registration-id', 'c0ffee00'.repeat(8)], registrationKeys: [BOUNCER_PUBLIC_KEY] },
} as const;
/** How long an example's `signal` lets an event loop run before it ends it. */
const LOOP_MS = 300;

/** Where the realm is and what it holds: `http://chat.test` and the default seed unless told. */
export interface ExampleRealm {
  readonly site?: string;
  readonly seed?: SeedInput;
}

/**
 * A fresh realm for one example, with the values {@link JsdocExampleScope} promises (the objects of
 * {@link EXAMPLE_OBJECTS} made when `code` names them); `took` collects the error checks that held.
 */
export async function freshExampleScope(took: Set<string>, code: string, realm: ExampleRealm = {}): Promise<JsdocExampleScope> {
  const site = realm.site ?? SITE;
  const mock = createMockServer({ baseUrl: site, seed: realm.seed, push: /\bbouncerPublicKey\b/.test(code) ? BOUNCER : {} });
  const { store, state, clock } = mock;
  const client = mock.clientFor(ADMIN);
  const idOf = (email: string) => store.userByApiEmail(email)?.id ?? -1;
  const channelId = store.channelByName('Verona')?.id ?? -1;
  // The queue first, so that the message is an event waiting in it.
  const { queue_id, last_event_id } = await client.events.register({});
  const { id } = await client.messages.send({ type: 'channel', to: channelId, topic: 'lunch', content: 'Pizza at noon?' });
  const systemGroups = state.realm.system_groups;
  const context = { client, mock, channelId, messageId: id, userId: idOf(MEMBER), now: Math.floor(clock.now() / 1000) };
  const objects: Record<string, number> = {};
  for (const [name, make] of Object.entries(EXAMPLE_OBJECTS)) {
    objects[name] = new RegExp(`\\b${name}\\b`).test(code) ? await make(context) : -1;
  }
  return {
    client,
    owner: mock.clientFor(OWNER),
    member: mock.clientFor(MEMBER),
    bot: mock.clientFor(BOT),
    mock,
    state,
    store,
    clock,
    site,
    username: ADMIN,
    password: DEFAULT_PASSWORD,
    apiKey: mock.apiKeyOf(ADMIN),
    bouncerPublicKey: BOUNCER_PUBLIC_KEY,
    signal: AbortSignal.timeout(LOOP_MS),
    queue_id: queue_id ?? '',
    last_event_id: last_event_id ?? -1,
    id,
    messageId: id,
    channelId,
    targetChannelId: store.channelByName('Denmark')?.id ?? -1,
    userId: idOf('hamlet@zulip.com'),
    myUserId: idOf(ADMIN),
    hamletId: idOf('hamlet@zulip.com'),
    othelloId: idOf('othello@zulip.com'),
    iagoId: idOf(ADMIN),
    botId: idOf('webhook-bot@zulip.com'),
    groupId: objects.groupId ?? -1,
    otherGroupId: systemGroups['role:moderators'],
    membersGroupId: systemGroups['role:members'],
    inviteId: objects.inviteId ?? -1,
    linkId: objects.linkId ?? -1,
    defaultGroupId: objects.defaultGroupId ?? -1,
    moderationChannelId: objects.moderationChannelId ?? -1,
    largeChannelId: objects.largeChannelId ?? -1,
    draftId: objects.draftId ?? -1,
    linkifierId: objects.linkifierId ?? -1,
    snippetId: objects.snippetId ?? -1,
    scheduledMessageId: objects.scheduledMessageId ?? -1,
    reminderId: objects.reminderId ?? -1,
    playgroundId: objects.playgroundId ?? -1,
    folderId: objects.folderId ?? -1,
    fieldId: objects.fieldId ?? -1,
    pngBytes: png(1, 1),
    gifBytes: gif(1, 1),
    file: new File(['hello'], 'hello.txt', { type: 'text/plain' }),
    async deactivateOrganization() {
      const credentials = btoa(`${OWNER}:${mock.apiKeyOf(OWNER)}`);
      const response = await mock.fetch(`${site}/api/v1/realm/deactivate`, { method: 'POST', headers: { Authorization: `Basic ${credentials}` } });
      if (!response.ok) throw new Error(`realm/deactivate: HTTP ${response.status} ${await response.text()}`);
    },
    took(errorClass) {
      took.add(errorClass);
      return true;
    },
  };
}
