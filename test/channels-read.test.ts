import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';

const realm = useTestRealm();

describe('GET /users/me/subscriptions', () => {
  it('lists the caller’s subscriptions by name with every field and its default', async () => {
    const { subscriptions } = await realm.clientFor('hamlet@zulip.com').subscriptions.list();
    expect(subscriptions.map((sub) => sub.name)).toEqual(['Denmark', 'Scotland', 'Verona', 'core team']);
    const denmark = subscriptions[0];
    expect(denmark).toMatchObject({
      stream_id: realm.channelId('Denmark'),
      description: 'A Scandinavian country',
      rendered_description: '<p>A Scandinavian country</p>',
      invite_only: false,
      is_web_public: false,
      is_archived: false,
      history_public_to_subscribers: true,
      creator_id: null,
      message_retention_days: null,
      stream_weekly_traffic: null,
      is_recently_active: true,
      stream_post_policy: 1,
      is_announcement_only: false,
      topics_policy: 'inherit',
      folder_id: null,
      is_muted: false,
      in_home_view: true,
      pin_to_top: false,
      desktop_notifications: null,
      email_notifications: null,
      push_notifications: null,
      audible_notifications: null,
      wildcard_mentions_notify: null,
      can_send_message_group: realm.groupId('role:everyone'),
      can_remove_subscribers_group: realm.groupId('role:administrators'),
      can_add_subscribers_group: realm.groupId('role:nobody'),
      can_subscribe_group: realm.groupId('role:nobody'),
    });
    expect(denmark).not.toHaveProperty('subscribers');
    // Each new subscription of a user takes the next unused colour of the server's palette.
    expect(subscriptions.map((sub) => sub.color)).toEqual(['#fae589', '#a6c7e5', '#76ce90', '#e79ab5']);
  });

  it('include_subscribers true lists subscribers; partial does for channels under 250 subscribers', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmarkIds = ['desdemona', 'iago', 'hamlet', 'cordelia', 'othello'].map((name) => realm.userId(`${name}@zulip.com`));
    for (const include_subscribers of [true, 'partial'] as const) {
      const { subscriptions } = await hamlet.subscriptions.list({ include_subscribers });
      expect(subscriptions[0]?.subscribers).toEqual(denmarkIds.sort((a, b) => a - b));
      expect(subscriptions[0]).not.toHaveProperty('partial_subscribers');
    }
    await expectApiError(hamlet.subscriptions.list({ include_subscribers: 'maybe' as never }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid include_subscribers',
    });
  });

  it('partial: channels of 250 subscribers or more list only bots and users active in the last 14 days', async () => {
    realmSetup(realm).addSubscribers('Verona', 250);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.clock.advance(15 * 24 * 3600 * 1000);
    await realm.clientFor('othello@zulip.com').subscriptions.list();
    const { subscriptions } = await hamlet.subscriptions.list({ include_subscribers: 'partial' });
    const entry = subscriptions.find((sub) => sub.name === 'Verona');
    expect(entry).not.toHaveProperty('subscribers');
    expect(entry?.partial_subscribers).toEqual(
      [realm.userId('hamlet@zulip.com'), realm.userId('othello@zulip.com'), realm.userId('default-bot@zulip.com')].sort((a, b) => a - b),
    );
  });
});

