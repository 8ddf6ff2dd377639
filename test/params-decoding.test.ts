import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';

async function answer(method: string, path: string, form?: Record<string, string>) {
  const response = await realm.raw(HAMLET, method, path, form ? new URLSearchParams(form) : undefined);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const badRequest = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

describe('integers are typed strictly, as the server types them', () => {
  it('an integer written as a float (2.0, 2e0) is "not an integer", at the top level and inside lists', async () => {
    const { id } = await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'x' });
    const denmark = realm.channelId('Denmark');
    expect(await answer('PATCH', `/messages/${id}`, { stream_id: `${denmark}.0` })).toEqual(badRequest('stream_id is not an integer'));
    expect(await answer('PATCH', `/messages/${id}`, { stream_id: `${denmark}e0` })).toEqual(badRequest('stream_id is not an integer'));
    expect(await answer('GET', '/messages?anchor=newest&num_before=1.0')).toEqual(badRequest('num_before is not an integer'));
    expect(await answer('GET', `/messages?message_ids=${encodeURIComponent(`[${id}.0]`)}`)).toEqual(badRequest('message_ids[0] is not an integer'));
    // A narrow's operand is the server's own check: an ID as a float is neither a string nor an integer.
    const narrow = encodeURIComponent('[{"operator":"sender","operand":1001.0}]');
    expect(await answer('GET', `/messages?anchor=newest&num_before=1&narrow=${narrow}`)).toEqual(badRequest('operand is not a string or integer'));
  });

  it('the same values written as integers pass, and a float parameter still takes either form', async () => {
    const { id } = await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'x' });
    expect((await answer('GET', `/messages?message_ids=${encodeURIComponent(`[${id}]`)}`)).status).toBe(200);
    const draft = (timestamp: string) =>
      answer('POST', '/drafts', { drafts: `[{"type":"stream","to":[${realm.channelId('Denmark')}],"topic":"t","content":"c","timestamp":${timestamp}}]` });
    expect((await draft('1700000000.0')).status).toBe(200);
    expect((await draft('1700000000.5')).status).toBe(200);
  });
});

/** The server's refusal of a parameter, as the SDK raises it. */
const refusal = (msg: string) => ({ code: 'BAD_REQUEST', msg, status: 400 });

