import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("a channel's message_retention_days travels as JSON (the server's Json[str] | Json[int])", () => {
  it('the SDK sends "unlimited", "realm_default" and 30 as JSON in channels.update and subscriptions.add', async () => {
    const sent: string[] = [];
    const desdemona = realm.clientFor('desdemona@zulip.com', {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push(new URLSearchParams(await request.clone().text()).get('message_retention_days') ?? '');
        return realm.mock.fetch(request);
      },
    });
    const verona = realm.channelId('Verona');
    await desdemona.channels.update({ stream_id: verona, message_retention_days: 'unlimited' });
    expect(realm.mock.store.tables.channel.get(verona)?.message_retention_days).toBe(-1);
    await desdemona.channels.update({ stream_id: verona, message_retention_days: 30 });
    expect(realm.mock.store.tables.channel.get(verona)?.message_retention_days).toBe(30);
    await desdemona.channels.update({ stream_id: verona, message_retention_days: 'realm_default' });
    expect(realm.mock.store.tables.channel.get(verona)?.message_retention_days).toBeNull();
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'kept forever' }], message_retention_days: 'unlimited' });
    expect(realm.mock.store.channelByName('kept forever')?.message_retention_days).toBe(-1);
    expect(sent.filter(Boolean)).toEqual(['"unlimited"', '30', '"realm_default"', '"unlimited"']);
  });

  it('text that is no JSON fails by the first member; a string that is no special value, or a number under 1, is a bad value', async () => {
    const verona = realm.channelId('Verona');
    const patch = (value: string) => realm.raw('desdemona@zulip.com', 'PATCH', `/streams/${verona}`, form({ message_retention_days: value }));
    const bodyOf = async (response: Promise<Response>) => {
      const answer = await response;
      return { status: answer.status, ...((await answer.json()) as Record<string, unknown>) };
    };
    expect(await bodyOf(patch('unlimited'))).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'message_retention_days["json[str]"] is not valid JSON' });
    expect(await bodyOf(patch('3.5'))).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'message_retention_days["json[str]"] is not a string' });
    expect(await bodyOf(patch('"30"'))).toMatchObject({
      status: 400,
      code: 'REQUEST_VARIABLE_INVALID',
      msg: "Bad value for 'message_retention_days': 30",
      var_name: 'message_retention_days',
      bad_value: '30',
    });
    expect(await bodyOf(patch('0'))).toMatchObject({ status: 400, code: 'REQUEST_VARIABLE_INVALID', msg: "Bad value for 'message_retention_days': 0" });
    const subscribe = realm.raw('desdemona@zulip.com', 'POST', '/users/me/subscriptions', form({ subscriptions: '[{"name":"raw"}]', message_retention_days: 'unlimited' }));
    expect(await bodyOf(subscribe)).toMatchObject({ status: 400, msg: 'message_retention_days["json[str]"] is not valid JSON' });
    await expectApiError(realm.clientFor('desdemona@zulip.com').channels.update({ stream_id: verona, message_retention_days: 'forever' }), {
      code: 'REQUEST_VARIABLE_INVALID',
      status: 400,
      msg: "Bad value for 'message_retention_days': forever",
    });
  });
});
