import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

async function drain(client: ChatClient, queueId: string) {
  return (await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true })).events.map(({ id: _id, ...event }) => event);
}

describe('realm_export_consent', () => {
  it('has no register state, as on the server (the events are for administrators only)', async () => {
    const state: Record<string, unknown> = await realm.clientFor('iago@zulip.com').events.register({ fetch_event_types: ['realm_export_consent'] });
    expect(Object.keys(state).sort()).toEqual(['last_event_id', 'queue_id', 'zulip_feature_level', 'zulip_merge_base', 'zulip_version']);
  });

  it('a changed allow_private_data_export: to the human administrators and owners, not to moderators, members or the user', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const queues = new Map<string, { client: ChatClient; queueId: string }>();
    for (const email of ['desdemona@zulip.com', 'iago@zulip.com', 'shiva@zulip.com', 'cordelia@zulip.com', 'hamlet@zulip.com']) {
      const client = realm.clientFor(email);
      const { queue_id } = await client.events.register({ event_types: ['realm_export_consent'] });
      queues.set(email, { client, queueId: queue_id ?? '' });
    }
    const events = await verifyAction(realm.clientFor('iago@zulip.com'), () => hamlet.settings.update({ allow_private_data_export: true }));
    expect(events).toEqual([{ type: 'realm_export_consent', user_id: realm.userId('hamlet@zulip.com'), consented: true, id: 0 }]);
    const received: Record<string, unknown[]> = {};
    for (const [email, { client, queueId }] of queues) received[email] = await drain(client, queueId);
    const event = { type: 'realm_export_consent', user_id: realm.userId('hamlet@zulip.com'), consented: true };
    expect(received).toEqual({
      'desdemona@zulip.com': [event],
      'iago@zulip.com': [event],
      'shiva@zulip.com': [],
      'cordelia@zulip.com': [],
      'hamlet@zulip.com': [],
    });
  });

  it('an unchanged value sends nothing; withdrawing consent sends false', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const unchanged = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => hamlet.settings.update({ allow_private_data_export: false }));
    expect(unchanged).toEqual([]);
    await hamlet.settings.update({ allow_private_data_export: true });
    const withdrawn = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => hamlet.settings.update({ allow_private_data_export: false }));
    expect(withdrawn).toEqual([{ type: 'realm_export_consent', user_id: realm.userId('hamlet@zulip.com'), consented: false, id: 0 }]);
  });

  it('a reactivated human: after the realm_user update, their stored consent; not for a reactivated bot', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    await realm.clientFor('othello@zulip.com').settings.update({ allow_private_data_export: true });
    await iago.users.deactivate({ user_id: othello });
    const events = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => iago.users.reactivate({ user_id: othello }), {
      event_types: ['realm_user', 'realm_export_consent'],
    });
    expect(events.map((event) => [event?.type, event?.type === 'realm_export_consent' ? event.consented : undefined])).toEqual([
      ['realm_user', undefined],
      ['realm_export_consent', true],
    ]);
  });

  it('a reactivated bot: no consent event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const bot = realm.userId('webhook-bot@zulip.com');
    await iago.bots.deactivate({ bot_id: bot });
    const events = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => iago.users.reactivate({ user_id: bot }), {
      event_types: ['realm_user', 'realm_export_consent'],
    });
    expect(events.map((event) => event?.type)).toEqual(['realm_user']);
  });

  it('no event from a server older than feature level 312', async () => {
    const mock = createMockServer({ featureLevel: 311 });
    const client = (email: string) => new ChatClient({ site: 'http://localhost:9991', email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch });
    const { queue_id } = await client('iago@zulip.com').events.register({ event_types: ['realm_export_consent'] });
    await client('hamlet@zulip.com').settings.update({ allow_private_data_export: true });
    expect(await drain(client('iago@zulip.com'), queue_id ?? '')).toEqual([]);
  });
});
