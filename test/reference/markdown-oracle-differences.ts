/**
 * Cases of `markdown-oracle-cases.json` the mock renders differently from the server: case ID ->
 * why, and the HTML the mock writes for it. `test/markdown-oracle.test.ts` asserts that exact HTML,
 * so a listed case that starts to match (remove it), or changes otherwise, fails, as does an
 * unlisted one that differs. What is left are two server bugs the mock does not copy.
 */

/** Why the mock differs from the server on a case, and what it writes there. */
export interface OracleDifference {
  readonly why: string;
  /** The mock's HTML (Pygments' token spans removed), where it is not the server's read by a rule (see `mockHtmlOf`). */
  readonly mock?: string;
}

const PLACEHOLDER_IN_LINK =
  "the server's bare-link pattern runs on into a code span, time, mention or link that an earlier pattern has already replaced by Python-Markdown's placeholder, and writes that placeholder (\\u0002klzzwxh:NNNN\\u0003) into the link's href and text; the mock links nothing there";
const CODE_BLOCK_IN_PARAGRAPH =
  "a ```quote block whose text ends in a fenced code block: the server quotes the code block's HTML placeholder as a line of text, so it comes out inside a <p> (with a <br> after it), which is not valid HTML; the mock writes the code block as a block";

// The server's `<p><div class="codehilite">…</div><br>\n</p>` (CODE_BLOCK_IN_PARAGRAPH).
const CODE_BLOCK_IN_A_P = /<p>(<div class="codehilite"(?:(?!<\/div>)[\s\S])*<\/div>)<br>\n<\/p>/g;

/** The HTML the mock writes for a listed case, from the server's: given, or the server's code blocks taken out of their `<p>`. */
export function mockHtmlOf(difference: OracleDifference, serverHtml: string): string {
  return difference.mock ?? serverHtml.replace(CODE_BLOCK_IN_A_P, '$1');
}

const CODE_BLOCK: OracleDifference = { why: CODE_BLOCK_IN_PARAGRAPH };

export const MARKDOWN_ORACLE_DIFFERENCES: Readonly<Record<string, OracleDifference>> = {
  '4996a3fbff1f': {
    why: PLACEHOLDER_IN_LINK,
    mock: "<div class=\"codehilite\" data-code-language=\"Python\"><pre><span></span><code>#️⃣5 1 &lt; 2#123\n#️⃣5 [x #3](http://e.com) &gt; :thumbs_up:'#3'\n</code></pre></div>\n<p>x/y# c a ZUL-9x  bar<br>\n1 https://x.org/v.mp4<a href=\"http://example.com/empty\">http://example.com/empty</a>b <a href=\"https://star.example.com/4\">S*4</a> a*  ***</p>\n<blockquote>\n<blockquote>\n<h3>1 &lt; 2 yes!</h3>\n</blockquote>\n</blockquote>\n<h2>[t](javascript:alert(1))@<strong>Iago</strong>#5 <span class=\"user-group-mention\" data-user-group-id=\"3009\">@hamletcharacters</span></h2>",
  },
  '62a534414cdd': {
    why: PLACEHOLDER_IN_LINK,
    mock: "<table>\n<thead>\n<tr>\n<th style=\"text-align: right;\"><a href=\"https://github.com/zulip/zulip/issues/0\">#0</a></th>\n<th style=\"text-align: center;\"><a href=\"https://star.example.com/12\">S*12</a></th>\n<th style=\"text-align: left;\">(<a href=\"https://github.com/zulip/zulip/issues/7\">#7</a>)</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style=\"text-align: right;\">yes!</td>\n<td style=\"text-align: center;\">Zulip</td>\n<td style=\"text-align: left;\">(<a href=\"https://github.com/zulip/zulip/issues/7\">#7</a>)</td>\n</tr>\n</tbody>\n</table>\n<p>http://e.com/#5<code>` </code>#4`<br>\nx/y# q? foo <span class=\"user-group-mention\" data-user-group-id=\"3009\">@hamletcharacters</span></p>\n<blockquote>\n<p>~~~~~c++<br>\n42 <span aria-label=\"heart\" class=\"emoji emoji-2764\" role=\"img\" title=\"heart\">:heart:</span> <span class=\"user-mention silent\" data-user-id=\"1004\">King Hamlet</span><br>\n1 <del>del</del><time datetime=\"2023-11-14T22:13:20Z\">1700000000</time><br>\n<a href=\"https://youtu.be/dQw4w9WgXcQ\">https://youtu.be/dQw4w9WgXcQ</a> <a href=\"https://star.example.com/4\">S*4</a> a* <del>#9</del> <a href=\"http://e.com\">a **b**</a> <a href=\"https://people.example.com/bar_1\">@bar_1</a><a href=\"http://e.com\">a **b**</a><br>\n~~~~~</p>\n</blockquote>",
  },
  '04124b9062ac': CODE_BLOCK,
  '625cba4ee4d3': CODE_BLOCK,
  '27a8e58fcadd': CODE_BLOCK,
  'a0663887e61c': CODE_BLOCK,
};
