import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('channels and subscriptions over real HTTP (standalone mock)', () => {
  it('subscribes, lists, changes settings, renames, reads and unsubscribes', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { subscribed } = await iago.subscriptions.add({ subscriptions: [{ name: 'over http' }], principals: ['hamlet@zulip.com'] });
    expect(Object.values(subscribed)).toEqual([['over http']]);
    const { stream_id } = await iago.channels.getId({ stream: 'OVER HTTP' });
    expect((await iago.channels.subscribers({ stream_id })).subscribers).toHaveLength(1);
    await iago.subscriptions.add({ subscriptions: [{ name: 'over http' }] });
    await iago.subscriptions.updateSettings({ subscription_data: [{ stream_id, property: 'pin_to_top', value: true }] });
    const mine = (await iago.subscriptions.list({ include_subscribers: true })).subscriptions.find((sub) => sub.stream_id === stream_id);
    expect(mine).toMatchObject({ pin_to_top: true, subscribers: expect.any(Array) });
    await iago.channels.update({ stream_id, new_name: 'via http' });
    expect((await iago.channels.get({ stream_id })).stream.name).toBe('via http');
    expect(await iago.subscriptions.remove({ subscriptions: ['via http'] })).toMatchObject({ removed: ['via http'] });
    await iago.channels.archive({ stream_id });
  });

  it('answers the errors with the same envelopes', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.channels.get({ stream_id: 999_999 }), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid channel ID' });
    await expectApiError(hamlet.subscriptions.remove({ subscriptions: ['nowhere'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel(s) (nowhere) do not exist',
    });
  });
});
