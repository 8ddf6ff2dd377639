import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// Zulip 10.2 (feature level 372): archiving sends every client a `stream` `delete`, and the
// server's reducer (`apply_event`) keeps the channel, archived, for a client with
// `archived_channels`; register's `streams` lists no archived channel before level 378.
const realm = useTestRealm({ featureLevel: 372 });

const withArchived = {
  event_types: ['subscription', 'stream', 'user_topic', 'muted_topics'],
  include_subscribers: true,
  client_capabilities: { notification_settings_null: true, archived_channels: true },
};

describe('archiving a channel before feature level 378', () => {
  it('a subscriber with archived_channels gets stream delete: the channel stays subscribed, archived, out of streams, without its topic policies', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const scotland = realm.channelId('Scotland');
    await hamlet.topics.updatePreferences({ stream_id: scotland, topic: 'weather', visibility_policy: 1 });
    const events = await verifyAction(hamlet, () => realm.clientFor('iago@zulip.com').channels.archive({ stream_id: scotland }), withArchived);
    expect(events).toEqual([{ id: 0, type: 'stream', op: 'delete', streams: [{ stream_id: scotland }], stream_ids: [scotland] }]);
    const state = await hamlet.events.register(withArchived);
    expect(state.subscriptions?.find((entry) => entry.stream_id === scotland)?.is_archived).toBe(true);
    expect(state.streams?.some((entry) => entry.stream_id === scotland)).toBe(false);
  });

  it('a user who never subscribed gets stream delete: the channel stays in never_subscribed, archived', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const scotland = realm.channelId('Scotland');
    const events = await verifyAction(cordelia, () => realm.clientFor('iago@zulip.com').channels.archive({ stream_id: scotland }), withArchived);
    expect(events).toEqual([{ id: 0, type: 'stream', op: 'delete', streams: [{ stream_id: scotland }], stream_ids: [scotland] }]);
    const state = await cordelia.events.register(withArchived);
    expect(state.never_subscribed?.find((entry) => entry.stream_id === scotland)?.is_archived).toBe(true);
  });

  it('a client without archived_channels loses the channel, as at every level', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const scotland = realm.channelId('Scotland');
    const register = { ...withArchived, client_capabilities: { notification_settings_null: true } };
    const events = await verifyAction(hamlet, () => realm.clientFor('iago@zulip.com').channels.archive({ stream_id: scotland }), register);
    expect(events).toEqual([{ id: 0, type: 'stream', op: 'delete', streams: [{ stream_id: scotland }], stream_ids: [scotland] }]);
  });
});
