/** Escapes text as the server's Markdown serializer does: only &, < and > (quotes stay as typed). */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes code as Pygments' HTML formatter does: &, <, >, " and '. */
export function escapeCode(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Escapes an attribute value as the server's serializer does. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
