import { describe, expect, it } from 'vitest';
import { endpoints, parseEvent } from '../src/index';
import type { ChatEventPayload } from '../src/schemas/events';
import { apiReference } from './support/reference';

/**
 * The reference's example answers are samples of what real servers sent, some trimmed by hand
 * when the documentation was written. Those the SDK cannot read, each with why that is right.
 */
const STALE_RESPONSE_EXAMPLES: Record<string, string> = {
  'GET /users': 'its users lack avatar_version, which every user object of the server has (zerver/lib/users.py format_user_row)',
  'GET /users/{user_id}': 'as GET /users: no avatar_version',
  'GET /users/{email}': 'as GET /users: no avatar_version',
  'GET /users/me/subscriptions':
    'trimmed by hand: its subscriptions lack rendered_description, date_created, the notification settings and more that the server sends with every subscription',
  'GET /realm/profile_fields': "its Pronouns field lacks field_data, which the server's CustomProfileField.as_dict always sends (empty for such a field)",
  'GET /server_settings': 'it lacks zulip_feature_level, which every server from Zulip 3.0 (feature level 1) sends',
};

/** Event types of the reference the SDK leaves untyped (they reach `onUnknownEvent`), with why. */
const UNTYPED_EVENT_TYPES: Record<string, string> = {
  realm_filters: 'the legacy linkifier event: servers from Zulip 7.0 send realm_linkifiers only (zerver/actions/realm_linkifiers.py)',
};

/** Event examples that predate fields the SDK's schemas require, with why they are stale. */
const STALE_EVENT_EXAMPLES: Record<string, string> = {
  'subscription add': "its subscription lacks date_created, which servers send from feature level 30 (the SDK's schemas start at 185)",
};

const byRoute = new Map(Object.values(endpoints).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]));
const { examples } = apiReference();
const responseCases = Object.entries(examples.responses).flatMap(([route, bodies]) =>
  bodies.map((body, index) => ({ route, index, body })),
);

describe("the reference's example answers parse with the SDK's response schemas", () => {
  it.each(responseCases.filter(({ route }) => !(route in STALE_RESPONSE_EXAMPLES)))('$route (example $index)', ({ route, body }) => {
    const endpoint = byRoute.get(route);
    expect(endpoint, `no SDK operation for ${route}`).toBeDefined();
    const parsed = endpoint?.response.safeParse(body);
    expect(parsed?.success ? [] : parsed?.error.issues).toEqual([]);
  });

  it.each(Object.keys(STALE_RESPONSE_EXAMPLES))('%s still fails (listed as stale; remove it once it parses)', (route) => {
    const endpoint = byRoute.get(route);
    const bodies = examples.responses[route] ?? [];
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.some((body) => !endpoint?.response.safeParse(body).success)).toBe(true);
  });
});

describe("the reference's example events parse as typed events", () => {
  // Some examples leave out the queue-local `id` that every delivered event carries.
  const events = examples.events.map((event) => ({ id: 0, ...(event as object) }) as ChatEventPayload);

  it('the reference documents every event format with an example', () => {
    expect(events.length).toBeGreaterThanOrEqual(70);
  });

  const nameOf = (event: ChatEventPayload) => `${event.type}${'op' in event ? ` ${String(event.op)}` : ''}`;
  const typed = events.filter((event) => !(event.type in UNTYPED_EVENT_TYPES)).map((event) => ({ name: nameOf(event), event }));

  it.each(typed.filter(({ name }) => !(name in STALE_EVENT_EXAMPLES)))('$name', ({ event }) => {
    expect(parseEvent(event)?.type).toBe(event.type);
  });

  it.each(typed.filter(({ name }) => name in STALE_EVENT_EXAMPLES))('$name still fails (listed as stale; remove it once it parses)', ({ event }) => {
    expect(() => parseEvent(event)).toThrow();
  });

  it.each(Object.keys(UNTYPED_EVENT_TYPES))('%s is left to onUnknownEvent', (type) => {
    const event = events.find((candidate) => candidate.type === type);
    expect(event).toBeDefined();
    expect(event && parseEvent(event)).toBeUndefined();
  });
});
