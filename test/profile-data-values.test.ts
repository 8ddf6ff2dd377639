import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const TEAM_CHOICES = { '0': { text: 'Ops', order: '1' }, '1': { text: 'Dev', order: '2' } };

/** The body of a request the SDK's types would not let through, and its status. */
async function rawPatch(email: string, path: string, params: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const form = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)]));
  const response = await realm.raw(email, 'PATCH', path, form);
  return { status: response.status, body: await response.json() };
}

const error = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

describe('PATCH /users/me/profile_data: an empty value is a value, not a removal', () => {
  it('regression: "" on a short text field is stored as "" (the event without rendered_value, the registration with an empty one); [] on a Users field as "[]"', async () => {
    const iago = realm.clientFor(IAGO);
    const short = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const mentor = (await iago.profileFields.create({ field_type: 6, name: 'Mentor' })).id;
    const hamlet = realm.clientFor(HAMLET);
    const me = realm.userId(HAMLET);
    await hamlet.profileFields.updateOwnValues({ data: [{ id: short, value: '4B' }] });
    const events = await verifyAction(
      realm.clientFor('othello@zulip.com'),
      () => hamlet.profileFields.updateOwnValues({ data: [{ id: short, value: '' }, { id: mentor, value: [] }] }),
      { event_types: ['realm_user', 'custom_profile_fields'] },
    );
    expect(events.map((event) => (event?.type === 'realm_user' ? event.person : undefined))).toEqual([
      { user_id: me, custom_profile_field: { id: short, value: '' } },
      { user_id: me, custom_profile_field: { id: mentor, value: '[]' } },
    ]);
    const { user } = await iago.users.get({ user_id: me, include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({ [short]: { value: '', rendered_value: '' }, [mentor]: { value: '[]' } });
  });

  it('regression: registered with realm_user only, the empty rendering is restored from another value of the field, else from context.customProfileFields', async () => {
    const iago = realm.clientFor(IAGO);
    const desk = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const pronouns = (await iago.profileFields.create({ field_type: 8, name: 'Pronouns' })).id;
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    const narrow = { event_types: ['realm_user'] };
    // Othello's value of Desk carries a rendering, so the state tells that Desk's values have one.
    await othello.profileFields.updateOwnValues({ data: [{ id: desk, value: '2A' }] });
    await verifyAction(othello, () => hamlet.profileFields.updateOwnValues({ data: [{ id: desk, value: '' }] }), narrow);
    // No value of a new field in the state: the field's type, given in the context, tells.
    const room = (await iago.profileFields.create({ field_type: 1, name: 'Room' })).id;
    const context = { userId: realm.userId('othello@zulip.com'), clientCapabilities: { notification_settings_null: true } };
    const { custom_fields } = await othello.profileFields.list();
    const customProfileFields = custom_fields.map(({ id, type }) => ({ id, type }));
    await verifyAction(othello, () => hamlet.profileFields.updateOwnValues({ data: [{ id: room, value: '' }] }), narrow, { ...context, customProfileFields });
    // A field without renderings gets none: an empty pronoun stays without one.
    await verifyAction(othello, () => hamlet.profileFields.updateOwnValues({ data: [{ id: pronouns, value: '' }] }), narrow, { ...context, customProfileFields });
    const { user } = await iago.users.get({ user_id: realm.userId(HAMLET), include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({ [desk]: { value: '', rendered_value: '' }, [room]: { value: '', rendered_value: '' }, [pronouns]: { value: '' } });
  });

  it('regression: "" is checked as a value of its type: a date, a link, a choice', async () => {
    const iago = realm.clientFor(IAGO);
    const day = (await iago.profileFields.create({ field_type: 4, name: 'Birthday' })).id;
    const site = (await iago.profileFields.create({ field_type: 5, name: 'Site' })).id;
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES })).id;
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: day, value: '' }] }), bad('Birthday is not a date'));
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: site, value: '' }] }), bad('Site is not a URL'));
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: team, value: '' }] }), bad("'' is not a valid choice for 'Team'."));
    // A choice is one of the field's own keys, never a property every object has.
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: team, value: 'toString' }] }), bad("'toString' is not a valid choice for 'Team'."));
  });

  it('regression: null, a number or a missing value are refused with pydantic\'s words for `str | list[int]`', async () => {
    const short = (await realm.clientFor(IAGO).profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const path = '/users/me/profile_data';
    expect(await rawPatch(HAMLET, path, { data: [{ id: short, value: null }] })).toEqual(error('data[0]["value"]["str"] is not a string'));
    expect(await rawPatch(HAMLET, path, { data: [{ id: short, value: 5 }] })).toEqual(error('data[0]["value"]["str"] is not a string'));
    expect(await rawPatch(HAMLET, path, { data: [{ id: short, value: [1, 'a'] }] })).toEqual(error('data[0]["value"]["str"] is not a string'));
    expect(await rawPatch(HAMLET, path, { data: [{ id: short }] })).toEqual(error('data[0]["value"] field is missing: Field required'));
    const hamlet = realm.userId(HAMLET);
    expect(await rawPatch(IAGO, `/users/${hamlet}`, { profile_data: [{ id: short, value: 5 }] })).toEqual(
      error('profile_data[0]["value"]["str"] is not a string'),
    );
    expect(await rawPatch(IAGO, `/users/${hamlet}`, { profile_data: [{ id: short }] })).toEqual(
      error('profile_data[0]["value"] field is missing: Field required'),
    );
  });
});

