import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const refused = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

async function answer(email: string, method: string, path: string, fields?: Record<string, string>) {
  const response = await realm.raw(email, method, path, fields && new URLSearchParams(fields));
  return { status: response.status, body: (await response.json()) as unknown };
}

// An integer past exact JavaScript numbers names no record (as Django 5 answers an out-of-range
// lookup), and the server's error that quotes it quotes the integer as Python read it.
describe('an error that quotes an integer beyond 2^53 quotes it as sent', () => {
  it('typing to a user ID beyond 64 bits, beyond 2^53, negative (`Json[list[int]]`: pydantic reads any integer)', async () => {
    for (const id of ['99999999999999999999', '9007199254740993', '-99999999999999999999', '123456789012345678901234567890']) {
      expect(await answer('hamlet@zulip.com', 'POST', '/typing', { op: 'start', to: `[${id}]` }), id).toEqual(refused(`Invalid user ID ${id}`));
    }
  });

  it('a direct message to a user ID beyond 2^53 (orjson reads integers up to 64 bits; beyond, a float)', async () => {
    const send = (id: string) => answer('hamlet@zulip.com', 'POST', '/messages', { type: 'direct', to: `[${id}]`, content: 'hi' });
    expect(await send('9007199254740993')).toEqual(refused('Invalid user ID 9007199254740993'));
    expect(await send('-9223372036854775808')).toEqual(refused('Invalid user ID -9223372036854775808'));
    expect(await send('99999999999999999999')).toEqual(refused('Invalid data type for recipients'));
  });

  it('two such IDs: the first unknown one, each quoted as its own', async () => {
    const sent = { type: 'direct', to: '[9007199254740993, 9007199254740995]', content: 'hi' };
    expect(await answer('hamlet@zulip.com', 'POST', '/messages', sent)).toEqual(refused('Invalid user ID 9007199254740993'));
    const typing = { op: 'start', to: '[88888888888888888888, 99999999999999999999]' };
    expect(await answer('hamlet@zulip.com', 'POST', '/typing', typing)).toEqual(refused('Invalid user ID 88888888888888888888'));
  });

  it('a path ID (Django\'s <int:...>, leading zeros dropped as int() drops them)', async () => {
    expect(await answer('iago@zulip.com', 'DELETE', '/default_stream_groups/00099999999999999999999')).toEqual(
      refused("Default channel group with id '99999999999999999999' does not exist."),
    );
  });

  it("the error's other fields too: a narrow's desc quotes it as sent, a number field holds it as JSON.parse reads the server's", async () => {
    const narrow = encodeURIComponent('[{"operator":"channel","operand":99999999999999999999}]');
    expect(await answer('hamlet@zulip.com', 'GET', `/messages?anchor=newest&num_before=1&num_after=0&narrow=${narrow}`)).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Invalid narrow operator: unknown channel 99999999999999999999', code: 'BAD_NARROW', desc: 'unknown channel 99999999999999999999' },
    });
    // The server writes `bad_value` -9007199254740993, which JSON.parse reads as the nearest double.
    expect(await answer('iago@zulip.com', 'PATCH', '/realm', { message_content_edit_limit_seconds: '-9007199254740993' })).toEqual({
      status: 400,
      body: {
        result: 'error',
        msg: "Bad value for 'message_content_edit_limit_seconds': -9007199254740993",
        code: 'REQUEST_VARIABLE_INVALID',
        var_name: 'message_content_edit_limit_seconds',
        bad_value: JSON.parse('-9007199254740993') as number,
      },
    });
  });

  it('an ID inside a JSON object (a profile field)', async () => {
    const data = JSON.stringify([{ id: 1 }]).replace('1', '99999999999999999999');
    expect(await answer('hamlet@zulip.com', 'PATCH', '/users/me/profile_data', { data: data.replace('}', ', "value": "x"}') })).toEqual(
      refused('Field id 99999999999999999999 not found.'),
    );
  });
});
