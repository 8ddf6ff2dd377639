import { lookup } from 'mrmime';

// The server adds these to Python's table (zerver/lib/mime_types.py); mrmime lacks `.flac`.
const SERVER_EXTRA_TYPES: Readonly<Record<string, string>> = {
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.weba': 'audio/webm',
  '.apng': 'image/apng',
};

// Python's mimetypes reads these extensions as two: `.tgz` is `.tar.gz`.
const SUFFIXES: Readonly<Record<string, string>> = {
  '.svgz': '.svg.gz',
  '.tgz': '.tar.gz',
  '.taz': '.tar.gz',
  '.tz': '.tar.gz',
  '.tbz2': '.tar.bz2',
  '.txz': '.tar.xz',
};

// Compressions are encodings to Python, not types (and matched in their case): `a.gz` has no type.
const ENCODINGS: ReadonlySet<string> = new Set(['.gz', '.Z', '.bz2', '.xz', '.br']);

/** Python's `posixpath.splitext`: the extension after the name's last dot, none for leading dots only. */
function splitExtension(path: string): [string, string] {
  const nameStart = path.lastIndexOf('/') + 1;
  const dot = path.lastIndexOf('.');
  if (dot <= nameStart) return [path, ''];
  for (let at = nameStart; at < dot; at++) {
    if (path[at] !== '.') return [path.slice(0, dot), path.slice(dot)];
  }
  return [path, ''];
}

/**
 * The type Python's `mimetypes.guess_type` gives a file name, as the server asks it when an
 * upload comes without one: by the extension only (case-insensitive), a compression suffix
 * leaving the type of what it compresses. Undefined where Python answers `None` (no extension,
 * an unknown one, `notes.gz`). mrmime's table stands in for Python's and the system's.
 */
export function guessType(name: string): string | undefined {
  let [base, extension] = splitExtension(name);
  while (SUFFIXES[extension.toLowerCase()] !== undefined) [base, extension] = splitExtension(base + SUFFIXES[extension.toLowerCase()]);
  if (ENCODINGS.has(extension)) [, extension] = splitExtension(base);
  const lower = extension.toLowerCase();
  if (lower === '') return undefined;
  return SERVER_EXTRA_TYPES[lower] ?? lookup(lower.slice(1));
}
