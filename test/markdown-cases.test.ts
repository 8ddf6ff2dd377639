import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import { MARKDOWN_DEVIATIONS } from './reference/markdown-deviations';
import { withoutPygmentsSpans } from './support/pygments-spans';

/** One of the real server's rendering cases, as `npm run markdown-cases:update` writes it. */
interface MarkdownCase {
  readonly name: string;
  readonly input: string;
  /** The web client's HTML when the fixture has it (no Pygments spans), else the server's. */
  readonly expected: string;
  /**
   * The server's own HTML, when it differs from `expected`. Matching `expected` instead counts only
   * where the two differ by Pygments' token spans alone (the issue makes those optional).
   */
  readonly server_expected?: string;
  /** The sender's `translate_emoticons` setting the case was rendered with. */
  readonly translate_emoticons?: boolean;
}

const { cases } = JSON.parse(
  readFileSync(new URL('reference/markdown-cases.json', import.meta.url), 'utf8'),
) as { cases: MarkdownCase[] };

// Rendering reads the realm (users, groups) but never changes it: one seeded realm serves all cases.
// The fixtures' realm is at http://zulip.testserver (links into it become relative) and has the
// server's test persona Zoe as user 7, whom its silent mention cases name. Its server runs with the
// test settings' Camo (zproject/test_extra_settings.py), through which external media load.
const FIXTURE_PERSONAS = [{ email: 'ZOE@zulip.com', full_name: 'Zoe', id: 7 }];
const realm = createMockServer({
  baseUrl: 'http://chat.test',
  realmUrl: 'http://zulip.testserver',
  clock: new ManualClock(),
  camo: { uri: 'https://external-content.zulipcdn.net/external_content/', key: 'dummy' },
  seed: { ...DEFAULT_SEED, users: [...(DEFAULT_SEED.users ?? []), ...FIXTURE_PERSONAS] },
});

const sender = realm.store.userByDeliveryEmail('hamlet@zulip.com');

function render(testCase: MarkdownCase): string {
  const translating = testCase.translate_emoticons ?? false;
  return renderMessage(realm.state, testCase.input, sender && { ...sender, translate_emoticons: translating }).html;
}

function matches(testCase: MarkdownCase, html: string): boolean {
  if (testCase.server_expected === undefined) return html === testCase.expected;
  if (html === testCase.server_expected) return true;
  // The web client's variant stands in for the server's only where Pygments' spans are the difference.
  return html === testCase.expected && withoutPygmentsSpans(testCase.server_expected) === testCase.expected;
}

describe("the real server's Markdown cases", () => {
  const matching = cases.filter((testCase) => !(testCase.name in MARKDOWN_DEVIATIONS));
  const deviating = cases.filter((testCase) => testCase.name in MARKDOWN_DEVIATIONS);

  it.each(matching)('$name renders exactly as the server does', (testCase) => {
    const html = render(testCase);
    if (!matches(testCase, html)) expect(html).toBe(testCase.server_expected ?? testCase.expected);
  });

  it.each(deviating)('$name still differs (listed in the ledger; remove it once it matches)', (testCase) => {
    const html = render(testCase);
    expect(matches(testCase, html)).toBe(false);
  });

  it('the ledger names only real cases, each with a reason', () => {
    const names = new Set(cases.map((testCase) => testCase.name));
    for (const [name, { reason }] of Object.entries(MARKDOWN_DEVIATIONS)) {
      expect(names.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(0);
    }
    expect(cases.length).toBe(260);
    expect(matching.length).toBe(260);
  });
});
