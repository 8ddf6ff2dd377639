import { describe, expect, it } from 'vitest';
import type { MockServer } from '../mock/index';
import { UnsupportedFeatureError } from '../src/index';
import { expectApiError } from './support/failure';
import { olderServerForAll, rawRequest, serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

const ADMIN = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const REGISTER = { event_types: ['realm', 'realm_user', 'realm_user_groups'] };

/** `PATCH /realm` with a parameter the SDK does not offer: the status and body. */
const patchRealm = (mock: MockServer, email: string, params: Record<string, string>) => rawRequest(mock, email, 'PATCH', '/realm', params);
const bad = (msg: string) => ({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg } });

function systemGroup(mock: MockServer, name: string): number {
  return mock.store.tables.userGroup.all().find((group) => group.name === name)!.id;
}

/**
 * Each realm policy that group settings replaced (the changelog's level of the group settings,
 * the migrations' mapping): its number on a new realm, a number to change it to and the system
 * group each of its group settings then is, numbers the older server refused, and the level that
 * added it where newer than the oldest the mock can be.
 */
const POLICIES = [
  { name: 'delete_own_message_policy', until: 291, since: 101, initial: 5, to: 2, groups: { can_delete_own_message_group: 'role:administrators' }, invalid: ['0', '6', '7'] },
  {
    name: 'edit_topic_policy',
    until: 316,
    since: 75,
    initial: 5,
    to: 2,
    groups: { can_move_messages_between_topics_group: 'role:administrators' },
    invalid: ['0', '7'],
    event: 'update_dict',
  },
  {
    name: 'move_messages_between_streams_policy',
    until: 310,
    initial: 1,
    to: 4,
    groups: { can_move_messages_between_channels_group: 'role:moderators' },
    invalid: ['0', '5', '7'],
  },
  { name: 'private_message_policy', until: 270, initial: 1, to: 2, groups: { direct_message_permission_group: 'role:nobody' }, invalid: ['0', '3'] },
  {
    name: 'user_group_edit_policy',
    until: 299,
    initial: 1,
    to: 3,
    groups: { can_create_groups: 'role:fullmembers', can_manage_all_groups: 'role:fullmembers' },
    invalid: ['0', '5', '6'],
  },
  { name: 'add_custom_emoji_policy', until: 307, since: 85, initial: 1, to: 2, groups: { can_add_custom_emoji_group: 'role:administrators' }, invalid: ['0', '5'] },
  { name: 'invite_to_stream_policy', until: 341, initial: 1, to: 4, groups: { can_add_subscribers_group: 'role:moderators' }, invalid: ['0', '5'] },
  {
    name: 'bot_creation_policy',
    until: 344,
    initial: 1,
    to: 2,
    groups: { can_create_bots_group: 'role:administrators', can_create_write_only_bots_group: 'role:members' },
    invalid: ['0', '4'],
  },
  // Deprecated, not removed, where the group settings came: register has them at every level.
  { name: 'create_public_stream_policy', until: 264, since: 102, initial: 1, to: 2, groups: { can_create_public_channel_group: 'role:administrators' }, invalid: ['0', '5'], deprecated: true },
  { name: 'create_private_stream_policy', until: 266, since: 102, initial: 1, to: 2, groups: { can_create_private_channel_group: 'role:administrators' }, invalid: ['0', '5'], deprecated: true },
  {
    name: 'create_web_public_stream_policy',
    until: 280,
    since: 103,
    initial: 7,
    to: 4,
    groups: { can_create_web_public_channel_group: 'role:moderators' },
    invalid: ['1', '3', '5'],
    deprecated: true,
  },
  {
    name: 'wildcard_mention_policy',
    until: 352,
    initial: 5,
    to: 1,
    groups: { can_mention_many_users_group: 'role:everyone' },
    invalid: ['0', '4', '8'],
    deprecated: true,
  },
] as const;

