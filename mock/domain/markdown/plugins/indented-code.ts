import type { MarkdownIt } from 'markdown-it';
import { renderCodeBlock } from '../code-block';

/** markdown-it plugin: 4-space indented code renders in the server's `codehilite` wrapper. */
export function indentedCodePlugin(md: MarkdownIt): void {
  md.renderer.rules.code_block = (tokens, index) => renderCodeBlock((tokens[index]?.content ?? '').split('\n'), '');
}
