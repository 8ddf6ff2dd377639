/**
 * The element tree the server's HTML diff works on, shaped like lxml's: each element has its
 * `text` (before its first child) and `tail` (after its own end tag, inside its parent).
 */
export interface HtmlElement {
  tag: string;
  /** In document order; `null` for an attribute written without a value. */
  attrs: [name: string, value: string | null][];
  text: string;
  tail: string;
  children: HtmlElement[];
}

/** A new element with no content. */
export function createElement(tag: string, attrs: [string, string | null][] = []): HtmlElement {
  return { tag, attrs, text: '', tail: '', children: [] };
}

/** The value of an attribute, `undefined` when absent (a valueless attribute reads as `''`, as in lxml). */
export function attribute(element: HtmlElement, name: string): string | undefined {
  const found = element.attrs.find(([attrName]) => attrName === name);
  return found ? (found[1] ?? '') : undefined;
}

/** Sets an attribute, in place when present, else last (lxml's `set`). */
export function setAttribute(element: HtmlElement, name: string, value: string): void {
  const found = element.attrs.find(([attrName]) => attrName === name);
  if (found) found[1] = value;
  else element.attrs.push([name, value]);
}

/** The element and its descendants in document order (`descendant-or-self::*`). */
export function* walk(element: HtmlElement): Generator<HtmlElement> {
  yield element;
  for (const child of element.children) yield* walk(child);
}
