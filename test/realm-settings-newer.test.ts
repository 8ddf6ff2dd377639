import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const SITE = 'http://localhost:9991';
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function registerRealm(): Promise<Record<string, unknown>> {
  return (await realm.clientFor(IAGO).events.register({ fetch_event_types: ['realm'] })) as Record<string, unknown>;
}

/** A mock server behaving as `level`, and an administrator's client that learns the level from it. */
function olderServer(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const client = new ChatClient({ site: SITE, email: IAGO, apiKey: mock.apiKeyOf(IAGO), fetch: mock.fetch, maxRetries: 0 });
  return { mock, client };
}

/** The settings of feature levels 392 to 434, by the level that added each register key. */
const NEWER_KEYS: Record<string, number> = {
  realm_topics_policy: 392,
  realm_can_set_topics_policy_group: 392,
  realm_can_set_delete_message_policy_group: 407,
  realm_require_e2ee_push_notifications: 409,
  realm_welcome_message_custom_text: 416,
  realm_send_channel_events_messages: 434,
};

describe('the realm settings of feature levels 392-434', () => {
  it('register has each at the development realm\'s value (channel event notices on, as populate_db sets them)', async () => {
    expect(await registerRealm()).toMatchObject({
      realm_topics_policy: 'allow_empty_topic',
      realm_can_set_topics_policy_group: realm.groupId('role:members'),
      realm_can_set_delete_message_policy_group: realm.groupId('role:moderators'),
      realm_require_e2ee_push_notifications: false,
      realm_welcome_message_custom_text: '',
      realm_send_channel_events_messages: true,
    });
  });

  it('register has each only from its level', async () => {
    for (const level of [391, 392, 406, 407, 408, 409, 415, 416, 433, 434]) {
      const { client } = olderServer(level);
      const state = (await client.events.register({ fetch_event_types: ['realm'] })) as Record<string, unknown>;
      for (const [key, since] of Object.entries(NEWER_KEYS)) expect(key in state, `${key} at ${level}`).toBe(level >= since);
      // The deprecated key stays beside its replacement.
      expect(state).toHaveProperty('realm_mandatory_topics', false);
    }
  });

  it('PATCH /realm changes them with the server events; the answer says "updated" for the text', async () => {
    const iago = realm.clientFor(IAGO);
    let answer: unknown;
    const events = await verifyAction(iago, async () => {
      answer = await iago.realm.update({
        require_e2ee_push_notifications: true,
        welcome_message_custom_text: '😀'.repeat(8000),
        send_channel_events_messages: false,
        can_set_delete_message_policy_group: { new: realm.groupId('role:administrators') },
        can_set_topics_policy_group: { new: realm.groupId('role:everyone') },
      });
    });
    expect(answer).toEqual({
      require_e2ee_push_notifications: true,
      welcome_message_custom_text: 'updated',
      send_channel_events_messages: false,
      can_set_delete_message_policy_group: realm.groupId('role:administrators'),
      can_set_topics_policy_group: realm.groupId('role:everyone'),
    });
    const realmEvents = events.map((event) => {
      const { id: _id, ...rest } = event as Record<string, unknown>;
      return rest;
    });
    expect(realmEvents).toEqual([
      { type: 'realm', op: 'update', property: 'require_e2ee_push_notifications', value: true },
      { type: 'realm', op: 'update', property: 'welcome_message_custom_text', value: '😀'.repeat(8000) },
      { type: 'realm', op: 'update', property: 'send_channel_events_messages', value: false },
      { type: 'realm', op: 'update_dict', property: 'default', data: { can_set_delete_message_policy_group: realm.groupId('role:administrators') } },
      { type: 'realm', op: 'update_dict', property: 'default', data: { can_set_topics_policy_group: realm.groupId('role:everyone') } },
    ]);
    expect(await registerRealm()).toMatchObject({
      realm_require_e2ee_push_notifications: true,
      realm_welcome_message_custom_text: '😀'.repeat(8000),
      realm_send_channel_events_messages: false,
      realm_can_set_delete_message_policy_group: realm.groupId('role:administrators'),
      realm_can_set_topics_policy_group: realm.groupId('role:everyone'),
    });
  });

  it('the topics policy: one update_dict with the deprecated mandatory_topics', async () => {
    const iago = realm.clientFor(IAGO);
    const events = await verifyAction(iago, async () => {
      // Answered by the enum's number, as the server's answer holds the enum member.
      expect(await iago.realm.update({ topics_policy: 'disable_empty_topic' })).toEqual({ topics_policy: 3 });
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update_dict', property: 'default', data: { topics_policy: 'disable_empty_topic', mandatory_topics: true } }),
    ]);
    expect(await registerRealm()).toMatchObject({ realm_topics_policy: 'disable_empty_topic', realm_mandatory_topics: true });
  });

  it('refuses what the server refuses, in its words, and changes nothing', async () => {
    const iago = realm.clientFor(IAGO);
    const tooLong = bad('welcome_message_custom_text is too long (limit: 8000 characters)');
    await expectApiError(iago.realm.update({ welcome_message_custom_text: 'x'.repeat(8001) }), tooLong);
    // Its length is checked with the parameters, before anything else.
    await expectApiError(iago.realm.update({ invite_required: true, welcome_message_custom_text: 'x'.repeat(8001) }), tooLong);
    for (const name of ['require_e2ee_push_notifications', 'send_channel_events_messages']) {
      const raw = await realm.raw(IAGO, 'PATCH', '/realm', new URLSearchParams({ [name]: 'maybe' }));
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ code: 'BAD_REQUEST', msg: `${name} is not valid JSON` });
    }
    await expectApiError(
      iago.realm.update({ can_set_delete_message_policy_group: { new: realm.groupId('role:everyone') } }),
      bad("'can_set_delete_message_policy_group' setting cannot be set to 'role:everyone' group."),
    );
    await expectApiError(iago.realm.update({ can_set_topics_policy_group: { new: 99_999 } }), bad('Invalid user group'));
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.update({ send_channel_events_messages: true }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
    expect(await registerRealm()).toMatchObject({
      realm_welcome_message_custom_text: '',
      realm_require_e2ee_push_notifications: false,
      realm_send_channel_events_messages: true,
      realm_can_set_delete_message_policy_group: realm.groupId('role:moderators'),
      realm_can_set_topics_policy_group: realm.groupId('role:members'),
    });
  });

  it('send_channel_events_messages decides whether Notification Bot posts channel event notices (level 434)', async () => {
    const iago = realm.clientFor(IAGO);
    const notices = async (channel: string) =>
      (await iago.messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: 'channel events' }] })).messages.map((message) => message.content);
    await iago.subscriptions.add({ subscriptions: [{ name: 'loud', description: 'noise' }] });
    await iago.channels.update({ stream_id: realm.channelId('loud'), description: 'more noise' });
    expect(await notices('loud')).toHaveLength(2);
    await iago.realm.update({ send_channel_events_messages: false });
    await iago.subscriptions.add({ subscriptions: [{ name: 'quiet', description: 'calm' }] });
    await iago.channels.update({ stream_id: realm.channelId('quiet'), new_name: 'silent' });
    await iago.channels.update({ stream_id: realm.channelId('loud'), description: 'still noise' });
    expect(await notices('silent')).toEqual([]);
    expect(await notices('loud')).toHaveLength(2);
    // Before level 434 there is no such setting: notices are always posted.
    const { mock, client } = olderServer(433);
    mock.realm.send_channel_events_messages = false;
    await client.subscriptions.add({ subscriptions: [{ name: 'older' }] });
    const older = await client.messages.list({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'older' }] });
    expect(older.messages.map((message) => message.subject)).toEqual(['channel events']);
  });

  it('an older server ignores them; the SDK refuses to send them there', async () => {
    const { mock, client } = olderServer(415);
    await expect(client.realm.update({ welcome_message_custom_text: 'Hi' })).rejects.toMatchObject({
      constructor: UnsupportedFeatureError,
      parameter: 'welcome_message_custom_text',
      neededLevel: 416,
      serverLevel: 415,
    });
    const response = await mock.fetch(`${SITE}/api/v1/realm`, {
      method: 'PATCH',
      headers: { authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}` },
      body: new URLSearchParams({ welcome_message_custom_text: 'Hi', send_welcome_emails: 'false' }),
    });
    expect(await response.json()).toMatchObject({ result: 'success', send_welcome_emails: false, ignored_parameters_unsupported: ['welcome_message_custom_text'] });
    expect(mock.state.realm.welcome_message_custom_text).toBe('');
  });
});
