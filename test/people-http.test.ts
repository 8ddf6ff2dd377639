import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('user groups, profile fields and presence over real HTTP', () => {
  it('lists groups, creates a field and sets a value, reports and reads presence', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { user_groups } = await iago.userGroups.list();
    expect(user_groups.filter((group) => group.is_system_group)).toHaveLength(8);
    const { id } = await iago.profileFields.create({ field_type: 1, name: 'Desk over HTTP' });
    const hamletId = http.running.mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0;
    await iago.users.update({ user_id: hamletId, profile_data: [{ id, value: '4B' }] });
    const { user } = await iago.users.get({ user_id: hamletId, include_custom_profile_fields: true });
    expect(user.profile_data?.[String(id)]).toEqual({ value: '4B', rendered_value: '<p>4B</p>' });
    const hamlet = http.clientFor('hamlet@zulip.com');
    await hamlet.presence.update({ status: 'active', ping_only: true });
    const { presence } = await iago.presence.get({ user_id_or_email: String(hamletId) });
    expect(presence.website?.status).toBe('active');
    expect(Object.keys((await iago.presence.list()).presences)).toContain('hamlet@zulip.com');
  });
});