describe.each(POLICIES)('$name below level $until', (policy) => {
  const key = `realm_${policy.name}`;
  const settings = Object.keys(policy.groups);

  it('register has the policy and not the group settings; admins change it, with the older event, and the reducer follows', async () => {
    const { mock, clientFor, userId } = olderServerForAll(policy.until - 1);
    const hamlet = clientFor(HAMLET);
    const state = (await hamlet.events.register(REGISTER)) as Record<string, unknown>;
    expect(state[key]).toBe(policy.initial);
    for (const setting of settings) expect(state).not.toHaveProperty(`realm_${setting}`);
    let answer: Awaited<ReturnType<typeof patchRealm>> | undefined;
    const events = await verifyAction(
      hamlet,
      async () => {
        answer = await patchRealm(mock, ADMIN, { [policy.name]: String(policy.to) });
      },
      REGISTER,
      { userId: userId(HAMLET) },
    );
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '', [policy.name]: policy.to } });
    const event =
      'event' in policy
        ? { type: 'realm', op: 'update_dict', property: 'default', data: { [policy.name]: policy.to }, id: 0 }
        : { type: 'realm', op: 'update', property: policy.name, value: policy.to, id: 0 };
    expect(events).toEqual([event]);
    expect(((await hamlet.events.register(REGISTER)) as Record<string, unknown>)[key]).toBe(policy.to);
    for (const [setting, group] of Object.entries(policy.groups)) {
      expect((mock.state.realm as unknown as Record<string, unknown>)[setting]).toBe(systemGroup(mock, group));
    }
    // The same number again changes nothing: no event, nothing in the answer.
    expect(await patchRealm(mock, ADMIN, { [policy.name]: String(policy.to) })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    await verifyAction(hamlet, () => patchRealm(mock, ADMIN, { [policy.name]: String(policy.initial) }), REGISTER, { userId: userId(HAMLET) });
  });

  it('refuses members and the numbers the server did not have, in its words, before changing anything', async () => {
    const { mock, clientFor } = olderServerForAll(policy.until - 1);
    expect(await patchRealm(mock, HAMLET, { [policy.name]: String(policy.to) })).toEqual({
      status: 400,
      body: { result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' },
    });
    for (const value of policy.invalid) expect(await patchRealm(mock, ADMIN, { [policy.name]: value })).toEqual(bad(`Invalid ${policy.name}`));
    expect(await patchRealm(mock, ADMIN, { [policy.name]: 'x' })).toEqual(bad(`${policy.name} is not valid JSON`));
    expect(await patchRealm(mock, ADMIN, { name: 'Renamed', [policy.name]: '0' })).toEqual(bad(`Invalid ${policy.name}`));
    expect(await clientFor(HAMLET).events.register(REGISTER)).toMatchObject({ realm_name: 'Zulip Dev', [key]: policy.initial });
  });

  it('ignores the group settings, which the SDK refuses to send', async () => {
    const { mock, clientFor } = olderServerForAll(policy.until - 1);
    const admins = systemGroup(mock, 'role:administrators');
    for (const setting of settings) {
      expect(await patchRealm(mock, ADMIN, { [setting]: JSON.stringify({ new: admins }) })).toEqual({
        status: 200,
        body: { result: 'success', msg: '', ignored_parameters_unsupported: [setting] },
      });
      const error = await clientFor(ADMIN)
        .realm.update({ [setting]: { new: admins } })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(UnsupportedFeatureError);
      expect(error).toMatchObject({ parameter: setting, neededLevel: policy.until, serverLevel: policy.until - 1 });
    }
    expect(await clientFor(HAMLET).events.register(REGISTER)).toMatchObject({ [key]: policy.initial });
  });

  it(`from level ${policy.until}: the group settings (and the policy, where deprecated), and the policy is an ignored parameter`, async () => {
    const { mock, clientFor } = olderServerForAll(policy.until);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    if ('deprecated' in policy) expect(state[key]).toBe(policy.initial);
    else expect(state).not.toHaveProperty(key);
    for (const setting of settings) expect(state).toHaveProperty(`realm_${setting}`);
    expect(await patchRealm(mock, ADMIN, { [policy.name]: String(policy.to) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: [policy.name] },
    });
  });

  if ('since' in policy) {
    it(`below level ${policy.since}, which added it: neither, and the policy is ignored (unreported at that level)`, async () => {
      const { mock, clientFor } = olderServerForAll(policy.since - 1);
      const hamlet = clientFor(HAMLET);
      const state = (await hamlet.events.register(REGISTER)) as Record<string, unknown>;
      expect(state).not.toHaveProperty(key);
      for (const setting of settings) expect(state).not.toHaveProperty(`realm_${setting}`);
      await verifyAction(
        hamlet,
        async () => expect(await patchRealm(mock, ADMIN, { [policy.name]: String(policy.to) })).toEqual({ status: 200, body: { result: 'success', msg: '' } }),
        REGISTER,
      );
      expect(await patchRealm(olderServerForAll(policy.since).mock, ADMIN, { [policy.name]: String(policy.to) })).toMatchObject({ status: 200, body: { [policy.name]: policy.to } });
    });
  }
});

