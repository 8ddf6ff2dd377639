import { pythonRstrip, pythonStrip, PYTHON_WHITESPACE_CLASS } from '../python-strip';
import { MAX_NESTING } from './nesting';
import { isTable } from './table-rows';

/**
 * An element of the tree the server's block parser builds (Python-Markdown's ElementTree, reduced
 * to what a list holds): `text` is what the element holds before its first child (a tight item's
 * words, a paragraph's, a heading's, a code block's code), `tail` what follows it in its parent.
 */
export interface BlockElement {
  readonly tag: 'root' | 'ul' | 'ol' | 'li' | 'p' | 'pre' | 'blockquote' | 'hr' | 'table' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  readonly children: BlockElement[];
  text: string;
  tail: string;
  /** An ordered list's `start`, as typed (`01` stays `01`). */
  start?: string;
}

/** One of the server's list processors (Zulip's `OListProcessor`, `UListProcessor`: sane lists, tab length 2). */
export interface ListKind {
  readonly tag: 'ol' | 'ul';
  /** The block starts a list of this kind (`RE`). */
  readonly item: RegExp;
  /** A line of the block starts another item (`CHILD_RE`): the marker, then the text. */
  readonly child: RegExp;
}

// Python's `\d` is any decimal digit, `.` anything but a newline; list markers are followed by spaces only.
/**
 * Numbered lists (`OListProcessor` with Zulip's settings): digits and a `.`, then spaces, after
 * at most one space (`1. a`, ` 10. b`; `1)` is no item).
 *
 * @example
 * ORDERED.item.test('1. a'); // true
 * ORDERED.child.exec(' 10. b')?.slice(1); // ['10', 'b']
 */
export const ORDERED: ListKind = { tag: 'ol', item: /^ ?\p{Nd}+\. +/u, child: /^ ?(\p{Nd}+)\. +([^\n]*)/u };
/**
 * Bulleted lists (`UListProcessor`): `*`, `+` or `-`, then spaces, after at most one space.
 *
 * @example
 * BULLETED.item.test('- a'); // true
 * BULLETED.child.exec('* b')?.[1]; // 'b'
 */
export const BULLETED: ListKind = { tag: 'ul', item: /^ ?[*+-] +/, child: /^ ?[*+-] +([^\n]*)/ };
// `INDENT_RE` of both list processors: an item indented by 2 or 3 spaces, of either kind.
const INDENTED_ITEM = /^ {2,3}(?:\p{Nd}+\.|[*+-]) +/u;
// `ListIndentProcessor.INDENT_RE` (tab length 2).
const INDENT_LEVEL = /^(?: {2})+/;
const TAB_LENGTH = 4;
const LIST_TAB_LENGTH = 2;
// Zulip's `HashHeaderProcessor.RE`: a heading on any line of the block (`#` then whitespace).
const HASH_HEADER = new RegExp(`(?:^|\\n)(#{1,6})[${PYTHON_WHITESPACE_CLASS}]((?:\\\\[^\\n]|[^\\\\])*?)#*(?:\\n|$)`, 'u');
// Python-Markdown's `HRProcessor.SEARCH_RE` (multiline).
const HORIZONTAL_RULE = /^ {0,3}(?=((?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}))\1 *$/m;
// Zulip's `BlockQuoteProcessor.RE`: a `>` line, unless the block holds nothing but empty `>` lines from there.
const QUOTE = new RegExp(`(^|\\n)(?!(?: {0,3}>[${PYTHON_WHITESPACE_CLASS}]*(?:$|\\n))*(?:$|\\n)) {0,3}> ?([^\\n]*)`);
/** Lists and quotes nest at most this deep here (Python stops at its recursion limit); deeper text is a paragraph. */
const MAX_DEPTH = MAX_NESTING;

const PYTHON_LEADING_SPACE = new RegExp(`^[${PYTHON_WHITESPACE_CLASS}]+`);

function element(tag: BlockElement['tag']): BlockElement {
  return { tag, children: [], text: '', tail: '' };
}

