import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();
const { clientFor } = http;

describe('flags for a narrow, and edits with prev_content_sha256, over real HTTP (standalone mock)', () => {
  it('marks a topic read through a narrow built with narrow(), with the server answer', async () => {
    const iago = clientFor('iago@zulip.com');
    const ids: number[] = [];
    for (const content of ['one', 'two']) {
      ids.push((await iago.messages.send({ type: 'channel', to: 'Denmark', topic: 'flags over http', content })).id);
    }
    const hamlet = clientFor('hamlet@zulip.com');
    const topic = narrow().channel('Denmark').topic('flags over http');
    expect(
      await hamlet.flags.updateForNarrow({ narrow: topic, anchor: 'oldest', num_before: 0, num_after: 10, op: 'add', flag: 'read' }),
    ).toEqual({
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[0],
      last_processed_id: ids[1],
      found_oldest: true,
      found_newest: true,
      ignored_because_not_subscribed_channels: [],
    });
    const unread = await hamlet.flags.updateForNarrow({
      narrow: topic,
      anchor: ids[1] ?? 0,
      num_before: 0,
      num_after: 0,
      op: 'remove',
      flag: 'read',
    });
    expect(unread).toMatchObject({ processed_count: 1, updated_count: 1, ignored_because_not_subscribed_channels: [] });
    await expectApiError(
      hamlet.flags.updateForNarrow({ narrow: narrow().term('bogus', 'x'), anchor: 'newest', num_before: 1, num_after: 0, op: 'add', flag: 'read' }),
      { code: 'BAD_NARROW', status: 400, msg: 'Invalid narrow operator: unknown operator bogus' },
    );
  });

  it('an edit with a stale prev_content_sha256 fails with its code; the current one succeeds', async () => {
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const hamlet = clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'sha', content: 'over http' });
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'x', prev_content_sha256: sha256('other') }), {
      code: 'EXPECTATION_MISMATCH',
      status: 400,
      msg: "'prev_content_sha256' value does not match the expected value.",
    });
    await hamlet.messages.update({ message_id: id, content: 'x', prev_content_sha256: sha256('over http') });
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('x');
  });
});
