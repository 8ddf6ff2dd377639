import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm({ botStorageLimit: 30 });
const HAMLET = 'hamlet@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** Counts of what a refused request might have left behind. */
function stored() {
  const { store } = realm.mock;
  return {
    messages: store.tables.message.size,
    drafts: store.tables.draft.size,
    attachments: store.tables.attachment.size,
    bytes: store.attachments.spaceUsed,
    botStorage: store.tables.botStorageEntry.size,
  };
}

describe('limits: the exact answer, and nothing stored when refused', () => {
  it('max_message_length: longer content is cut to 9,980 characters plus the server\'s notice, not refused', async () => {
    const { id } = await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x'.repeat(12_000) });
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: id, apply_markdown: false });
    expect(message.content).toBe(`${'x'.repeat(9_980)}\n[message truncated]`);
  });

  it('max_topic_length: a longer topic is cut to 57 characters and "..."', async () => {
    const { id } = await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Verona', topic: 't'.repeat(61), content: 'long topic' });
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: id });
    expect(message.subject).toBe(`${'t'.repeat(57)}...`);
  });

  it('bot storage over its limit: the server\'s message, and no key of the request stored', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await bot.botStorage.update({ storage: { a: '1234567890' } });
    const before = stored();
    await expectApiError(bot.botStorage.update({ storage: { b: '1', c: 'x'.repeat(20) } }), bad('Request exceeds storage limit by 4 characters. The limit is 30 characters.'));
    expect(stored()).toEqual(before);
    expect((await bot.botStorage.get({})).storage).toEqual({ a: '1234567890' });
  });

  it('upload size: over max_file_upload_size_mib is refused before anything is kept', async () => {
    const small = createMockServer({ seed: { ...DEFAULT_SEED, realm: { max_file_upload_size_mib: 1 } } });
    const hamlet = small.clientFor(HAMLET);
    await expectApiError(hamlet.uploads.upload(new Uint8Array(1024 * 1024 + 1), { filename: 'big.bin' }), bad("File is larger than this server's configured maximum upload size (1 MiB)."));
    expect([small.store.tables.attachment.size, small.store.attachments.spaceUsed]).toEqual([0, 0]);
  });

  it('drafts: one bad draft refuses the whole batch', async () => {
    const before = stored();
    await expectApiError(
      realm.clientFor(HAMLET).drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'fine' }, { type: '', to: [], topic: '', content: '   ' }] }),
      bad('drafts[1]["content"] cannot be blank'),
    );
    expect(stored()).toEqual(before);
  });

  it('request body over 25 MiB: 413 and nothing stored', async () => {
    const before = stored();
    const response = await realm.raw(HAMLET, 'POST', '/messages', new URLSearchParams({ type: 'stream', to: 'Verona', topic: 't', content: 'x'.repeat(26 * 1024 * 1024) }));
    expect([response.status, await response.json()]).toEqual([413, { result: 'error', msg: 'Request Entity Too Large', code: 'BAD_REQUEST' }]);
    expect(stored()).toEqual(before);
  });

  it('more than 1,000 parameters: Django\'s TooManyFieldsSent and nothing stored', async () => {
    const before = stored();
    const fields = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 't', content: 'many fields' });
    for (let index = 0; index < 1000; index++) fields.append(`extra${index}`, '1');
    const response = await realm.raw(HAMLET, 'POST', '/messages', fields);
    expect([response.status, await response.json()]).toEqual([
      400,
      { result: 'error', msg: 'The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.', code: 'BAD_REQUEST' },
    ]);
    expect(stored()).toEqual(before);
  });
});
