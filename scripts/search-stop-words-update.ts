/**
 * Regenerates `mock/domain/narrow/search-stop-words.json`: the words the real server's full-text
 * search leaves out of a query (its PostgreSQL dictionary's stop words), from the server's
 * `zulip_english.stop` file given on the command line.
 *
 * usage: npx tsx scripts/search-stop-words-update.ts <zulip_english.stop>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/domain/narrow/search-stop-words.json', import.meta.url));

function main(): void {
  const [path] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/search-stop-words-update.ts <zulip_english.stop>\n');
    process.exit(2);
  }
  const words = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  writeFileSync(OUTPUT, `${JSON.stringify(words)}\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${words.length} words\n`);
}

main();
