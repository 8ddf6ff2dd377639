import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

const TEAM_CHOICES = { '0': { text: 'Ops', order: '1' }, '1': { text: 'Dev', order: '2' } };

describe('POST /realm/profile_fields and GET /realm/profile_fields', () => {
  it('creates fields of each kind; the list is by order with field_data as JSON text and flags only when true', async () => {
    const iago = realm.clientFor(IAGO);
    const phone = (await iago.profileFields.create({ field_type: 1, name: ' Phone ', hint: 'Work number', display_in_profile_summary: true, use_for_user_matching: true })).id;
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES, required: true })).id;
    const github = (await iago.profileFields.create({ field_type: 7, field_data: { subtype: 'github' }, editable_by_user: false })).id;
    const { custom_fields } = await realm.clientFor('polonius@zulip.com').profileFields.list();
    expect(custom_fields).toEqual([
      { id: phone, name: 'Phone', type: 1, hint: 'Work number', field_data: '', order: phone, required: false, editable_by_user: true, display_in_profile_summary: true, use_for_user_matching: true },
      { id: team, name: 'Team', type: 3, hint: '', field_data: JSON.stringify(TEAM_CHOICES), order: team, required: true, editable_by_user: true },
      { id: github, name: 'GitHub username', type: 7, hint: '', field_data: '{"subtype":"github"}', order: github, required: false, editable_by_user: false },
    ]);
    const registered = await iago.events.register({ fetch_event_types: ['custom_profile_fields'] });
    expect(registered.custom_profile_fields).toEqual(custom_fields);
    expect(registered.custom_profile_field_types?.SELECT).toEqual({ id: 3, name: 'List of options' });
  });

  it('refuses with the server\'s messages, in its order', async () => {
    const iago = realm.clientFor(IAGO);
    await expectApiError(realm.clientFor('hamlet@zulip.com').profileFields.create({ field_type: 1, name: 'x' }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
    await expectApiError(iago.profileFields.create({ field_type: 3, name: 'Empty' }), bad('Field must have at least one choice.'));
    await expectApiError(
      iago.profileFields.create({ field_type: 3, name: 'Twice', field_data: { a: { text: 'Same', order: '1' }, b: { text: 'Same', order: '2' } } }),
      bad('Field must not have duplicate choices.'),
    );
    await expectApiError(iago.profileFields.create({ field_type: 7, name: 'X', field_data: { subtype: 'myspace' } }), bad('Invalid external account type'));
    // Names every JavaScript object inherits are not built-in accounts.
    for (const subtype of ['toString', 'constructor', '__proto__']) {
      await expectApiError(iago.profileFields.create({ field_type: 7, name: 'X', field_data: { subtype } }), bad('Invalid external account type'));
    }
    await expectApiError(iago.profileFields.create({ field_type: 7, name: 'X', field_data: { subtype: 'custom' } }), bad('Custom external account must define URL pattern'));
    type FieldData = Record<string, string | Record<string, string>>;
    const choice = (field_data: FieldData) => iago.profileFields.create({ field_type: 3, name: 'S', field_data });
    await expectApiError(choice({ a: { order: '1' } }), bad('text key is missing from field_data'));
    await expectApiError(choice({ a: 'A' }), bad('field_data is not a dict'));
    await expectApiError(choice({ a: { text: ' ', order: '1' } }), bad('field_data["text"] cannot be blank.'));
    await expectApiError(choice({ a: { text: 'A', order: '' } }), bad('field_data["order"] cannot be blank.'));
    await expectApiError(choice({ a: { text: 'A', order: '1', color: 'red' } }), bad('Unexpected arguments: color'));
    const account = (field_data: FieldData) => iago.profileFields.create({ field_type: 7, name: 'X', field_data });
    await expectApiError(account({ subtype: '' }), bad('field_data["subtype"] cannot be blank.'));
    await expectApiError(account({ url_pattern: 'https://x.com/%(username)s' }), bad('subtype key is missing from field_data'));
    await expectApiError(account({ subtype: 'custom', url_pattern: 'https://x.com/' }), bad("URL pattern must contain '%(username)s'."));
    await expectApiError(account({ subtype: 'custom', url_pattern: '%(username)s%(username)s' }), bad("URL pattern must contain '%(username)s'."));
    await expectApiError(account({ subtype: 'custom', url_pattern: 'x.com/%(username)s' }), bad('field_data["url_pattern"] is not a URL'));
    await expectApiError(account({ subtype: 'custom', url_pattern: 'https://x.com/%(username)s', icon: 'x' }), bad('Unexpected arguments: icon'));
    await expectApiError(iago.profileFields.create({ field_type: 1, name: '   ' }), bad('Label cannot be blank.'));
    await expectApiError(iago.profileFields.create({ field_type: 1, name: 'n'.repeat(41) }), bad('name is too long (limit: 40 characters)'));
    await expectApiError(iago.profileFields.create({ field_type: 1, name: 'Hinted', hint: 'h'.repeat(81) }), bad('hint is too long (limit: 80 characters)'));
    await expectApiError(iago.profileFields.create({ field_type: 9, name: 'Nine' }), bad('Invalid field type.'));
    await expectApiError(iago.profileFields.create({ field_type: 2, name: 'Bio', display_in_profile_summary: true }), bad('Field type not supported for display in profile summary.'));
    await iago.profileFields.create({ field_type: 1, name: 'Desk' });
    await expectApiError(iago.profileFields.create({ field_type: 4, name: 'Desk' }), bad('A field with that label already exists.'));
    await iago.profileFields.create({ field_type: 1, name: 'One', display_in_profile_summary: true });
    await iago.profileFields.create({ field_type: 1, name: 'Two', display_in_profile_summary: true });
    await expectApiError(iago.profileFields.create({ field_type: 1, name: 'Three', display_in_profile_summary: true }), bad('Only 2 custom profile fields can be displayed in the profile summary.'));
  });

  it('a new field reaches every user as custom_profile_fields; register + events == a fresh register', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => realm.clientFor(IAGO).profileFields.create({ field_type: 5, name: 'Homepage' }), {
      event_types: ['custom_profile_fields'],
    });
    expect(events).toMatchObject([{ type: 'custom_profile_fields', fields: [{ name: 'Homepage', type: 5 }] }]);
  });
});

