import { expect, it } from 'vitest';
import { strictUserAccessFor } from '../mock/domain/accounts/user-access';
import { serializeMessage } from '../mock/domain/messages/serialize';
import { useTestRealm } from './support/mock';

// Thumbnails made a second (of the realm's clock) after each upload; the clock moves in the steps.
const realm = useTestRealm({ rateLimits: false, thumbnailDelayMs: 1_000 });

const OWNER = 'desdemona@zulip.com';
const READERS = ['hamlet@zulip.com', 'othello@zulip.com', 'iago@zulip.com', 'polonius@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com', OWNER];
/** The users whose role the steps change (never the owner, who makes the realm's changes). */
const ROLE_CHANGING = ['hamlet@zulip.com', 'othello@zulip.com', 'polonius@zulip.com', 'cordelia@zulip.com'];
const CHANNELS = ['Verona', 'Denmark', 'Scotland'];
const TOPICS = ['a ZUL-1', 'b #12', '', 'c'];
const CONTENTS = ['hi @**King Hamlet**', 'ZUL-3 and #4', '@**all** yo', 'plain', ':green_tick:', '@**Othello, the Moor of Venice**'];
const PATTERNS = ['ZUL-(?P<id>[0-9]+)', '#(?P<id>[0-9]+)', 'a (?P<id>[A-Z]+)'];
const STEPS = 300;

/** A fixed sequence of pseudo-random numbers in [0, 1) (a linear congruential generator). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const form = (fields: Record<string, unknown>) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));

/**
 * Random writes (any of them may be refused) by random users, each followed by two reads of
 * history by random readers in random ways of viewing: every message of every page must be the
 * message as the mock's serializer builds it afresh, whether GET /messages built it again or
 * answered the form it had remembered.
 */
