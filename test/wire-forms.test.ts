import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';

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
    // Verona becomes a large channel (250 subscribers or more) whose new members were never active.
    realmSetup(realm).addSubscribers('Verona', 250);
    realm.clock.advance(15 * 24 * 3600 * 1000);
    const { client, bodies } = recordingClient('hamlet@zulip.com');
    const state = await client.events.register({ fetch_event_types: ['subscription'], include_subscribers: 'partial' });
    expect(bodies[0]).toContain('include_subscribers=partial');
    const all = await client.events.register({ fetch_event_types: ['subscription'], include_subscribers: true });
    expect(all.subscriptions?.every((subscription) => Array.isArray(subscription.subscribers))).toBe(true);
    // Partial: small channels keep their complete lists; the large one lists only bots and recently
    // active users (here Hamlet, active by this request, and the bot), as partial_subscribers.
    const byName = (subscriptions: typeof state.subscriptions) => new Map((subscriptions ?? []).map((subscription) => [subscription.name, subscription]));
    const partial = byName(state.subscriptions);
    for (const [name, complete] of byName(all.subscriptions)) {
      if (name === 'Verona') continue;
      expect(partial.get(name)).toMatchObject({ subscribers: complete.subscribers });
      expect(partial.get(name)).not.toHaveProperty('partial_subscribers');
    }
    expect(partial.get('Verona')).not.toHaveProperty('subscribers');
    expect(partial.get('Verona')?.partial_subscribers).toEqual([realm.userId('hamlet@zulip.com'), realm.userId('default-bot@zulip.com')].sort((a, b) => a - b));
    expect(byName(all.subscriptions).get('Verona')?.subscribers?.length).toBeGreaterThan(250);

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
