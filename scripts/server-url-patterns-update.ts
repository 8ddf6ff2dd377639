/**
 * Regenerates `mock/http/server-url-patterns.json`: the real server's REST URL patterns under
 * `/api/v1`, in its urls.py order, each with the methods its `rest_path` lists in their order.
 * The server routes a request to the first pattern its path matches, and answers a method the
 * pattern lacks with 405 and these methods (HEAD added after GET). Read from a Zulip checkout's
 * `zproject/urls.py` given on the command line.
 *
 * The checkout may be newer than the mock's feature level: patterns added above that level are
 * left out (listed below), so the mock answers them as that server does, with a 404.
 *
 * usage: npx tsx scripts/server-url-patterns-update.ts <zproject/urls.py>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/http/server-url-patterns.json', import.meta.url));
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Patterns of servers newer than the mock's feature level (435), with the level that added them. */
const NEWER_THAN_MOCK: ReadonlyMap<string, number> = new Map([['/users/<int:user_id>/channels', 440]]);

/** The text of each `rest_path(...)` call, balanced parentheses included. */
function restPathCalls(source: string): string[] {
  const calls: string[] = [];
  for (let start = source.indexOf('rest_path('); start >= 0; start = source.indexOf('rest_path(', start + 1)) {
    let depth = 0;
    let inString: string | undefined;
    for (let index = start + 'rest_path'.length; index < source.length; index++) {
      const character = source[index];
      if (inString) {
        if (character === inString && source[index - 1] !== '\\') inString = undefined;
      } else if (character === '"' || character === "'") inString = character;
      else if (character === '(') depth++;
      else if (character === ')' && --depth === 0) {
        calls.push(source.slice(start, index + 1));
        break;
      }
    }
  }
  return calls;
}

function main(): void {
  const [urlsPath] = process.argv.slice(2);
  if (!urlsPath) {
    process.stderr.write('usage: npx tsx scripts/server-url-patterns-update.ts <zproject/urls.py>\n');
    process.exit(2);
  }
  const source = readFileSync(urlsPath, 'utf8');
  // Only the API patterns: the list v1 and json share.
  const api = source.slice(source.indexOf('v1_api_and_json_patterns = ['), source.indexOf('\n]', source.indexOf('v1_api_and_json_patterns = [')));
  const patterns: [string, string[]][] = [];
  for (const call of restPathCalls(api)) {
    const route = /rest_path\(\s*"([^"]*)"/.exec(call)?.[1];
    if (route === undefined) continue;
    const methods = [...call.matchAll(/\b([A-Z]+)=/g)].map((match) => match[1] ?? '').filter((method) => METHODS.has(method));
    if (NEWER_THAN_MOCK.has(`/${route}`)) continue;
    patterns.push([`/${route}`, methods]);
  }
  writeFileSync(OUTPUT, `[\n${patterns.map((pattern) => `  ${JSON.stringify(pattern)}`).join(',\n')}\n]\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${patterns.length} patterns\n`);
}

main();
