import { escapeAttribute, escapeAttributeKeepingReferences } from './escape';

/**
 * An attribute's name and its value, unescaped; `text`: the value is Markdown text as typed (an
 * image's alt text, a typed URL or title), whose character references the server's serializer keeps (its `RE_AMP`).
 */
export type Attribute = readonly [name: string, value: string, text?: true];

function byName(a: Attribute, b: Attribute): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * A start tag as the server's serializers write it: attributes in name order (Python-Markdown's
 * serializer and BeautifulSoup both sort them), an attribute whose value is its own name written
 * bare (Python-Markdown's boolean attributes: `controls`, but also `alt` for the alt text "alt").
 * `emptyIsBoolean`: empty values written bare too, as BeautifulSoup writes HTML the server has
 * rewritten (its thumbnail rewrite).
 */
export function startTag(name: string, attributes: readonly Attribute[], emptyIsBoolean = false): string {
  let html = `<${name}`;
  for (const [key, value, text] of [...attributes].sort(byName)) {
    const escaped = text ? escapeAttributeKeepingReferences(value) : escapeAttribute(value);
    html += escaped === key || (emptyIsBoolean && escaped === '') ? ` ${key}` : ` ${key}="${escaped}"`;
  }
  return `${html}>`;
}
