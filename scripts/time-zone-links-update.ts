/**
 * Regenerates `mock/domain/user-settings/time-zone-links.json`: the IANA time zone database's links
 * (an alias such as `Asia/Calcutta` -> its zone `Asia/Kolkata`), which the real server follows to
 * store a time zone under its canonical name. Reads a `tzdata.zi` file given on the command line
 * (Debian's is `/usr/share/zoneinfo/tzdata.zi`), as the server reads its own copy.
 *
 * usage: npx tsx scripts/time-zone-links-update.ts <tzdata.zi>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/domain/user-settings/time-zone-links.json', import.meta.url));

function main(): void {
  const [path] = process.argv.slice(2);
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/time-zone-links-update.ts <tzdata.zi>\n');
    process.exit(2);
  }
  const links: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/);
    // zic accepts any prefix of "Link" as the keyword, as the server's reader does.
    if (fields.length === 3 && fields[0] && 'link'.startsWith(fields[0].toLowerCase())) {
      const [, zone, alias] = fields as [string, string, string];
      links[alias] = zone;
    }
  }
  const sorted = Object.fromEntries(Object.entries(links).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(OUTPUT, `${JSON.stringify(sorted, null, 1)}\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${Object.keys(sorted).length} links\n`);
}

main();