describe("a realm's groups as the older server kept them: one of the policy's numbers", () => {
  it('user_group_edit_policy 1 on a new realm is what 1 set again is: administrators manage every group, members those they are in', async () => {
    const { mock, userId } = olderServerForAll(298);
    const group = mock.store.tables.userGroup.all().find((candidate) => !candidate.is_system_group)!;
    expect(group.members).toContain(userId(HAMLET));
    expect(group.members).not.toContain(userId('othello@zulip.com'));
    const success = { status: 200, body: { result: 'success', msg: '' } };
    expect(await patchRealm(mock, ADMIN, { user_group_edit_policy: '1' })).toEqual(success);
    expect(await rawRequest(mock, ADMIN, 'PATCH', `/user_groups/${group.id}`, { description: 'by an administrator' })).toEqual(success);
    expect(await rawRequest(mock, HAMLET, 'PATCH', `/user_groups/${group.id}`, { description: 'by a member of it' })).toEqual(success);
    expect(await rawRequest(mock, 'othello@zulip.com', 'PATCH', `/user_groups/${group.id}`, { description: 'by another' })).toEqual(bad('Insufficient permission'));
    expect(mock.state.realm.can_manage_all_groups).toBe(systemGroup(mock, 'role:members'));
  });

  it.each([
    [304, 'Insufficient permission'],
    [305, undefined],
  ])('at level %i, can_manage_all_groups of members lets a member manage a group they are not in: %s', async (level, refusal) => {
    const { mock, userId } = olderServerForAll(level);
    const group = mock.store.tables.userGroup.all().find((candidate) => !candidate.is_system_group)!;
    expect(group.members).not.toContain(userId('othello@zulip.com'));
    const members = JSON.stringify({ new: systemGroup(mock, 'role:members') });
    expect(await patchRealm(mock, 'desdemona@zulip.com', { can_manage_all_groups: members })).toMatchObject({ status: 200 });
    const answer = await rawRequest(mock, 'othello@zulip.com', 'PATCH', `/user_groups/${group.id}`, { description: 'by another' });
    expect(answer).toEqual(refusal === undefined ? { status: 200, body: { result: 'success', msg: '' } } : bad(refusal));
  });

  it("a restored snapshot's group no number stands for is register's number, which PATCH /realm then changes", async () => {
    const { mock, clientFor, userId } = olderServerForAll(279);
    const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as { realm: Record<string, unknown> };
    const group = mock.store.tables.userGroup.all().find((candidate) => !candidate.is_system_group)!;
    mock.restore({ ...snapshot, realm: { ...snapshot.realm, can_create_web_public_channel_group: group.id } });
    const hamlet = clientFor(HAMLET);
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ realm_create_web_public_stream_policy: 4 });
    expect(mock.state.realm.can_create_web_public_channel_group).toBe(systemGroup(mock, 'role:moderators'));
    const events = await verifyAction(hamlet, () => patchRealm(mock, ADMIN, { create_web_public_stream_policy: '2' }), REGISTER, { userId: userId(HAMLET) });
    expect(events).toEqual([{ type: 'realm', op: 'update', property: 'create_web_public_stream_policy', value: 2, id: 0 }]);
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ realm_create_web_public_stream_policy: 2 });
  });
  it("invite_to_realm_policy too (below 321): a restored snapshot's user group is 1, members, who may then invite", async () => {
    const { mock, clientFor } = olderServerForAll(320);
    const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as { realm: Record<string, unknown> };
    const group = mock.store.tables.userGroup.all().find((candidate) => !candidate.is_system_group)!;
    mock.restore({ ...snapshot, realm: { ...snapshot.realm, can_invite_users_group: group.id } });
    expect(await clientFor('othello@zulip.com').events.register(REGISTER)).toMatchObject({ realm_invite_to_realm_policy: 1, can_invite_others_to_realm: true });
    expect(await patchRealm(mock, 'desdemona@zulip.com', { invite_to_realm_policy: '1' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });
});

describe('numbers that came later', () => {
  it.each([
    ['edit_topic_policy', '6', 159],
    ['move_messages_between_streams_policy', '6', 159],
    ['wildcard_mention_policy', '7', 62],
  ])('%s %s from level %i', async (name, value, level) => {
    expect(await patchRealm(olderServerForAll(level - 1).mock, ADMIN, { [name]: value })).toEqual(bad(`Invalid ${name}`));
    expect(await patchRealm(olderServerForAll(level).mock, ADMIN, { [name]: value })).toMatchObject({ status: 200, body: { [name]: Number(value) } });
  });

  it.each([
    ['allow_community_topic_editing', 75],
    ['add_emoji_by_admins_only', 85],
    ['allow_message_deleting', 101],
  ])('not reproduced: %s, the boolean before level %i, absent from register and ignored', async (name, level) => {
    const { mock, clientFor } = olderServerForAll(Math.max(60, level - 1));
    expect(await clientFor(HAMLET).events.register(REGISTER)).not.toHaveProperty(`realm_${name}`);
    expect(await patchRealm(mock, ADMIN, { [name]: 'false' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });

  it('not reproduced: wildcard_mention_policy 4 (channel administrators), which servers below 133 took', async () => {
    expect(await patchRealm(olderServerForAll(132).mock, ADMIN, { wildcard_mention_policy: '4' })).toEqual(bad('Invalid wildcard_mention_policy'));
  });
});

describe('the permissions follow the policies as the older server applied them', () => {
  it('invite_to_stream_policy: register has can_subscribe_other_users below 341, which follows it', async () => {
    const { mock, clientFor, userId } = olderServerForAll(340);
    const hamlet = clientFor(HAMLET);
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ can_subscribe_other_users: true });
    await verifyAction(hamlet, () => patchRealm(mock, ADMIN, { invite_to_stream_policy: '2' }), REGISTER, { userId: userId(HAMLET) });
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ can_subscribe_other_users: false });
    expect(await clientFor(ADMIN).events.register(REGISTER)).toMatchObject({ can_subscribe_other_users: true });
    expect(await olderServerForAll(341).clientFor(HAMLET).events.register(REGISTER)).not.toHaveProperty('can_subscribe_other_users');
  });

  it('create_public_stream_policy 2: members create no public channel, and their register flags say so', async () => {
    const { mock, clientFor } = olderServerForAll(263);
    const hamlet = clientFor(HAMLET);
    await patchRealm(mock, ADMIN, { create_public_stream_policy: '2', create_private_stream_policy: '2' });
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ can_create_public_streams: false, can_create_private_streams: false, can_create_streams: false });
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'new public' }] }), { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' });
  });

  it('delete_own_message_policy 2: only administrators delete their own messages', async () => {
    const { mock, clientFor } = olderServerForAll(290);
    const hamlet = clientFor(HAMLET);
    const sent = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'policies', content: 'mine' });
    await patchRealm(mock, ADMIN, { delete_own_message_policy: '2' });
    await expectApiError(hamlet.messages.delete({ message_id: sent.id }), { code: 'BAD_REQUEST', status: 400, msg: "You don't have permission to delete this message" });
  });

  it('private_message_policy 2: direct messages are disabled, but not to bots or oneself', async () => {
    const { mock, clientFor, userId } = olderServerForAll(269);
    const hamlet = clientFor(HAMLET);
    await patchRealm(mock, ADMIN, { private_message_policy: '2' });
    await expectApiError(hamlet.messages.send({ type: 'private', to: [userId(ADMIN)!], content: 'hi' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Direct messages are disabled in this organization.',
    });
    await hamlet.messages.send({ type: 'private', to: [userId(HAMLET)!], content: 'a note' });
    await hamlet.messages.send({ type: 'private', to: [userId('default-bot@zulip.com')!], content: 'to a bot' });
    await expectApiError(hamlet.messages.send({ type: 'private', to: [userId('default-bot@zulip.com')!, userId(ADMIN)!], content: 'to a bot and more' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Direct messages are disabled in this organization.',
    });
  });

  it('bot_creation_policy: 2, members create any bot but generic ones; 3, administrators only', async () => {
    const { mock, clientFor } = olderServerForAll(343);
    const hamlet = clientFor(HAMLET);
    const adminOnly = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
    await patchRealm(mock, ADMIN, { bot_creation_policy: '2' });
    await expectApiError(hamlet.bots.create({ full_name: 'Generic Bot', short_name: 'generic' }), adminOnly);
    await hamlet.bots.create({ full_name: 'Hook Bot', short_name: 'hook', bot_type: 2 });
    await hamlet.bots.create({ full_name: 'Outgoing Bot', short_name: 'outgoing', bot_type: 3, payload_url: 'https://bot.example.com' });
    await clientFor(ADMIN).bots.create({ full_name: 'Admin Bot', short_name: 'admin' });
    await patchRealm(mock, ADMIN, { bot_creation_policy: '3' });
    await expectApiError(hamlet.bots.create({ full_name: 'Hook Bot 2', short_name: 'hook2', bot_type: 2 }), adminOnly);
  });
});

