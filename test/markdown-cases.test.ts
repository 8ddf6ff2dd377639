import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';
import { MARKDOWN_DEVIATIONS } from './reference/markdown-deviations';

/** One of the real server's rendering cases, as `npm run markdown-cases:update` writes it. */
interface MarkdownCase {
  readonly name: string;
  readonly input: string;
  /** The web client's HTML when the fixture has it (no Pygments spans), else the server's. */
  readonly expected: string;
  /** The server's own HTML, when it differs from `expected`; matching either counts. */
  readonly server_expected?: string;
  /** The sender's `translate_emoticons` setting the case was rendered with. */
  readonly translate_emoticons?: boolean;
}

const { cases } = JSON.parse(
  readFileSync(new URL('reference/markdown-cases.json', import.meta.url), 'utf8'),
) as { cases: MarkdownCase[] };

// Rendering reads the realm (users, groups) but never changes it: one seeded realm serves all cases.
// The fixtures' realm is at http://zulip.testserver: links into it become relative.
const realm = createMockServer({ baseUrl: 'http://chat.test', realmUrl: 'http://zulip.testserver', clock: new ManualClock() });

const sender = realm.store.userByDeliveryEmail('hamlet@zulip.com');

function render(testCase: MarkdownCase): string {
  const translating = testCase.translate_emoticons ?? false;
  return renderMessage(realm.state, testCase.input, sender && { ...sender, translate_emoticons: translating }).html;
}

function matches(testCase: MarkdownCase, html: string): boolean {
  return html === testCase.expected || html === testCase.server_expected;
}

describe("the real server's Markdown cases", () => {
  const matching = cases.filter((testCase) => !(testCase.name in MARKDOWN_DEVIATIONS));
  const deviating = cases.filter((testCase) => testCase.name in MARKDOWN_DEVIATIONS);

  it.each(matching)('$name renders exactly as the server does', (testCase) => {
    const html = render(testCase);
    if (!matches(testCase, html)) expect(html).toBe(testCase.expected);
  });

  it.each(deviating)('$name still differs (listed in the ledger; remove it once it matches)', (testCase) => {
    expect(matches(testCase, render(testCase))).toBe(false);
  });

  it('the ledger names only real cases, each with a reason', () => {
    const names = new Set(cases.map((testCase) => testCase.name));
    for (const [name, reason] of Object.entries(MARKDOWN_DEVIATIONS)) {
      expect(names.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(0);
    }
    expect(cases.length).toBe(248);
    expect(matching.length).toBe(248);
  });
});
