import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('reading channels: who and what', () => {
  it('GET /users/{id}/subscriptions/{id}: bots are "No such user", deactivated users "User is deactivated"', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const verona = realm.channelId('Verona');
    await expectApiError(othello.subscriptions.status({ user_id: realm.userId('default-bot@zulip.com'), stream_id: verona }), bad('No such user'));
    const cordelia = realm.userId('cordelia@zulip.com');
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: cordelia });
    await expectApiError(othello.subscriptions.status({ user_id: cordelia, stream_id: verona }), bad('User is deactivated'));
    expect(await othello.subscriptions.status({ user_id: realm.userId('hamlet@zulip.com'), stream_id: verona })).toEqual({ is_subscribed: true });
  });

  it('GET /streams/{id}/members: a private channel\'s administrators see its subscribers without content access', async () => {
    const coreTeam = realm.channelId('core team');
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.channels.subscribers({ stream_id: coreTeam }), bad('Invalid channel ID'));
    realm.mock.store.tables.channel.update(coreTeam, {
      can_administer_channel_group: { direct_members: [realm.userId('othello@zulip.com')], direct_subgroups: [] },
    });
    expect((await othello.channels.subscribers({ stream_id: coreTeam })).subscribers).toEqual(
      ['desdemona', 'iago', 'hamlet'].map((name) => realm.userId(`${name}@zulip.com`)).sort((a, b) => a - b),
    );
  });

  it('channel names with Unicode non-characters are refused, with their position', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'ab\uFDD0' }] }), bad('Invalid character in channel name, at position 3.'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'a\u{1FFFF}' }] }), bad('Invalid character in channel name, at position 2.'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: '\uFFFE' }] }), bad('Invalid character in channel name, at position 1.'));
  });

  it('include_all_active is for administrators only before level 356', async () => {
    const older = createMockServer({ featureLevel: 355 });
    await expectApiError(older.clientFor('othello@zulip.com').channels.list({ include_all_active: true }), bad('User not authorized for this query'));
    expect((await older.clientFor('iago@zulip.com').channels.list({ include_all_active: true })).streams).toHaveLength(4);
  });
});