describe('profile_data: users\' values (PATCH /users/{user_id})', () => {
  it('sets values of each type, renders text fields, removes with null; users see them in profile_data', async () => {
    const iago = realm.clientFor(IAGO);
    const bio = (await iago.profileFields.create({ field_type: 2, name: 'Bio' })).id;
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES })).id;
    const birthday = (await iago.profileFields.create({ field_type: 4, name: 'Birthday' })).id;
    const mentor = (await iago.profileFields.create({ field_type: 6, name: 'Mentor' })).id;
    const hamletId = realm.userId('hamlet@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    await iago.users.update({
      user_id: hamletId,
      profile_data: [
        { id: bio, value: 'To **be**' },
        { id: team, value: '1' },
        { id: birthday, value: '1600-01-31' },
        { id: mentor, value: [cordelia] },
      ],
    });
    const { user } = await realm.clientFor('othello@zulip.com').users.get({ user_id: hamletId, include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({
      [bio]: { value: 'To **be**', rendered_value: '<p>To <strong>be</strong></p>' },
      [team]: { value: '1' },
      [birthday]: { value: '1600-01-31' },
      [mentor]: { value: `[${cordelia}]` },
    });
    await iago.users.update({ user_id: hamletId, profile_data: [{ id: team, value: null }] });
    const after = await iago.users.get({ user_id: hamletId, include_custom_profile_fields: true });
    expect(Object.keys(after.user.profile_data ?? {})).not.toContain(String(team));
  });

  it('refuses values that do not fit, all before any is stored', async () => {
    const iago = realm.clientFor(IAGO);
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES })).id;
    const site = (await iago.profileFields.create({ field_type: 5, name: 'Site' })).id;
    const day = (await iago.profileFields.create({ field_type: 4, name: 'Day' })).id;
    const mentor = (await iago.profileFields.create({ field_type: 6, name: 'Mentor' })).id;
    const short = (await iago.profileFields.create({ field_type: 1, name: 'Short' })).id;
    const user_id = realm.userId('hamlet@zulip.com');
    const update = (id: number, value: string | number[]) => iago.users.update({ user_id, profile_data: [{ id: short, value: 'kept?' }, { id, value }] });
    await expectApiError(update(team, '7'), bad("'7' is not a valid choice for 'Team'."));
    await expectApiError(update(site, 'not a url'), bad('Site is not a URL'));
    // The server's URL rules: a host needs a top-level domain (or is localhost or an IP).
    await expectApiError(update(site, 'http://intranet'), bad('Site is not a URL'));
    await expectApiError(update(day, '2024-02-30'), bad('Day is not a date'));
    await expectApiError(update(mentor, [999_999, 999_998]), bad('Invalid user IDs: 999999, 999998'));
    await expectApiError(update(mentor, [realm.userId('default-bot@zulip.com')]), bad(`User with ID ${realm.userId('default-bot@zulip.com')} is a bot`));
    await iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    await expectApiError(update(mentor, [realm.userId('cordelia@zulip.com')]), bad(`User with ID ${realm.userId('cordelia@zulip.com')} is deactivated`));
    await expectApiError(update(mentor, 'hamlet'), bad('User IDs is not a list'));
    await expectApiError(update(short, 's'.repeat(51)), bad('Short is too long (limit: 50 characters)'));
    await expectApiError(update(424_242, 'x'), bad('Field id 424242 not found.'));
    const { user } = await iago.users.get({ user_id, include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({});
    await iago.users.update({ user_id, profile_data: [{ id: site, value: 'ftp://files.example.com/plan.txt' }] });
    const after = await iago.users.get({ user_id, include_custom_profile_fields: true });
    expect(after.user.profile_data?.[String(site)]).toEqual({ value: 'ftp://files.example.com/plan.txt' });
  });

  it('a non-administrator (a bot\'s owner) may not change a field users cannot edit', async () => {
    const iago = realm.clientFor(IAGO);
    const locked = (await iago.profileFields.create({ field_type: 1, name: 'Locked', editable_by_user: false })).id;
    const open = (await iago.profileFields.create({ field_type: 1, name: 'Open' })).id;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const bot = realm.userId('default-bot@zulip.com');
    await expectApiError(
      hamlet.users.update({ user_id: bot, profile_data: [{ id: locked, value: 'x' }] }),
      bad('You are not allowed to change this field. Contact an administrator to update it.'),
    );
    await expect(hamlet.users.update({ user_id: bot, profile_data: [{ id: open, value: 'x' }] })).resolves.toEqual({});
  });

  it('each changed value is a realm_user update; register + events == a fresh register', async () => {
    const iago = realm.clientFor(IAGO);
    const bio = (await iago.profileFields.create({ field_type: 2, name: 'Bio' })).id;
    const user_id = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () => iago.users.update({ user_id, profile_data: [{ id: bio, value: 'Hi' }] }), {
      event_types: ['realm_user'],
    });
    expect(events).toMatchObject([{ type: 'realm_user', op: 'update', person: { user_id, custom_profile_field: { id: bio, value: 'Hi', rendered_value: '<p>Hi</p>' } } }]);
    const removed = await verifyAction(realm.clientFor('othello@zulip.com'), () => iago.users.update({ user_id, profile_data: [{ id: bio, value: null }] }), {
      event_types: ['realm_user'],
    });
    expect(removed).toMatchObject([{ person: { user_id, custom_profile_field: { id: bio, value: null } } }]);
  });
});

