import entityTable from './html4-entities.json';
import { pythonStrip } from '../../../python-strip';
import { createElement, type HtmlElement } from './html-tree';

/**
 * `lxml.html.fragment_fromstring(html, create_parent=True)` as the server runs it, on libxml2
 * 2.9's HTML parser: the fragment is parsed inside `<html><body>`, start tags implicitly close
 * what HTML 4 says they close, stray end tags are dropped, and the body's content is moved into a
 * new `<div>` (its leading text only when not blank).
 */

const ENTITIES: Readonly<Record<string, number>> = entityTable;

// Elements libxml2 never gives content (its HTML 4 table's `empty` flag).
const VOID_ELEMENTS = new Set(['area', 'base', 'basefont', 'br', 'col', 'frame', 'hr', 'img', 'input', 'isindex', 'link', 'meta', 'param']);

// Which open element (key) a new start tag (value) closes implicitly: libxml2's htmlStartClose.
const CLOSED_BY: Readonly<Record<string, string>> = {
  a: 'a fieldset table td th',
  address: 'dd dl dt form li ul',
  b: 'center p td th',
  big: 'p',
  caption: 'col colgroup tbody tfoot thead tr',
  col: 'col colgroup tbody tfoot thead tr',
  colgroup: 'colgroup tbody tfoot thead tr',
  dd: 'dt',
  dir: 'dd dl dt form ul',
  dl: 'form li',
  dt: 'dd dl',
  font: 'center td th',
  form: 'form',
  h1: 'fieldset form li p table',
  h2: 'fieldset form li p table',
  h3: 'fieldset form li p table',
  h4: 'fieldset form li p table',
  h5: 'fieldset form li p table',
  h6: 'fieldset form li p table',
  hr: 'form',
  i: 'center p td th',
  legend: 'fieldset',
  li: 'li',
  listing: 'dd dl dt fieldset form li table ul',
  menu: 'dd dl dt form ul',
  ol: 'form ul',
  option: 'optgroup option',
  p: 'address blockquote body caption center col colgroup dd dir div dl dt fieldset form frameset h1 h2 h3 h4 h5 h6 head hr li listing menu ol p pre table tbody td tfoot th title tr ul xmp',
  pre: 'dd dl dt fieldset form li table ul',
  s: 'p',
  script: 'noscript',
  small: 'p',
  span: 'td th',
  strike: 'p',
  tbody: 'tbody tfoot',
  td: 'tbody td tfoot th tr',
  tfoot: 'tbody',
  th: 'tbody td tfoot th tr',
  thead: 'tbody tfoot',
  tr: 'tbody tfoot tr',
  tt: 'p',
  u: 'p td th',
  ul: 'address form menu ol pre',
  xmp: 'dd dl dt fieldset form li table ul',
};
const CLOSES = new Map(Object.entries(CLOSED_BY).map(([open, closers]) => [open, new Set(closers.split(' '))]));

// An end tag may close unclosed elements above its own only if none of them ranks higher.
const END_PRIORITY: Readonly<Record<string, number>> = { div: 150, td: 160, th: 160, tr: 170, thead: 180, tbody: 180, tfoot: 180, table: 190, head: 200, body: 200, html: 220 };
const priority = (tag: string) => END_PRIORITY[tag] ?? 100;

const ATTRIBUTE_NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const BLANK = /^[ \t\n\r]*/;

/** Decodes character references as libxml2 does: named ones need their `;`, unknown ones stay as written. */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]*);?|#([0-9]*);?|([A-Za-z_:][A-Za-z0-9_:.-]*);)/g, (match, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) {
      const code = ENTITIES[name];
      return code === undefined ? match : String.fromCodePoint(code);
    }
    const code = hex !== undefined ? parseInt(hex || '0', 16) : parseInt(decimal || '0', 10);
    return isXmlChar(code) ? String.fromCodePoint(code) : '';
  });
}

function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

class TreeBuilder {
  readonly body = createElement('body');
  private readonly open: HtmlElement[] = [this.body];

