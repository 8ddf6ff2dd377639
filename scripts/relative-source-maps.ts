import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';

/**
 * Rewrites every absolute path in the `sources` of the source maps under `dir` as a path relative
 * to the map. tsup's CommonJS build with code splitting names its intermediate file by absolute
 * path, which would ship the build machine's directories in the package and point users' stack
 * traces at files they do not have.
 *
 * @example
 * relativeSourceMaps('dist'); // after tsup: 'dist/index.cjs.map' lists 'index.cjs', not '/home/.../dist/index.cjs'
 */
export function relativeSourceMaps(dir: string): number {
  let rewritten = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(file, 'utf8')) as { sources?: string[] };
    if (!map.sources?.some((source) => isAbsolute(source))) continue;
    map.sources = map.sources.map((source) => (isAbsolute(source) ? relative(dirname(file), source) : source));
    writeFileSync(file, JSON.stringify(map));
    rewritten += 1;
  }
  return rewritten;
}
