import { describe, expect, it } from 'vitest';
import { strictUserAccessFor } from '../mock/domain/accounts/user-access';
import { serializeMessage } from '../mock/domain/messages/serialize';
import { createMockServer } from '../mock/index';
import { png } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';

// Thumbnails made two seconds (of the realm's clock) after each upload.
const realm = useTestRealm({ rateLimits: false, thumbnailDelayMs: 2_000 });

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const IAGO = 'iago@zulip.com';
const POLONIUS = 'polonius@zulip.com';
const CORDELIA = 'cordelia@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';
const PROSPERO = 'prospero@zulip.com';

type ViewOptions = { apply_markdown?: boolean; client_gravatar?: boolean; allow_empty_topic_name?: boolean };

const form = (fields: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));

/**
 * Writes that change what a reader sees of a channel message without replacing its record (the
 * sender, the channel, the realm, the linkifiers, the reader's own copy): after each, every
 * reader's page, under each way of viewing, must be the message as the mock's serializer builds it afresh.
 */
describe('GET /messages after writes outside the message record: each message as built afresh', () => {
  it('stays exact for a member, a guest and an administrator under each way of viewing', async () => {
    const call = async (email: string, method: string, path: string, fields: Record<string, string | number | boolean> = {}) => {
      const response = await realm.raw(email, method, path, method === 'GET' ? undefined : form(fields), { 'Content-Type': 'application/x-www-form-urlencoded' });
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.result, `${method} ${path}: ${JSON.stringify(body)}`).toBe('success');
      return body;
    };
    const send = async (email: string, channel: string, topic: string, content: string) =>
      (await call(email, 'POST', '/messages', { type: 'stream', to: channel, topic, content })).id as number;
    const verona = realm.channelId('Verona');
    const ids = [
      await send(CORDELIA, 'Verona', 'readers ZUL-1', 'from cordelia :green_tick:'),
      await send(HAMLET, 'Verona', '', 'empty topic @**Othello, the Moor of Venice**'),
      await send(OTHELLO, 'Verona', 'readers ZUL-1', 'third'),
    ];
    const [fromCordelia, emptyTopic, third] = ids as [number, number, number];
    await call(HAMLET, 'POST', `/messages/${fromCordelia}/reactions`, { emoji_name: 'green_tick' });
    await call(CORDELIA, 'POST', `/messages/${third}/reactions`, { emoji_name: 'smile' });
    // Each reader's own copies; and Prospero's view of a channel he is not in (copies he has none of: read and historical).
    const readers = [
      { reader: HAMLET, narrow: '[]' },
      { reader: OTHELLO, narrow: '[]' },
      { reader: POLONIUS, narrow: '[]' },
      { reader: IAGO, narrow: '[]' },
      { reader: PROSPERO, narrow: JSON.stringify([{ operator: 'channel', operand: realm.channelId('Denmark') }]) },
    ];
    const ways: ViewOptions[] = [{}, { apply_markdown: false }, { client_gravatar: false }, { allow_empty_topic_name: true }, {}];
    const check = async (step: string) => {
      for (const { reader, narrow } of readers) {
        for (const way of ways) {
          const query = new URLSearchParams({ anchor: 'newest', num_before: '100', num_after: '0', narrow, ...Object.fromEntries(form(way)) });
          const page = await call(reader, 'GET', `/messages?${query}`);
          const ours = (page.messages as { id: number }[]).filter((message) => ids.includes(message.id));
          if (narrow === '[]') expect(ours.length, `${step}: ${reader}`).toBeGreaterThan(0);
          const { state } = realm.mock;
          const viewer = state.store.tables.user.get(realm.userId(reader));
          if (!viewer) throw new Error('no such reader');
          for (const message of page.messages as { id: number }[]) {
            const record = state.store.tables.message.get(message.id);
            if (!record) throw new Error('no such message');
            const fresh = serializeMessage(state, viewer, record, {
              applyMarkdown: way.apply_markdown ?? true,
              allowEmptyTopicName: way.allow_empty_topic_name ?? false,
              clientGravatar: way.client_gravatar ?? true,
              canAccessSender: strictUserAccessFor(state, viewer),
            });
            expect(message, `${step}: ${reader} ${JSON.stringify(way)} message ${message.id}`).toEqual(JSON.parse(JSON.stringify(fresh)));
          }
        }
      }
    };
    await check('first read');
    const members = realm.mock.store.userGroupByName('role:members')?.id ?? 0;
    await call(IAGO, 'PATCH', '/realm', { can_access_all_users_group: JSON.stringify({ new: members }) });
    await check('guests see only the users they share something with');
    await call(IAGO, 'DELETE', `/users/me/subscriptions`, { subscriptions: JSON.stringify(['Verona']), principals: JSON.stringify([CORDELIA]) });
    await check('cordelia left the channel the guest shares with her');
    const seenByGuest = async () => {
      const page = await call(POLONIUS, 'GET', `/messages?${new URLSearchParams({ anchor: String(fromCordelia), num_before: '0', num_after: '0', narrow: '[]' })}`);
      return (page.messages as { sender_full_name: string }[])[0]?.sender_full_name;
    };
    expect(await seenByGuest()).toBe('Unknown user');
    await call(IAGO, 'PATCH', `/users/${realm.userId(POLONIUS)}`, { role: 400 });
    await check('the guest made a member');
    expect(await seenByGuest()).toBe("Cordelia, Lear's daughter");
    await call(IAGO, 'PATCH', `/users/${realm.userId(POLONIUS)}`, { role: 600 });
    await check('and a guest again');
    await call(CORDELIA, 'PATCH', '/settings', { email_address_visibility: 5 });
    await check('cordelia hides her email');
    await call(CORDELIA, 'PATCH', '/settings', { full_name: 'Cordelia Renamed' });
    await check('cordelia renamed');
    await call(IAGO, 'DELETE', `/users/${realm.userId(CORDELIA)}`);
    await check('cordelia deactivated');
    await call(IAGO, 'POST', `/users/${realm.userId(CORDELIA)}/reactivate`);
    await check('cordelia reactivated');
    await call(IAGO, 'DELETE', '/realm/emoji/green_tick');
    await check('custom emoji deactivated');
    const avatar = new FormData();
    avatar.append('file', new File([png(48, 48)], 'me.png', { type: 'image/png' }));
    expect((await realm.raw(CORDELIA, 'POST', '/users/me/avatar', avatar)).status).toBe(200);
    await check('cordelia uploaded an avatar');
    const image = new FormData();
    image.append('file', new File([png(64, 48)], 'late.png', { type: 'image/png' }));
    const { url } = (await (await realm.raw(HAMLET, 'POST', '/user_uploads', image)).json()) as { url: string };
    const withImage = await send(HAMLET, 'Verona', 'readers ZUL-1', `[late.png](${url})`);
    ids.push(withImage);
    const shown = async (id: number) => {
      const page = await call(OTHELLO, 'GET', `/messages?${new URLSearchParams({ anchor: String(id), num_before: '0', num_after: '0', narrow: '[]' })}`);
      return (page.messages as { content: string; sender_realm_str: string }[])[0];
    };
    expect((await shown(withImage))?.content).toContain('image-loading-placeholder');
    await check('an image whose thumbnails are not made yet');
    realm.clock.advance(2_000);
    expect((await shown(withImage))?.content).not.toContain('image-loading-placeholder');
    await check('its thumbnails made');
    await call(IAGO, 'PATCH', `/streams/${verona}`, { new_name: 'Verona renamed' });
    await check('channel renamed, with the notification bot\'s message');
    const newest = (await call(OTHELLO, 'GET', `/messages?${new URLSearchParams({ anchor: 'newest', num_before: '1', num_after: '0', narrow: '[]' })}`)).messages as { sender_realm_str: string }[];
    expect(newest.at(-1)?.sender_realm_str).toBe('zulipinternal');
    await call(IAGO, 'PATCH', '/realm', { enable_spectator_access: true });
    await call(DESDEMONA, 'PATCH', `/streams/${verona}`, { is_web_public: true });
    await check('channel made web-public');
    await call(DESDEMONA, 'PATCH', `/streams/${verona}`, { is_private: true, is_web_public: false });
    await check('channel made private');
    const first = (await call(IAGO, 'POST', '/realm/filters', { pattern: 'ZUL-(?P<id>[0-9]+)', url_template: 'https://one.example.com/{id}' })).id as number;
    const second = (await call(IAGO, 'POST', '/realm/filters', { pattern: 'ZUL-(?P<id>[0-9])', url_template: 'https://two.example.com/{id}' })).id as number;
    await check('linkifiers added');
    await call(IAGO, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([second, first]) });
    await check('linkifiers reordered');
    await call(IAGO, 'PATCH', `/realm/filters/${second}`, { pattern: 'readers ZUL-(?P<id>[0-9]+)', url_template: 'https://three.example.com/{id}' });
    await check('a linkifier edited');
    await call(HAMLET, 'PATCH', `/messages/${emptyTopic}`, { content: 'no mention any more' });
    await check('a mention edited away');
    await call(IAGO, 'PATCH', `/messages/${third}`, { stream_id: realm.channelId('Denmark') });
    await check('moved to another channel');
    const prosperoSees = async () => {
      const query = new URLSearchParams({ anchor: String(third), num_before: '0', num_after: '0', narrow: readers[4]?.narrow ?? '' });
      return ((await call(PROSPERO, 'GET', `/messages?${query}`)).messages as { flags: string[] }[])[0]?.flags;
    };
    expect(await prosperoSees()).toEqual(['read', 'historical']);
    await call(PROSPERO, 'POST', '/messages/flags', { messages: JSON.stringify([third]), op: 'add', flag: 'starred' });
    await check('starred by a reader who had no copy');
    expect(await prosperoSees()).toEqual(['read', 'starred', 'historical']);
    await call(OTHELLO, 'POST', '/messages/flags', { messages: JSON.stringify([fromCordelia]), op: 'remove', flag: 'read' });
    await check('unread for one reader');
    await call(IAGO, 'DELETE', `/streams/${verona}`);
    await check('channel archived');
  });
});

describe('GET /messages at older feature levels, read again', () => {
  for (const level of [185, 223, 300]) {
    it(`at ${level}: each message as GET /messages/{id} shows it, the second read as the first`, async () => {
      const mock = createMockServer({ featureLevel: level, rateLimits: false });
      const authorization = `Basic ${btoa(`${OTHELLO}:${mock.apiKeyOf(OTHELLO)}`)}`;
      const hamlet = mock.clientFor(HAMLET);
      const { id } = await hamlet.messages.send({ type: 'stream', to: 'Verona', topic: 'older', content: '@**all** hello' });
      const read = async (path: string) => {
        const response = await mock.fetch(new Request(`${SITE}/api/v1${path}`, { headers: { authorization } }));
        expect(response.status, path).toBe(200);
        return (await response.json()) as { messages?: { id: number }[]; message?: { id: number } };
      };
      const page = `/messages?${new URLSearchParams({ anchor: String(id), num_before: '0', num_after: '0', narrow: '[]' })}`;
      const first = (await read(page)).messages;
      const again = (await read(page)).messages;
      const single = (await read(`/messages/${id}`)).message;
      expect(first).toEqual([single]);
      expect(again).toEqual(first);
    });
  }
});
