import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const NEW_PASSWORD = 'a much better passphrase 42';
const MODERN = { client_capabilities: { notification_settings_null: false, user_settings_object: true } };
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

const fetchApiKey = (password: string) => realm.anonymousClient().server.fetchApiKey({ username: HAMLET, password });

describe('PATCH /settings goes step by step, keeping what earlier steps changed', () => {
  it('the password changes even when the address or the name is refused afterwards', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.settings.update({ old_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD, email: 'othello@zulip.com' }), bad('Already has an account.'));
    expect((await fetchApiKey(NEW_PASSWORD)).api_key).toEqual(expect.any(String));
    await expectApiError(hamlet.settings.update({ old_password: NEW_PASSWORD, new_password: DEFAULT_PASSWORD, full_name: ' ' }), bad('Name too short!'));
    expect((await fetchApiKey(DEFAULT_PASSWORD)).api_key).toEqual(expect.any(String));
  });

  it('the time zone changes after every other setting (it is no property setting on the server)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => hamlet.settings.update({ timezone: 'Europe/Oslo', enable_sounds: false, web_font_size_px: 20 }), {
      event_types: ['user_settings'],
      ...MODERN,
    });
    expect(events.map((event) => event && 'property' in event && event.property)).toEqual(['web_font_size_px', 'enable_sounds', 'timezone']);
  });
});

describe('PATCH /settings full_name while name changes are disabled', () => {
  it("a non-administrator's name is silently left out, not even checked; an administrator's changes", async () => {
    await realm.clientFor('desdemona@zulip.com').realm.update({ name_changes_disabled: true });
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => hamlet.settings.update({ full_name: 'X', enable_sounds: false }), { event_types: ['realm_user', 'user_settings'], ...MODERN });
    expect(events.map((event) => event?.type)).toEqual(['user_settings']);
    expect((await hamlet.users.me()).full_name).toBe('King Hamlet');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.settings.update({ full_name: 'Iago the Admin' });
    expect((await iago.users.me()).full_name).toBe('Iago the Admin');
  });
});

describe('PATCH /settings old_password: authenticate, limited per username with logins', () => {
  it('wrong old passwords count with failed logins; the sixth attempt is refused whatever the password', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(fetchApiKey('wrong'), { code: 'AUTHENTICATION_FAILED', status: 401 });
    for (let attempt = 2; attempt <= 5; attempt++) {
      await expectApiError(hamlet.settings.update({ old_password: 'wrong', new_password: NEW_PASSWORD }), bad('Wrong password!'));
    }
    await expectApiError(hamlet.settings.update({ old_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }), bad("You're making too many attempts! Try again in 1800 seconds."));
    realm.clock.advance(600_000);
    await expectApiError(hamlet.settings.update({ old_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }), bad("You're making too many attempts! Try again in 1200 seconds."));
    await expectApiError(fetchApiKey(DEFAULT_PASSWORD), { code: 'RATE_LIMIT_HIT', status: 429 });
    realm.clock.advance(1201_000);
    expect(await hamlet.settings.update({ old_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD })).toEqual({});
  });

  it('with password logins off no old password matches', async () => {
    (realm.mock.realm as { password_auth_enabled: boolean }).password_auth_enabled = false;
    await expectApiError(realm.clientFor(HAMLET).settings.update({ old_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }), bad('Wrong password!'));
  });
});

describe("language_name: the server's language list (Django's name_local, else the catalog's team name)", () => {
  it('names each language as the server does, where Intl.DisplayNames would not', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const expected = { ru: 'Русский', 'pt-br': 'Português Brasileiro', uk: 'Українська', cs: 'česky', id: 'Bahasa Indonesia', lt: 'Lietuviškai', hu: 'Magyar', mn: 'Mongolian', si: 'Sinhala', bqi: 'Luri (Bakhtiari)', 'zh-tw': 'Chinese (Taiwan)' };
    for (const [code, name] of Object.entries(expected)) {
      const events = await verifyAction(hamlet, () => hamlet.settings.update({ default_language: code }), { event_types: ['user_settings'], ...MODERN });
      expect(events).toContainEqual(expect.objectContaining({ property: 'default_language', value: code, language_name: name }));
    }
  });
});
