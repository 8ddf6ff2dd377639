import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';

interface SourceMap {
  sources?: string[];
  sourcesContent?: (string | null)[];
}

/** A source of a bundled dependency rather than of the project. */
const isDependency = (source: string) => source.includes('node_modules/');

/**
 * Tidies the source maps under `dir` for the package:
 * - every absolute path in `sources` becomes relative to the map. tsup's CommonJS build with code
 *   splitting names its intermediate file by absolute path, which would ship the build machine's
 *   directories and point users' stack traces at files they do not have;
 * - the text of the bundled dependencies' sources (katex, date-fns, lodash, markdown-it, ... in the
 *   mock's chunk) is left out: half of the maps' size, for code a user debugs rarely. Their
 *   positions stay, so a stack trace still names the dependency's file and line.
 *
 * Answers the number of maps rewritten.
 *
 * @example
 * tidySourceMaps('dist'); // after tsup: 'dist/index.cjs.map' lists 'index.cjs', not '/home/.../dist/index.cjs'
 */
export function tidySourceMaps(dir: string): number {
  let rewritten = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(file, 'utf8')) as SourceMap;
    const sources = map.sources ?? [];
    const absolute = sources.some((source) => isAbsolute(source));
    const dependencyText = sources.some((source, index) => isDependency(source) && map.sourcesContent?.[index] != null);
    if (!absolute && !dependencyText) continue;
    map.sources = sources.map((source) => (isAbsolute(source) ? relative(dirname(file), source) : source));
    if (map.sourcesContent) map.sourcesContent = map.sourcesContent.map((text, index) => (isDependency(sources[index] ?? '') ? null : text));
    writeFileSync(file, JSON.stringify(map));
    rewritten += 1;
  }
  return rewritten;
}