describe('resolving topics below level 367 (can_resolve_topics_group)', () => {
  it('is moving the messages to another topic: edit_topic_policy decides, with its refusal', async () => {
    const { mock, clientFor } = olderServerForAll(315);
    const hamlet = clientFor(HAMLET);
    const sent = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'policies', content: 'mine' });
    await patchRealm(mock, ADMIN, { edit_topic_policy: '2' });
    await expectApiError(hamlet.messages.update({ message_id: sent.id, topic: '✔ policies' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "You don't have permission to edit this message",
    });
    await clientFor(ADMIN).messages.update({ message_id: sent.id, topic: '✔ policies' });
  });

  it("is held to the topic move time limit (7 days for members), which resolving is not from 367", async () => {
    const WEEK_AND_A_DAY_MS = 8 * 24 * 3600 * 1000;
    const older = serverAt(366, HAMLET);
    const sent = await older.client.messages.send({ type: 'stream', to: 'Verona', topic: 'old', content: 'mine' });
    older.mock.clock.advance(WEEK_AND_A_DAY_MS);
    await expectApiError(older.client.messages.update({ message_id: sent.id, topic: '✔ old' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "The time limit for editing this message's topic has passed.",
    });
    const newer = serverAt(367, HAMLET);
    const kept = await newer.client.messages.send({ type: 'stream', to: 'Verona', topic: 'old', content: 'mine' });
    newer.mock.clock.advance(WEEK_AND_A_DAY_MS);
    await newer.client.messages.update({ message_id: kept.id, topic: '✔ old' });
  });

  it('from level 367 its own group decides', async () => {
    const { mock, clientFor } = olderServerForAll(367);
    const hamlet = clientFor(HAMLET);
    const sent = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'policies', content: 'mine' });
    await clientFor(ADMIN).realm.update({ can_move_messages_between_topics_group: { new: systemGroup(mock, 'role:administrators') } });
    await hamlet.messages.update({ message_id: sent.id, topic: '✔ policies' });
  });
});

