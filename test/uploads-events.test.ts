import { describe, expect, it } from 'vitest';
import { applyAttachmentEvent, type ChatClient, parseEvent } from '../src/index';
import { UNCLAIMED_UPLOAD_RETENTION_MS } from '../mock/domain/uploads/expiry';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';

/**
 * The events acceptance test for uploads: the caller's list, then the action, then the
 * `attachment` events applied with the SDK's reducer, must equal a fresh list. Returns the events.
 */
async function verifyAttachments(client: ChatClient, action: () => Promise<unknown>) {
  const queue = await client.events.register({ event_types: ['attachment'] });
  const initial = await client.attachments.list();
  await action();
  const { events } = await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
  let state = { attachments: initial.attachments, upload_space_used: initial.upload_space_used };
  for (const raw of events) {
    const event = parseEvent(raw);
    if (event?.type !== 'attachment') throw new Error(`not an attachment event: ${JSON.stringify(raw)}`);
    state = applyAttachmentEvent(state, event);
  }
  const fresh = await client.attachments.list();
  expect(state).toEqual({ attachments: fresh.attachments, upload_space_used: fresh.upload_space_used });
  await client.events.delete({ queue_id: queue.queue_id ?? '' });
  return events;
}

describe('attachment events: list + events == a fresh list', () => {
  it('add on upload, with the whole attachment and the realm\'s space used', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    let url = '';
    const events = await verifyAttachments(hamlet, async () => {
      url = (await hamlet.uploads.upload(new File(['abc'], 'a.txt'))).url ?? '';
    });
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'attachment',
        op: 'add',
        attachment: { id: expect.any(Number), name: 'a.txt', path_id: url.slice('/user_uploads/'.length), size: 3, create_time: 1_700_000_000_000, messages: [] },
        upload_space_used: 3,
      },
    ]);
  });

  it('update when a message links to it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await hamlet.uploads.upload(new File(['abc'], 'a.txt'));
    let id = 0;
    const claimed = await verifyAttachments(hamlet, async () => {
      id = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` })).id;
    });
    expect(claimed).toMatchObject([{ type: 'attachment', op: 'update', attachment: { messages: [{ id }] } }]);
  });

  // The server tells the sender of the linking message (do_claim_attachments), not the owner.
  it('update goes to whoever shares the file, with the whole attachment; the owner hears nothing', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const { url } = await hamlet.uploads.upload(new File(['abc'], 'a.txt'));
    const first = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` })).id;
    const ownersQueue = await hamlet.events.register({ event_types: ['attachment'] });
    let second = 0;
    // Cordelia's list + events == her fresh list: the update names a file that is not hers.
    const told = await verifyAttachments(cordelia, async () => {
      second = (await cordelia.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `again [a](${url})` })).id;
    });
    const [attachment] = (await hamlet.attachments.list()).attachments;
    expect(attachment?.messages.map((message) => message.id)).toEqual([first, second]);
    expect(told).toEqual([{ id: expect.any(Number), type: 'attachment', op: 'update', attachment, upload_space_used: 3 }]);
    const owner = await hamlet.events.get({ queue_id: ownersQueue.queue_id ?? '', last_event_id: ownersQueue.last_event_id, dont_block: true });
    expect(owner.events).toEqual([]);
  });

  // The server's own gap: releasing an upload (an edit dropping its link, deleting the message
  // that linked it) sends no event, so a client's list goes stale until it fetches again.
  it('no event when an edit drops the link or a linking message is deleted, as on the server', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await hamlet.uploads.upload(new File(['abc'], 'a.txt'));
    const first = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${url})` })).id;
    const second = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `again [a](${url})` })).id;
    const queue = await hamlet.events.register({ event_types: ['attachment'] });
    await hamlet.messages.update({ message_id: first, content: 'gone' });
    expect((await hamlet.attachments.list()).attachments[0]?.messages.map((message) => message.id)).toEqual([second]);
    await hamlet.messages.delete({ message_id: second });
    expect(await hamlet.attachments.list()).toEqual({ attachments: [], upload_space_used: 0 });
    const { events } = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toEqual([]);
  });

  // The server's cleanup job (do_delete_old_unclaimed_attachments, run by cron) deletes the rows
  // and files without telling anyone; only DELETE /attachments/{id} sends `remove`.
  it('no event when the five-week cleanup deletes an upload no message links to, as on the server', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_000);
    await hamlet.uploads.upload(new File(['abc'], 'a.txt'));
    realm.clock.set(1_700_000_000_000 + UNCLAIMED_UPLOAD_RETENTION_MS);
    const queue = await hamlet.events.register({ event_types: ['attachment'] });
    realm.clock.advance(1_000);
    expect(await hamlet.attachments.list()).toEqual({ attachments: [], upload_space_used: 0 });
    const { events } = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(events).toEqual([]);
  });

  it('remove when the uploader deletes it; nothing for other users', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    const othersQueue = await othello.events.register({ event_types: ['attachment'] });
    await hamlet.uploads.upload(new File(['abc'], 'a.txt'));
    const [attachment] = (await hamlet.attachments.list()).attachments;
    const removed = await verifyAttachments(hamlet, () => hamlet.attachments.delete({ attachment_id: attachment?.id ?? 0 }));
    expect(removed).toEqual([{ id: expect.any(Number), type: 'attachment', op: 'remove', attachment: { id: attachment?.id }, upload_space_used: 0 }]);
    const seen = await othello.events.get({ queue_id: othersQueue.queue_id ?? '', last_event_id: othersQueue.last_event_id, dont_block: true });
    expect(seen.events).toEqual([]);
  });
});
