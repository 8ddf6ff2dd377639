import { describe, expect, it } from 'vitest';
import { notificationBot } from '../mock/domain/notification-bot';
import { NOTIFICATION_BOT_EMAIL } from '../mock/domain/system-bots';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

const lastMessageOf = (userId: number) => realm.mock.store.tables.message.get(realm.mock.store.userMessages.maxMessageId(userId));

describe('principals of POST and DELETE /users/me/subscriptions', () => {
  it('an empty principals list means the caller, when subscribing, creating and unsubscribing', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    expect((await cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [] })).subscribed).toEqual({
      [String(cordeliaId)]: ['Scotland'],
    });
    const created = await cordelia.subscriptions.add({ subscriptions: [{ name: 'brand new' }], principals: [] });
    expect(created.subscribed).toEqual({ [String(cordeliaId)]: ['brand new'] });
    expect(realm.mock.store.subscriberIds(realm.channelId('brand new'))).toEqual(new Set([cordeliaId]));
    expect(await cordelia.subscriptions.remove({ subscriptions: ['Scotland'], principals: [] })).toEqual({ removed: ['Scotland'], not_removed: [] });
    // Only the caller's ID is not "others": no permission needed.
    realm.mock.realm.can_add_subscribers_group = realm.groupId('role:administrators');
    expect((await cordelia.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [cordeliaId] })).subscribed).toEqual({
      [String(cordeliaId)]: ['Scotland'],
    });
    // An email, even the caller's own, names someone else to the server.
    await expectApiError(cordelia.subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: ['cordelia@zulip.com'] }), bad('Insufficient permission'));
  });

  it('a deactivated principal is "User is deactivated", the Notification Bot "No such user", unknown ones first', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    await iago.users.deactivate({ user_id: cordelia });
    for (const principals of [[cordelia], ['cordelia@zulip.com']]) {
      await expectApiError(iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals }), bad('User is deactivated'));
      await expectApiError(iago.subscriptions.remove({ subscriptions: ['Denmark'], principals }), bad('User is deactivated'));
    }
    await expectApiError(iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: [cordelia, 999_999] }), bad('No such user'));
    const bot = notificationBot(realm.mock.state);
    for (const principals of [[bot.id], [NOTIFICATION_BOT_EMAIL]]) {
      await expectApiError(iago.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals }), bad('No such user'));
    }
    expect(realm.mock.store.isSubscribed(bot.id, realm.channelId('Denmark'))).toBe(false);
  });

  it('principals are API emails: a real address its owner hides names no one', async () => {
    await realm.clientFor('hamlet@zulip.com').settings.update({ email_address_visibility: 4 });
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: ['hamlet@zulip.com'] }), bad('No such user'));
    const apiEmail = realm.mock.store.tables.user.get(realm.userId('hamlet@zulip.com'))?.email ?? '';
    expect(apiEmail).not.toBe('hamlet@zulip.com');
    const { already_subscribed } = await othello.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [apiEmail.toUpperCase()] });
    expect(already_subscribed).toEqual({ [String(realm.userId('hamlet@zulip.com'))]: ['Scotland'] });
  });

  it('subscribing: access to the channels is checked before the principals', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'core team' }], principals: [999_999] }), bad('Unable to access channel (core team).'));
    realm.mock.realm.can_add_subscribers_group = realm.groupId('role:administrators');
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: [999_999] }), bad('Insufficient permission'));
  });
});

describe('DELETE /users/me/subscriptions: names', () => {
  it('a private channel the caller cannot see is one they are not subscribed to', async () => {
    expect(await realm.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['core team'] })).toEqual({
      removed: [],
      not_removed: ['core team'],
    });
  });

  it('unknown names are listed together; removing others is checked first; creating channels is not asked for', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.subscriptions.remove({ subscriptions: ['nope1', 'Verona', 'nope2'] }), bad('Channel(s) (nope1, nope2) do not exist'));
    await expectApiError(
      othello.subscriptions.remove({ subscriptions: ['nope1', 'Verona'], principals: ['hamlet@zulip.com'] }),
      bad('Insufficient permission'),
    );
    // The newest list_to_streams checks creation permissions only when it creates (10.2 asked first).
    realm.mock.realm.can_create_public_channel_group = realm.groupId('role:administrators');
    await expectApiError(othello.subscriptions.remove({ subscriptions: ['nope1'] }), bad('Channel(s) (nope1) do not exist'));
    await expectApiError(realm.clientFor('polonius@zulip.com').subscriptions.remove({ subscriptions: ['nope1'] }), bad('Channel(s) (nope1) do not exist'));
  });

  it('at level 372, as 10.2, an unknown name is "Insufficient permission" for those who may not create public channels', async () => {
    const older = createMockServer({ featureLevel: 372 });
    await expectApiError(older.clientFor('polonius@zulip.com').subscriptions.remove({ subscriptions: ['Verona', 'nope1'] }), bad('Insufficient permission'));
    await expectApiError(older.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['nope1'] }), bad('Channel(s) (nope1) do not exist'));
    older.realm.can_create_public_channel_group = older.store.userGroupByName('role:administrators')?.id ?? 0;
    await expectApiError(older.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['nope1'] }), bad('Insufficient permission'));
    expect(older.store.isSubscribed(older.store.userByDeliveryEmail('polonius@zulip.com')?.id ?? 0, older.store.channelByName('Verona')?.id ?? 0)).toBe(true);
  });
});

