/**
 * The name a file is stored under, as the server sanitises it: NFKC-normalised, every character
 * that is not a word character, white space, `.` or `-` dropped, trimmed, runs of `-` and white
 * space made one `-`; a name left empty (or `.`, `..`) becomes `uploaded-file`.
 *
 * @example
 * sanitizeFileName('Zulip logo (v2).png'); // 'Zulip-logo-v2.png'
 */
export function sanitizeFileName(name: string): string {
  const kept = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/gu, '-');
  return kept === '' || kept === '.' || kept === '..' ? 'uploaded-file' : kept;
}

/** A multipart file name as the server reads it: percent-escapes decoded where they are valid. */
export function decodedFileName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