describe('changing, deleting and reordering fields; users\' own values', () => {
  it('update replaces what is given with the checks of creation; delete drops the field and its values; reorder needs every ID once', async () => {
    const iago = realm.clientFor(IAGO);
    const desk = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES })).id;
    const site = (await iago.profileFields.create({ field_type: 5, name: 'Site' })).id;
    await iago.profileFields.update({ field_id: desk, hint: 'Building and room', display_in_profile_summary: true });
    await expectApiError(iago.profileFields.update({ field_id: team, name: 'Desk' }), bad('A field with that label already exists.'));
    await expectApiError(iago.profileFields.update({ field_id: team, field_data: {} }), bad('Field must have at least one choice.'));
    await expectApiError(iago.profileFields.update({ field_id: 424_242, name: 'x' }), bad('Field id 424242 not found.'));
    const hamlet = realm.userId('hamlet@zulip.com');
    await iago.users.update({ user_id: hamlet, profile_data: [{ id: site, value: 'https://example.com' }] });
    await iago.profileFields.delete({ field_id: site });
    await expectApiError(iago.profileFields.delete({ field_id: site }), bad(`Field id ${site} not found.`));
    const { user } = await iago.users.get({ user_id: hamlet, include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({});
    // Only a field left out is refused; positions count from 0, a repeated ID takes its last one, unknown IDs are ignored.
    await expectApiError(iago.profileFields.reorder({ order: [team] }), bad('Invalid order mapping.'));
    await expectApiError(iago.profileFields.reorder({ order: [team, team] }), bad('Invalid order mapping.'));
    await iago.profileFields.reorder({ order: [desk, 999_999, team, desk] });
    const { custom_fields } = await iago.profileFields.list();
    expect(custom_fields.map((field) => [field.name, field.order, field.hint, field.display_in_profile_summary])).toEqual([
      ['Team', 2, '', undefined],
      ['Desk', 3, 'Building and room', true],
    ]);
    await expectApiError(realm.clientFor('hamlet@zulip.com').profileFields.reorder({ order: [desk, team] }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
  });

  it('a list field losing a choice loses the users\' values of it; a built-in external account keeps its name, hint and data', async () => {
    const iago = realm.clientFor(IAGO);
    const team = (await iago.profileFields.create({ field_type: 3, name: 'Team', field_data: TEAM_CHOICES })).id;
    const [first, second] = Object.keys(TEAM_CHOICES);
    const hamlet = realm.userId('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com');
    await iago.users.update({ user_id: hamlet, profile_data: [{ id: team, value: first ?? '' }] });
    await iago.users.update({ user_id: othello, profile_data: [{ id: team, value: second ?? '' }] });
    const remaining = Object.fromEntries(Object.entries(TEAM_CHOICES).filter(([key]) => key !== first));
    await iago.profileFields.update({ field_id: team, field_data: remaining });
    const valueOf = async (userId: number) =>
      (await iago.users.get({ user_id: userId, include_custom_profile_fields: true })).user.profile_data?.[String(team)];
    expect([await valueOf(hamlet), (await valueOf(othello))?.value]).toEqual([undefined, second]);

    const github = (
      await iago.profileFields.create({ field_type: 7, hint: 'mine', field_data: { subtype: 'github', url_pattern: 'https://example.com/%(username)s' } })
    ).id;
    const stored = realm.mock.store.tables.customProfileField.get(github);
    // A built-in account takes the server's name and empty hint and keeps only its subtype.
    expect((await iago.profileFields.list()).custom_fields.find((field) => field.id === github)).toMatchObject({
      name: 'GitHub username',
      hint: '',
      field_data: '{"subtype":"github"}',
    });
    await expectApiError(iago.profileFields.update({ field_id: github, name: 'GitHub handle' }), bad('Default custom field cannot be updated.'));
    await expectApiError(iago.profileFields.update({ field_id: github, field_data: { subtype: 'twitter' } }), bad('Default custom field cannot be updated.'));
    // The same name and data, or only the summary flag, are allowed.
    await iago.profileFields.update({ field_id: github, name: stored?.name ?? '', field_data: { subtype: 'github' }, display_in_profile_summary: true });
    expect(realm.mock.store.tables.customProfileField.get(github)?.display_in_profile_summary).toBe(true);
  });

  it('each change of the fields reaches every user as the whole list; register + events == a fresh register', async () => {
    const iago = realm.clientFor(IAGO);
    const desk = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const team = (await iago.profileFields.create({ field_type: 1, name: 'Team' })).id;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(
      hamlet,
      async () => {
        await iago.profileFields.update({ field_id: desk, name: 'Room' });
        await iago.profileFields.reorder({ order: [team, desk] });
        await iago.profileFields.delete({ field_id: team });
      },
      { event_types: ['custom_profile_fields'] },
    );
    expect(events.map((event) => (event?.type === 'custom_profile_fields' ? event.fields.map((field) => field.name) : []))).toEqual([
      ['Room', 'Team'],
      ['Team', 'Room'],
      ['Room'],
    ]);
  });

  it("deleting a field drops every user's value of it, deactivated users' too (register + events == a fresh register)", async () => {
    const iago = realm.clientFor(IAGO);
    const desk = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
    const kept = (await iago.profileFields.create({ field_type: 4, name: 'Birthday' })).id;
    const hamletId = realm.userId('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com');
    await iago.users.update({ user_id: hamletId, profile_data: [{ id: desk, value: 'North' }, { id: kept, value: '2000-01-01' }] });
    await iago.users.update({ user_id: othelloId, profile_data: [{ id: desk, value: 'South' }] });
    await iago.users.deactivate({ user_id: othelloId });
    const events = await verifyAction(realm.clientFor('cordelia@zulip.com'), () => iago.profileFields.delete({ field_id: desk }), {
      event_types: ['custom_profile_fields', 'realm_user'],
    });
    expect(events.map((event) => event?.type)).toEqual(['custom_profile_fields']);
  });

  it('users set and remove their own values; fields users may not edit are refused unless an administrator edits', async () => {
    const iago = realm.clientFor(IAGO);
    const pronouns = (await iago.profileFields.create({ field_type: 8, name: 'Pronouns' })).id;
    const badge = (await iago.profileFields.create({ field_type: 1, name: 'Badge', editable_by_user: false })).id;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const me = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.profileFields.updateOwnValues({ data: [{ id: pronouns, value: 'he/him' }] }), { event_types: ['realm_user'] });
    expect(events).toMatchObject([{ type: 'realm_user', op: 'update', person: { user_id: me, custom_profile_field: { id: pronouns, value: 'he/him' } } }]);
    await expectApiError(
      hamlet.profileFields.updateOwnValues({ data: [{ id: badge, value: 'gold' }] }),
      bad('You are not allowed to change this field. Contact an administrator to update it.'),
    );
    await expect(iago.profileFields.updateOwnValues({ data: [{ id: badge, value: 'admin' }] })).resolves.toEqual({});
    await hamlet.profileFields.removeOwnValues({ data: [pronouns] });
    const { user } = await iago.users.get({ user_id: me, include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({});
  });
});
