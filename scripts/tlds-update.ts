/**
 * Regenerates `mock/domain/markdown/tlds.json`, the top-level domains a bare domain autolinks
 * with (`example.com`), from the ICANN section of a Public Suffix List file given on the command
 * line (for example `/usr/share/publicsuffix/public_suffix_list.dat`). The real server uses the
 * IANA list, which that section follows, minus a few TLDs that are common file extensions.
 *
 * usage: npx tsx scripts/tlds-update.ts <public_suffix_list.dat>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../mock/domain/markdown/tlds.json', import.meta.url));
// The server skips these: file names like readme.md or views.py are not links.
const FILE_EXTENSIONS = new Set(['java', 'md', 'mov', 'py', 'zip']);

function main(): void {
  const [listPath] = process.argv.slice(2);
  if (!listPath) {
    process.stderr.write('usage: npx tsx scripts/tlds-update.ts <public_suffix_list.dat>\n');
    process.exit(2);
  }
  const text = readFileSync(listPath, 'utf8');
  // From the line after the BEGIN marker (the marker itself is a comment line, not a domain).
  const begin = text.indexOf('\n', text.indexOf('===BEGIN ICANN DOMAINS==='));
  const icann = text.slice(begin, text.indexOf('===END ICANN DOMAINS==='));
  const tlds = new Set<string>();
  for (const line of icann.split('\n')) {
    const entry = line.trim();
    if (entry && !entry.startsWith('//') && !entry.includes('.') && !entry.startsWith('!') && !entry.startsWith('*')) {
      if (!FILE_EXTENSIONS.has(entry)) tlds.add(entry);
    }
  }
  // Longest first, as the server orders its alternation, so `.community` wins over `.com`.
  const sorted = [...tlds].sort((a, b) => b.length - a.length || a.localeCompare(b));
  writeFileSync(OUTPUT, `${JSON.stringify(sorted)}\n`);
  process.stdout.write(`wrote ${OUTPUT}: ${sorted.length} TLDs\n`);
}

main();
