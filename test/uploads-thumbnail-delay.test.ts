import { describe, expect, it } from 'vitest';
import { parseEvent } from '../src/index';
import { png } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

// Thumbnails made two seconds (of the realm's clock) after each upload.
const realm = useTestRealm({ thumbnailDelayMs: 2_000 });

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

async function uploadAndSend(content: (url: string) => string) {
  const hamlet = realm.clientFor(HAMLET);
  realm.clock.set(1_700_000_000_000);
  const { url = '' } = await hamlet.uploads.upload(new File([png(64, 48)], 'late.png', { type: 'image/png' }));
  const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'late', content: content(url) });
  return { url, pathId: url.slice('/user_uploads/'.length), id };
}

describe('thumbnails made after the message (thumbnailDelayMs)', () => {
  it('the message first shows the server\'s loading placeholder; a format the server does not make is not there yet', async () => {
    const { url, pathId, id } = await uploadAndSend((link) => `[late.png](${link})`);
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: id });
    expect(message.content).toBe(
      `<p><a href="${url}">late.png</a></p>\n<div class="message_inline_image"><a href="${url}" title="late.png">` +
        '<img class="image-loading-placeholder" data-original-content-type="image/png" data-original-dimensions="64x48" src="/static/images/loading/loader-black.svg"></a></div>',
    );
    // Nothing is rendered yet to be the closest to it.
    const other = await fetch(`${SITE}/user_uploads/thumbnail/${pathId}/100x75.webp`, { headers: basic(HAMLET) });
    expect(other.status).toBe(404);
    expect((await realm.clientFor(HAMLET).messages.get({ message_id: id })).message.content).toContain('image-loading-placeholder');
  });

  // zerver/views/upload.py serve_file: a format the server makes, asked for before its worker made
  // it, is made at once (ensure_thumbnails), and that re-renders the messages showing the image.
  it('asking for a thumbnail the worker has not made yet makes them at once, with the messages\' rendering-only update', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url, pathId, id } = await uploadAndSend((link) => `[late.png](${link})`);
    const events = await verifyAction(hamlet, async () => {
      const early = await fetch(`${SITE}/user_uploads/thumbnail/${pathId}/840x560.webp`, { headers: basic(HAMLET) });
      expect(early.status).toBe(200);
    });
    expect(events.map((event) => [event?.type, event?.['rendering_only']])).toEqual([['update_message', true]]);
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(
      `<p><a href="${url}">late.png</a></p>\n<div class="message_inline_image"><a href="${url}" title="late.png">` +
        `<img data-original-content-type="image/png" data-original-dimensions="64x48" src="/user_uploads/thumbnail/${pathId}/840x560.webp"></a></div>`,
    );
    // The worker finds them made: nothing more happens when its time comes.
    const queue = await hamlet.events.register({ event_types: ['update_message'] });
    realm.clock.advance(2_000);
    await hamlet.messages.get({ message_id: id });
    const { events: later } = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(later).toEqual([]);
  });

  it('once made, the message shows the thumbnail and its readers get a rendering-only update_message', async () => {
    const othello = realm.clientFor(OTHELLO);
    const queue = await othello.events.register({ event_types: ['update_message'] });
    const { url, pathId, id } = await uploadAndSend((link) => `look: [late.png](${link})`);
    const final =
      `<p>look: <a href="${url}">late.png</a></p>\n<div class="message_inline_image"><a href="${url}" title="late.png">` +
      `<img data-original-content-type="image/png" data-original-dimensions="64x48" src="/user_uploads/thumbnail/${pathId}/840x560.webp"></a></div>`;
    realm.clock.advance(1_999);
    expect((await othello.messages.get({ message_id: id })).message.content).toContain('image-loading-placeholder');
    realm.clock.advance(1);
    expect((await othello.messages.get({ message_id: id })).message.content).toBe(final);
    const { events } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'update_message',
        user_id: null,
        edit_timestamp: 1_700_000_002,
        message_id: id,
        message_ids: [id],
        flags: [],
        rendering_only: true,
        content: `look: [late.png](${url})`,
        rendered_content: final,
      },
    ]);
    // The SDK reads it as a rendering-only update_message.
    const [event] = events;
    expect(event && parseEvent(event)).toMatchObject({ type: 'update_message', rendering_only: true, user_id: null });
    // Not an edit: no edit history, no last_edit_timestamp.
    const { message } = await othello.messages.get({ message_id: id });
    expect(message).not.toHaveProperty('last_edit_timestamp');
    const thumbnail = await fetch(`${SITE}/user_uploads/thumbnail/${pathId}/840x560.webp`, { headers: basic(HAMLET) });
    expect(thumbnail.status).toBe(200);
  });

  it('the update skips copy holders who no longer get the message\'s events: a former subscriber of a private channel, a guest who left', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    const { url = '' } = await hamlet.uploads.upload(new File([png(8, 8)], 'late.png', { type: 'image/png' }));
    const { id: secret } = await hamlet.messages.send({ type: 'channel', to: 'core team', topic: 'late', content: `[late.png](${url})` });
    const { id: open } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'late', content: `[late.png](${url})` });
    const watchers = ['desdemona@zulip.com', 'iago@zulip.com', 'polonius@zulip.com'];
    const queues = await Promise.all(watchers.map((email) => realm.clientFor(email).events.register({ event_types: ['update_message'] })));
    await realm.clientFor('desdemona@zulip.com').subscriptions.remove({ subscriptions: ['core team'] });
    await realm.clientFor('polonius@zulip.com').subscriptions.remove({ subscriptions: ['Verona'] });
    expect(realm.mock.store.userMessages.has(realm.userId('desdemona@zulip.com'), secret)).toBe(true);
    expect(realm.mock.store.userMessages.has(realm.userId('polonius@zulip.com'), open)).toBe(true);
    realm.clock.advance(2_000);
    const updated = await Promise.all(
      watchers.map(async (email, index) => {
        const queue = queues[index];
        const { events } = await realm.clientFor(email).events.get({ queue_id: queue?.queue_id ?? '', last_event_id: queue?.last_event_id ?? -1, dont_block: true });
        return events.filter((event) => event.type === 'update_message').map((event) => event['message_id']);
      }),
    );
    expect(updated).toEqual([[open], [secret, open], []]);
  });

  it('a message sent after the thumbnails exist shows them at once, with no update', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    const { url = '' } = await hamlet.uploads.upload(new File([png(8, 8)], 'early.png', { type: 'image/png' }));
    realm.clock.advance(5_000);
    const queue = await hamlet.events.register({ event_types: ['update_message'] });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'early', content: `[early.png](${url})` });
    expect((await hamlet.messages.get({ message_id: id })).message.content).toContain('/840x560.webp"');
    const { events } = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toEqual([]);
  });

  it('a placeholder for an upload deleted before its thumbnails stays, and nothing is re-rendered', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { id } = await uploadAndSend((link) => `[late.png](${link})`);
    const { attachments } = await hamlet.attachments.list();
    await hamlet.attachments.delete({ attachment_id: attachments[0]?.id ?? 0 });
    realm.clock.advance(10_000);
    expect((await hamlet.messages.get({ message_id: id })).message.content).toContain('image-loading-placeholder');
    expect(realm.mock.store.pendingThumbnails.size).toBe(0);
  });

  it('the events acceptance test holds: the registered state plus the rendering-only update equals a fresh registration', async () => {
    const { id } = await uploadAndSend((link) => `[late.png](${link})`);
    const othello = realm.clientFor(OTHELLO);
    // The state of messages and their flags (presence, which reports the moving clock, left out).
    const register = { event_types: ['message', 'update_message', 'update_message_flags'] };
    const events = await verifyAction(
      othello,
      async () => {
        realm.clock.advance(2_000);
        await othello.messages.get({ message_id: id });
      },
      register,
    );
    expect(events.map((event) => event?.type)).toEqual(['update_message']);
  });

  it('a long-poll waiting when the thumbnails are made gets the update without any other request', async () => {
    const othello = realm.clientFor(OTHELLO);
    const queue = await othello.events.register({ event_types: ['update_message'] });
    const { id } = await uploadAndSend((link) => `[late.png](${link})`);
    const waiting = othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id });
    realm.clock.advance(2_000);
    const { events } = await waiting;
    expect(events).toMatchObject([{ type: 'update_message', message_id: id, rendering_only: true, user_id: null }]);
  });
});