function lastChild(parent: BlockElement): BlockElement | undefined {
  return parent.children[parent.children.length - 1];
}

function isList(node: BlockElement | undefined): boolean {
  return node?.tag === 'ul' || node?.tag === 'ol';
}

/** `BlockProcessor.detab`: the leading lines indented by `length` (or blank), unindented, and the rest. */
function detab(text: string, length: number): [string, string] {
  const lines = text.split('\n');
  const prefix = ' '.repeat(length);
  const taken: string[] = [];
  for (const line of lines) {
    if (line.startsWith(prefix)) taken.push(line.slice(length));
    else if (pythonStrip(line) === '') taken.push('');
    else break;
  }
  return [taken.join('\n'), lines.slice(taken.length).join('\n')];
}

/** `BlockProcessor.looseDetab`: `level` indents less on every line indented that much. */
function looseDetab(text: string, level: number, tabLength: number): string {
  const width = tabLength * level;
  const prefix = ' '.repeat(width);
  return text
    .split('\n')
    .map((line) => (line.startsWith(prefix) ? line.slice(width) : line))
    .join('\n');
}

/**
 * The server's block parser (Python-Markdown's `BlockParser` with Zulip's processors), run on the
 * blocks of one list: empty blocks, list indentation, indented code, `#` headings, rules, ordered
 * and bulleted lists, quotes and paragraphs, in the server's order, with its states (`list` for
 * tight items, `looselist`, `detabbed`, `blockquote`). Fences never reach it: the server takes
 * them out of the message first, and its list ends at one.
 */
export class ListBlockParser {
  private readonly state: string[] = [];
  private depth = 0;

  /** `BlockParser.parseChunk`: the text's blocks (split at blank lines) into `parent`. */
  parseChunk(parent: BlockElement, text: string): void {
    this.parseBlocks(parent, text.split('\n\n'));
  }

  /**
   * `BlockParser.parseBlocks`: each block to the first processor that takes it. The processors
   * take blocks from the front and put some back there: `blocks` is kept reversed, as a stack.
   */
  parseBlocks(parent: BlockElement, blocks: string[]): void {
    const stack = blocks.reverse();
    if (this.depth >= MAX_DEPTH) {
      while (stack.length > 0) this.paragraph(parent, stack.pop() ?? '');
      return;
    }
    this.depth += 1;
    try {
      while (stack.length > 0) this.parseFirst(parent, stack);
    } finally {
      this.depth -= 1;
    }
  }

  private isState(state: string): boolean {
    return this.state[this.state.length - 1] === state;
  }

  private parseFirst(parent: BlockElement, blocks: string[]): void {
    const block = blocks[blocks.length - 1] ?? '';
    if (block === '' || block.startsWith('\n')) return this.empty(parent, blocks);
    if (this.takesIndent(parent, block)) return this.indent(parent, blocks);
    if (block.startsWith(' '.repeat(TAB_LENGTH))) return this.code(parent, blocks);
    const heading = HASH_HEADER.exec(block);
    if (heading) return this.heading(parent, blocks, heading);
    if (isTable(block)) {
      blocks.pop();
      const table = element('table');
      table.text = block;
      parent.children.push(table);
      return;
    }
    const rule = HORIZONTAL_RULE.exec(block);
    if (rule) return this.rule(parent, blocks, rule);
    if (ORDERED.item.test(block)) return this.list(ORDERED, parent, blocks);
    if (BULLETED.item.test(block)) return this.list(BULLETED, parent, blocks);
    const quote = QUOTE.exec(block);
    if (quote) return this.quote(parent, blocks, quote);
    blocks.pop();
    this.paragraph(parent, block);
  }

  // `EmptyBlockProcessor`: a blank line goes, and shows only at the end of a code block.
  private empty(parent: BlockElement, blocks: string[]): void {
    const block = blocks.pop() ?? '';
    let filler = '\n\n';
    if (block) {
      filler = '\n';
      const rest = block.slice(1);
      if (rest) blocks.push(rest);
    }
    const sibling = lastChild(parent);
    if (sibling?.tag === 'pre') sibling.text += filler;
  }