describe('create_stream_policy below level 102, where the public and private channel policies replaced it', () => {
  it('register has it and not them; admins change it for both kinds of channel, with its update event, and the reducer follows', async () => {
    const { mock, clientFor, userId } = olderServerForAll(101);
    const hamlet = clientFor(HAMLET);
    const state = (await hamlet.events.register(REGISTER)) as Record<string, unknown>;
    expect(state).toMatchObject({ realm_create_stream_policy: 1, can_create_streams: true });
    expect(state).not.toHaveProperty('realm_create_public_stream_policy');
    const events = await verifyAction(hamlet, () => patchRealm(mock, ADMIN, { create_stream_policy: '2' }), REGISTER, { userId: userId(HAMLET) });
    expect(events).toEqual([{ type: 'realm', op: 'update', property: 'create_stream_policy', value: 2, id: 0 }]);
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ realm_create_stream_policy: 2, can_create_streams: false });
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'new one', invite_only: true }] }), { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' });
    expect(await patchRealm(mock, ADMIN, { create_stream_policy: '5' })).toEqual(bad('Invalid create_stream_policy'));
    expect(await patchRealm(mock, ADMIN, { create_public_stream_policy: '1' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    await verifyAction(hamlet, () => patchRealm(mock, ADMIN, { create_stream_policy: '1' }), REGISTER, { userId: userId(HAMLET) });
  });

  it('from level 102 it is an ignored parameter and register has the two policies', async () => {
    const { mock, clientFor } = olderServerForAll(102);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(state).toMatchObject({ realm_create_public_stream_policy: 1, realm_create_private_stream_policy: 1 });
    expect(state).not.toHaveProperty('realm_create_stream_policy');
    expect(await patchRealm(mock, ADMIN, { create_stream_policy: '2' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });
});

describe('group settings that replaced no policy: absent below their levels', () => {
  it.each([
    ['can_delete_any_message_group', 281],
    ['can_resolve_topics_group', 367],
  ])('%s below %i', async (setting, level) => {
    const { mock, clientFor } = olderServerForAll(level - 1);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(state).not.toHaveProperty(`realm_${setting}`);
    expect((state['server_supported_permission_settings'] as { realm: Record<string, unknown> }).realm).not.toHaveProperty(setting);
    expect(await patchRealm(mock, ADMIN, { [setting]: JSON.stringify({ new: systemGroup(mock, 'role:members') }) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: [setting] },
    });
    expect(await olderServerForAll(level).clientFor(HAMLET).events.register(REGISTER)).toHaveProperty(`realm_${setting}`);
  });
});