  private get current(): HtmlElement {
    return this.open[this.open.length - 1] as HtmlElement;
  }

  characters(text: string): void {
    if (text === '') return;
    const parent = this.current;
    const last = parent.children[parent.children.length - 1];
    if (last) last.tail += text;
    else parent.text += text;
  }

  start(tag: string, attrs: [string, string | null][], selfClosing: boolean): void {
    while (this.open.length > 1 && CLOSES.get(this.current.tag)?.has(tag)) this.open.pop();
    const element = createElement(tag, attrs);
    this.current.children.push(element);
    if (!selfClosing && !VOID_ELEMENTS.has(tag)) this.open.push(element);
  }

  end(tag: string): void {
    let index = this.open.length - 1;
    while (index >= 0 && this.open[index]?.tag !== tag) index--;
    if (index <= 0) return;
    const rank = priority(tag);
    for (let above = this.open.length - 1; above > index; above--) {
      if (priority((this.open[above] as HtmlElement).tag) > rank) return;
    }
    this.open.length = index;
  }
}

function parseAttributes(source: string, builderAttrs: [string, string | null][]): void {
  let rest = source;
  for (;;) {
    rest = rest.replace(BLANK, '');
    if (rest === '' || rest.startsWith('/')) return;
    const name = ATTRIBUTE_NAME.exec(rest)?.[0];
    if (!name) {
      rest = rest.replace(/^[^ \t\n\r]*/, '');
      continue;
    }
    rest = rest.slice(name.length).replace(BLANK, '');
    let value: string | null = null;
    if (rest.startsWith('=')) {
      rest = rest.slice(1).replace(BLANK, '');
      const quote = rest[0];
      if (quote === '"' || quote === "'") {
        const close = rest.indexOf(quote, 1);
        value = decodeReferences(rest.slice(1, close < 0 ? undefined : close));
        rest = close < 0 ? '' : rest.slice(close + 1);
      } else {
        const raw = /^[^ \t\n\r>]*/.exec(rest)?.[0] ?? '';
        value = decodeReferences(raw);
        rest = rest.slice(raw.length);
      }
    }
    const lower = name.toLowerCase();
    if (!builderAttrs.some(([existing]) => existing === lower)) builderAttrs.push([lower, value]);
  }
}

// A start tag, an end tag, or anything else up to the next '<'.
const TAG = /<(\/?)([A-Za-z_:][A-Za-z0-9_:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

/**
 * The body content of `html` parsed as libxml2 parses `<html><body>html</body></html>`,
 * for the well-formed and diff-made markup the server's HTML diff handles (no comments,
 * scripts or doctypes).
 */
function parseBody(html: string): HtmlElement {
  const builder = new TreeBuilder();
  let position = 0;
  let text = '';
  const flush = () => {
    builder.characters(decodeReferences(text));
    text = '';
  };
  while (position < html.length) {
    const next = html.indexOf('<', position);
    if (next < 0) {
      text += html.slice(position);
      break;
    }
    text += html.slice(position, next);
    TAG.lastIndex = next;
    const tag = TAG.exec(html);
    if (!tag) {
      text += '<';
      position = next + 1;
      continue;
    }
    flush();
    const [whole, slash, name = '', rest = ''] = tag;
    const lower = name.toLowerCase();
    if (slash) builder.end(lower);
    else {
      const attrs: [string, string | null][] = [];
      parseAttributes(rest, attrs);
      builder.start(lower, attrs, rest.endsWith('/'));
    }
    position = next + whole.length;
  }
  flush();
  return builder.body;
}

/**
 * `lxml.html.fragment_fromstring(html, create_parent=True)`: the parsed content inside a new `<div>`.
 *
 * @example
 * parseFragment('<p>a<p>b'); // <div><p>a</p><p>b</p></div>
 */
export function parseFragment(html: string): HtmlElement {
  const body = parseBody(html);
  const root = createElement('div');
  root.text = pythonStrip(body.text) === '' ? '' : body.text;
  root.children = body.children;
  return root;
}