describe('PATCH /users/me/subscriptions', () => {
  it('is one transaction: a delete that fails leaves the add undone; a channel added and deleted in one call ends unsubscribed', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const messages = realm.mock.store.tables.message.size;
    await expectApiError(hamlet.subscriptions.update({ add: [{ name: 'brand new channel' }], delete: ['no such channel'] }), bad('Channel(s) (no such channel) do not exist'));
    expect(realm.mock.store.channelByName('brand new channel')).toBeUndefined();
    expect(realm.mock.store.tables.message.size).toBe(messages);
    const answer = await hamlet.subscriptions.update({ add: [{ name: 'Fleeting' }], delete: ['fleeting'] });
    expect(answer).toMatchObject({ subscribed: { [String(realm.userId('hamlet@zulip.com'))]: ['Fleeting'] }, removed: ['Fleeting'] });
    expect(realm.mock.store.isSubscribed(realm.userId('hamlet@zulip.com'), realm.channelId('Fleeting'))).toBe(false);
  });

  it('refuses guests even when only deleting, and reports new_subscription_messages_sent', async () => {
    await expectApiError(realm.clientFor('polonius@zulip.com').subscriptions.update({ delete: ['Verona'] }), bad('Not allowed for guest users'));
    expect(await realm.clientFor('hamlet@zulip.com').subscriptions.update({ delete: ['Verona'] })).toEqual({
      subscribed: {},
      already_subscribed: {},
      removed: ['Verona'],
      not_removed: [],
      new_subscription_messages_sent: true,
    });
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').subscriptions.update({ add: [{ name: 'x', description: 'd'.repeat(1025) }] }),
      bad('add[0]["description"] is too long (limit: 1024 characters)'),
    );
  });
});

describe('PATCH /users/me/subscriptions: the options of POST', () => {
  it('principals names whom both halves change; the other options apply to the add half', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    const added = await iago.subscriptions.update({ add: [{ name: 'patched' }], principals: [othello], invite_only: true });
    expect(added.subscribed).toEqual({ [String(othello)]: ['patched'] });
    expect(realm.mock.store.channelByName('patched')?.invite_only).toBe(true);
    expect(realm.mock.store.isSubscribed(realm.userId('iago@zulip.com'), realm.channelId('patched'))).toBe(false);
    expect(await iago.subscriptions.update({ delete: ['Verona'], principals: [othello] })).toMatchObject({ removed: ['Verona'] });
    expect(realm.mock.store.isSubscribed(othello, realm.channelId('Verona'))).toBe(false);
    expect(realm.mock.store.isSubscribed(realm.userId('iago@zulip.com'), realm.channelId('Verona'))).toBe(true);
    // Removing someone else needs the permission, and the add half is undone with the refusal.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.update({ add: [{ name: 'never made' }], delete: ['Denmark'], principals: [othello] }), bad('Insufficient permission'));
    expect(realm.mock.store.channelByName('never made')).toBeUndefined();
    await expectApiError(hamlet.subscriptions.update({ add: [{ name: 'new one' }], announce: true, message_retention_days: 3 }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization owner',
    });
  });

  it('principals are read as the server types them (list[str] | list[int])', async () => {
    const sent = (principals: string) =>
      realm.raw('hamlet@zulip.com', 'PATCH', '/users/me/subscriptions', new URLSearchParams({ add: '[{"name": "my_new_stream"}]', principals }));
    const answer = await sent('[{}]');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'principals["list[str]"][0] is not a string' });
    expect(await (await sent('5')).json()).toMatchObject({ msg: 'principals["list[str]"] is not a list' });
    expect(realm.mock.store.channelByName('my_new_stream')).toBeUndefined();
    const removing = await realm.raw('hamlet@zulip.com', 'DELETE', '/users/me/subscriptions', new URLSearchParams({ subscriptions: '["Verona"]', principals: '[1, "a"]' }));
    expect(await removing.json()).toMatchObject({ msg: 'principals["list[str]"][0] is not a string' });
  });
});