  // `ListIndentProcessor.test`.
  private takesIndent(parent: BlockElement, block: string): boolean {
    return block.startsWith('  ') && !this.isState('detabbed') && (parent.tag === 'li' || isList(lastChild(parent)));
  }

  // `ListIndentProcessor.run`: an indented block goes into the item its indentation reaches.
  private indent(parent: BlockElement, blocks: string[]): void {
    const raw = blocks.pop() ?? '';
    const [level, sibling] = this.level(parent, raw);
    const block = looseDetab(raw, level, LIST_TAB_LENGTH);
    this.state.push('detabbed');
    if (parent.tag === 'li') {
      const child = lastChild(parent);
      this.parseBlocks(child && isList(child) ? child : parent, [block]);
    } else if (sibling.tag === 'li') {
      this.parseBlocks(sibling, [block]);
    } else if (lastChild(sibling)?.tag === 'li') {
      const item = lastChild(sibling) as BlockElement;
      if (item.text) {
        const paragraph = element('p');
        paragraph.text = item.text;
        item.text = '';
        item.children.unshift(paragraph);
      }
      this.parseChunk(item, block);
    } else {
      const item = element('li');
      sibling.children.push(item);
      this.parseBlocks(item, [block]);
    }
    this.state.pop();
  }

  // `ListIndentProcessor.get_level`.
  private level(parent: BlockElement, block: string): [number, BlockElement] {
    const indent = (INDENT_LEVEL.exec(block)?.[0].length ?? 0) / LIST_TAB_LENGTH;
    let level = this.isState('list') ? 1 : 0;
    let node = parent;
    while (indent > level) {
      const child = lastChild(node);
      if (!child || !(isList(child) || child.tag === 'li')) break;
      if (isList(child)) level += 1;
      node = child;
    }
    return [level, node];
  }

  // `CodeBlockProcessor`: 4-space indented lines; a code block right before takes them on.
  private code(parent: BlockElement, blocks: string[]): void {
    const sibling = lastChild(parent);
    const [code, rest] = detab(blocks.pop() ?? '', TAB_LENGTH);
    if (sibling?.tag === 'pre') {
      sibling.text = `${sibling.text}\n${pythonRstrip(code)}\n`;
    } else {
      const pre = element('pre');
      pre.text = `${pythonRstrip(code)}\n`;
      parent.children.push(pre);
    }
    if (rest) blocks.push(rest);
  }

  // `HashHeaderProcessor`: the lines before the heading first, the lines after as the next block.
  private heading(parent: BlockElement, blocks: string[], match: RegExpExecArray): void {
    const block = blocks.pop() ?? '';
    const before = block.slice(0, match.index);
    let after = block.slice(match.index + match[0].length);
    if (before) this.parseBlocks(parent, [before]);
    const heading = element(`h${match[1]?.length ?? 1}` as BlockElement['tag']);
    heading.text = pythonStrip(match[2] ?? '');
    parent.children.push(heading);
    if (after) {
      if (this.isState('looselist')) after = looseDetab(after, 1, TAB_LENGTH);
      blocks.push(after);
    }
  }

  // `HRProcessor`.
  private rule(parent: BlockElement, blocks: string[], match: RegExpExecArray): void {
    const block = blocks.pop() ?? '';
    const before = block.slice(0, match.index).replace(/\n+$/, '');
    if (before) this.parseBlocks(parent, [before]);
    parent.children.push(element('hr'));
    const after = block.slice(match.index + match[0].length).replace(/^\n+/, '');
    if (after) blocks.push(after);
  }

