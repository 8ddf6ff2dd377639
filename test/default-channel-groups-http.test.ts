import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('default channel groups over real HTTP', () => {
  it('creates, renames, fills and deletes a group; errors are the server\'s', async () => {
    const iago = http.clientFor('iago@zulip.com');
    expect(await iago.channels.createDefaultGroup({ group_name: 'Europe', description: 'Old world', stream_names: ['Denmark'] })).toEqual({});
    const registered = async () => (await iago.events.register({ event_types: ['default_stream_groups'] })).realm_default_stream_groups ?? [];
    const id = (await registered())[0]?.id ?? 0;
    await iago.channels.updateDefaultGroup({ group_id: id, new_group_name: 'Old Europe' });
    await iago.channels.updateDefaultGroupChannels({ group_id: id, op: 'add', stream_names: ['Scotland'] });
    expect((await registered()).map((group) => [group.name, group.streams.length])).toEqual([['Old Europe', 2]]);
    await expectApiError(iago.channels.updateDefaultGroupChannels({ group_id: id, op: 'add', stream_names: ['Scotland'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "Channel 'Scotland' is already present in default channel group 'Old Europe'",
    });
    await iago.channels.deleteDefaultGroup({ group_id: id });
    expect(await registered()).toEqual([]);
    await expectApiError(http.clientFor('hamlet@zulip.com').channels.deleteDefaultGroup({ group_id: id }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization administrator',
    });
  });
});
