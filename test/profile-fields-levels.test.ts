import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { verifyAction } from './support/verify-action';

const SITE = 'http://localhost:9991';
const IAGO = 'iago@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';

/** A mock server behaving as `level`, and an administrator's client that learns the level from it. */
function olderServer(level: number, email = IAGO) {
  const mock = createMockServer({ featureLevel: level });
  const client = new ChatClient({ site: SITE, email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, maxRetries: 0 });
  return { mock, client, userId: mock.store.userByDeliveryEmail(email)?.id };
}

/** A request the SDK would not send, form-encoded as the SDK encodes: the status and body. */
async function raw(mock: MockServer, method: string, path: string, params: Record<string, unknown>, email = IAGO) {
  const body = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  const response = await mock.fetch(`${SITE}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function unsupported(promise: Promise<unknown>): Promise<UnsupportedFeatureError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof UnsupportedFeatureError)) throw new Error(`expected UnsupportedFeatureError, got ${String(error)}`);
  return error;
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg } });

describe('the Pronouns field type (level 151)', () => {
  it('below 151 creating one is "Invalid field type." and register names no such type; the SDK refuses it', async () => {
    const { mock, client } = olderServer(150);
    expect(await raw(mock, 'POST', '/realm/profile_fields', { field_type: 8, name: 'Pronouns' })).toEqual(badRequest('Invalid field type.'));
    const state = (await client.events.register({ fetch_event_types: ['custom_profile_fields'] })) as Record<string, unknown>;
    expect(Object.keys(state['custom_profile_field_types'] as object)).not.toContain('PRONOUNS');
    const error = await unsupported(client.profileFields.create({ field_type: 8, name: 'Pronouns' }));
    expect(error).toMatchObject({ parameter: 'field_type', neededLevel: 151, serverLevel: 150 });
    expect(mock.journal.entries.filter((entry) => entry.operation === 'create-custom-profile-field')).toHaveLength(1);
    // The other types are still there.
    expect(await client.profileFields.create({ field_type: 1, name: 'Title' })).toMatchObject({ id: expect.any(Number) });
  });

  it('from 151 the SDK creates one, with its event, and register names the type', async () => {
    const { client, userId } = olderServer(151);
    const events = await verifyAction(client, () => client.profileFields.create({ field_type: 8, name: 'Pronouns' }), { fetch_event_types: ['custom_profile_fields'] }, { userId });
    expect(events).toEqual([expect.objectContaining({ type: 'custom_profile_fields', fields: [expect.objectContaining({ name: 'Pronouns', type: 8 })] })]);
    const state = (await client.events.register({ fetch_event_types: ['custom_profile_fields'] })) as Record<string, unknown>;
    expect(state['custom_profile_field_types']).toHaveProperty('PRONOUNS', { id: 8, name: 'Pronouns' });
    // In the server's order, by display name (CustomProfileField.ALL_FIELD_TYPES).
    expect(Object.keys(state['custom_profile_field_types'] as object)).toEqual(['DATE', 'EXTERNAL_ACCOUNT', 'URL', 'SELECT', 'PRONOUNS', 'LONG_TEXT', 'SHORT_TEXT', 'USER']);
  });
});

describe('field settings newer than the fields: display_in_profile_summary (146), required (244), editable_by_user (296)', () => {
  const NEWER = { display_in_profile_summary: true, required: true, editable_by_user: false };

  it('below each level the server ignores it (reported from 167), the fields, register and events do not show it, and the SDK refuses it', async () => {
    for (const [level, ignored, shown] of [
      [145, [], []],
      [243, ['editable_by_user', 'required'], ['display_in_profile_summary']],
      [295, ['editable_by_user'], ['display_in_profile_summary', 'required']],
    ] as const) {
      const { mock, client, userId } = olderServer(level);
      let answer: Awaited<ReturnType<typeof raw>> | undefined;
      const events = await verifyAction(
        client,
        async () => {
          answer = await raw(mock, 'POST', '/realm/profile_fields', { field_type: 1, name: 'Title', ...NEWER });
        },
        { fetch_event_types: ['custom_profile_fields'] },
        { userId },
      );
      expect(answer?.status, `at ${level}`).toBe(200);
      if (ignored.length > 0) expect(answer?.body['ignored_parameters_unsupported'], `at ${level}`).toEqual(ignored);
      else expect(answer?.body, `at ${level}`).not.toHaveProperty('ignored_parameters_unsupported');
      const { custom_fields: fields } = await client.profileFields.list();
      const field = fields[0] as Record<string, unknown>;
      const expected = { id: answer?.body['id'], name: 'Title', type: 1, hint: '', field_data: '', order: answer?.body['id'] };
      expect(field, `at ${level}`).toEqual({ ...expected, ...Object.fromEntries(shown.map((name) => [name, true])) });
      expect((events[0] as { fields: unknown[] }).fields, `at ${level}`).toEqual(fields);
      for (const name of Object.keys(NEWER)) {
        if ((shown as readonly string[]).includes(name)) continue;
        const error = await unsupported(client.profileFields.create({ field_type: 1, name: `x ${name}`, [name]: true }));
        expect(error, `${name} at ${level}`).toMatchObject({ parameter: name, serverLevel: level });
        expect(error.neededLevel).toBe({ display_in_profile_summary: 146, required: 244, editable_by_user: 296 }[name]);
      }
    }
  });

  it('at each level the server takes it and shows it', async () => {
    for (const level of [146, 244, 296]) {
      const { client, userId } = olderServer(level);
      const settings = Object.fromEntries(Object.entries({ display_in_profile_summary: 146, required: 244, editable_by_user: 296 }).filter(([, since]) => since <= level).map(([name]) => [name, name !== 'editable_by_user']));
      await verifyAction(client, () => client.profileFields.create({ field_type: 1, name: 'Title', ...settings }), { fetch_event_types: ['custom_profile_fields'] }, { userId });
      const { custom_fields: [field] } = await client.profileFields.list();
      expect(field, `at ${level}`).toMatchObject(settings);
    }
  });
});

describe('PATCH /realm/profile_fields/{field_id} before level 252', () => {
  it('replaces every setting: an omitted hint is blank, the flags false, an omitted name "Label cannot be blank."', async () => {
    const { mock, client, userId } = olderServer(251);
    const { id } = await client.profileFields.create({ field_type: 1, name: 'Title', hint: 'Your job', display_in_profile_summary: true, required: true });
    expect(await raw(mock, 'PATCH', `/realm/profile_fields/${String(id)}`, { hint: 'Job' })).toEqual(badRequest('Label cannot be blank.'));
    let answer: Awaited<ReturnType<typeof raw>> | undefined;
    const events = await verifyAction(
      client,
      async () => {
        answer = await raw(mock, 'PATCH', `/realm/profile_fields/${String(id)}`, { name: 'Role' });
      },
      { fetch_event_types: ['custom_profile_fields'] },
      { userId },
    );
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    const changed = { id, name: 'Role', type: 1, hint: '', field_data: '', order: id, required: false };
    expect(events).toEqual([expect.objectContaining({ type: 'custom_profile_fields', fields: [changed] })]);
    expect((await client.profileFields.list()).custom_fields).toEqual([changed]);
    // A list field's choices must be given again.
    const list = await client.profileFields.create({ field_type: 3, name: 'Team', field_data: { '0': { text: 'Ops', order: '1' } } });
    expect(await raw(mock, 'PATCH', `/realm/profile_fields/${String(list.id)}`, { name: 'Team', hint: '' })).toEqual(badRequest('Field must have at least one choice.'));
  });

  it('the SDK refuses an update without the name or the hint below 252, and sends one from 252', async () => {
    const { mock, client } = olderServer(251);
    const { id } = await client.profileFields.create({ field_type: 1, name: 'Title', hint: 'Your job' });
    expect(await unsupported(client.profileFields.update({ field_id: id, hint: 'Job' }))).toMatchObject({ parameter: 'name', neededLevel: 252, serverLevel: 251 });
    expect(await unsupported(client.profileFields.update({ field_id: id, name: 'Role' }))).toMatchObject({ parameter: 'hint', neededLevel: 252 });
    expect(mock.journal.entries.filter((entry) => entry.operation === 'update-custom-profile-field')).toEqual([]);
    await client.profileFields.update({ field_id: id, name: 'Role', hint: 'Job' });
    expect((await client.profileFields.list()).custom_fields[0]).toMatchObject({ name: 'Role', hint: 'Job' });

    const newer = olderServer(252);
    const field = await newer.client.profileFields.create({ field_type: 1, name: 'Title', hint: 'Your job', display_in_profile_summary: true, required: true });
    await verifyAction(newer.client, () => newer.client.profileFields.update({ field_id: field.id, hint: 'Job' }), { fetch_event_types: ['custom_profile_fields'] }, { userId: newer.userId });
    expect((await newer.client.profileFields.list()).custom_fields).toEqual([
      { id: field.id, name: 'Title', type: 1, hint: 'Job', field_data: '', order: field.id, required: true, display_in_profile_summary: true },
    ]);
  });

  it('below 146 a built-in external account field cannot be updated at all; from 146 unchanged values pass', async () => {
    const github = { field_type: 7, field_data: { subtype: 'github' } };
    const same = { name: 'GitHub username', hint: '', field_data: { subtype: 'github' } };
    const old = olderServer(145);
    const { id } = await old.client.profileFields.create(github);
    expect(await raw(old.mock, 'PATCH', `/realm/profile_fields/${String(id)}`, same)).toEqual(badRequest('Default custom field cannot be updated.'));
    expect(await raw(old.mock, 'PATCH', '/realm/profile_fields/9999', same)).toEqual(badRequest('Field id 9999 not found.'));
    const newer = olderServer(146);
    const field = await newer.client.profileFields.create(github);
    expect(await raw(newer.mock, 'PATCH', `/realm/profile_fields/${String(field.id)}`, { ...same, display_in_profile_summary: true })).toMatchObject({ status: 200 });
    expect(await raw(newer.mock, 'PATCH', `/realm/profile_fields/${String(field.id)}`, { hint: 'Account' })).toEqual(badRequest('Default custom field cannot be updated.'));
  });
});

describe('POST /export/realm answers the export ID from level 182', () => {
  it('below 182 the answer has no id; from 182 it names the export', async () => {
    const old = olderServer(181, DESDEMONA);
    expect(await old.client.realmExports.create()).toEqual({});
    const newer = olderServer(182, DESDEMONA);
    const { id } = await newer.client.realmExports.create();
    expect((await newer.client.realmExports.list()).exports.map((entry) => entry.id)).toEqual([id]);
  });
});
