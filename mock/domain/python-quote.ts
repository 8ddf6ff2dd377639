/** What Python's `urllib.parse.quote` never escapes, whatever `safe` says. */
const ALWAYS_SAFE = /^[A-Za-z0-9_.~-]$/;

/**
 * Python's `urllib.parse.quote(text, safe)`: every character but letters, digits, `_.-~` and
 * those of `safe` escaped as the `%XX` of its UTF-8 bytes. Unlike `encodeURIComponent`, `/`
 * stays by default and `!'()*` are escaped unless `safe` names them.
 *
 * @example
 * pythonQuote('/a b/(1).txt'); // '/a%20b/%281%29.txt'
 * pythonQuote('/a%20b', ''); // '%2Fa%2520b'
 */
export function pythonQuote(text: string, safe = '/'): string {
  let out = '';
  for (const character of text) {
    if (ALWAYS_SAFE.test(character) || safe.includes(character)) out += character;
    else out += [...new TextEncoder().encode(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}
