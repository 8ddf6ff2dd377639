import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** A request with `field_data` the SDK's types would not let through. */
async function rawFieldRequest(method: string, path: string, params: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const form = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  const response = await realm.raw(IAGO, method, path, form);
  return { status: response.status, body: await response.json() };
}

const error = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

describe('field_data is read as `dict[str, dict[str, str] | str]` before any check of its type', () => {
  it('regression: pydantic\'s messages for the server\'s own cases (test_custom_profile_data.py), whatever the field type', async () => {
    const create = (params: Record<string, unknown>) => rawFieldRequest('POST', '/realm/profile_fields', params);
    const list = { name: 'Favorite programming language', field_type: 3 };
    expect(await create({ ...list, field_data: { python: ['1'], java: ['2'] } })).toEqual(error('field_data["python"]["dict[str,str]"] is not a dict'));
    expect(await create({ ...list, field_data: { '0': { text: 'Python', order: 1 }, '1': { text: 'Java', order: '2' } } })).toEqual(
      error('field_data["0"]["dict[str,str]"]["order"] is not a string'),
    );
    expect(await create({ name: 'Reddit', field_type: 7, field_data: { subtype: 'custom', url_pattern: 123 } })).toEqual(
      error('field_data["url_pattern"]["dict[str,str]"] is not a dict'),
    );
    expect(await create({ name: 'Text', field_type: 1, field_data: { a: 1 } })).toEqual(error('field_data["a"]["dict[str,str]"] is not a dict'));
    // A string entry passes the type; the list field's own check then wants a dict.
    expect(await create({ ...list, field_data: { '0': 'x' } })).toEqual(error('field_data is not a dict'));
    const text = (await realm.clientFor(IAGO).profileFields.create({ field_type: 1, name: 'Desk' })).id;
    expect(await rawFieldRequest('PATCH', `/realm/profile_fields/${text}`, { field_data: { a: { b: 1 } } })).toEqual(
      error('field_data["a"]["dict[str,str]"]["b"] is not a string'),
    );
  });
});

describe('PATCH /realm/profile_fields/{field_id} on a custom external account', () => {
  it('regression: field_data naming a built-in account changes only field_data, stored as sent (the built-in name is given at creation only)', async () => {
    const iago = realm.clientFor(IAGO);
    const pattern = 'https://reddit.com/u/%(username)s';
    const reddit = (await iago.profileFields.create({ field_type: 7, name: 'Reddit', hint: 'your reddit', field_data: { subtype: 'custom', url_pattern: pattern } })).id;
    await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.profileFields.update({ field_id: reddit, field_data: { subtype: 'github' } }), {
      event_types: ['custom_profile_fields'],
    });
    const field = (await iago.profileFields.list()).custom_fields.find((candidate) => candidate.id === reddit);
    expect(field).toMatchObject({ name: 'Reddit', hint: 'your reddit', field_data: '{"subtype":"github"}' });
    // The field now names a built-in account: only its summary flag may change from here on.
    await expectApiError(iago.profileFields.update({ field_id: reddit, hint: 'other' }), bad('Default custom field cannot be updated.'));
  });
});

describe('names and hints count characters (code points), as Python does', () => {
  it('regression: a 40-emoji name and an 80-emoji hint fit; one more does not', async () => {
    const iago = realm.clientFor(IAGO);
    const id = (await iago.profileFields.create({ field_type: 1, name: '😀'.repeat(40), hint: '😀'.repeat(80) })).id;
    await expectApiError(iago.profileFields.create({ field_type: 1, name: '😁'.repeat(41) }), bad('name is too long (limit: 40 characters)'));
    await expectApiError(iago.profileFields.create({ field_type: 1, name: 'Mood', hint: '😁'.repeat(81) }), bad('hint is too long (limit: 80 characters)'));
    await iago.profileFields.update({ field_id: id, name: '😁'.repeat(40) });
    await expectApiError(iago.profileFields.update({ field_id: id, name: '😁'.repeat(41) }), bad('name is too long (limit: 40 characters)'));
  });
});
