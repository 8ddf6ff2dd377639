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