describe("JSON parameters are read as pydantic's JSON parser reads them", () => {
  it('NaN, Infinity and -Infinity are numbers (floats), so the error is the expected type\'s, not "not valid JSON"', async () => {
    const client = realm.clientFor(HAMLET);
    const denmark = realm.channelId('Denmark');
    const messages = { anchor: 'newest', num_after: 0 };
    await expect(client.request('GET', '/messages', { ...messages, num_before: 'NaN' })).rejects.toMatchObject(refusal('num_before is not an integer'));
    await expect(client.request('GET', '/messages', { ...messages, num_before: '-Infinity' })).rejects.toMatchObject(refusal('num_before is not an integer'));
    await expect(client.request('GET', '/messages', { ...messages, num_before: 1, apply_markdown: 'Infinity' })).rejects.toMatchObject(refusal('apply_markdown is not a boolean'));
    await expect(client.request('POST', '/messages/flags', { messages: 'NaN', op: 'add', flag: 'read' })).rejects.toMatchObject(refusal('messages is not a list'));
    await expect(client.request('POST', '/messages/flags', { messages: '[1, NaN]', op: 'add', flag: 'read' })).rejects.toMatchObject(refusal('messages[1] is not an integer'));
    await expect(client.request('POST', '/user_topics', { stream_id: denmark, topic: 't', visibility_policy: 'Infinity' })).rejects.toMatchObject(refusal('visibility_policy is not an integer'));
    await expect(client.request('PUT', '/bot_storage', { storage: 'NaN' })).rejects.toMatchObject(refusal('storage is not a dict'));
  });

  it('the words are literals only where a JSON value may stand: elsewhere, or spelt otherwise, the text is not valid JSON', async () => {
    const client = realm.clientFor(HAMLET);
    for (const text of ['nan', '-NaN', '+Infinity', '1NaN', 'Infinity5', '"a"NaN']) {
      await expect(client.request('POST', '/messages/flags', { messages: text, op: 'add', flag: 'read' })).rejects.toMatchObject(refusal('messages is not valid JSON'));
    }
    // Inside a string they are text, as ever.
    await expect(client.request('POST', '/messages/flags', { messages: '["NaN"]', op: 'add', flag: 'read' })).rejects.toMatchObject(refusal('messages[0] is not an integer'));
  });

  it('a lone surrogate escape (\\ud800) makes the text invalid JSON, in a value or a key', async () => {
    const client = realm.clientFor(HAMLET);
    await expect(client.request('POST', '/messages/flags', { messages: '["\\ud800"]', op: 'add', flag: 'read' })).rejects.toMatchObject(refusal('messages is not valid JSON'));
    await expect(client.request('GET', '/messages', { anchor: 'newest', num_after: 0, num_before: '"\\udc00"' })).rejects.toMatchObject(refusal('num_before is not valid JSON'));
    await expect(client.request('PUT', '/bot_storage', { storage: '{"\\ud800x": "v"}' })).rejects.toMatchObject(refusal('storage is not valid JSON'));
    // A pair written as two escapes is one character.
    await expect(client.request('POST', '/users/me/alert_words', { alert_words: '["\\ud83d\\ude00"]' })).resolves.toMatchObject({ alert_words: ['😀'] });
  });

  it('an integer beyond 64 bits is still an integer: bounds and lists of values judge it, never "too large"', async () => {
    const client = realm.clientFor('iago@zulip.com');
    const huge = '99999999999999999999999';
    const denmark = realm.channelId('Denmark');
    await expect(client.request('POST', '/user_topics', { stream_id: denmark, topic: 't', visibility_policy: huge })).rejects.toMatchObject(
      refusal('Invalid visibility_policy: Value error, Not in the list of possible values'),
    );
    await expect(client.request('PATCH', `/users/${realm.userId('othello@zulip.com')}`, { role: `-${huge}` })).rejects.toMatchObject(
      refusal('Invalid role: Value error, Not in the list of possible values'),
    );
    // A count that large passes the parameter's type and meets the view's own limit; a negative one is too small.
    await expect(client.request('GET', '/messages', { anchor: 'newest', num_after: 0, num_before: huge })).rejects.toMatchObject(
      refusal('Too many messages requested (maximum 5000).'),
    );
    await expect(client.request('GET', '/messages', { anchor: 'newest', num_after: 0, num_before: `-${huge}` })).rejects.toMatchObject(refusal('num_before is too small'));
    // An ID that large names nothing.
    await expect(client.request('POST', '/user_topics', { stream_id: huge, topic: 't', visibility_policy: 1 })).rejects.toMatchObject(refusal('Invalid channel ID'));
  });
});

describe('the kinds of PATCH /realm', () => {
  const owner = () => realm.clientFor('desdemona@zulip.com');

  it('a time limit or retention (Json[int | str]) that is neither is refused by its first member, "int"', async () => {
    for (const [name, text] of [
      ['message_content_delete_limit_seconds', '1.0'],
      ['message_content_edit_limit_seconds', 'true'],
      ['move_messages_within_stream_limit_seconds', 'null'],
      ['move_messages_between_streams_limit_seconds', '[600]'],
      ['message_retention_days', '{}'],
    ] as const) {
      await expect(owner().request('PATCH', '/realm', { [name]: text })).rejects.toMatchObject(refusal(`${name}["int"] is not an integer`));
    }
    await expect(owner().request('PATCH', '/realm', { message_content_delete_limit_seconds: '"unlimited"' })).resolves.toMatchObject({});
  });

  it('digest_weekday is a weekday enumeration: any value that is no weekday, of any type, is "Invalid digest_weekday"', async () => {
    for (const text of ['"1"', 'true', '1.0', 'null', '[1]', '7', '-1']) {
      await expect(owner().request('PATCH', '/realm', { digest_weekday: text })).rejects.toMatchObject(refusal('Invalid digest_weekday'));
    }
    await expect(owner().request('PATCH', '/realm', { digest_weekday: 'x' })).rejects.toMatchObject(refusal('digest_weekday is not valid JSON'));
    await expect(owner().request('PATCH', '/realm', { digest_weekday: 6 })).resolves.toMatchObject({});
  });
});

describe('a fixed-length list (a narrow term of POST /register)', () => {
  it('too short, its elements are checked first, as pydantic checks them: [[1]] is "narrow[0][0] is not a string"', async () => {
    const client = realm.clientFor(HAMLET);
    await expect(client.request('POST', '/register', { narrow: '[[1]]' })).rejects.toMatchObject(refusal('narrow[0][0] is not a string'));
    await expect(client.request('POST', '/register', { narrow: '[["is", "starred"], [null]]' })).rejects.toMatchObject(refusal('narrow[1][0] is not a string'));
  });
});