it('GET /messages after random writes: every message of every page as built afresh', async () => {
  const random = sequence(20261127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const call = async (email: string, method: string, path: string, fields: Record<string, unknown> = {}) => {
    const response = await realm.raw(email, method, path, method === 'GET' ? undefined : form(fields), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(response.status, `${method} ${path}`).toBeLessThan(500);
    return (await response.json()) as Record<string, unknown>;
  };
  const channelIds = CHANNELS.map((name) => realm.channelId(name));
  const ids: number[] = [];
  const linkifiers: number[] = [];
  const steps: string[] = [];
  for (let step = 0; step < STEPS; step++) {
    const user = pick(READERS);
    const id = ids.length > 0 ? pick(ids) : 0;
    const kind = Math.floor(random() * 16);
    steps.push(`${step}: ${kind} by ${user} on ${id}`);
    switch (kind) {
      case 0:
      case 1: {
        const sent = await call(user, 'POST', '/messages', { type: 'stream', to: JSON.stringify(pick(channelIds)), topic: pick(TOPICS), content: pick(CONTENTS) });
        if (typeof sent.id === 'number') ids.push(sent.id);
        break;
      }
      case 2:
        await call(user, 'PATCH', `/messages/${id}`, { content: pick(CONTENTS) });
        break;
      case 3:
        await call(user, 'PATCH', `/messages/${id}`, { topic: pick(TOPICS), propagate_mode: pick(['change_one', 'change_all']) });
        break;
      case 4:
        await call(OWNER, 'PATCH', `/messages/${id}`, { stream_id: pick(channelIds) });
        break;
      case 5:
        await call(user, pick(['POST', 'DELETE']), `/messages/${id}/reactions`, { emoji_name: pick(['smile', 'green_tick', 'heart']) });
        break;
      case 6:
        await call(user, 'POST', '/messages/flags', { messages: JSON.stringify([id]), op: pick(['add', 'remove']), flag: pick(['read', 'starred']) });
        break;
      case 7:
        await call(user, 'PATCH', '/settings', { full_name: `Name ${step}` });
        break;
      case 8:
        await call(user, 'PATCH', '/settings', { email_address_visibility: pick([1, 2, 3, 4, 5]) });
        break;
      case 9:
        await call(OWNER, 'PATCH', `/users/${realm.userId(pick(ROLE_CHANGING))}`, { role: pick([200, 400, 600]) });
        break;
      case 10: {
        const choice = random();
        if (choice < 0.4) {
          const added = await call(OWNER, 'POST', '/realm/filters', { pattern: pick(PATTERNS), url_template: `https://x${step}.example.com/{id}` });
          if (typeof added.id === 'number') linkifiers.push(added.id);
        } else if (choice < 0.6 && linkifiers.length > 0) {
          await call(OWNER, 'PATCH', `/realm/filters/${pick(linkifiers)}`, { pattern: pick(PATTERNS), url_template: `https://y${step}.example.com/{id}` });
        } else if (choice < 0.8) {
          await call(OWNER, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([...linkifiers].sort(() => random() - 0.5)) });
        } else if (linkifiers.length > 0) {
          const removed = linkifiers.splice(Math.floor(random() * linkifiers.length), 1);
          await call(OWNER, 'DELETE', `/realm/filters/${removed[0]}`);
        }
        break;
      }
      case 11: {
        const name = pick(['Verona', 'Denmark']);
        const subscribing = random() < 0.5;
        const subscriptions = JSON.stringify(subscribing ? [{ name }] : [name]);
        await call(OWNER, subscribing ? 'POST' : 'DELETE', '/users/me/subscriptions', { subscriptions, principals: JSON.stringify([user]) });
        break;
      }
      case 12: {
        const group = realm.mock.store.userGroupByName(pick(['role:members', 'role:everyone']))?.id ?? 0;
        await call(OWNER, 'PATCH', '/realm', { can_access_all_users_group: JSON.stringify({ new: group }) });
        break;
      }
      case 13:
        await call(OWNER, 'PATCH', `/streams/${pick(channelIds)}`, random() < 0.5 ? { new_name: `Channel ${step}` } : { description: `d${step}`, is_private: random() < 0.5 });
        break;
      case 14:
        realm.clock.advance(1_000);
        break;
      case 15:
        await call(OWNER, 'PATCH', '/realm', { message_edit_history_visibility_policy: pick(['all', 'none', 'moves']) });
        break;
    }
    for (let read = 0; read < 2; read++) {
      const reader = pick(READERS);
      // Mostly the default way, so that a read can answer what the one before it built.
      const usual = random() < 0.75;
      const way = { apply_markdown: usual || random() < 0.5, client_gravatar: usual || random() < 0.5, allow_empty_topic_name: !usual && random() < 0.5 };
      const narrow = random() < 0.5 ? '[]' : JSON.stringify([{ operator: 'channel', operand: pick(channelIds) }]);
      const query = new URLSearchParams({ anchor: 'newest', num_before: '200', num_after: '0', narrow, ...Object.fromEntries(form(way)) });
      const page = await call(reader, 'GET', `/messages?${query}`);
      if (page.result !== 'success') continue;
      const { state } = realm.mock;
      const viewer = state.store.tables.user.get(realm.userId(reader));
      if (!viewer) throw new Error(`no reader ${reader}`);
      for (const message of page.messages as { id: number }[]) {
        const record = state.store.tables.message.get(message.id);
        if (!record) throw new Error(`no message ${message.id}`);
        const fresh = serializeMessage(state, viewer, record, {
          applyMarkdown: way.apply_markdown,
          allowEmptyTopicName: way.allow_empty_topic_name,
          clientGravatar: way.client_gravatar,
          canAccessSender: strictUserAccessFor(state, viewer),
        });
        expect(message, `after ${steps.slice(-3).join('; ')}: ${reader} ${JSON.stringify(way)}, message ${message.id}`).toEqual(JSON.parse(JSON.stringify(fresh)));
      }
    }
  }
  // The steps did write: enough messages to page through, some linkifiers left.
  expect(ids.length).toBeGreaterThan(20);
});
