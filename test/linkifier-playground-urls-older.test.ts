import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { rawRequest } from './support/older-server';

const IAGO = 'iago@zulip.com';
const PATTERN = '#(?P<id>[0-9]+)';

/** A realm at `level` whose linkifier and playground were added as that level takes them, and what register and the events then say of them. */
async function urlsAt(level: number) {
  const mock = createMockServer({ featureLevel: level });
  const iago = mock.clientFor(IAGO, { validate: 'off' });
  const queue = await iago.events.register({ event_types: ['realm_linkifiers', 'realm_playgrounds'] });
  const linkifier: Record<string, string> = level < 176 ? { url_format_string: 'https://t.example/%%7E/%(id)s' } : { url_template: 'https://t.example/%7E/{id}' };
  expect((await rawRequest(mock, IAGO, 'POST', '/realm/filters', { pattern: PATTERN, ...linkifier })).status).toBe(200);
  const playground: Record<string, string> = level < 196 ? { url_prefix: 'https://play.example/?code=' } : { url_template: 'https://play.example/?code={code}' };
  expect((await rawRequest(mock, IAGO, 'POST', '/realm/playgrounds', { name: 'Python', pygments_language: 'python', ...playground })).status).toBe(200);
  const { events } = await iago.events.get({ queue_id: queue.queue_id!, last_event_id: queue.last_event_id, dont_block: true });
  const state = await iago.events.register({ fetch_event_types: ['realm_linkifiers', 'realm_playgrounds'], client_capabilities: { notification_settings_null: false, linkifier_url_template: true } });
  const eventOf = (type: string) => events.find((event) => event.type === type) as unknown as Record<string, unknown[]>;
  return {
    linkifiers: [(await iago.linkifiers.list()).linkifiers, state.realm_linkifiers, eventOf('realm_linkifiers')['realm_linkifiers']],
    playgrounds: [state.realm_playgrounds, eventOf('realm_playgrounds')['realm_playgrounds']],
  };
}

describe('linkifier and playground URLs before their templates', () => {
  it("below 176 a linkifier's URL is its url_format format string (GET /realm/linkifiers, register, realm_linkifiers events; linkifiers_for_realm before 268f858f39)", async () => {
    const { linkifiers } = await urlsAt(175);
    for (const listed of linkifiers) expect(listed).toEqual([{ pattern: PATTERN, url_format: 'https://t.example/%%7E/%(id)s', id: expect.any(Number) }]);
  });

  it("below 196 a playground's URL is its url_prefix (register, realm_playgrounds events; get_realm_playgrounds before 000761ac0c)", async () => {
    const { playgrounds } = await urlsAt(195);
    for (const listed of playgrounds) expect(listed).toEqual([{ id: expect.any(Number), name: 'Python', pygments_language: 'python', url_prefix: 'https://play.example/?code=' }]);
  });

  it('from 196 both are url_template', async () => {
    const { linkifiers, playgrounds } = await urlsAt(196);
    for (const listed of linkifiers) expect(listed).toEqual([{ pattern: PATTERN, url_template: 'https://t.example/%7E/{id}', id: expect.any(Number) }]);
    for (const listed of playgrounds) expect(listed).toEqual([{ id: expect.any(Number), name: 'Python', pygments_language: 'python', url_template: 'https://play.example/?code={code}' }]);
  });
});
