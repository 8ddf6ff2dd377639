/** Characters Python's `repr` writes escaped: its `str.isprintable()` is false for them (space excepted). */
const UNPRINTABLE = /[\p{C}\p{Z}]/u;

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function quoteFor(text: string): string {
  return text.includes("'") && !text.includes('"') ? '"' : "'";
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/**
 * Python's `repr()` of a `str`: single quotes unless the text has a single quote and no double
 * one, backslash escapes for `\\`, tab, newline, carriage return and the quote, `\x`/`\u`/`\U`
 * for characters that are not printable; every other character as it is.
 *
 * @example
 * pythonStrRepr("this isn't valid json"); // "\"this isn't valid json\""
 */
export function pythonStrRepr(text: string): string {
  const quote = quoteFor(text);
  let body = '';
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    const named = NAMED_ESCAPES[character];
    if (named !== undefined) body += named;
    else if (character === quote) body += `\\${quote}`;
    else if (character === ' ' || !UNPRINTABLE.test(character)) body += character;
    else if (code < 0x100) body += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) body += `\\u${hex(code, 4)}`;
    else body += `\\U${hex(code, 8)}`;
  }
  return `${quote}${body}${quote}`;
}

/**
 * Python's `repr()` of `bytes`: `b'...'`, printable ASCII as it is, `\\`, `\t`, `\n`, `\r` and
 * the quote escaped, every other byte as `\xNN`.
 *
 * @example
 * pythonBytesRepr(new TextEncoder().encode('{"a": "é"}')); // "b'{\"a\": \"\\xc3\\xa9\"}'"
 */
export function pythonBytesRepr(bytes: Uint8Array): string {
  const text = String.fromCharCode(...bytes);
  const quote = quoteFor(text);
  let body = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    const named = NAMED_ESCAPES[character];
    if (named !== undefined) body += named;
    else if (character === quote) body += `\\${quote}`;
    else if (code >= 0x20 && code < 0x7f) body += character;
    else body += `\\x${hex(code, 2)}`;
  }
  return `b${quote}${body}${quote}`;
}
