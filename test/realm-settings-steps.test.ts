import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { REALM_PROPERTIES, REALM_PROPERTY_NAMES } from '../mock/domain/realm-config/realm-properties';
import { CHECKED_PROPERTY_NAMES } from '../mock/domain/realm-config/update-realm-checks';
import { PROPERTY_STEP_NAMES } from '../mock/domain/realm-config/update-realm';
import { type ExpectedApiError, expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const IAGO = 'iago@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';
const bad = (msg: string): ExpectedApiError => ({ code: 'BAD_REQUEST', status: 400, msg });
const owner: ExpectedApiError = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization owner' };
type Update = Parameters<ChatClient['realm']['update']>[0];

/** Each realm event by what it changes: an update's property, an update_dict's keys. */
function summary(events: readonly unknown[]): string[] {
  return events.map((event) => {
    const realmEvent = event as { type: string; op: string; property?: string; data?: Record<string, unknown> };
    expect(realmEvent.type).toBe('realm');
    return realmEvent.op === 'update' ? String(realmEvent.property) : Object.keys(realmEvent.data ?? {}).join();
  });
}

/** Sends a request that fails; returns its realm events, after the events acceptance check. */
async function failingUpdate(email: string, request: Update, error: ExpectedApiError): Promise<string[]> {
  const client = realm.clientFor(email);
  return summary(await verifyAction(client, () => expectApiError(client.realm.update(request), error), { event_types: ['realm'] }));
}

/** Requests refused by a check made before the first change: nothing changes, no event is sent. */
const REFUSED_UP_FRONT = [
  { what: 'an unknown video call provider', email: IAGO, request: { name: 'X', video_chat_provider: 3 }, error: bad('Invalid video_chat_provider 3') },
  { what: 'an unknown language', email: IAGO, request: { message_content_delete_limit_seconds: 'unlimited', name: 'X', default_language: 'xx' }, error: bad("Invalid language 'xx'") },
  { what: 'the retention period from an administrator', email: IAGO, request: { name: 'X', enable_read_receipts: false, message_retention_days: 30 }, error: owner },
  { what: 'an owner-only group from an administrator', email: IAGO, request: { name: 'X', can_manage_all_groups: { new: 1 } }, error: owner },
  { what: 'the waiting period from an administrator', email: IAGO, request: { name: 'X', waiting_period_threshold: 3 }, error: owner },
  { what: 'an unknown topics policy (read with the parameters)', email: IAGO, request: { name: 'X', topics_policy: 'never' }, error: bad('Invalid topics_policy') },
  {
    what: 'an unknown login method, checked before the video call provider',
    email: DESDEMONA,
    request: { name: 'X', video_chat_provider: 3, authentication_methods: { GitHub: true } },
    error: bad("Invalid authentication method: GitHub. Valid methods are: ['Dev', 'Email']"),
  },
  { what: 'a Jitsi server URL that is not one', email: IAGO, request: { name: 'X', jitsi_server_url: 'not a url' }, error: bad('jitsi_server_url is not an allowed_type') },
  { what: 'a digest weekday past Saturday', email: IAGO, request: { name: 'X', digest_weekday: 7 }, error: bad('Invalid digest_weekday') },
  { what: 'an unknown GIPHY rating', email: IAGO, request: { name: 'X', giphy_rating: 99 }, error: bad('Invalid giphy_rating 99') },
] satisfies { what: string; email: string; request: Update; error: ExpectedApiError }[];

describe('PATCH /realm makes its changes one step at a time, as the server (no transaction around the request)', () => {
  it('a refused group setting keeps the name changed before it, and its event', async () => {
    expect(await failingUpdate(IAGO, { name: 'Fine', can_add_subscribers_group: { new: 424242 } }, bad('Invalid user group'))).toEqual(['name']);
    expect(realm.mock.realm).toMatchObject({ name: 'Fine', can_add_subscribers_group: realm.groupId('role:members') });
    // The same over HTTP: the exact answer.
    const response = await realm.raw(IAGO, 'PATCH', '/realm', new URLSearchParams({ description: 'Kept', can_add_subscribers_group: '{"new": 424242}' }));
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user group' },
    });
    expect(realm.mock.realm.description).toBe('Kept');
  });

  it.each([
    {
      what: "a time limit refused after another set to 'unlimited' as it was read",
      email: IAGO,
      request: (): Update => ({ message_content_edit_limit_seconds: 0, message_content_delete_limit_seconds: 'unlimited' }),
      error: { code: 'REQUEST_VARIABLE_INVALID', status: 400, msg: "Bad value for 'message_content_edit_limit_seconds': 0" },
      events: ['message_content_delete_limit_seconds'],
    },
    {
      what: "a stale 'old' for a later group setting",
      email: IAGO,
      request: (): Update => ({
        enable_read_receipts: false,
        can_resolve_topics_group: { new: realm.groupId('role:moderators'), old: realm.groupId('role:members') },
        can_add_subscribers_group: { new: realm.groupId('role:administrators') },
      }),
      error: { code: 'EXPECTATION_MISMATCH', status: 400, msg: "'old' value does not match the expected value." },
      events: ['enable_read_receipts', 'can_add_subscribers_group'],
    },
    {
      what: 'an unknown announcement channel, after the groups and the moderation channel',
      email: IAGO,
      request: (): Update => ({ new_stream_announcements_stream_id: 424242, moderation_request_channel_id: -1, can_resolve_topics_group: { new: realm.groupId('role:moderators') } }),
      error: bad('Invalid channel ID'),
      events: ['can_resolve_topics_group', 'moderation_request_channel_id'],
    },
    {
      what: 'a public moderation request channel, after the login methods',
      email: DESDEMONA,
      request: (): Update => ({ signup_announcements_stream_id: realm.channelId('Denmark'), moderation_request_channel_id: realm.channelId('Denmark'), authentication_methods: { Dev: true, Email: false } }),
      error: bad('Moderation request channel must be private.'),
      events: ['authentication_methods'],
    },
    {
      what: "string_id from an administrator: refused at its step, after the channels (and before the organization's type)",
      email: IAGO,
      request: (): Update => ({ org_type: 20, string_id: 'elsinore', zulip_update_announcements_stream_id: realm.channelId('Verona'), name: 'Elsinore' }),
      error: owner,
      events: ['name', 'zulip_update_announcements_stream_id'],
    },
  ])('$what: the earlier steps stay, with their events', async ({ email, request, error, events }) => {
    expect(await failingUpdate(email, request(), error)).toEqual(events);
  });

  it('the state after a partly failed request', async () => {
    await failingUpdate(IAGO, { org_type: 20, string_id: 'elsinore', zulip_update_announcements_stream_id: realm.channelId('Verona'), name: 'Elsinore' }, owner);
    expect(realm.mock.realm).toMatchObject({ name: 'Elsinore', zulip_update_announcements_stream_id: realm.channelId('Verona'), org_type: 10 });
  });

  it.each(REFUSED_UP_FRONT)('$what is refused before anything changes', async ({ email, request, error }) => {
    expect(await failingUpdate(email, request, error)).toEqual([]);
    expect(realm.mock.realm).toMatchObject({ name: 'Zulip Dev', message_content_delete_limit_seconds: 600, enable_read_receipts: true });
  });
});

