import { pythonRstrip, pythonStrip } from '../../../python-strip';
import { parseFragment } from './html-parse';
import { attribute, type HtmlElement } from './html-tree';

/**
 * lxml.html.diff's tokens: the words of a rendering (HTML-escaped), each carrying the tags just
 * before it (`preTags`) and the end tags just after it (`postTags`). Two tokens are the same
 * word when their `key`s are equal, whatever markup they carry; an `<img>` is a word (by its
 * `src`), and a link's `href` is a word shown only where it changed.
 */
export interface Token {
  /**
   * What the diff compares (lxml's token string): the escaped word, an image's
   * `<class 'type'>: {src}`, or a link's `href`.
   */
  readonly key: string;
  /** The HTML the token shows as. */
  readonly html: string;
  /** The start tags (and end tags after them) that come just before the word. */
  readonly preTags: string[];
  /** The end tags that come just after the word; filled as the following chunks are read. */
  readonly postTags: string[];
  /** The whitespace after the word, kept apart so that it does not count in `key`. */
  readonly trailingWhitespace: string;
  /** An `href` is left out of the parts of the diff where it is unchanged. */
  readonly hideWhenEqual: boolean;
}

/** Elements without end tags in HTML 4 (lxml.html.diff's `empty_tags`), by lower-case tag name. */
export const EMPTY_TAGS: ReadonlySet<string> = new Set(['param', 'img', 'area', 'br', 'basefont', 'input', 'base', 'meta', 'link', 'col']);

type Chunk = string | { readonly img: string | undefined; readonly startTag: string } | { readonly href: string };

const BODY_START = /<body.*?>/is;
const BODY_END = /<\/body.*?>/is;
const INS_DEL = /<\/?(ins|del).*?>/gis;

/** Python's `html.escape(text, quote=True)`. */
function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] as string);
}

// Python's str.isspace(), one character at a time.
const isSpace = (char: string) => pythonStrip(char) === '';

/** The words of a text, each with the whitespace after it (lxml's `split_words`). */
function splitWords(text: string): string[] {
  if (pythonStrip(text) === '') return [];
  const words: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && isSpace(text[index] as string)) index++;
    if (index >= text.length) break;
    const start = index;
    while (index < text.length && !isSpace(text[index] as string)) index++;
    while (index < text.length && isSpace(text[index] as string)) index++;
    words.push(text.slice(start, index));
  }
  return words;
}

function startTag(element: HtmlElement): string {
  return `<${element.tag}${element.attrs.map(([name, value]) => ` ${name}="${htmlEscape(value ?? '')}"`).join('')}>`;
}

function endTag(element: HtmlElement): string {
  return `</${element.tag}>${/^[ \t\n\r]/.test(element.tail) ? ' ' : ''}`;
}

function* flatten(element: HtmlElement, skipTag = false): Generator<Chunk> {
  if (!skipTag) yield element.tag === 'img' ? { img: attribute(element, 'src'), startTag: startTag(element) } : startTag(element);
  if (EMPTY_TAGS.has(element.tag) && element.text === '' && element.children.length === 0 && element.tail === '') return;
  for (const word of splitWords(element.text)) yield htmlEscape(word);
  for (const child of element.children) yield* flatten(child);
  const href = attribute(element, 'href');
  if (element.tag === 'a' && href) yield { href };
  if (!skipTag) {
    yield endTag(element);
    for (const word of splitWords(element.tail)) yield htmlEscape(word);
  }
}

function splitTrailingWhitespace(text: string): [string, string] {
  const length = pythonRstrip(text).length;
  return [text.slice(0, length), text.slice(length)];
}

function makeToken(key: string, html: string, preTags: string[], trailingWhitespace: string, hideWhenEqual = false): Token {
  return { key, html, preTags, postTags: [], trailingWhitespace, hideWhenEqual };
}

/** Words with their tags attached (lxml's `fixup_chunks`). */
function tokensOf(chunks: Iterable<Chunk>): Token[] {
  let pending: string[] = [];
  let current: Token | undefined;
  const tokens: Token[] = [];
  const push = (token: Token) => {
    current = token;
    pending = [];
    tokens.push(token);
  };
  for (const chunk of chunks) {
    if (typeof chunk !== 'string') {
      if ('href' in chunk) push(makeToken(chunk.href, ` Link: ${chunk.href}`, pending, ' ', true));
      else {
        const [tag, trailing] = splitTrailingWhitespace(chunk.startTag);
        // lxml builds an image's key with `"%s: %s" % (type, src)`: the builtin `type`, not the tag.
        push(makeToken(`<class 'type'>: ${chunk.img ?? 'None'}`, tag, pending, trailing));
      }
    } else if (!chunk.startsWith('<')) {
      const [word, trailing] = splitTrailingWhitespace(chunk);
      push(makeToken(word, word, pending, trailing));
    } else if (!chunk.startsWith('</')) pending.push(chunk);
    else if (pending.length > 0) pending.push(chunk);
    else if (current) current.postTags.push(chunk);
    else throw new Error('lxml.html.diff: end tag before any word');
  }
  const last = tokens[tokens.length - 1];
  if (!last) return [makeToken('', '', pending, '')];
  last.postTags.push(...pending);
  return tokens;
}

/**
 * A rendering's tokens, as `lxml.html.diff.tokenize` gives them: the body's content only, with
 * any `<ins>`/`<del>` tags dropped first.
 */
export function tokenize(html: string): Token[] {
  let source = html;
  const bodyStart = BODY_START.exec(source);
  if (bodyStart) source = source.slice(bodyStart.index + bodyStart[0].length);
  const bodyEnd = BODY_END.exec(source);
  if (bodyEnd) source = source.slice(0, bodyEnd.index);
  return tokensOf(flatten(parseFragment(source.replace(INS_DEL, '')), true));
}