describe('GET /streams, /streams/{id}, /get_stream_id, /streams/{id}/members, subscription status', () => {
  it('lists public channels and the caller’s subscriptions; private ones stay hidden from outsiders', async () => {
    const names = async (email: string, params = {}) =>
      (await realm.clientFor(email).channels.list(params)).streams.map((stream) => stream.name);
    expect(await names('othello@zulip.com')).toEqual(['Denmark', 'Scotland', 'Verona']);
    expect(await names('hamlet@zulip.com')).toEqual(['Denmark', 'Scotland', 'Verona', 'core team']);
    expect(await names('othello@zulip.com', { include_public: false })).toEqual(['Denmark', 'Scotland', 'Verona']);
    expect(await names('cordelia@zulip.com', { include_public: false })).toEqual(['Denmark', 'Verona']);
    // A guest sees only what they are subscribed to.
    expect(await names('polonius@zulip.com')).toEqual(['Verona']);
    // Administrators see every channel with include_all.
    expect(await names('iago@zulip.com', { include_all: true })).toEqual(['Denmark', 'Scotland', 'Verona', 'core team']);
    expect(await names('othello@zulip.com', { include_all: true })).toEqual(['Denmark', 'Scotland', 'Verona']);
    // `is_default` only with include_default, as the reference says.
    expect((await realm.clientFor('othello@zulip.com').channels.list()).streams[0]).not.toHaveProperty('is_default');
    expect((await realm.clientFor('othello@zulip.com').channels.list({ include_default: true })).streams[0]?.is_default).toBe(false);
    // Since level 356 include_all_active is include_all, for everyone.
    expect(await names('othello@zulip.com', { include_all_active: true })).toEqual(['Denmark', 'Scotland', 'Verona']);
  });

  it('gets one channel, its ID by name and its subscribers, with the server’s errors', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const coreTeam = realm.channelId('core team');
    const denmark = realm.channelId('Denmark');
    expect((await othello.channels.get({ stream_id: denmark })).stream.name).toBe('Denmark');
    expect((await othello.channels.getId({ stream: 'denmark' })).stream_id).toBe(denmark);
    expect((await othello.channels.subscribers({ stream_id: realm.channelId('Scotland') })).subscribers).toEqual(
      ['iago', 'shiva', 'hamlet', 'othello'].map((name) => realm.userId(`${name}@zulip.com`)).sort((a, b) => a - b),
    );
    const invalid = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid channel ID' };
    await expectApiError(othello.channels.get({ stream_id: coreTeam }), invalid);
    await expectApiError(othello.channels.get({ stream_id: 999_999 }), invalid);
    await expectApiError(othello.channels.subscribers({ stream_id: coreTeam }), invalid);
    await expectApiError(othello.channels.getId({ stream: 'core team' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "Invalid channel name 'core team'",
    });
    // An administrator who is not subscribed may see a private channel and its subscribers.
    const iago = realm.clientFor('iago@zulip.com');
    realm.mock.store.tables.subscription.update(realm.mock.store.subscription(realm.userId('iago@zulip.com'), coreTeam)?.id ?? -1, { active: false });
    expect((await iago.channels.subscribers({ stream_id: coreTeam })).subscribers).toHaveLength(2);
    // But get_stream_id needs content access (access_stream_by_name), and an active channel.
    await expectApiError(iago.channels.getId({ stream: 'core team' }), { code: 'BAD_REQUEST', status: 400, msg: "Invalid channel name 'core team'" });
    realm.mock.store.tables.channel.update(denmark, { is_archived: true });
    await expectApiError(othello.channels.getId({ stream: 'Denmark' }), { code: 'BAD_REQUEST', status: 400, msg: "Invalid channel name 'Denmark'" });
    // A guest subscribed to nothing private cannot read a public channel's subscribers either.
    await expectApiError(realm.clientFor('polonius@zulip.com').channels.subscribers({ stream_id: denmark }), invalid);
  });

  it('tells whether a user is subscribed to a channel', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const polonius = realm.userId('polonius@zulip.com');
    const denmark = realm.channelId('Denmark');
    expect(await othello.subscriptions.status({ user_id: hamletId, stream_id: denmark })).toMatchObject({ is_subscribed: true });
    expect(await othello.subscriptions.status({ user_id: polonius, stream_id: denmark })).toMatchObject({ is_subscribed: false });
    await expectApiError(othello.subscriptions.status({ user_id: 999_999, stream_id: denmark }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'No such user',
    });
    await expectApiError(othello.subscriptions.status({ user_id: hamletId, stream_id: realm.channelId('core team') }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid channel ID',
    });
  });
});

describe('register state: subscription and stream', () => {
  it('returns subscriptions, unsubscribed, never_subscribed and streams', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const state = await othello.events.register({ event_types: ['subscription', 'stream'], include_subscribers: true });
    expect(state.subscriptions?.map((sub) => sub.name)).toEqual(['Denmark', 'Scotland', 'Verona']);
    expect(state.unsubscribed).toEqual([]);
    expect(state.never_subscribed).toEqual([]);
    expect(state.streams?.map((stream) => stream.name)).toEqual(['Denmark', 'Scotland', 'Verona']);
    const polonius = await realm.clientFor('polonius@zulip.com').events.register({ event_types: ['subscription'] });
    expect(polonius.subscriptions?.map((sub) => sub.name)).toEqual(['Verona']);
    expect(polonius.never_subscribed).toEqual([]);
    const cordelia = await realm.clientFor('cordelia@zulip.com').events.register({ event_types: ['subscription'] });
    expect(cordelia.never_subscribed?.map((channel) => channel.name)).toEqual(['Scotland']);
    expect(cordelia.subscriptions?.[0]).not.toHaveProperty('subscribers');
  });
});

