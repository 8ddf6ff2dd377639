/**
 * Measures how often the mock's `content_html_diff` agrees with the real server's on generated
 * pairs of renderings: the server's own Markdown test renderings (test/reference/markdown-cases.json),
 * paired with each other and with edited copies (words added, removed and replaced, links
 * changed, paragraphs added and reordered). The server's side comes from
 * scripts/html-diff-cases.py --stdin, so this needs python3-lxml; run by hand, not by tests.
 *
 * usage: npx tsx scripts/html-diff-compare.ts [pairs=3000] [seed=1] [python=/usr/bin/python3]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { htmlDiff } from '../mock/domain/messages/edit/highlight-diff';

const [count = '3000', seedText = '1', python = '/usr/bin/python3'] = process.argv.slice(2);
const cases = (JSON.parse(readFileSync(new URL('../test/reference/markdown-cases.json', import.meta.url), 'utf8')) as { cases: { expected: string; server_expected?: string }[] }).cases;
const renderings = cases.flatMap((testCase) => [testCase.expected, ...(testCase.server_expected ? [testCase.server_expected] : [])]);

let seed = Number(seedText);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const WORDS = ['alpha', 'beta', 'gamma', 'the', 'a', 'edit', 'new', 'old', 'x', '1', 'and', 'content', '&amp;', '&lt;b&gt;'];

/** Edits the text between tags (and sometimes an attribute) of a rendering. */
function mutate(html: string): string {
  const parts = html.split(/(<[^>]*>)/);
  const edits = 1 + Math.floor(random() * 4);
  for (let n = 0; n < edits; n++) {
    const index = Math.floor(random() * parts.length);
    const part = parts[index] ?? '';
    if (part.startsWith('<')) {
      if (random() < 0.5) parts[index] = part.replace(/(href|src|title)="([^"]*)"/, (_m, name: string, value: string) => `${name}="${value}${pick(['x', '/y', '?q=1&amp;r=2'])}"`);
      else if (random() < 0.3) parts[index] = '';
      continue;
    }
    const words = part.split(/( +)/);
    const at = Math.floor(random() * (words.length + 1));
    const kind = random();
    if (kind < 0.3) words.splice(at, 0, pick(WORDS), ' ');
    else if (kind < 0.6) words.splice(at, 1);
    else if (kind < 0.9) words[at] = pick(WORDS);
    else words.splice(at, 0, '\n');
    parts[index] = words.join('');
  }
  return parts.join('');
}

function pair(): [string, string] {
  const first = pick(renderings);
  const kind = random();
  if (kind < 0.45) return [first, mutate(first)];
  if (kind < 0.6) return [mutate(first), first];
  if (kind < 0.75) return [first, pick(renderings)];
  if (kind < 0.85) return [first, `${first}\n${pick(renderings)}`];
  if (kind < 0.92) return ['', first];
  const second = pick(renderings);
  return [`${first}\n${second}`, `${mutate(second)}\n${first}`];
}

const pairs = Array.from({ length: Number(count) }, pair);
const script = fileURLToPath(new URL('./html-diff-cases.py', import.meta.url));
const expected = JSON.parse(execFileSync(python, [script, '--stdin'], { input: JSON.stringify(pairs), maxBuffer: 1 << 28 }).toString()) as (string | null)[];
let compared = 0;
let agreed = 0;
let serverErrors = 0;
const disagreements: { before: string; after: string; server: string; mock: string }[] = [];
pairs.forEach(([before, after], index) => {
  const server = expected[index];
  if (server === null || server === undefined) {
    serverErrors++;
    return;
  }
  compared++;
  let mock: string;
  try {
    mock = htmlDiff(before, after);
  } catch (error) {
    mock = `THROWS ${String(error)}`;
  }
  if (mock === server) agreed++;
  else disagreements.push({ before, after, server, mock });
});
const highlighted = expected.filter((diff) => diff?.includes("highlight_text")).length;
console.log(`${highlighted} of the server diffs mark changes`);
console.log(`${agreed}/${compared} agree (${((100 * agreed) / compared).toFixed(2)}%); ${serverErrors} pairs where lxml raised were skipped`);
for (const sample of disagreements.slice(0, 5)) console.log(JSON.stringify(sample, null, 1));
