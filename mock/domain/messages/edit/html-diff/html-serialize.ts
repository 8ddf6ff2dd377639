import type { HtmlElement } from './html-tree';

/**
 * `lxml.html.tostring(element, encoding="unicode")`: libxml2 2.9's HTML serializer, unformatted.
 */

const VOID_ELEMENTS = new Set(['area', 'base', 'basefont', 'br', 'col', 'frame', 'hr', 'img', 'input', 'isindex', 'link', 'meta', 'param']);
// An element libxml2 writes without its end tag when it has no content.
const END_TAG_OMITTED_WHEN_EMPTY = new Set(['li']);
const BOOLEAN_ATTRIBUTES = new Set(['checked', 'compact', 'declare', 'defer', 'disabled', 'ismap', 'multiple', 'nohref', 'noresize', 'noshade', 'nowrap', 'readonly', 'selected']);
// Bytes a URI attribute keeps as they are: unreserved characters and these delimiters.
const URI_KEPT = /[A-Za-z0-9\-_.!~*'()@/:=?;#%&,+<>]/;

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

// Attribute values keep HTML 4's `&{...}` script macros and server-side-include comments as written.
function escapeAttribute(value: string): string {
  let escaped = '';
  let index = 0;
  while (index < value.length) {
    const char = value[index] as string;
    let kept = 0;
    if (char === '&' && value[index + 1] === '{') {
      const close = value.indexOf('}', index);
      if (close >= 0) kept = close + 1 - index;
    } else if (value.startsWith('<!--', index)) {
      const close = value.indexOf('-->', index);
      if (close >= 0) kept = close + 3 - index;
    }
    if (kept > 0) {
      escaped += value.slice(index, index + kept);
      index += kept;
      continue;
    }
    escaped += char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : char;
    index += 1;
  }
  return escaped;
}

function escapeUri(value: string): string {
  let escaped = '';
  for (const byte of new TextEncoder().encode(value)) {
    const char = String.fromCharCode(byte);
    escaped += byte < 0x80 && URI_KEPT.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}

function quoted(value: string): string {
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  return `"${value.replaceAll('"', '&quot;')}"`;
}

function isUriAttribute(tag: string, name: string): boolean {
  return name === 'href' || name === 'action' || name === 'src' || (name === 'name' && tag === 'a');
}

function serializeAttribute(tag: string, name: string, value: string | null): string {
  if (value === null || BOOLEAN_ATTRIBUTES.has(name)) return ` ${name}`;
  const encoded = escapeAttribute(value);
  return ` ${name}=${quoted(isUriAttribute(tag, name) ? escapeUri(encoded.replace(/^[ \t\n\r]+/, '')) : encoded)}`;
}

function serializeElement(element: HtmlElement): string {
  const { tag } = element;
  let html = `<${tag}${element.attrs.map(([name, value]) => serializeAttribute(tag, name, value)).join('')}>`;
  if (VOID_ELEMENTS.has(tag)) return html;
  if (element.text === '' && element.children.length === 0) return END_TAG_OMITTED_WHEN_EMPTY.has(tag) ? html : `${html}</${tag}>`;
  html += escapeText(element.text);
  for (const child of element.children) html += serializeElement(child) + escapeText(child.tail);
  return `${html}</${tag}>`;
}

/**
 * The element as HTML, followed by its tail.
 *
 * @example
 * import { parseFragment } from './html-parse';
 * serializeHtml(parseFragment('<p>a &amp; b<br></p>')); // '<div><p>a &amp; b<br></p></div>'
 */
export function serializeHtml(element: HtmlElement): string {
  return serializeElement(element) + escapeText(element.tail);
}