describe('stream_weekly_traffic', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function trafficOf(name: string): Promise<number | null | undefined> {
    const { subscriptions } = await realm.clientFor('iago@zulip.com').subscriptions.list();
    return subscriptions.find((sub) => sub.name === name)?.stream_weekly_traffic;
  }

  async function send(count: number): Promise<void> {
    const iago = realm.clientFor('iago@zulip.com');
    for (let index = 0; index < count; index++) await iago.messages.send({ type: 'channel', to: 'traffic', topic: 't', content: `m${index}` });
  }

  // zerver/lib/stream_traffic.py: the sum of the analytics counts (messages_in_stream:is_bot:day,
  // one per UTC day, counted by update_analytics_counts at minute 5 of each hour once the day has
  // ended) whose day ended in the last 28 days.
  it('is null for a week, then the messages of the last 28 whole days per week, each day once the analytics job counted it', async () => {
    realm.clock.set(Date.UTC(2026, 0, 1, 12));
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'traffic' }] });
    await send(3);
    expect(await trafficOf('traffic')).toBeNull();
    // Ten days old: the messages of its life so far, scaled to a week (3 * 7 / 10).
    realm.clock.advance(10 * DAY);
    expect(await trafficOf('traffic')).toBe(2);
    // Thirty days old (2026-01-31): the three first messages were sent on a day that ended more than 28 days ago.
    realm.clock.advance(20 * DAY);
    expect(await trafficOf('traffic')).toBe(0);
    // Today's messages count from 00:05 tomorrow.
    await send(9);
    expect(await trafficOf('traffic')).toBe(0);
    realm.clock.set(Date.UTC(2026, 1, 1, 0, 4));
    expect(await trafficOf('traffic')).toBe(0);
    realm.clock.set(Date.UTC(2026, 1, 1, 0, 5));
    expect(await trafficOf('traffic')).toBe(2);
    await send(3);
    realm.clock.advance(DAY);
    expect(await trafficOf('traffic')).toBe(3);
    // Fewer than four messages still count as one a week; 2026-01-31 is left out from 2026-03-01 on.
    realm.clock.set(Date.UTC(2026, 1, 28, 23, 59));
    expect(await trafficOf('traffic')).toBe(3);
    realm.clock.set(Date.UTC(2026, 2, 1));
    expect(await trafficOf('traffic')).toBe(1);
  });

  it('rounds to two significant digits as Python does, a tie to the even digit', async () => {
    realm.clock.set(Date.UTC(2026, 0, 1, 12));
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'traffic' }] });
    realm.clock.advance(30 * DAY);
    for (let index = 0; index < 500; index++) realm.mock.create.message({ from: 'iago@zulip.com', channel: 'traffic', content: `m${index}` });
    realm.clock.advance(DAY);
    // 500 messages in four weeks: 125 a week, rounded to 120 (toPrecision would give 130).
    expect(await trafficOf('traffic')).toBe(120);
    for (let index = 0; index < 40; index++) realm.mock.create.message({ from: 'iago@zulip.com', channel: 'traffic', content: `n${index}` });
    realm.clock.advance(DAY);
    // 540: 135 a week, rounded to 140.
    expect(await trafficOf('traffic')).toBe(140);
  });

  it('counts what a day left in the channel when it is counted: a message deleted the day it was sent, never', async () => {
    realm.clock.set(Date.UTC(2026, 0, 1, 12));
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'traffic' }] });
    realm.clock.set(Date.UTC(2026, 0, 30, 12));
    await send(4);
    realm.clock.advance(DAY);
    await send(4);
    expect(await trafficOf('traffic')).toBe(1);
    // Two of today's go and two come before the next read: the count of the days before stays.
    const { messages: today } = await iago.messages.list({ anchor: 'newest', num_before: 2, num_after: 0, narrow: [{ operator: 'channel', operand: 'traffic' }] });
    for (const message of today) await iago.messages.delete({ message_id: message.id });
    await send(2);
    expect(await trafficOf('traffic')).toBe(1);
    realm.clock.set(Date.UTC(2026, 1, 1, 0, 5));
    expect(await trafficOf('traffic')).toBe(2);
  });
});
