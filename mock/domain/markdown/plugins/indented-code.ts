import type { MarkdownIt } from 'markdown-it';
import { renderCodeBlock } from '../code-block';

/**
 * markdown-it plugin: 4-space indented code renders in the server's `codehilite` wrapper, then a
 * blank line. Python-Markdown's codehilite turns the block's `<pre>` into a `<p>` holding a
 * placeholder and puts Pygments' HTML, which ends in a newline, in its place: the `<p>`'s own
 * newline follows (`</div>\n\n<p>a</p>`, `</div>\n\n</blockquote>`). Fenced blocks are stashed by
 * the server's fence preprocessor instead and have no such line.
 */
export function indentedCodePlugin(md: MarkdownIt): void {
  md.renderer.rules.code_block = (tokens, index) => `${renderCodeBlock((tokens[index]?.content ?? '').split('\n'), '')}\n`;
}
