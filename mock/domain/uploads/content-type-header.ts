import { pythonQuote } from '../python-quote';

/**
 * Splits a header value at the semicolons that are outside double quotes, the segments trimmed
 * (the `_parseparam` that Django and Python's `email` package share).
 */
function splitSegments(value: string): string[] {
  const segments: string[] = [];
  let rest = `;${value}`;
  while (rest.startsWith(';')) {
    rest = rest.slice(1);
    let end = rest.indexOf(';');
    const quotesBefore = (at: number) => rest.slice(0, at).split('"').length - 1 - (rest.slice(0, at).split('\\"').length - 1);
    while (end > 0 && quotesBefore(end) % 2 === 1) end = rest.indexOf(';', end + 1);
    if (end < 0) end = rest.length;
    segments.push(rest.slice(0, end).trim());
    rest = rest.slice(end);
  }
  return segments;
}

/** Python's `urllib.parse.unquote` for UTF-8: percent-escapes decoded, invalid sequences replaced. */
function percentDecoded(text: string): string {
  const bytes: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const escape = /^%[0-9a-fA-F]{2}/.exec(text.slice(at));
    if (escape) {
      bytes.push(Number.parseInt(text.slice(at + 1, at + 3), 16));
      at += 2;
    } else {
      bytes.push(...new TextEncoder().encode(text[at] ?? ''));
    }
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(bytes));
}

/** A content type as Django's multipart parser reads a part's: the type lower-cased, and its parameters. */
export interface PartContentType {
  readonly type: string;
  /** By lower-cased name, in first-seen order, the last value winning; values unquoted. */
  readonly params: ReadonlyMap<string, string>;
}

/**
 * Django's `parse_header_parameters` on a part's `Content-Type`: segments without `=` are
 * dropped, a quoted value loses its quotes and escapes, and `name*=charset'lang'value`
 * (RFC 2231) names `name` with its value percent-decoded (as UTF-8 whatever charset it names).
 *
 * @example
 * parsePartContentType('Text/Plain; Key="a b"').params.get('key'); // 'a b'
 */
export function parsePartContentType(header: string): PartContentType {
  const [type = '', ...segments] = splitSegments(header);
  const params = new Map<string, string>();
  for (const segment of segments) {
    const equals = segment.indexOf('=');
    if (equals < 0) continue;
    let name = segment.slice(0, equals).trim().toLowerCase();
    const encoded = name.endsWith('*') && segment.split("'").length === 3;
    if (name.endsWith('*')) name = name.slice(0, -1);
    let value = segment.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replaceAll('\\\\', '\\').replaceAll('\\"', '"');
    }
    if (encoded) value = percentDecoded(value.split("'")[2] ?? '');
    params.set(name, value);
  }
  return { type: type.toLowerCase(), params };
}

/**
 * A content type as Python's `email` package writes it with `add_header`: each parameter after
 * the type, `_` in its name written `-`, its value always quoted (`"` and `\` escaped), a
 * non-ASCII value in the RFC 2231 form, an empty one as the bare name.
 *
 * @example
 * formatContentType('text/plain', new Map([['charset', 'big5']])); // 'text/plain; charset="big5"'
 */
export function formatContentType(type: string, params: ReadonlyMap<string, string>): string {
  const parts = [type];
  for (const [rawName, value] of params) {
    const name = rawName.replaceAll('_', '-');
    if (value === '') parts.push(name);
    // eslint-disable-next-line no-control-regex -- ASCII is exactly U+0000 to U+007F here.
    else if (!/^[\u0000-\u007f]*$/.test(value)) parts.push(`${name}*=utf-8''${pythonQuote(value, '')}`);
    else parts.push(`${name}="${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  }
  return parts.join('; ');
}

/**
 * The bare type of a content type as Python's `email` package reads it (`get_content_type`, the
 * server's `bare_content_type`): before the first `;`, lower-cased, and `text/plain` for anything
 * that is not one `type/subtype`.
 *
 * @example
 * bareContentType('Text/Plain; charset="ascii"'); // 'text/plain'
 * bareContentType('nonsense'); // 'text/plain'
 */
export function bareContentType(contentType: string): string {
  const type = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return type.split('/').length === 2 ? type : 'text/plain';
}

/**
 * Whether Python's `email` package finds a parameter of that name in a content type (`get_param`):
 * any segment, the type's own included, named so in any case, with or without a value, also in
 * the RFC 2231 forms (`name*`, `name*0*`).
 */
export function hasContentTypeParam(contentType: string, name: string): boolean {
  return splitSegments(contentType).some((segment) => {
    const equals = segment.indexOf('=');
    const segmentName = (equals < 0 ? segment : segment.slice(0, equals)).trim().toLowerCase();
    return segmentName.replace(/\*(?:\d+\*?)?$/, '') === name;
  });
}
