import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const MODERN = { client_capabilities: { notification_settings_null: false, user_settings_object: true } };

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
/** The `.ogg` names in the 10.2 server's static/audio/notification_sounds, sorted. */
const SOUNDS = [
  'ascend', 'beep_boop', 'bink', 'bright', 'brlip', 'chime', 'deep tom', 'ding', 'double tap', 'down',
  'dry bongos', 'dutdut', 'fast ascend', 'flute', 'friendly', 'kick roll', 'loud tintong',
  'metallic snare', 'pan', 'shaker', 'simple', 'stairs', 'subtle', 'swish', 'tintong', 'up',
  'wood block', 'zaping', 'zing', 'zulip',
];

async function settingsOf(client: ChatClient) {
  return (await client.events.register({ event_types: ['user_settings'], ...MODERN })).user_settings ?? {};
}

describe('PATCH /settings', () => {
  it('starts from the server defaults and changes only what is sent', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const before = await settingsOf(hamlet);
    expect(before).toMatchObject({
      twenty_four_hour_time: false,
      color_scheme: 1,
      default_language: 'en',
      web_home_view: 'inbox',
      emojiset: 'google',
      user_list_style: 3,
      notification_sound: 'zulip',
      email_notifications_batching_period_seconds: 120,
      automatically_follow_topics_policy: 3,
      automatically_unmute_topics_in_muted_streams_policy: 2,
      available_notification_sounds: SOUNDS,
      emojiset_choices: [
        { key: 'google', text: 'Google' },
        { key: 'twitter', text: 'Twitter' },
        { key: 'text', text: 'Plain text' },
        { key: 'google-blob', text: 'Google blobs' },
      ],
    });
    const answer = await hamlet.settings.update({ twenty_four_hour_time: true, color_scheme: 2, emojiset: 'text' }).withResponse();
    expect(answer.data).toEqual({});
    expect(answer.response.status).toBe(200);
    const after = await settingsOf(hamlet);
    expect(after).toEqual({ ...before, twenty_four_hour_time: true, color_scheme: 2, emojiset: 'text' });
    expect(await settingsOf(realm.clientFor('othello@zulip.com'))).toMatchObject({ twenty_four_hour_time: false });
  });

  it('emits user_settings events, with language_name and the realm_user updates others see (events acceptance)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(
      hamlet,
      () =>
        hamlet.settings.update({
          full_name: 'Prince Hamlet',
          default_language: 'de',
          timezone: 'Europe/Copenhagen',
          email_address_visibility: 4,
          enter_sends: true,
        }),
      { event_types: ['user_settings', 'realm_user'], ...MODERN },
    );
    // The name first, then each setting in the server's order, each followed by what others see of
    // it; the time zone, no property setting on the server, after all of them.
    expect(events.map((event) => [event?.type, event?.type === 'user_settings' ? event.property : undefined])).toEqual([
      ['realm_user', undefined],
      ['user_settings', 'default_language'],
      ['user_settings', 'enter_sends'],
      ['user_settings', 'email_address_visibility'],
      ['realm_user', undefined],
      ['realm_user', undefined],
      ['user_settings', 'timezone'],
      ['realm_user', undefined],
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'user_settings', property: 'default_language', value: 'de', language_name: 'Deutsch' }));
    const hamletId = realm.userId(HAMLET);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'realm_user', person: { user_id: hamletId, new_email: `user${hamletId}@zulip.testserver` } }),
    );
    // The time zone changed last, so its event names the API email the visibility gave.
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'realm_user', person: { user_id: hamletId, email: `user${hamletId}@zulip.testserver`, timezone: 'Europe/Copenhagen' } }),
    );
    // A hidden address: clients can no longer compute the Gravatar, so the server sends it.
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        person: expect.objectContaining({ user_id: hamletId, avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/) }),
      }),
    );
  });

  it('email_address_visibility: the real address to those who gain sight of it, null to those who lose it, then the API email and avatar (events acceptance)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const hamletId = realm.userId(HAMLET);
    const viewers = ['othello@zulip.com', 'iago@zulip.com', 'polonius@zulip.com'] as const;
    /** Changes hamlet's visibility while each viewer's registration is checked; answers each viewer's `person`s. */
    async function change(visibility: number) {
      const seen = new Map<string, unknown[]>();
      const watched = viewers.reduceRight<() => Promise<unknown>>(
        (inner, viewer) => async () => {
          const events = await verifyAction(realm.clientFor(viewer), inner, { event_types: ['realm_user'] });
          seen.set(viewer, events.map((event) => event && 'person' in event && event.person));
        },
        () => hamlet.settings.update({ email_address_visibility: visibility }),
      );
      await watched();
      return Object.fromEntries(viewers.map((viewer) => [viewer.split('@')[0], seen.get(viewer)]));
    }
    const placeholder = `user${hamletId}@zulip.testserver`;
    const avatar = { user_id: hamletId, avatar_source: 'G', avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\//), avatar_url_medium: expect.stringContaining('&s=500&'), avatar_version: 1 };
    // Everyone to administrators: the member loses the address; the administrator keeps it.
    expect(await change(3)).toEqual({
      othello: [{ user_id: hamletId, delivery_email: null }, { user_id: hamletId, new_email: placeholder }, avatar],
      iago: [{ user_id: hamletId, new_email: placeholder }, avatar],
      polonius: [{ user_id: hamletId, delivery_email: null }, { user_id: hamletId, new_email: placeholder }, avatar],
    });
    // Administrators to members: the member sees it again, the guest still not; the API email stays the placeholder.
    expect(await change(2)).toEqual({ othello: [{ user_id: hamletId, delivery_email: HAMLET }], iago: [], polonius: [] });
    // Members to everyone: the guest sees it; a client computing Gravatars keeps the avatar null.
    expect(await change(1)).toEqual({
      othello: [{ user_id: hamletId, new_email: HAMLET }, avatar],
      iago: [{ user_id: hamletId, new_email: HAMLET }, avatar],
      polonius: [{ user_id: hamletId, delivery_email: HAMLET }, { user_id: hamletId, new_email: HAMLET }, avatar],
    });
  });

  it('sends clients without user_settings_object the legacy events and top-level keys too (events acceptance)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const legacy = {
      event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'],
      client_capabilities: { notification_settings_null: false },
    };
    const initial = await hamlet.events.register(legacy);
    expect(initial).toMatchObject({ twenty_four_hour_time: false, enable_sounds: true, available_notification_sounds: SOUNDS });
    const events = await verifyAction(
      hamlet,
      () => hamlet.settings.update({ twenty_four_hour_time: true, enable_sounds: false, web_font_size_px: 14 }),
      legacy,
    );
    expect(events.map((event) => event?.type)).toEqual([
      'user_settings',
      'update_display_settings',
      'user_settings',
      'user_settings',
      'update_global_notifications',
    ]);
    expect(events[1]).toMatchObject({ user: HAMLET, setting_name: 'twenty_four_hour_time', setting: true });
    expect(events[4]).toMatchObject({ user: HAMLET, notification_name: 'enable_sounds', setting: false });
  });

  it("takes every sound the server ships, and none, as notification_sound (and as the realm's default)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    for (const notification_sound of ['ascend', 'deep tom', 'none', 'zulip']) {
      await hamlet.settings.update({ notification_sound });
      expect(await settingsOf(hamlet)).toMatchObject({ notification_sound });
    }
    await realm.clientFor('iago@zulip.com').realm.updateUserSettingsDefaults({ notification_sound: 'beep_boop' });
    const { realm_user_settings_defaults } = await hamlet.events.register({ event_types: ['realm_user_settings_defaults'] });
    expect(realm_user_settings_defaults).toMatchObject({ notification_sound: 'beep_boop', available_notification_sounds: SOUNDS });
  });

  it('refuses values outside each setting\'s choices, changing nothing', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const before = await settingsOf(hamlet);
    const cases: [Parameters<ChatClient['settings']['update']>[0], string][] = [
      [{ color_scheme: 4 }, 'Invalid color_scheme: Value error, Not in the list of possible values'],
      [{ emojiset: 'apple' }, 'Invalid emojiset: Value error, Not in the list of possible values'],
      [{ web_home_view: 'stream' }, 'Invalid web_home_view: Value error, Not in the list of possible values'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'Invalid timezone: Value error, Not a recognized time zone'],
      [{ timezone: '' }, 'Invalid timezone: Value error, Not a recognized time zone'],
      [{ default_language: 'xx' }, 'Invalid default_language'],
      // 10.2's locales have no Uzbek, Telugu, Bengali, Greek or zh_Hant catalog (get_available_language_codes).
      [{ default_language: 'uz' }, 'Invalid default_language'],
      [{ default_language: 'zh-hant' }, 'Invalid default_language'],
      [{ notification_sound: 'boom' }, "Invalid notification sound 'boom'"],
      [{ notification_sound: 'chime-bell' }, "Invalid notification sound 'chime-bell'"],
      [{ notification_sound: 'Ascend' }, "Invalid notification sound 'Ascend'"],
      [{ email_notifications_batching_period_seconds: 0 }, 'Invalid email batching period: 0 seconds'],
      [{ email_notifications_batching_period_seconds: 604_801 }, 'Invalid email batching period: 604801 seconds'],
      [{ enter_sends: true, full_name: 'x'.repeat(101) }, 'Name too long!'],
      [{ full_name: '   ' }, 'Name too short!'],
      [{ new_password: 'new-secret', old_password: 'wrong' }, 'Wrong password!'],
      // The password is checked before the name, as on the server.
      [{ new_password: 'new-secret', old_password: 'wrong', full_name: 'x'.repeat(101) }, 'Wrong password!'],
      [{ new_password: 'abc', old_password: 'opensesame' }, 'New password is too weak!'],
      [{ new_password: '', old_password: 'opensesame' }, 'New password is too weak!'],
      // Several bad values: the first in the server's parameter order, whatever their types.
      [{ demote_inactive_streams: 9, web_home_view: 'stream' }, 'Invalid web_home_view: Value error, Not in the list of possible values'],
      [{ desktop_icon_count_display: 9, timezone: 'Mars/Olympus_Mons' }, 'Invalid timezone: Value error, Not a recognized time zone'],
      [{ email_address_visibility: 9, web_animate_image_previews: 'sometimes', user_list_style: 9 }, 'Invalid user_list_style: Value error, Not in the list of possible values'],
    ];
    for (const [params, msg] of cases) await expectApiError(hamlet.settings.update({ twenty_four_hour_time: true, ...params }), bad(msg));
    expect(await settingsOf(hamlet)).toEqual(before);
    const notJson = await realm.raw(HAMLET, 'PATCH', '/settings', new URLSearchParams({ enter_sends: 'maybe' }));
    expect(await notJson.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'enter_sends is not valid JSON' });
    const notBoolean = await realm.raw(HAMLET, 'PATCH', '/settings', new URLSearchParams({ enter_sends: '"yes"' }));
    expect(await notBoolean.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'enter_sends is not a boolean' });
  });

  it('email: checks a new address (stripped, unless unchanged) and answers success without changing it (a confirmation would)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const cases: [string, string][] = [
      ['not-an-address', 'Invalid address.'],
      ['a,b@zulip.com', 'Invalid address.'],
      ['iago@zulip.com', 'Already has an account.'],
      ['HAMLET@zulip.com', 'Already has an account.'],
      ['notification-bot@zulip.com', 'Reserved for system bots.'],
      // Stripped as Python's str.strip does: U+FEFF stays (and is no address character).
      ['\ufeffhamlet@zulip.com', 'Invalid address.'],
    ];
    for (const [email, msg] of cases) await expectApiError(hamlet.settings.update({ email }), bad(msg));
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    await expectApiError(hamlet.settings.update({ email: 'othello@zulip.com' }), bad('Account has been deactivated.'));
    // The address is checked after the password and before the name, as on the server.
    await expectApiError(hamlet.settings.update({ email: 'nope', old_password: 'wrong', new_password: 'a-new-secret' }), bad('Wrong password!'));
    await expectApiError(hamlet.settings.update({ email: 'nope', full_name: 'x' }), bad('Invalid address.'));
    for (const email of ['prince@zulip.com', ' hamlet@zulip.com ', '\u001chamlet@zulip.com\u0085', 'hamlet@zulip.com']) {
      const events = await verifyAction(hamlet, () => hamlet.settings.update({ email }).withResponse().then((answer) => expect(answer.data).toEqual({})), {
        event_types: ['realm_user', 'user_settings'],
      });
      expect(events).toEqual([]);
    }
    expect((await hamlet.users.me()).delivery_email).toBe(HAMLET);
  });

  it("stores a time zone under its canonical IANA name, as the server does; realm_user carries the email", async () => {
    const hamlet = realm.clientFor(HAMLET);
    for (const [given, stored] of [['Asia/Calcutta', 'Asia/Kolkata'], ['US/Eastern', 'America/New_York'], ['UTC', 'Etc/UTC'], ['Europe/Kyiv', 'Europe/Kyiv']]) {
      const events = await verifyAction(hamlet, () => hamlet.settings.update({ timezone: given }));
      expect((await settingsOf(hamlet)).timezone).toBe(stored);
      expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', person: { user_id: realm.userId(HAMLET), email: HAMLET, timezone: stored } }));
    }
  });

  it('refuses bots; a human changes the password and logs in with it', async () => {
    await expectApiError(realm.clientFor('default-bot@zulip.com').settings.update({ enter_sends: true }), bad('This endpoint does not accept bot requests.'));
    // zerver/views/user_settings.py: @human_users_only wraps @typed_endpoint, so a bot hears
    // that first, before a value that does not parse.
    for (const path of ['/settings', '/settings/display', '/settings/notifications']) {
      const response = await realm.raw('default-bot@zulip.com', 'PATCH', path, new URLSearchParams({ color_scheme: 'dark' }));
      expect([path, await response.json()]).toEqual([path, { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' }]);
    }
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.settings.update({ old_password: 'opensesame', new_password: 'a-new-secret' });
    const anonymous = realm.anonymousClient();
    await expectApiError(anonymous.server.fetchApiKey({ username: HAMLET, password: 'opensesame' }), {
      code: 'AUTHENTICATION_FAILED',
      status: 401,
    });
    expect((await anonymous.server.fetchApiKey({ username: HAMLET, password: 'a-new-secret' })).api_key).toBe(realm.mock.apiKeyOf(HAMLET));
  });

  it('refuses bots before reading the parameters (human_users_only wraps typed_endpoint), on the legacy paths too', async () => {
    for (const path of ['/settings', '/settings/display', '/settings/notifications']) {
      const response = await realm.raw('default-bot@zulip.com', 'PATCH', path, new URLSearchParams({ enter_sends: 'not json' }));
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 400,
        body: { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' },
      });
    }
  });

  it('settings other operations read take effect: translate_emoticons renders :) as an emoji', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const plain = await hamlet.messages.render({ content: 'hi :)' });
    await hamlet.settings.update({ translate_emoticons: true });
    const translated = await hamlet.messages.render({ content: 'hi :)' });
    expect(plain.rendered).toBe('<p>hi :)</p>');
    expect(translated.rendered).toBe(
      '<p>hi <span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></p>',
    );
  });

  it('automatically_follow_topics_policy decides whether starting a topic follows it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const followed = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'first', content: 'x' });
    expect(followed.automatic_new_visibility_policy).toBe(3);
    await hamlet.settings.update({ automatically_follow_topics_policy: 4 });
    const plain = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'second', content: 'x' });
    expect(plain.automatic_new_visibility_policy).toBeUndefined();
  });

  it('reports parameters it does not read', async () => {
    const hamlet = new ChatClient({ site: SITE, email: HAMLET, apiKey: realm.mock.apiKeyOf(HAMLET), maxRetries: 0 });
    const answer = await hamlet.request('PATCH', '/settings', { enter_sends: true, dense_mode: true });
    expect(answer).toEqual({ ignored_parameters_unsupported: ['dense_mode'] });
  });
});
