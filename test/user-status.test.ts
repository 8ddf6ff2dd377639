import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('user status', () => {
  it('sets text and emoji (looked up by name), changes only what is given, clears with ""', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = realm.userId(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.users.updateStatus({ status_text: '  on vacation  ', emoji_name: 'car' });
    expect(await othello.users.getStatus({ user_id: id })).toEqual({ status: { status_text: 'on vacation', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' } });
    await hamlet.users.updateStatus({ status_text: 'back soon' });
    expect((await othello.users.getStatus({ user_id: id })).status).toMatchObject({ status_text: 'back soon', emoji_name: 'car' });
    await hamlet.users.updateStatus({ emoji_name: '' });
    expect((await othello.users.getStatus({ user_id: id })).status).toEqual({ status_text: 'back soon' });
    await hamlet.users.updateStatus({ status_text: '' });
    expect((await othello.users.getStatus({ user_id: id })).status).toEqual({});
    await hamlet.users.updateStatus({ emoji_name: 'green_tick' });
    expect((await othello.users.getStatus({ user_id: id })).status).toEqual({ emoji_name: 'green_tick', emoji_code: String(realm.mock.store.activeRealmEmojiByName('green_tick')?.id), reaction_type: 'realm_emoji' });
  });

  it('away is presence_enabled turned around', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.users.updateStatus({ away: true });
    expect((await hamlet.users.getStatus({ user_id: realm.userId(HAMLET) })).status).toEqual({ away: true });
    const registered = await hamlet.events.register({ fetch_event_types: ['user_settings'] });
    expect(registered.user_settings?.presence_enabled).toBe(false);
    await hamlet.users.updateStatus({ away: false });
    expect((await hamlet.users.getStatus({ user_id: realm.userId(HAMLET) })).status).toEqual({});
  });

  it('turning presence off in the settings makes no status; a status update always leaves one, and away always changes the setting', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = realm.userId(HAMLET);
    await hamlet.settings.update({ presence_enabled: false });
    expect((await hamlet.users.getStatus({ user_id: id })).status).toEqual({});
    expect((await hamlet.events.register({ fetch_event_types: ['user_status'] })).user_status).toEqual({});
    await hamlet.settings.update({ presence_enabled: true });
    const events = await verifyAction(hamlet, () => hamlet.users.updateStatus({ away: false }), { event_types: ['user_status', 'user_settings'] });
    expect(events.map((event) => event?.type)).toEqual(['user_settings', 'user_status']);
    await hamlet.settings.update({ presence_enabled: false });
    expect((await hamlet.users.getStatus({ user_id: id })).status).toEqual({ away: true });
    // 59 characters and an emoji: 60 characters, however many UTF-16 units.
    await hamlet.users.updateStatus({ status_text: `${'s'.repeat(59)}🎉` });
  });

  it('refuses with the server\'s messages', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.users.updateStatus({}), bad('Client did not pass any new values.'));
    await expectApiError(hamlet.users.updateStatus({ emoji_code: '1f697' }), bad('Client did not pass any new values.'));
    await expectApiError(hamlet.users.updateStatus({ status_text: 'x', reaction_type: 'unicode_emoji' }), bad('Client must pass emoji_name if they pass either emoji_code or reaction_type.'));
    await expectApiError(hamlet.users.updateStatus({ status_text: 's'.repeat(61) }), bad('status_text is too long (limit: 60 characters)'));
    await expectApiError(hamlet.users.updateStatus({ emoji_name: 'invalid' }), bad("Emoji 'invalid' does not exist"));
    await expectApiError(hamlet.users.updateStatus({ emoji_name: 'car', emoji_code: '1f600', reaction_type: 'unicode_emoji' }), bad('Invalid emoji name.'));
    await expectApiError(hamlet.users.updateStatus({ emoji_name: 'green_tick', emoji_code: '999999', reaction_type: 'realm_emoji' }), bad('Invalid custom emoji.'));
    await expectApiError(hamlet.users.getStatus({ user_id: 424_242 }), bad('No such user'));
    expect((await hamlet.users.getStatus({ user_id: realm.userId(HAMLET) })).status).toEqual({});
  });

  it('an empty emoji_code or reaction_type without emoji_name changes nothing, as the server tests truthiness (regression: refused)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.users.updateStatus({ emoji_name: 'car' });
    await verifyAction(othello, () => hamlet.users.updateStatus({ status_text: 'busy', emoji_code: '' }));
    await verifyAction(othello, () => hamlet.users.updateStatus({ status_text: 'busier', reaction_type: '' }));
    expect((await othello.users.getStatus({ user_id: realm.userId(HAMLET) })).status).toEqual({
      status_text: 'busier',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
  });

  it("strips status_text as the server does: Unicode whitespace before the length limit, then Python's (regression: JavaScript's trim)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    const statusText = async () => (await othello.users.getStatus({ user_id: realm.userId(HAMLET) })).status.status_text;
    await verifyAction(othello, () => hamlet.users.updateStatus({ status_text: '\u001chi' }));
    expect(await statusText()).toBe('hi');
    await hamlet.users.updateStatus({ status_text: '\ufeffhi' });
    expect(await statusText()).toBe('\ufeffhi');
    // U+0085 goes before the length is checked; U+001C only after it.
    await hamlet.users.updateStatus({ status_text: `\u0085${'s'.repeat(60)}` });
    expect(await statusText()).toBe('s'.repeat(60));
    await expectApiError(hamlet.users.updateStatus({ status_text: `\u001c${'s'.repeat(60)}` }), bad('status_text is too long (limit: 60 characters)'));
  });

  it('is for humans (@human_users_only), and read only for active humans (a bot: No such user)', async () => {
    await expectApiError(realm.clientFor('default-bot@zulip.com').users.updateStatus({ status_text: 'beep' }), bad('This endpoint does not accept bot requests.'));
    await expectApiError(realm.clientFor('default-bot@zulip.com').profileFields.updateOwnValues({ data: [] }), bad('This endpoint does not accept bot requests.'));
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.users.getStatus({ user_id: realm.userId('default-bot@zulip.com') }), bad('No such user'));
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId(HAMLET) });
    await expectApiError(othello.users.getStatus({ user_id: realm.userId(HAMLET) }), bad('User is deactivated'));
  });

  it('user_status events reach everyone; register + events == a fresh register', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    const id = realm.userId(HAMLET);
    const events = await verifyAction(
      othello,
      async () => {
        await hamlet.users.updateStatus({ status_text: 'lunch', emoji_name: 'pizza' });
        await hamlet.users.updateStatus({ emoji_name: '' });
        await hamlet.users.updateStatus({ away: true });
      },
      { event_types: ['user_status'] },
    );
    expect(events).toEqual([
      { id: expect.any(Number), type: 'user_status', user_id: id, status_text: 'lunch', emoji_name: 'pizza', emoji_code: '1f355', reaction_type: 'unicode_emoji' },
      { id: expect.any(Number), type: 'user_status', user_id: id, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
      { id: expect.any(Number), type: 'user_status', user_id: id, away: true },
    ]);
    await verifyAction(othello, () => hamlet.users.updateStatus({ status_text: '', away: false }), { event_types: ['user_status'] });
  });
});
