/**
 * Cases of `markdown-oracle-cases.json` the mock renders differently from the server: case ID ->
 * why. `test/markdown-oracle.test.ts` fails when a listed case starts to match (remove it) or an
 * unlisted one differs. What is left are two server bugs the mock does not copy.
 */

const PLACEHOLDER_IN_LINK =
  "the server's bare-link pattern runs on into a code span, time, mention or link that an earlier pattern has already replaced by Python-Markdown's placeholder, and writes that placeholder (\\u0002klzzwxh:NNNN\\u0003) into the link's href and text; the mock links nothing there";
const CODE_BLOCK_IN_PARAGRAPH =
  "a ```quote block whose text ends in a fenced code block: the server quotes the code block's HTML placeholder as a line of text, so it comes out inside a <p> (with a <br> after it), which is not valid HTML; the mock writes the code block as a block";

export const MARKDOWN_ORACLE_DIFFERENCES: Readonly<Record<string, string>> = {
  'b149ed45f1f3': PLACEHOLDER_IN_LINK,
  'e3d206b11ac7': PLACEHOLDER_IN_LINK,
  '1ac67faf3dc1': CODE_BLOCK_IN_PARAGRAPH,
  '2fb3c341a006': CODE_BLOCK_IN_PARAGRAPH,
  '36b1d2b2355d': CODE_BLOCK_IN_PARAGRAPH,
  '4fe65717d5d3': CODE_BLOCK_IN_PARAGRAPH,
  '8500385d2ce5': CODE_BLOCK_IN_PARAGRAPH,
  'ad92fe3a2eb7': CODE_BLOCK_IN_PARAGRAPH,
  'b0786e60bdda': CODE_BLOCK_IN_PARAGRAPH,
  'baa069d5a271': CODE_BLOCK_IN_PARAGRAPH,
  'c979719c40cf': CODE_BLOCK_IN_PARAGRAPH,
  'ce9c290155af': CODE_BLOCK_IN_PARAGRAPH,
  'f204c763c2dd': CODE_BLOCK_IN_PARAGRAPH,
};
