import type { MarkdownIt } from 'markdown-it';

/**
 * markdown-it plugin for the server's `# headings`: the `#`s start the line (its
 * `HashHeaderProcessor` pattern is `(?:^|\n)#{1,6}\s...`), so ` # x` is a paragraph, where
 * CommonMark allows up to three spaces before them.
 */
export function headingsPlugin(md: MarkdownIt): void {
  const heading = md.block.ruler.__rules__.find((rule) => rule.name === 'heading');
  if (!heading) return;
  const headingRule = heading.fn;
  const unindentedHeading: typeof headingRule = (state, startLine, endLine, silent) =>
    (state.sCount[startLine] ?? 0) <= state.blkIndent && headingRule(state, startLine, endLine, silent);
  md.block.ruler.at('heading', unindentedHeading, { alt: heading.alt });
}
