/**
 * Regenerates `mock/domain/emoji/server-emoji-names.json`, the real server's names of unicode
 * emoji: for each emoji code (lower-case hex code points joined by `-`, without U+FE0F), its
 * canonical name first, then its aliases, space-separated. Read from the server's own table,
 * `tools/setup/emoji/emoji_names.py` of a Zulip checkout, given on the command line. The server
 * shows an emoji under its canonical name (`:coffee:`) and finds it by any of its names. The
 * server's emoji data (`emoji-datasource-google` 16.0.0 in Zulip main, December 2025) stops at
 * Emoji 16.0: names for newer emoji, should a table have them, are left out, as the server's build
 * leaves them out; the `emojibase-data` devDependency tells an emoji's version. (Zulip 10.2's data
 * stopped at 15.0, without 15.1's `:phoenix:` and `:lime:`.)
 *
 * usage: npx tsx scripts/emoji-names-update.ts <tools/setup/emoji/emoji_names.py>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/domain/emoji/server-emoji-names.json', import.meta.url));
// An entry, on one line or several: "1f600": {"canonical_name": "grinning", "aliases": ["happy"]},
const ENTRY = /"([0-9a-f-]+)":\s*\{\s*"canonical_name":\s*"([^"]+)",\s*"aliases":\s*\[([^\]]*)\],?\s*\}/g;

/** The newest emoji version the server's emoji data has (`emoji-datasource-google` 16.0.0). */
const SERVER_EMOJI_VERSION = 16;

/** The server's emoji code for an emojibase hexcode (`1F44D`, `2764-FE0F`). */
function serverEmojiCode(hexcode: string): string {
  return hexcode
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .map((part) => part.padStart(4, '0'))
    .join('-');
}

/** The codes of emoji newer than the server's emoji data, by emojibase's versions. */
function tooNewCodes(): ReadonlySet<string> {
  const directory = dirname(createRequire(import.meta.url).resolve('emojibase-data/package.json'));
  const emoji = JSON.parse(readFileSync(join(directory, 'en', 'data.json'), 'utf8')) as { hexcode: string; version: number; skins?: { hexcode: string; version: number }[] }[];
  const codes = new Set<string>();
  for (const entry of [...emoji, ...emoji.flatMap((parent) => parent.skins ?? [])]) {
    if (entry.version > SERVER_EMOJI_VERSION) codes.add(serverEmojiCode(entry.hexcode));
  }
  return codes;
}

function main(): void {
  const [path] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/emoji-names-update.ts <tools/setup/emoji/emoji_names.py>\n');
    process.exit(2);
  }
  const tooNew = tooNewCodes();
  const names: Record<string, string> = {};
  for (const match of readFileSync(path, 'utf8').matchAll(ENTRY)) {
    const [, code = '', canonical = '', aliasList = ''] = match;
    if (tooNew.has(code)) continue;
    const aliases = [...aliasList.matchAll(/"([^"]+)"/g)].map((alias) => alias[1] ?? '');
    names[code] = [canonical, ...aliases].join(' ');
  }
  const count = Object.keys(names).length;
  if (count < 1000) throw new Error(`only ${count} emoji read from ${path}: is it emoji_names.py?`);
  writeFileSync(OUTPUT, `${JSON.stringify(names, null, 0).replaceAll('","', '",\n"')}\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${count} emoji\n`);
}

main();
