import { describe, expect, it } from 'vitest';
import { htmlDiff } from './highlight-diff';
import data from './html-diff/cases.json';

// The real server's diffs of these renderings (scripts/html-diff-cases.py, with lxml and libxml2 as noted there).
describe(`htmlDiff matches the server's content_html_diff (lxml ${data.lxml}, libxml2 ${data.libxml2})`, () => {
  it.each(data.cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, { old, new: after, diff }) => {
    expect(htmlDiff(old, after)).toBe(diff);
  });
});
