import type { MarkdownIt, StateCore } from 'markdown-it';
import { parseFence } from './fenced-blocks';

const LIST_ITEM = /^( *)([*+-]|\d+\.)( +)(.*)$/;
// `1)` starts no list on the server (Python-Markdown's ordered lists take `1.` only).
const PAREN_ITEM = /^ *\d+\)/;

/**
 * Rewrites list indentation from the server's rule (each 2 spaces nest one level, for bullets and
 * numbers alike) to the columns markdown-it expects (a nested item under its parent's content).
 * Lines inside fenced code and math are left alone.
 */
export function reindentLists(source: string): string {
  const lines = source.split('\n');
  const contentColumns: number[] = [];
  let closingFence: string | undefined;
  let afterBlank = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (closingFence !== undefined) {
      if (line.trimEnd() === closingFence) closingFence = undefined;
      continue;
    }
    const fence = parseFence(line);
    if (fence) {
      if (fence.kind === 'code' || fence.kind === 'math') closingFence = fence.fence;
      contentColumns.length = 0;
      continue;
    }
    if (line.trim() === '') {
      afterBlank = true;
      continue;
    }
    const indent = line.length - line.trimStart().length;
    const item = LIST_ITEM.exec(line);
    if (item && (contentColumns.length > 0 || indent < 4)) {
      const level = Math.min(Math.floor(indent / 2), contentColumns.length);
      contentColumns.length = level;
      const column = level === 0 ? 0 : (contentColumns[level - 1] ?? 0);
      const marker = item[2] ?? '';
      contentColumns.push(column + marker.length + 1);
      lines[index] = `${' '.repeat(column)}${marker} ${item[4] ?? ''}`;
    } else if (contentColumns.length > 0) {
      if (indent === 0) {
        if (afterBlank) contentColumns.length = 0;
      } else {
        const level = Math.min(Math.floor(indent / 2), contentColumns.length);
        lines[index] = `${' '.repeat(contentColumns[level - 1] ?? 0)}${line.trimStart()}`;
      }
    }
    afterBlank = false;
  }
  return lines.join('\n');
}

function reindentRule(state: StateCore): void {
  state.src = reindentLists(state.src);
}

/**
 * markdown-it plugin for the server's lists: nesting by 2-space indents, and a nested list
 * written right after its parent item's text (`<li>One<ul>`), as the server writes it.
 */
export function listsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('normalize', 'zulip_list_indent', reindentRule);
  const list = md.block.ruler.__rules__.find((rule) => rule.name === 'list');
  if (list) {
    const listRule = list.fn;
    const withoutParenItems: typeof listRule = (state, startLine, endLine, silent) => {
      const lineStart = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      if (PAREN_ITEM.test(state.src.slice(lineStart, state.eMarks[startLine] ?? lineStart))) return false;
      return listRule(state, startLine, endLine, silent);
    };
    md.block.ruler.at('list', withoutParenItems, { alt: list.alt });
  }
  for (const type of ['bullet_list_open', 'ordered_list_open']) {
    md.renderer.rules[type] = (tokens, index, options, _env, self) => {
      const html = self.renderToken(tokens, index, options);
      return tokens[index - 1]?.hidden ? html.replace(/^\n/, '') : html;
    };
  }
}
