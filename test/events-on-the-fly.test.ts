import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const NOT_AUTHORIZED = { code: 'BAD_REQUEST', status: 400, msg: 'User not authorized for this query' };

async function drain(client: ChatClient, queueId: string) {
  return (await client.events.get({ queue_id: queueId, last_event_id: -1, dont_block: true })).events;
}

describe('GET /events without queue_id (a queue created on the fly)', () => {
  it('builds the queue with the capabilities given as top-level parameters, and reports none of them ignored', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const flags = {
      dont_block: true,
      event_types: ['message', 'delete_message', 'typing', 'presence', 'update_display_settings', 'user_settings'],
      slim_presence: true,
      bulk_message_deletion: true,
      stream_typing_notifications: true,
      user_settings_object: true,
      empty_topic_name: true,
      pronouns_field_type_supported: true,
      linkifier_url_template: true,
      user_list_incomplete: true,
      include_deactivated_groups: true,
      archived_channels: true,
    };
    const created = await hamlet.events.get(flags);
    const queueId = created.queue_id ?? '';
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: '', content: 'to delete' });
    await hamlet.messages.delete({ message_id: id });
    await othello.typing.set({ type: 'stream', stream_id: realm.channelId('Denmark'), topic: 'castle', op: 'start' });
    await othello.presence.update({ status: 'active' });
    await hamlet.settings.update({ twenty_four_hour_time: true });
    const events = await drain(hamlet, queueId);
    expect(events).toEqual([
      expect.objectContaining({ type: 'message', message: expect.objectContaining({ id, subject: '' }) }),
      expect.objectContaining({ type: 'delete_message', message_ids: [id], topic: '' }),
      expect.objectContaining({ type: 'typing', op: 'start', message_type: 'stream', topic: 'castle' }),
      expect.objectContaining({ type: 'presence', user_id: realm.userId('othello@zulip.com') }),
      expect.objectContaining({ type: 'user_settings', property: 'twenty_four_hour_time', value: true }),
    ]);
    // slim_presence: no email in presence events.
    expect(events[3]).not.toHaveProperty('email');
    const query = new URLSearchParams(Object.entries(flags).map(([name, value]) => [name, JSON.stringify(value)]));
    const raw = await realm.raw('hamlet@zulip.com', 'GET', `/events?${query.toString()}`);
    expect(raw.status).toBe(200);
    expect(await raw.json()).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('takes simplified_presence_events (feature level 419) as a top-level parameter: modern presence events', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    const created = await hamlet.events.get({ dont_block: true, event_types: ['presence'], simplified_presence_events: true });
    await realm.clientFor('othello@zulip.com').presence.update({ status: 'active' });
    const [event] = await drain(hamlet, created.queue_id ?? '');
    expect(event).toMatchObject({ type: 'presence', presences: { [String(othelloId)]: expect.any(Object) } });
    expect(event).not.toHaveProperty('user_id');
    const raw = await realm.raw('hamlet@zulip.com', 'GET', '/events?dont_block=true&simplified_presence_events=true');
    expect(raw.status).toBe(200);
    expect(await raw.json()).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('reports Pronouns fields as short text to a queue made with pronouns_field_type_supported=false', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const old = await iago.events.get({ dont_block: true, event_types: ['custom_profile_fields'], pronouns_field_type_supported: false });
    const current = await iago.events.get({ dont_block: true, event_types: ['custom_profile_fields'] });
    await iago.profileFields.create({ name: 'Pronouns', field_type: 8, hint: '' });
    const typeOf = (events: readonly Record<string, unknown>[]) =>
      (events[0]?.fields as { name: string; type: number }[]).find((field) => field.name === 'Pronouns')?.type;
    expect(typeOf(await drain(iago, old.queue_id ?? ''))).toBe(1);
    expect(typeOf(await drain(iago, current.queue_id ?? ''))).toBe(8);
  });

  it('reads only the first two elements of a narrow term, and refuses a term shorter than two', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const created = await hamlet.events.get({ dont_block: true, event_types: ['message'], narrow: [['stream', 'Denmark', 'x']] });
    await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'elsewhere' });
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'here' });
    expect((await drain(hamlet, created.queue_id ?? '')).map((event) => (event.message as { id: number }).id)).toEqual([id]);
    await expectApiError(hamlet.events.get({ dont_block: true, narrow: [['stream']] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'narrow[0] is too small',
    });
  });
});

describe('GET /events parameters checked before the queue', () => {
  it('refuses a negative lifespan_secs, with or without a queue', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const tooSmall = { code: 'BAD_REQUEST', status: 400, msg: 'lifespan_secs is too small' };
    await expectApiError(hamlet.events.get({ dont_block: true, lifespan_secs: -5 }), tooSmall);
    await expectApiError(hamlet.events.get({ queue_id: 'no-such-queue', last_event_id: -1, dont_block: true, lifespan_secs: -1 }), tooSmall);
    expect((await hamlet.events.get({ dont_block: true, lifespan_secs: 0 })).queue_id).toEqual(expect.any(String));
  });

  it('refuses all_public_streams to a guest, without a queue_id and with their own queue', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    await expectApiError(polonius.events.get({ all_public_streams: true }), NOT_AUTHORIZED);
    const { queue_id } = await polonius.events.register({ event_types: ['message'] });
    await expectApiError(polonius.events.get({ queue_id: queue_id ?? '', last_event_id: -1, dont_block: true, all_public_streams: true }), NOT_AUTHORIZED);
    expect(await drain(polonius, queue_id ?? '')).toEqual([]);
  });

  it("checks a guest's all_public_streams before the narrow, on the fly and at registration", async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    await expectApiError(polonius.events.get({ dont_block: true, all_public_streams: true, narrow: [['foo', 'bar']] }), NOT_AUTHORIZED);
    await expectApiError(polonius.events.register({ all_public_streams: true, narrow: [['foo', 'bar']] }), NOT_AUTHORIZED);
  });
});
