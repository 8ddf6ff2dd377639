import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

async function answer(path: string, form: Record<string, string>) {
  const response = await realm.raw('hamlet@zulip.com', 'POST', path, new URLSearchParams(form));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
const missing = (name: string) => ({
  status: 400,
  body: { result: 'error', msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name },
});

// The first bad parameter in 10.2's signature order is the one reported.
describe('user group endpoints read their parameters in the server\'s order', () => {
  it('POST /user_groups/create: name, members, description, subgroups, then the settings', async () => {
    expect(await answer('/user_groups/create', { name: 'y' })).toEqual(missing('members'));
    expect(await answer('/user_groups/create', { name: 'y', members: 'abc' })).toEqual(badRequest('members is not valid JSON'));
    expect(await answer('/user_groups/create', { name: 'y', members: '[]' })).toEqual(missing('description'));
    expect(await answer('/user_groups/create', { name: 'y', members: '[]', description: '', subgroups: 'x', can_join_group: 'x' })).toEqual(
      badRequest('subgroups is not valid JSON'),
    );
  });

  it('POST /user_groups/{id}/members: delete, add, delete_subgroups, add_subgroups', async () => {
    const path = `/user_groups/${realm.groupId('hamletcharacters')}/members`;
    expect(await answer(path, { add: 'zz', delete: 'yy' })).toEqual(badRequest('delete is not valid JSON'));
    expect(await answer(path, { delete_subgroups: 'zz', add: 'yy' })).toEqual(badRequest('add is not valid JSON'));
    expect(await answer(path, { add_subgroups: 'zz', delete_subgroups: 'yy' })).toEqual(badRequest('delete_subgroups is not valid JSON'));
  });

  it('POST /user_groups/{id}/subgroups: delete, then add', async () => {
    const path = `/user_groups/${realm.groupId('hamletcharacters')}/subgroups`;
    expect(await answer(path, { add: 'zz', delete: 'yy' })).toEqual(badRequest('delete is not valid JSON'));
  });
});
