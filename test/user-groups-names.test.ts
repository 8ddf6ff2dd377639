import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const EMPTY = { code: 'BAD_REQUEST', status: 400, msg: "User group name can't be empty!" };

// The server's check_user_group_name tests `name.strip() == ""`: Python's whitespace, not JavaScript's.
describe("a group name is empty by Python's strip()", () => {
  it('create: U+FEFF alone is a name (Python keeps it), U+001C alone is not (Python strips it)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const create = (name: string) => hamlet.userGroups.create({ name, description: '', members: [] });
    await expectApiError(create('\u001c'), EMPTY);
    await expectApiError(create('\u0085 \u001f'), EMPTY);
    const events = await verifyAction(hamlet, () => create('\ufeff'));
    expect(events).toEqual([expect.objectContaining({ type: 'user_group', op: 'add', group: expect.objectContaining({ name: '\ufeff' }) })]);
  });

  it('rename: the same rule', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { group_id: id = 0 } = await hamlet.userGroups.create({ name: 'support', description: '', members: [] });
    await expectApiError(hamlet.userGroups.update({ user_group_id: id, name: '\u001e' }), EMPTY);
    const events = await verifyAction(hamlet, () => hamlet.userGroups.update({ user_group_id: id, name: '\ufeff' }));
    expect(events).toEqual([expect.objectContaining({ type: 'user_group', op: 'update', group_id: id, data: { name: '\ufeff' } })]);
  });
});
