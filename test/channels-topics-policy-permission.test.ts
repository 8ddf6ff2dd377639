import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const INSUFFICIENT = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };
const channelsOnly = { event_types: ['stream', 'subscription'] };

/** Hamlet (a member) creates `name`, so he administers it, then only moderators may set topics policies. */
async function hamletsChannel(name: string): Promise<number> {
  await realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name }] });
  await realm.clientFor('iago@zulip.com').realm.update({ can_set_topics_policy_group: { new: realm.groupId('role:moderators') } });
  return realm.channelId(name);
}

describe("can_set_topics_policy_group: a channel's topics_policy other than inherit", () => {
  it('is refused on PATCH /streams to a channel administrator outside the group, before any change', async () => {
    const id = await hamletsChannel('hamlet topics');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(
      hamlet,
      () => expectApiError(hamlet.channels.update({ stream_id: id, topics_policy: 'disable_empty_topic', description: 'changed' }), INSUFFICIENT),
      channelsOnly,
    );
    expect(events).toEqual([]);
    expect(realm.mock.store.tables.channel.get(id)).toMatchObject({ topics_policy: 'inherit', description: '' });
    // Back to inherit needs no permission.
    await hamlet.channels.update({ stream_id: id, topics_policy: 'inherit' });
  });

  it('is allowed to a member of the group and to organization administrators', async () => {
    const id = await hamletsChannel('hamlet topics');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await realm.clientFor('iago@zulip.com').realm.update({
      can_set_topics_policy_group: { new: { direct_members: [realm.userId('hamlet@zulip.com')], direct_subgroups: [] } },
    });
    await verifyAction(hamlet, () => hamlet.channels.update({ stream_id: id, topics_policy: 'disable_empty_topic' }), channelsOnly);
    expect(realm.mock.store.tables.channel.get(id)?.topics_policy).toBe('disable_empty_topic');
    await realm.clientFor('iago@zulip.com').channels.update({ stream_id: id, topics_policy: 'allow_empty_topic' });
    expect(realm.mock.store.tables.channel.get(id)?.topics_policy).toBe('allow_empty_topic');
  });

  it('is refused when subscribing, for new and existing channels alike; nothing is created', async () => {
    await hamletsChannel('hamlet topics');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'brand new' }], topics_policy: 'disable_empty_topic' }), INSUFFICIENT);
    expect(realm.mock.store.channelByName('brand new')).toBeUndefined();
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], topics_policy: 'allow_empty_topic' }), INSUFFICIENT);
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'brand new' }], topics_policy: 'inherit' });
    expect(realm.mock.store.channelByName('brand new')?.topics_policy).toBe('inherit');
  });

  it('creates the channel with its policy for a member of the group', async () => {
    await hamletsChannel('hamlet topics');
    const shiva = realm.clientFor('shiva@zulip.com');
    await shiva.subscriptions.add({ subscriptions: [{ name: 'moderated' }], topics_policy: 'disable_empty_topic' });
    expect(realm.mock.store.channelByName('moderated')?.topics_policy).toBe('disable_empty_topic');
  });

  it('is not checked below feature level 392, which added the setting: such a server ignores it, and the SDK refuses to send it', async () => {
    const mock = createMockServer({ featureLevel: 391 });
    const email = 'hamlet@zulip.com';
    mock.state.realm.can_set_topics_policy_group = mock.state.realm.system_groups['role:nobody'];
    const response = await mock.fetch(
      new Request('http://localhost:9991/api/v1/users/me/subscriptions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` },
        body: new URLSearchParams({ subscriptions: '[{"name":"old server"}]', topics_policy: '"disable_empty_topic"' }),
      }),
    );
    expect(await response.json()).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['topics_policy'] });
    expect(mock.store.channelByName('old server')?.topics_policy).toBe('inherit');
    const hamlet = new ChatClient({ site: 'http://localhost:9991', email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, maxRetries: 0 });
    await expect(hamlet.subscriptions.add({ subscriptions: [{ name: 'old server' }], topics_policy: 'disable_empty_topic' })).rejects.toMatchObject({
      parameter: 'topics_policy',
      neededLevel: 392,
    });
  });
});
