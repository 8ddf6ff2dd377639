import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { useTestRealm } from './support/mock';

// Parameters whose wire form (JSON text or raw text) the SDK once declared differently from the
// server's view signature: the mock decodes by the SDK's declaration, so both would be wrong together.
const realm = useTestRealm();

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A client whose requests are recorded as the bytes the server would receive. */
function recordingClient(email: string) {
  const bodies: string[] = [];
  const client = realm.clientFor(email, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      bodies.push(decodeURIComponent(await request.clone().text()));
      return realm.mock.fetch(request);
    },
  });
  return { client, bodies };
}

describe('wire forms the server requires', () => {
  it("subscribe sends topics_policy as JSON text, as the server's Json[TopicsPolicy] reads it; raw text is refused", async () => {
    const { client, bodies } = recordingClient('iago@zulip.com');
    await client.subscriptions.add({ subscriptions: [{ name: 'chatter' }], topics_policy: 'allow_empty_topic' });
    expect(bodies[0]).toContain('topics_policy="allow_empty_topic"');
    const created = await client.channels.get({ stream_id: realm.channelId('chatter') });
    expect(created.stream.topics_policy).toBe('allow_empty_topic');

    const raw = await realm.raw('iago@zulip.com', 'POST', '/users/me/subscriptions', 'subscriptions=[{"name":"raw"}]&topics_policy=allow_empty_topic', FORM);
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ result: 'error', msg: 'topics_policy is not valid JSON', code: 'BAD_REQUEST' });
  });

  it("subscribe refuses folder_id null (Json[int] | None: the text null is no integer), unlike a channel update", async () => {
    const response = await realm.raw('iago@zulip.com', 'POST', '/users/me/subscriptions', 'subscriptions=[{"name":"nofolder"}]&folder_id=null', FORM);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', msg: 'folder_id is not an integer', code: 'BAD_REQUEST' });
  });

  it('register reads include_subscribers as raw text: true, false or partial (level 412); anything else is invalid', async () => {
    const { client, bodies } = recordingClient('hamlet@zulip.com');
    const state = await client.events.register({ fetch_event_types: ['subscription'], include_subscribers: 'partial' });
    expect(bodies[0]).toContain('include_subscribers=partial');
    expect(state.subscriptions?.length).toBeGreaterThan(0);
    const all = await client.events.register({ fetch_event_types: ['subscription'], include_subscribers: true });
    expect(all.subscriptions?.every((subscription) => Array.isArray(subscription.subscribers))).toBe(true);

    for (const value of ['True', '"true"']) {
      const response = await realm.raw('hamlet@zulip.com', 'POST', '/register', `include_subscribers=${value}`, FORM);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ result: 'error', msg: 'Invalid include_subscribers', code: 'BAD_REQUEST' });
    }
  });

  it('register before level 412 took a JSON boolean: partial is no JSON there', async () => {
    const older = createMockServer({ featureLevel: 411 });
    const hamlet = 'hamlet@zulip.com';
    const response = await older.fetch(
      new Request('http://localhost/api/v1/register', {
        method: 'POST',
        headers: { ...FORM, Authorization: `Basic ${btoa(`${hamlet}:${older.apiKeyOf(hamlet)}`)}` },
        body: 'include_subscribers=partial',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', msg: 'include_subscribers is not valid JSON', code: 'BAD_REQUEST' });
  });

  it('the realm defaults for new users have no email parameter: it is ignored, as the server reports', async () => {
    const response = await realm.raw('iago@zulip.com', 'PATCH', '/realm/user_settings_defaults', 'email=new%40example.com', FORM);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['email'] });
  });
});