describe('PATCH /users/{user_id}: null, "" and [] remove', () => {
  it('removes with "" and []; removals are handled before the values, as the server does', async () => {
    const iago = realm.clientFor(IAGO);
    const short = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const mentor = (await iago.profileFields.create({ field_type: 6, name: 'Mentor' })).id;
    const site = (await iago.profileFields.create({ field_type: 5, name: 'Site' })).id;
    const user_id = realm.userId(HAMLET);
    await iago.users.update({ user_id, profile_data: [{ id: short, value: '4B' }, { id: mentor, value: [realm.userId('cordelia@zulip.com')] }] });
    const events = await verifyAction(
      realm.clientFor('othello@zulip.com'),
      () => iago.users.update({ user_id, profile_data: [{ id: short, value: '' }, { id: mentor, value: [] }] }),
      { event_types: ['realm_user'] },
    );
    expect(events.map((event) => (event?.type === 'realm_user' ? event.person : undefined))).toEqual([
      { user_id, custom_profile_field: { id: short, value: null } },
      { user_id, custom_profile_field: { id: mentor, value: null } },
    ]);
    // The unknown field of a removal is reported before the bad value listed ahead of it.
    await expectApiError(
      iago.users.update({ user_id, profile_data: [{ id: site, value: 'not a url' }, { id: 424_242, value: null }] }),
      bad('Field id 424242 not found.'),
    );
  });
});

describe('lengths count characters (code points), as Python does', () => {
  it('regression: 50 emoji fit a short text field, 51 do not', async () => {
    const short = (await realm.clientFor(IAGO).profileFields.create({ field_type: 1, name: 'Mood' })).id;
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.profileFields.updateOwnValues({ data: [{ id: short, value: '😀'.repeat(50) }] });
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: short, value: '😀'.repeat(51) }] }), bad('Mood is too long (limit: 50 characters)'));
  });
});

describe('values checked as the server checks them', () => {
  it('a date is YYYY-MM-DD exactly: no short month or day, no ISO basic format (the server\'s test_update_invalid_date)', async () => {
    const day = (await realm.clientFor(IAGO).profileFields.create({ field_type: 4, name: 'Birthday' })).id;
    const hamlet = realm.clientFor(HAMLET);
    for (const value of ['a-b-c', '1909-3-5', '19090305']) {
      await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: day, value }] }), bad('Birthday is not a date'));
    }
    await hamlet.profileFields.updateOwnValues({ data: [{ id: day, value: '1909-03-05' }] });
  });

  it('regression: a date in year 0 is no date (Python\'s dates start at year 1)', async () => {
    const day = (await realm.clientFor(IAGO).profileFields.create({ field_type: 4, name: 'Birthday' })).id;
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.profileFields.updateOwnValues({ data: [{ id: day, value: '0000-01-01' }] }), bad('Birthday is not a date'));
    await verifyAction(realm.clientFor('othello@zulip.com'), () => hamlet.profileFields.updateOwnValues({ data: [{ id: day, value: '0001-01-01' }] }), {
      event_types: ['realm_user'],
    });
  });

  it('regression: a cross-realm system bot is no user of the realm for a Users field (its realm is another)', async () => {
    const mentor = (await realm.clientFor(IAGO).profileFields.create({ field_type: 6, name: 'Mentor' })).id;
    const notificationBot = realm.mock.store.systemBotByEmail('notification-bot@zulip.com')?.id ?? 0;
    await expectApiError(
      realm.clientFor(HAMLET).profileFields.updateOwnValues({ data: [{ id: mentor, value: [realm.userId('cordelia@zulip.com'), notificationBot] }] }),
      bad(`Invalid user IDs: ${notificationBot}`),
    );
    // A bot of the realm is a bot.
    const bot = realm.userId('default-bot@zulip.com');
    await expectApiError(realm.clientFor(HAMLET).profileFields.updateOwnValues({ data: [{ id: mentor, value: [bot] }] }), bad(`User with ID ${bot} is a bot`));
  });
});
