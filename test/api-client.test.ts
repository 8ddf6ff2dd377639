import { describe, expect, it } from 'vitest';
import * as sdk from '../src/index';
import { ApiClient, ChatClient, endpoints, getMessage, getMessages, sendMessage } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { MOCK_FEATURE_LEVEL } from '../mock/index';

const HAMLET = 'hamlet@zulip.com';

describe('ApiClient: the transport without resources, calling standalone operations', () => {
  const realm = useTestRealm();
  const apiClientFor = (email: string) =>
    new ApiClient({ site: SITE, email, apiKey: realm.mock.apiKeyOf(email), maxRetries: 0, featureLevel: MOCK_FEATURE_LEVEL });

  it('sends a message and reads it back, typed and validated like the resource methods', async () => {
    const client = apiClientFor(HAMLET);
    const { id } = await client.call(sendMessage, { type: 'channel', to: 'Verona', topic: 'lean', content: 'Hi **there**' });
    const { message } = await client.call(getMessage, { message_id: id });
    expect(message).toMatchObject({ id, subject: 'lean', content: '<p>Hi <strong>there</strong></p>' });
    const page = await client.call(getMessages, { anchor: id, num_before: 0, num_after: 0, narrow: [] });
    expect(page.messages.map((each) => each.id)).toEqual([id]);
  });

  it('fails with the same typed error, code, message and status as the resource method', async () => {
    const params = { type: 'channel', to: 'Atlantis', topic: 't', content: 'x' } as const;
    const expected = { code: 'STREAM_DOES_NOT_EXIST', status: 400, msg: "Channel 'Atlantis' does not exist" };
    await expectApiError(apiClientFor(HAMLET).call(sendMessage, params), expected);
    await expectApiError(realm.clientFor(HAMLET).messages.send(params), expected);
    await expect(apiClientFor(HAMLET).call(sendMessage, params)).rejects.toBeInstanceOf(sdk.StreamDoesNotExistError);
  });

  it('takes per-call options and gives the raw response', async () => {
    const requests: Request[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      requests.push(new Request(input, init));
      return Response.json({ result: 'success', msg: '', id: 7 }, { headers: { 'x-probe': 'yes' } });
    };
    const client = new ApiClient({ site: SITE, email: HAMLET, apiKey: 'k', fetch, featureLevel: MOCK_FEATURE_LEVEL });
    const { data, response } = await client
      .call(sendMessage, { type: 'direct', to: [1], content: 'x' }, { headers: { 'X-Trace': 'abc' } })
      .withResponse();
    expect(data.id).toBe(7);
    expect(response.headers.get('x-probe')).toBe('yes');
    expect(requests[0]?.headers.get('x-trace')).toBe('abc');
    expect(await requests[0]?.text()).toBe('type=direct&to=%5B1%5D&content=x');
  });

  it('sends exactly what the ChatClient method for the operation sends', async () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.url} ${request.headers.get('authorization')} ${await request.text()}`);
      return Response.json({ result: 'success', msg: '', id: 1 });
    };
    const options = { site: SITE, email: HAMLET, apiKey: 'secret-key', fetch, featureLevel: MOCK_FEATURE_LEVEL };
    const params = { type: 'channel', to: 'Verona', topic: 'a b', content: 'hi' } as const;
    await new ApiClient(options).call(sendMessage, params);
    await new ChatClient(options).messages.send(params);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });

  it('exports every declared operation by its name, so any of them can be called standalone', () => {
    const exported = sdk as unknown as Record<string, unknown>;
    const missing = Object.entries(endpoints).filter(([name, endpoint]) => exported[name] !== endpoint);
    expect(missing.map(([name]) => name)).toEqual([]);
    expect(Object.keys(endpoints).length).toBeGreaterThan(70);
  });

  it('never shows the API key, and names its class even when minified', () => {
    const client = new ApiClient({ site: SITE, email: HAMLET, apiKey: 'secret-key' });
    expect(String(client)).toBe(`ApiClient(${HAMLET} @ ${SITE})`);
    expect(String(new ChatClient({ site: SITE }))).toBe(`ChatClient(anonymous @ ${SITE})`);
    expect(JSON.stringify(client)).not.toContain('secret-key');
  });
});
