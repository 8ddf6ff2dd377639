import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';
import { MARKDOWN_ORACLE_DIFFERENCES, mockHtmlOf } from './reference/markdown-oracle-differences';
import { withoutPygmentsSpans } from './support/pygments-spans';

/** A random message and the HTML the server's own Markdown processor rendered for it. */
interface OracleCase {
  readonly id: string;
  readonly input: string;
  readonly html: string;
  /** The sender's `translate_emoticons` setting the case was rendered with. */
  readonly translate_emoticons?: true;
}

const { cases } = JSON.parse(
  readFileSync(new URL('reference/markdown-oracle-cases.json', import.meta.url), 'utf8'),
) as { cases: OracleCase[] };

/** The realm's linkifiers, in order: the server's renderer (scripts/markdown-oracle/server_renderer.py) reads them too. */
const linkifiers = JSON.parse(
  readFileSync(new URL('reference/markdown-oracle-linkifiers.json', import.meta.url), 'utf8'),
) as { pattern: string; url_template: string }[];

// The corpus was rendered with the mock's default realm's users, group, channels and emoji
// standing in for the server's database, the linkifiers above, and no Camo (`CAMO_URI = ""`).
const realm = createMockServer({ baseUrl: 'http://chat.test', realmUrl: 'http://zulip.testserver', clock: new ManualClock(), camo: false });
const iago = realm.clientFor('iago@zulip.com');
for (const linkifier of linkifiers) await iago.linkifiers.add(linkifier);
const sender = realm.store.userByDeliveryEmail('hamlet@zulip.com');

function render(testCase: OracleCase): string {
  const translating = testCase.translate_emoticons ?? false;
  return withoutPygmentsSpans(renderMessage(realm.state, testCase.input, sender && { ...sender, translate_emoticons: translating }).html);
}

describe('rendering random messages as the server renders them (test/reference/markdown-oracle-cases.json)', () => {
  it('has a corpus and a sender', () => {
    expect(cases.length).toBeGreaterThanOrEqual(600);
    expect(cases.filter((c) => c.translate_emoticons).length).toBeGreaterThan(50);
    expect(sender?.full_name).toBe('King Hamlet');
  });

  it('renders with the realm holding the listed linkifiers, in order', async () => {
    expect((await iago.linkifiers.list()).linkifiers.map(({ pattern, url_template }) => ({ pattern, url_template }))).toEqual(linkifiers);
    expect(cases.filter((c) => c.html.includes('href="https://github.com/zulip/zulip/issues/')).length).toBeGreaterThan(50);
  });

  it('lists only differences of cases in the corpus', () => {
    const ids = new Set(cases.map((c) => c.id));
    expect(Object.keys(MARKDOWN_ORACLE_DIFFERENCES).filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const testCase of cases) {
    const listed = MARKDOWN_ORACLE_DIFFERENCES[testCase.id];
    it(`${testCase.id}: ${JSON.stringify(testCase.input).slice(0, 60)}`, () => {
      const html = render(testCase);
      const server = withoutPygmentsSpans(testCase.html);
      if (listed === undefined) {
        expect(html).toBe(server);
        return;
      }
      const expected = mockHtmlOf(listed, server);
      expect(expected, `${testCase.id} is listed as a difference, but its listed HTML is the server's`).not.toBe(server);
      expect(html, `${testCase.id} (markdown-oracle-differences.ts) renders otherwise now; if it matches the server, remove it`).toBe(expected);
    });
  }
});