describe('POST /users/me/subscriptions: messages and announcements', () => {
  it('send_new_subscription_messages: false sends no direct message and leaves the answer field out', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const prospero = realm.userId('prospero@zulip.com');
    const before = realm.mock.store.userMessages.maxMessageId(prospero);
    const quiet = await hamlet.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [prospero], send_new_subscription_messages: false });
    expect(quiet).toEqual({ subscribed: { [String(prospero)]: ['Scotland'] }, already_subscribed: {} });
    expect(realm.mock.store.userMessages.maxMessageId(prospero)).toBe(before);
    const told = await hamlet.subscriptions.add({ subscriptions: [{ name: 'Denmark' }], principals: [prospero], send_new_subscription_messages: true });
    expect(told.new_subscription_messages_sent).toBe(true);
    expect(lastMessageOf(prospero)?.content).toBe(`@_**King Hamlet|${realm.userId('hamlet@zulip.com')}** subscribed you to #**Denmark**.`);
  });

  it('more users than max_bulk_new_subscription_messages get no direct message', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const ids = [];
    for (let index = 0; index < 101; index++) {
      const { user_id } = await iago.users.create({ email: `bulk${index}@zulip.com`, full_name: `Bulk ${index}`, password: 'secret-password-1' });
      ids.push(user_id);
    }
    const result = await iago.subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: ids });
    expect(result.new_subscription_messages_sent).toBe(false);
    expect(lastMessageOf(ids[0] ?? 0)?.content ?? '').not.toContain('subscribed you');
  });

  it('announces private channels too, before their first message; a long description names its entry', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    realm.mock.realm.new_stream_announcements_stream_id = verona;
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true, announce: true });
    const secret = realm.channelId('secret');
    const announcement = [...realm.mock.store.channelMessageIds(verona)].at(-1) ?? 0;
    const created = [...realm.mock.store.channelMessageIds(secret)][0] ?? 0;
    expect(realm.mock.store.tables.message.get(announcement)?.content).toBe(
      `@_**King Hamlet|${realm.userId('hamlet@zulip.com')}** created a new channel #**secret**.`,
    );
    expect(announcement).toBeLessThan(created);
    await expectApiError(
      hamlet.subscriptions.add({ subscriptions: [{ name: 'ok' }, { name: 'long', description: 'd'.repeat(1025), color: 'red' }] }),
      bad('subscriptions[1]["description"] is too long (limit: 1024 characters)'),
    );
  });
});

describe('older servers', () => {
  it('before level 397: no choice, always a direct message; before 396 the loud mention; before 289 keys are emails', async () => {
    const older = createMockServer({ featureLevel: 288 });
    const prospero = older.store.userByDeliveryEmail('prospero@zulip.com')?.id ?? 0;
    const hamlet = older.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
    // The SDK refuses the parameter below 397 (test/feature-levels.test.ts); sent raw, such a
    // server ignores it.
    const response = await older.fetch(`${SITE}/api/v1/users/me/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`hamlet@zulip.com:${older.apiKeyOf('hamlet@zulip.com')}`)}` },
      body: new URLSearchParams({ subscriptions: '[{"name":"Scotland"}]', principals: `[${prospero}]`, send_new_subscription_messages: 'false' }),
    });
    expect(await response.json()).toEqual({
      result: 'success',
      msg: '',
      subscribed: { 'prospero@zulip.com': ['Scotland'] },
      already_subscribed: {},
      ignored_parameters_unsupported: ['send_new_subscription_messages'],
    });
    const notice = older.store.tables.message.get(older.store.userMessages.maxMessageId(prospero));
    expect(notice?.content).toBe(`@**King Hamlet|${hamlet}** subscribed you to the channel #**Scotland**.`);
  });
});

describe('archived channels', () => {
  it('may be subscribed to from level 362; before, they are refused', async () => {
    const scotland = realm.channelId('Scotland');
    await realm.clientFor('iago@zulip.com').channels.archive({ stream_id: scotland });
    const cordeliaId = realm.userId('cordelia@zulip.com');
    expect((await realm.clientFor('cordelia@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }] })).subscribed).toEqual({
      [String(cordeliaId)]: ['Scotland'],
    });
    const older = createMockServer({ featureLevel: 361 });
    const olderScotland = older.store.channelByName('Scotland')?.id ?? 0;
    await older.clientFor('iago@zulip.com').channels.archive({ stream_id: olderScotland });
    await expectApiError(older.clientFor('cordelia@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }] }), bad('Unable to access channel (Scotland).'));
  });
});