describe("PATCH /realm's order: the server's, whatever the request's", () => {
  it('every kind of setting in one request', async () => {
    const desdemona = realm.clientFor(DESDEMONA);
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const [denmark, verona, secret] = [realm.channelId('Denmark'), realm.channelId('Verona'), realm.channelId('secret')];
    let answer: Record<string, unknown> = {};
    const events = await verifyAction(desdemona, async () => {
      answer = await desdemona.realm.update({
        org_type: 20,
        zulip_update_announcements_stream_id: verona,
        signup_announcements_stream_id: denmark,
        new_stream_announcements_stream_id: denmark,
        moderation_request_channel_id: secret,
        authentication_methods: { Dev: true, Email: false },
        can_mention_many_users_group: { new: realm.groupId('role:moderators') },
        can_create_groups: { new: realm.groupId('role:administrators') },
        create_multiuse_invite_group: { new: realm.groupId('role:owners') },
        jitsi_server_url: 'https://jitsi.example.com',
        move_messages_between_streams_limit_seconds: 'unlimited',
        message_content_edit_limit_seconds: 1200,
        message_content_delete_limit_seconds: 'unlimited',
        message_retention_days: 30,
        send_channel_events_messages: false,
        enable_read_receipts: false,
        digest_weekday: 3,
        giphy_rating: 3,
        video_chat_provider: 0,
        default_language: 'de',
        message_edit_history_visibility_policy: 'moves',
        topics_policy: 'disable_empty_topic',
        allow_message_editing: false,
        invite_required: true,
        emails_restricted_to_domains: true,
        description: 'Something is rotten',
        name: 'Elsinore',
      });
    });
    const order = [
      // The time limits going to 'unlimited', set as they are read.
      'message_content_delete_limit_seconds',
      'move_messages_between_streams_limit_seconds',
      // The plain settings, in the order of the view's parameters.
      'name',
      'description',
      'emails_restricted_to_domains',
      'invite_required',
      'allow_message_editing',
      'topics_policy,mandatory_topics',
      'message_edit_history_visibility_policy',
      'default_language',
      'video_chat_provider',
      'giphy_rating',
      'digest_weekday',
      'enable_read_receipts',
      'send_channel_events_messages',
      // Then the view's own variables: the retention period, a time limit in seconds, a Jitsi server.
      'message_retention_days',
      'message_content_edit_limit_seconds',
      'jitsi_server_url',
      // The permission groups, in the server's order of its group settings.
      'create_multiuse_invite_group',
      'can_create_groups',
      'can_mention_many_users_group',
      'authentication_methods',
      'moderation_request_channel_id',
      'new_stream_announcements_stream_id',
      'signup_announcements_stream_id',
      'zulip_update_announcements_stream_id',
      'org_type',
    ];
    expect(summary(events)).toEqual(order);
    // The answer in the same order, as the server builds it.
    expect(Object.keys(answer)).toEqual(order.map((name) => name.split(',')[0]));
  });

  it("a Jitsi server set back to the server's own comes right after the time limits", async () => {
    const iago = realm.clientFor(IAGO);
    await iago.realm.update({ jitsi_server_url: 'https://jitsi.example.com' });
    const events = await verifyAction(iago, async () => {
      await iago.realm.update({ name: 'Elsinore', jitsi_server_url: 'default', message_content_edit_limit_seconds: 'unlimited' });
    });
    expect(summary(events)).toEqual(['message_content_edit_limit_seconds', 'jitsi_server_url', 'name']);
  });

  it('leaves none of the plain settings out', () => {
    expect(REALM_PROPERTY_NAMES.filter((name) => !PROPERTY_STEP_NAMES.includes(name))).toEqual([]);
  });

  // CHECKED_PROPERTY_NAMES lists the checks made before any change; REFUSED_UP_FRONT shows each one refusing with nothing changed.
  it('lists every plain setting whose rule has a check among the up-front checks, each refused in a request above', () => {
    const withCheck = REALM_PROPERTY_NAMES.filter((name) => REALM_PROPERTIES[name].check !== undefined);
    expect(withCheck.filter((name) => !CHECKED_PROPERTY_NAMES.includes(name))).toEqual([]);
    expect(withCheck.filter((name) => !REFUSED_UP_FRONT.some(({ request }) => Object.hasOwn(request, name)))).toEqual([]);
  });
});
