import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('history and narrows over real HTTP', () => {
  it('lists with a built narrow, checks matches, iterates, and reports BAD_NARROW', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const hamlet = http.clientFor('hamlet@zulip.com');
    const ids: number[] = [];
    for (const content of ['over http one', 'over http two', 'over http three']) {
      ids.push((await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'http history', content })).id);
    }
    const lunch = narrow().channel('Verona').topic('http history');
    const page = await hamlet.messages.list({ narrow: lunch, anchor: 'newest', num_before: 2 });
    expect(page.messages.map((message) => message.id)).toEqual(ids.slice(1));
    expect(page).toMatchObject({ found_newest: true, found_oldest: false });

    const matches = await hamlet.messages.matchesNarrow({ msg_ids: ids, narrow: lunch.search('two') });
    expect(matches.messages).toEqual({
      [ids[1] ?? 0]: { match_content: '<p>over http <span class="highlight">two</span></p>', match_subject: 'http history' },
    });

    const seen: number[] = [];
    for await (const message of hamlet.messages.iterate({ narrow: lunch, batchSize: 1 })) seen.push(message.id);
    expect(seen).toEqual([...ids].reverse());

    await expectApiError(hamlet.messages.list({ narrow: [['channel', 'Atlantis']], anchor: 'newest' }), {
      code: 'BAD_NARROW',
      status: 400,
      msg: 'Invalid narrow operator: unknown channel Atlantis',
      desc: 'unknown channel Atlantis',
    });
  });
});
