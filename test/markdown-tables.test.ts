import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';

// Media sources as a server without Camo writes them (test/markdown-camo.test.ts has Camo's).
const realm = createMockServer({ baseUrl: 'http://chat.test', clock: new ManualClock(), camo: false });

function render(content: string): string {
  return renderMessage(realm.state, content).html;
}

// Python-Markdown's `tables` extension as the server runs it (in its block parser, after `#`
// headings, with fences and list items splitting blocks first). Expected HTML from the server's
// own Markdown processor.
const TABLE_CASES: readonly (readonly [string, string, string])[] = [
  ['alignment is a style with a space and a semicolon', '| a | b |\n|:-:|--:|\n| c | d |', '<table>\n<thead>\n<tr>\n<th style="text-align: center;">a</th>\n<th style="text-align: right;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align: center;">c</td>\n<td style="text-align: right;">d</td>\n</tr>\n</tbody>\n</table>'],
  ['no rows make one empty row, without alignment', '| a | b |\n|:--|---|', '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a header of one pipe is one empty column', '|\n|:-:|', '<table>\n<thead>\n<tr>\n<th style="text-align: center;"></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a header of one pipe over dashes is one empty column', '|\n|---|', '<table>\n<thead>\n<tr>\n<th></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a separator may be a lone pipe', '|\n|', '<table>\n<thead>\n<tr>\n<th></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['no border; a short row is padded', 'a|b\n-|-\nc', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a long row is cut; one column needs a pipe at an end of every line', '| a |\n|---|\n| b | c |\n| d', '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n<tr>\n<td>d</td>\n</tr>\n</tbody>\n</table>'],
  ['one column with a line without a pipe is a paragraph', '|a|\n|-|\nx', '<p>|a|<br>\n|-|<br>\nx</p>'],
  ['the border is read from the header: a row keeps its first pipe', 'a | b |\n|--|--|\n| c | d |', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td>d</td>\n</tr>\n</tbody>\n</table>'],
  ['separator cells may be empty', '| a | b |\n| | |', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a lone colon centres', '| a | b |\n|:|::|', '<table>\n<thead>\n<tr>\n<th style="text-align: center;">a</th>\n<th style="text-align: center;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['one column ends at a quote when a later line has no pipe', '|a|\n|-|\n|b|\n> q\nx', '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n</tbody>\n</table>\n<blockquote>\n<p>q<br>\nx</p>\n</blockquote>'],
  ['one column ends at a rule when a later line has no pipe', '|a|\n|-|\n|b|\n***\nx', '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n</tbody>\n</table>\n<hr>\n<p>x</p>'],
  ['one column with a line without a pipe before the rule is a paragraph', '|a|\n|-|\nx\n---', '<p>|a|<br>\n|-|<br>\nx</p>\n<hr>'],
  ['a quote ending in one empty > line gives its table one more row, aligned (the quoted text ends in a newline)', '> a | b |\n> |---|:-:|\n>', '<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th style="text-align: center;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td style="text-align: center;"></td>\n</tr>\n</tbody>\n</table>\n</blockquote>'],
  ['the same after a row', '> a | b\n> --|--\n> c | d\n>', '<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td>d</td>\n</tr>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n</blockquote>'],
  ['that row has no pipe, so a one-column quoted table is a paragraph', '> |a|\n> |-|\n>', '<blockquote>\n<p>|a|<br>\n|-|<br>\n</p>\n</blockquote>'],
  ['a table never starts on a paragraph line', 'foo\n| a | b |\n|---|---|', '<p>foo<br>\n| a | b |<br>\n|---|---|</p>'],
  ['pipes in code spans and escaped pipes split no cell; the backslash stays', '| a | `b|c` | d \\| e |\n|---|---|---|', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th><code>b|c</code></th>\n<th>d \\| e</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['code spans pair backtick runs by length; an escaped run counts one less', '| `` a|`b `` | \\`c|d` |\n|---|---|---|', '<table>\n<thead>\n<tr>\n<th><code> a|`b </code></th>\n<th>\\`c</th>\n<th>d`</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['pipes in other syntax split cells (here: not a table)', '| **a|b** | [x|y](http://e.com) |\n|---|---|', '<p>| <strong>a|b</strong> | <a href="http://e.com">x|y</a> |<br>\n|---|---|</p>'],
  ['escaped backslashes before the closing pipe go with it', '| a | b \\\\|\n|---|---|', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a list item ends the table', '| a | b |\n|---|---|\n- x', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<ul>\n<li>x</li>\n</ul>'],
  ['a heading ends the table', '| a | b |\n|---|---|\n# h\n| c | d |', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<h1>h</h1>\n<p>| c | d |</p>'],
  ['a fence ends the table', '| a | b |\n|---|---|\n```\ncode\n```', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<div class="codehilite"><pre><span></span><code>code\n</code></pre></div>'],
  ['text, quotes and rules are rows', '| a | b |\n|---|---|\nplain\n> q\n---', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>plain</td>\n<td></td>\n</tr>\n<tr>\n<td>&gt; q</td>\n<td></td>\n</tr>\n<tr>\n<td>---</td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['a blank line ends the table', '| a | b |\n|---|---|\n\n| c | d |', '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<p>| c | d |</p>'],
  ['a heading on the first line is a heading', '# | b\n:-:|::', '<h1>| b</h1>\n<p>:-:|::</p>'],
  ['an item on the first line is a cell', '- a | b\n  ---|---', '<table>\n<thead>\n<tr>\n<th>- a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['an item after a blank line that reads as a table is one, ending the list', '- i\n\n- a | b\n  --|--', '<ul>\n<li>i</li>\n</ul>\n<table>\n<thead>\n<tr>\n<th>- a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>'],
  ['an item in the same block is an item, holding the table', '- i\n- a | b\n  --|--', '<ul>\n<li>i</li>\n<li>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n</li>\n</ul>'],
  ['tables in quotes', '> a | b\n> ---|---\n> c | d', '<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td>d</td>\n</tr>\n</tbody>\n</table>\n</blockquote>'],
  ["a quoted row's mentions are made silent before the row is split: a name|id mention its pipe splits shows its _", '> | a | b |\n> |---|---|\n> | @**King Hamlet|1004** | x |', '<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>@_**King Hamlet</td>\n<td>1004**</td>\n</tr>\n</tbody>\n</table>\n</blockquote>'],
  ['so does a group mention split by a pipe, in a quote in a quote too', '> > | @*a | b* | c |\n> > |---|---|---|', '<blockquote>\n<blockquote>\n<table>\n<thead>\n<tr>\n<th>@_*a</th>\n<th>b*</th>\n<th>c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n</blockquote>\n</blockquote>'],
  ['indented four spaces: code', '    a | b\n    --|--', '<div class="codehilite"><pre><span></span><code>a | b\n--|--\n</code></pre></div>'],
  ['cells hold inline syntax', '| @**Iago** | [l](http://e.com) | :smile: |\n|---|---|---|\n| *em* | #**Verona** | <time:1700000000> |', '<table>\n<thead>\n<tr>\n<th><span class="user-mention" data-user-id="1002">@Iago</span></th>\n<th><a href="http://e.com">l</a></th>\n<th><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><em>em</em></td>\n<td><a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a></td>\n<td><time datetime="2023-11-14T22:13:20Z">1700000000</time></td>\n</tr>\n</tbody>\n</table>'],
  ['a cell\'s image preview goes at the end of the message', '| http://example.com/a.png | b |\n|---|---|\n\nhttp://example.com/b.png\n\nend', '<table>\n<thead>\n<tr>\n<th><a href="http://example.com/a.png">http://example.com/a.png</a></th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<div class="message_inline_image"><a href="http://example.com/b.png"><img src="http://example.com/b.png"></a></div><p>end</p>\n<div class="message_inline_image"><a href="http://example.com/a.png"><img src="http://example.com/a.png"></a></div>'],
  ['a link in a paragraph is previewed before the same link in a cell', '| http://example.com/a.png |\n|---|\n\nhttp://example.com/a.png\n\nend', '<table>\n<thead>\n<tr>\n<th><a href="http://example.com/a.png">http://example.com/a.png</a></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>\n<div class="message_inline_image"><a href="http://example.com/a.png"><img src="http://example.com/a.png"></a></div><p>end</p>'],
  ['no preview in a quoted table', '> | http://example.com/q.png |\n> |--|', '<blockquote>\n<table>\n<thead>\n<tr>\n<th><a href="http://example.com/q.png">http://example.com/q.png</a></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>\n</blockquote>'],
];

describe('tables', () => {
  it.each(TABLE_CASES)('%s: %j', (_rule, input, expected) => {
    expect(render(input)).toBe(expected);
  });
});
