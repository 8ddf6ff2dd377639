import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../mock/domain/sha256';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const MISMATCH = {
  code: 'EXPECTATION_MISMATCH',
  status: 400,
  msg: "'prev_content_sha256' value does not match the expected value.",
  field_name: 'prev_content_sha256',
};

describe('sha256Hex', () => {
  it('hashes the UTF-8 bytes of the text, as node:crypto does', () => {
    expect(sha256Hex('Ünïcödé 🐙 **markdown**')).toBe(nodeSha256('Ünïcödé 🐙 **markdown**'));
    expect(sha256Hex('')).toBe(nodeSha256(''));
  });
});

describe('messages.update with prev_content_sha256', () => {
  async function send(content: string): Promise<number> {
    return (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Denmark', topic: 'sha', content })).id;
  }

  it('the hash of the current raw content: the edit goes through', async () => {
    const id = await send('first **draft**');
    const hamlet = realm.clientFor(HAMLET);
    const { raw_content } = await hamlet.messages.get({ message_id: id });
    await hamlet.messages.update({ message_id: id, content: 'second', prev_content_sha256: nodeSha256(raw_content ?? '') });
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('second');
  });

  it('a stale hash (the message changed since): EXPECTATION_MISMATCH, and nothing changes', async () => {
    const id = await send('v1');
    const hamlet = realm.clientFor(HAMLET);
    const seen = nodeSha256('v1');
    await hamlet.messages.update({ message_id: id, content: 'v2' });
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'v3', prev_content_sha256: seen }), MISMATCH);
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('v2');
  });

  it('the digest is compared exactly (upper-case hex does not match), and moves are checked too', async () => {
    const id = await send('same');
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(
      hamlet.messages.update({ message_id: id, content: 'new', prev_content_sha256: nodeSha256('same').toUpperCase() }),
      MISMATCH,
    );
    await expectApiError(hamlet.messages.update({ message_id: id, topic: 'moved', prev_content_sha256: 'nope' }), MISMATCH);
    await hamlet.messages.update({ message_id: id, topic: 'moved', prev_content_sha256: nodeSha256('same') });
    expect((await hamlet.messages.get({ message_id: id })).message.subject).toBe('moved');
  });

  it('permission to edit content is checked first; the payload checks come before the hash', async () => {
    const id = await send('mine');
    await expectApiError(
      realm.clientFor('iago@zulip.com').messages.update({ message_id: id, content: 'theirs', prev_content_sha256: 'nope' }),
      { code: 'BAD_REQUEST', status: 400, msg: "You don't have permission to edit this message" },
    );
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: id, prev_content_sha256: 'nope' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Nothing to change',
    });
  });

});
