/**
 * Regenerates `test/reference/markdown-cases.json`, the real server's own rendering cases, from
 * its fixture file `zerver/tests/fixtures/markdown_test_cases.json` (read from a path given on
 * the command line, never from the network).
 *
 * Each regular case keeps its name and input; `expected` is the web client's variant
 * (`marked_expected_output`, the same HTML without Pygments token spans) when the fixture has
 * one, else the server's `expected_output`; `server_expected` keeps the server's own output when
 * the two differ. The linkify cases are expanded exactly as the server's test expands them
 * (`%s` -> `<a href="...">url</a>`, with `mailto:` for addresses and `http://` for bare domains).
 * An optional second argument names the server version the fixture comes from; it is kept in the
 * output's `source` (the committed cases: Zulip main of December 2025, feature level 442).
 *
 * usage: npm run markdown-cases:update -- <markdown_test_cases.json> ["<server version>"]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../test/reference/markdown-cases.json', import.meta.url));

interface FixtureCase {
  readonly name: string;
  readonly input: string;
  readonly expected_output: string;
  readonly marked_expected_output?: string;
  readonly backend_only_rendering?: boolean;
  readonly translate_emoticons?: boolean;
  readonly ignore?: boolean;
}

interface Fixture {
  readonly regular_tests: readonly FixtureCase[];
  readonly linkify_tests: readonly (readonly [string, string, string])[];
}

/** One case as the renderer's test reads it. */
interface MarkdownCase {
  readonly name: string;
  readonly input: string;
  readonly expected: string;
  readonly server_expected?: string;
  readonly backend_only_rendering?: true;
  readonly translate_emoticons?: boolean;
  readonly ignore?: true;
}

function regularCase(fixture: FixtureCase): MarkdownCase {
  const marked = fixture.marked_expected_output;
  return {
    name: fixture.name,
    input: fixture.input,
    expected: marked ?? fixture.expected_output,
    ...(marked !== undefined && marked !== fixture.expected_output ? { server_expected: fixture.expected_output } : {}),
    ...(fixture.backend_only_rendering ? { backend_only_rendering: true as const } : {}),
    ...(fixture.translate_emoticons !== undefined ? { translate_emoticons: fixture.translate_emoticons } : {}),
    ...(fixture.ignore ? { ignore: true as const } : {}),
  };
}

// As the server's test_linkify: a template without `%s` is the expected HTML itself.
function linkifyCase([input, template, url]: readonly [string, string, string]): MarkdownCase {
  const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
  const expected = template.includes('%s') ? template.replace('%s', `<a href="${href}">${url}</a>`) : template;
  return { name: `linkify: ${input}`, input, expected };
}

function main(): void {
  const [fixturePath, version] = process.argv.slice(2);
  if (!fixturePath) {
    process.stderr.write('usage: npm run markdown-cases:update -- <markdown_test_cases.json> ["<server version>"]\n');
    process.exit(2);
  }
  const text = readFileSync(fixturePath, 'utf8');
  const fixture = JSON.parse(text) as Fixture;
  const cases = [...fixture.regular_tests.map(regularCase), ...fixture.linkify_tests.map(linkifyCase)];
  const output = {
    source: {
      file: 'zerver/tests/fixtures/markdown_test_cases.json (zulip/zulip)',
      ...(version ? { version } : {}),
      sha256: createHash('sha256').update(text).digest('hex'),
    },
    cases,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(output, null, 1)}\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${cases.length} cases\n`);
}

main();
