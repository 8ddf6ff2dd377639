import { decodeHTML } from 'entities';
import { PYTHON_WHITESPACE_CLASS, pythonStrip } from '../python-strip';

// Python's `\s` on text: its whitespace, which has U+001C..U+001F and U+0085 but not U+FEFF.
const NOT_KEPT = new RegExp(`[^\\p{L}\\p{N}_${PYTHON_WHITESPACE_CLASS}.-]`, 'gu');
const SPACES_AND_DASHES = new RegExp(`[-${PYTHON_WHITESPACE_CLASS}]+`, 'gu');

/**
 * The name a file is stored under, as the server sanitises it: NFKC-normalised, every character
 * that is not a word character, white space (Python's), `.` or `-` dropped, stripped, runs of `-`
 * and white space made one `-`; a name left empty (or `.`, `..`) becomes `uploaded-file`.
 * `strict` (for resumable uploads, as tusd is not Unicode-aware) keeps only ASCII letters,
 * digits, `_`, space, `.` and `-`, without normalising first.
 *
 * @example
 * sanitizeFileName('Zulip logo (v2).png'); // 'Zulip-logo-v2.png'
 * sanitizeFileName('résumé.png', { strict: true }); // 'rsum.png'
 */
export function sanitizeFileName(name: string, { strict = false }: { strict?: boolean } = {}): string {
  const allowed = strict ? name.replace(/[^A-Za-z0-9_ .-]/g, '') : name.normalize('NFKC').replace(NOT_KEPT, '');
  const kept = pythonStrip(allowed).replace(SPACES_AND_DASHES, '-');
  return kept === '' || kept === '.' || kept === '..' ? 'uploaded-file' : kept;
}

// Python's str.isprintable() is false for these: controls, format, surrogates, private use,
// unassigned, line and paragraph separators, and every space separator but the plain space.
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/gu;
const PERCENT_ESCAPES = /(?:%[0-9a-fA-F]{2})+/g;
// Python keeps a decoded byte-order mark as U+FEFF; the decoder drops a leading one unless told not to.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Python's `urllib.parse.unquote`: valid escapes decoded as UTF-8 (bad bytes become U+FFFD), others left alone. */
function pythonUnquote(text: string): string {
  return text.replace(PERCENT_ESCAPES, (run) => UTF8.decode(Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))));
}

/**
 * A multipart part's file name as Django's parser keeps it: HTML entities unescaped, only what
 * follows the last `/` or `\\`, characters that are not printable dropped. Undefined when nothing
 * usable is left (empty, `.` or `..`): the parser then skips the part altogether.
 */
export function multipartFileName(name: string): string | undefined {
  const unescaped = decodeHTML(name);
  const base = unescaped.slice(unescaped.lastIndexOf('/') + 1);
  const printable = base.slice(base.lastIndexOf('\\') + 1).replace(NOT_PRINTABLE, '');
  return printable === '' || printable === '.' || printable === '..' ? undefined : printable;
}

/** An uploaded file's name as the upload code reads it: the parser's name, its percent-escapes decoded. */
export function decodedFileName(name: string): string {
  return pythonUnquote(multipartFileName(name) ?? name);
}
