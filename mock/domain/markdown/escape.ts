/** Escapes text as the server's Markdown serializer does: only &, < and > (quotes stay as typed). */
export function escapeText(text: string): string {
  return escapeAngleBrackets(text.includes('&') ? text.replaceAll('&', '&amp;') : text);
}

// Most texts hold neither bracket: a search costs less than a replace that finds nothing.
function escapeAngleBrackets(text: string): string {
  const less = text.includes('<') ? text.replaceAll('<', '&lt;') : text;
  return less.includes('>') ? less.replaceAll('>', '&gt;') : less;
}

// An `&` that does not start a character reference as Python-Markdown's serializer reads one (its
// `RE_AMP`, case-insensitive: `&#X41;` too; Python's ignore-case `[a-z]` also takes İ, ı, ſ and K).
const BARE_AMPERSAND = /&(?!(?:#[0-9]+|#[xX][0-9a-fA-F]+|[0-9a-zA-Z\u0130\u0131\u017f\u212a]+);)/g;

/**
 * Escapes Markdown text as the server's serializer writes it: as {@link escapeText}, character
 * references kept as typed (a bare link's text too: the serializer escapes every text alike).
 */
export function escapeTextKeepingReferences(text: string): string {
  return escapeAngleBrackets(text.includes('&') ? text.replace(BARE_AMPERSAND, '&amp;') : text);
}

/** Escapes an attribute value holding Markdown text as the server's serializer does: references kept. */
export function escapeAttributeKeepingReferences(text: string): string {
  return escapeTextKeepingReferences(text).replace(/"/g, '&quot;');
}

/** Escapes code as Pygments' HTML formatter does: &, <, >, " and '. */
export function escapeCode(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Escapes an attribute value as the server's serializer does. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** An attribute value as {@link escapeAttribute} wrote it, read back. */
export function unescapeAttribute(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity);
}