  // `OListProcessor.run` (sane lists): a block of items; after a list of the same kind, it goes on
  // with that list, its first item loose and the item before it made loose too.
  private list(kind: ListKind, parent: BlockElement, blocks: string[]): void {
    const { items, start } = this.items(kind, blocks.pop() ?? '');
    const sibling = lastChild(parent);
    let list: BlockElement;
    if (sibling?.tag === kind.tag) {
      list = sibling;
      const previous = lastChild(list);
      if (previous?.text) {
        const paragraph = element('p');
        paragraph.text = previous.text;
        previous.text = '';
        previous.children.unshift(paragraph);
      }
      const child = previous && lastChild(previous);
      if (previous && child?.tail) {
        const paragraph = element('p');
        paragraph.text = child.tail.replace(PYTHON_LEADING_SPACE, '');
        child.tail = '';
        previous.children.push(paragraph);
      }
      const item = element('li');
      list.children.push(item);
      this.state.push('looselist');
      this.parseBlocks(item, [items.shift() ?? '']);
      this.state.pop();
    } else if (isList(parent)) {
      list = parent;
    } else {
      list = element(kind.tag);
      if (kind.tag === 'ol' && start !== '1') list.start = start;
      parent.children.push(list);
    }
    this.state.push('list');
    for (const text of items) {
      const last = lastChild(list);
      if (text.startsWith('  ') && last) {
        this.parseBlocks(last, [text]);
      } else {
        const item = element('li');
        list.children.push(item);
        this.parseBlocks(item, [text]);
      }
    }
    this.state.pop();
  }

  // `OListProcessor.get_items`: a line like an item starts one; a line like an indented item of
  // either kind starts a nested block (or goes on with one); any other line goes on with the item.
  private items(kind: ListKind, block: string): { items: string[]; start: string } {
    const items: string[] = [];
    let start = '1';
    for (const line of block.split('\n')) {
      const child = kind.child.exec(line);
      if (child) {
        if (items.length === 0 && kind.tag === 'ol') start = child[1] ?? '1';
        items.push(child[kind.tag === 'ol' ? 2 : 1] ?? '');
      } else if (INDENTED_ITEM.test(line) && items.length > 0 && !(items[items.length - 1] ?? '').startsWith('  ')) {
        items.push(line);
      } else if (items.length > 0) {
        items[items.length - 1] = `${items[items.length - 1] ?? ''}\n${line}`;
      }
    }
    return { items, start };
  }

  // Zulip's `BlockQuoteProcessor`: the lines before the first `>` line first; from there on the
  // whole block is one new quote, each line without its `>`.
  private quote(parent: BlockElement, blocks: string[], match: RegExpExecArray): void {
    const block = blocks.pop() ?? '';
    this.parseBlocks(parent, [block.slice(0, match.index)]);
    const text = block
      .slice(match.index)
      .split('\n')
      .map((line) => {
        if (pythonStrip(line) === '>') return '';
        const quoted = QUOTE.exec(line);
        return quoted ? (quoted[2] ?? '') : line;
      })
      .join('\n');
    const quote = element('blockquote');
    parent.children.push(quote);
    this.state.push('blockquote');
    this.parseChunk(quote, text);
    this.state.pop();
  }

  // `ParagraphProcessor`: in a tight item the words go on the item (or after its last child).
  private paragraph(parent: BlockElement, block: string): void {
    if (pythonStrip(block) === '') return;
    if (this.isState('list')) {
      const sibling = lastChild(parent);
      if (sibling) sibling.tail = sibling.tail ? `${sibling.tail}\n${block}` : `\n${block}`;
      else parent.text = parent.text ? `${parent.text}\n${block}` : block.replace(PYTHON_LEADING_SPACE, '');
    } else {
      const paragraph = element('p');
      paragraph.text = block.replace(PYTHON_LEADING_SPACE, '');
      parent.children.push(paragraph);
    }
  }
}

/** A fresh root for `ListBlockParser`. */
export function rootElement(): BlockElement {
  return element('root');
}

/** Where the lines after the first of a block stop being the server's list: a heading or a rule on a later line. */
export function splitsBlock(line: string, hasNext: boolean): boolean {
  return HORIZONTAL_RULE.test(line) || HASH_HEADER.test(hasNext ? `${line}\n` : line);
}
