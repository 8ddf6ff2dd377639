"""Regenerates the real server's `content_html_diff` outputs that the mock's HTML diff is tested
against: mock/domain/messages/edit/html-diff/cases.json (pairs of rendered messages and the
server's diff of them) and mock/domain/messages/edit/html-diff/sequence-matcher-cases.json
(CPython difflib.SequenceMatcher opcodes for sequences of tokens), plus html4-entities.json: the
named character references libxml2's HTML parser decodes (HTML 4's, which are Python's
html.entities.name2codepoint, and &apos;).

The server computes the diff as zerver/lib/html_diff.py does: lxml.html.diff.htmldiff(old, new),
then <del>/<ins> renamed to highlight spans, through lxml's HTML parser and serializer. Zulip 10.2
pins lxml 5.3.2, whose html/diff.py is the same algorithm as Debian 12's python3-lxml 4.9.2
(lxml 6 rewrote parts of it), and builds lxml against the system libxml2 (2.9.x).

Requires python3-lxml and python3-cssselect (Debian: apt-get install python3-lxml
python3-cssselect). Run by hand, never by tests:

    /usr/bin/python3 scripts/html-diff-cases.py            rewrites both JSON files
    /usr/bin/python3 scripts/html-diff-cases.py --stdin    reads [[old, new], ...] as JSON on
                                                           stdin, prints the diffs (or null when
                                                           lxml raises) as JSON on stdout
"""
import difflib
import html.entities
import json
import pathlib
import random
import sys

import lxml
import lxml.etree
import lxml.html
from lxml.html.diff import htmldiff

OUT_DIR = pathlib.Path(__file__).resolve().parent.parent / "mock/domain/messages/edit/html-diff"


def highlight_html_differences(s1, s2):
    """What zerver/lib/html_diff.py computes."""
    retval = htmldiff(s1, s2)
    fragment = lxml.html.fragment_fromstring(retval, create_parent=True)
    for elem in fragment.cssselect("del"):
        elem.tag = "span"
        elem.set("class", "highlight_text_deleted")
    for elem in fragment.cssselect("ins"):
        elem.tag = "span"
        elem.set("class", "highlight_text_inserted")
    return lxml.html.tostring(fragment, encoding="unicode")


def diff_or_none(old, new):
    try:
        return highlight_html_differences(old, new)
    except Exception:  # the server would answer 500; such pairs are left out
        return None


P = lambda *paragraphs: "\n".join(f"<p>{p}</p>" for p in paragraphs)  # noqa: E731
MENTION = '<span class="user-mention" data-user-id="{id}">@{name}</span>'
EMOJI = '<span aria-label="{n}" class="emoji emoji-{code}" role="img" title="{n}">:{n}:</span>'
CODE = '<div class="codehilite" data-code-language="Python"><pre><span></span><code>{}\n</code></pre></div>'
IMAGE = (
    '<div class="message_inline_image"><a href="/user_uploads/2/ab/{f}" title="{f}">'
    '<img src="/user_uploads/thumbnail/2/ab/{f}/840x560.webp"></a></div>'
)

# (name, old rendered content, new rendered content)
CASES = [
    # zerver/tests/test_message_edit.py
    ("server: single-line edit", "<p>content before edit</p>", "<p>content after edit</p>"),
    (
        "server: edits on new lines",
        "<p>content before edit, line 1</p>\n<p>content before edit, line 3</p>",
        "<p>content before edit, line 1<br>\ncontent after edit, line 2<br>\ncontent before edit, line 3</p>",
    ),
    ("server: empty renderings", "", ""),
    (
        "server: link edit",
        '<p>Here is a link to <a href="http://www.zulip.org">zulip</a>.</p>',
        '<p>Here is a link to <a href="http://www.zulipchat.com">zulip</a>.</p>',
    ),
    # zerver/openapi/zulip.yaml example
    ("openapi example", "<p>Hello!</p>", "<p>Howdy!</p>"),
    ("unchanged", "<p>same words here</p>", "<p>same words here</p>"),
    ("one word replaced", "<p>one</p>", "<p>two</p>"),
    ("word appended", "<p>hello</p>", "<p>hello world</p>"),
    ("word prepended", "<p>world</p>", "<p>hello world</p>"),
    ("word removed at end", "<p>hello big world</p>", "<p>hello big</p>"),
    ("word removed in middle", "<p>hello big world</p>", "<p>hello world</p>"),
    ("words replaced in middle", "<p>the quick brown fox jumps</p>", "<p>the slow red fox jumps</p>"),
    (
        "several scattered changes",
        "<p>a b c d e f g h i j k l m n o p</p>",
        "<p>a b X d e f Y h i j k Z m n o p q</p>",
    ),
    ("punctuation attached to word", "<p>Hello, world.</p>", "<p>Hello, world!</p>"),
    ("case change", "<p>hello World</p>", "<p>Hello world</p>"),
    ("empty to content", "", "<p>new content</p>"),
    ("content to empty", "<p>old content</p>", ""),
    ("entirely different", "<p>alpha beta gamma</p>", "<p>one two three four</p>"),
    ("whitespace only change", "<p>a b</p>", "<p>a  b</p>"),
    ("paragraph added", P("first"), P("first", "second")),
    ("paragraph removed", P("first", "second"), P("first")),
    ("paragraph inserted between", P("first", "third"), P("first", "second", "third")),
    ("paragraphs reordered", P("first", "second"), P("second", "first")),
    ("paragraph split", "<p>one two three four</p>", P("one two", "three four")),
    ("paragraphs merged", P("one two", "three four"), "<p>one two three four</p>"),
    ("line break added", "<p>one two</p>", "<p>one<br>\ntwo</p>"),
    ("line break removed", "<p>one<br>\ntwo</p>", "<p>one two</p>"),
    ("bold added", "<p>make this bold</p>", "<p>make <strong>this</strong> bold</p>"),
    ("bold removed", "<p>make <strong>this</strong> bold</p>", "<p>make this bold</p>"),
    ("bold text changed", "<p>make <strong>this</strong> bold</p>", "<p>make <strong>that</strong> bold</p>"),
    (
        "nested inline markup",
        "<p>a <strong>b <em>c d</em> e</strong> f</p>",
        "<p>a <strong>b <em>c x</em> e</strong> f</p>",
    ),
    ("italic to bold", "<p>a <em>word</em> here</p>", "<p>a <strong>word</strong> here</p>"),
    ("inline code changed", "<p>run <code>ls -l</code> now</p>", "<p>run <code>ls -la</code> now</p>"),
    ("strikethrough added", "<p>a wrong word</p>", "<p>a <del>wrong</del> word</p>"),
    ("strikethrough removed", "<p>a <del>wrong</del> word</p>", "<p>a wrong word</p>"),
    (
        "link text changed",
        '<p>see <a href="https://example.com">this page</a></p>',
        '<p>see <a href="https://example.com">that page</a></p>',
    ),
    (
        "link href changed with title",
        '<p><a href="https://example.com/a" title="https://example.com/a">https://example.com/a</a></p>',
        '<p><a href="https://example.com/b" title="https://example.com/b">https://example.com/b</a></p>',
    ),
    (
        "link added",
        "<p>see example.com today</p>",
        '<p>see <a href="http://example.com">example.com</a> today</p>',
    ),
    (
        "link removed",
        '<p>see <a href="http://example.com">example.com</a> today</p>',
        "<p>see example.com today</p>",
    ),
    (
        "link with query string",
        '<p><a href="https://example.com/?a=1&amp;b=2">query</a></p>',
        '<p><a href="https://example.com/?a=1&amp;b=3">query</a></p>',
    ),
    (
        "link href with spaces and unicode",
        '<p><a href="https://example.com/a b/é">x</a></p>',
        '<p><a href="https://example.com/a c/é">x</a></p>',
    ),
    (
        "mention added",
        "<p>hi there</p>",
        "<p>hi " + MENTION.format(id=10, name="Cordelia, Lear's daughter") + " there</p>",
    ),
    (
        "mention changed",
        "<p>hi " + MENTION.format(id=10, name="Cordelia") + "</p>",
        "<p>hi " + MENTION.format(id=11, name="Hamlet") + "</p>",
    ),
    (
        "silent mention",
        "<p>cc someone</p>",
        '<p>cc <span class="user-mention silent" data-user-id="8">Othello</span></p>',
    ),
    (
        "emoji added",
        "<p>nice</p>",
        "<p>nice " + EMOJI.format(n="smile", code="1f604") + "</p>",
    ),
    (
        "emoji changed",
        "<p>nice " + EMOJI.format(n="smile", code="1f604") + "</p>",
        "<p>nice " + EMOJI.format(n="heart", code="2764") + "</p>",
    ),
    ("code block changed", CODE.format("x = 1"), CODE.format("x = 2")),
    ("code block lines added", CODE.format("a = 1\nb = 2"), CODE.format("a = 1\nc = 3\nb = 2")),
    ("code block added", P("before"), P("before") + "\n" + CODE.format("print(1)")),
    (
        "code block with highlighting",
        '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
        '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">y</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    ),
    (
        "list item added",
        "<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
        "<ul>\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ul>",
    ),
    (
        "list item removed",
        "<ul>\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ul>",
        "<ul>\n<li>one</li>\n<li>three</li>\n</ul>",
    ),
    (
        "list item changed",
        "<ol>\n<li>first item</li>\n<li>second item</li>\n</ol>",
        "<ol>\n<li>first item</li>\n<li>2nd item</li>\n</ol>",
    ),
    ("list to paragraph", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>", "<p>one two</p>"),
    ("paragraph to list", "<p>one two</p>", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>"),
    (
        "nested list",
        "<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>",
        "<ul>\n<li>a<ul>\n<li>c</li>\n<li>b</li>\n</ul>\n</li>\n</ul>",
    ),
    (
        "quote changed",
        "<blockquote>\n<p>quoted text</p>\n</blockquote>\n<p>reply</p>",
        "<blockquote>\n<p>quoted words</p>\n</blockquote>\n<p>my reply</p>",
    ),
    ("quote added", "<p>reply</p>", "<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>reply</p>"),
    ("heading changed", "<h1>Title</h1>\n<p>body</p>", "<h2>Title</h2>\n<p>body text</p>"),
    ("horizontal rule added", P("a", "b"), "<p>a</p>\n<hr>\n<p>b</p>"),
    ("image added", P("look"), P("look") + "\n" + IMAGE.format(f="cat.png")),
    ("image replaced", IMAGE.format(f="cat.png"), IMAGE.format(f="dog.png")),
    ("image removed", P("look") + "\n" + IMAGE.format(f="cat.png"), P("look")),
    (
        "time changed",
        '<p>at <time datetime="2024-01-01T10:00:00Z">2024-01-01T10:00:00Z</time></p>',
        '<p>at <time datetime="2024-01-02T10:00:00Z">2024-01-02T10:00:00Z</time></p>',
    ),
    (
        "escaped characters",
        "<p>a &lt; b &amp;&amp; c &gt; d</p>",
        "<p>a &lt;= b &amp;&amp; c &gt; d &quot;e&quot; &#39;f&#39;</p>",
    ),
    ("unicode text", "<p>café ünïcödé 日本語</p>", "<p>café unicode 日本語 テスト</p>"),
    (
        "table cell changed",
        "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>",
        "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>3</td>\n</tr>\n</tbody>\n</table>",
    ),
    (
        "spoiler changed",
        '<div class="spoiler-block"><div class="spoiler-header">\n<p>header</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>secret</p>\n</div></div>',
        '<div class="spoiler-block"><div class="spoiler-header">\n<p>header</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>new secret</p>\n</div></div>',
    ),
    (
        "channel link",
        '<p>see <a class="stream" data-stream-id="3" href="/#narrow/channel/3-Denmark">#Denmark</a></p>',
        '<p>see <a class="stream" data-stream-id="4" href="/#narrow/channel/4-Verona">#Verona</a></p>',
    ),
    (
        "me message",
        "<p>/me waves</p>",
        "<p>/me waves happily</p>",
    ),
    ("long paragraph one word", P(" ".join(f"w{i}" for i in range(120))), P(" ".join(f"w{i}" if i != 60 else "CHANGED" for i in range(120)))),
    (
        "many repeated words",
        P(" ".join(["the"] * 150 + ["end"] + ["a"] * 60)),
        P(" ".join(["the"] * 149 + ["middle"] + ["end"] + ["a"] * 61)),
    ),
    ("trailing text after block", "<p>a</p>\ntail words", "<p>a</p>\nother words"),
    ("bare text", "just text", "just more text"),
]


def sequence_cases():
    rng = random.Random(20251201)
    cases = []
    alphabets = ["ab", "abc", "abcdef", "abcdefghijklmnopqrstuvwxyz"]
    for n in range(60):
        alphabet = alphabets[n % len(alphabets)]
        la = rng.choice([0, 1, 3, 10, 40, 150, 199, 200, 201, 350])
        lb = rng.choice([0, 1, 3, 10, 40, 150, 199, 200, 201, 350])
        a = "".join(rng.choice(alphabet) for _ in range(la))
        if n % 3 == 0:  # b close to a
            b = list(a)
            for _ in range(rng.randint(0, 8)):
                if b and rng.random() < 0.5:
                    del b[rng.randrange(len(b))]
                else:
                    b.insert(rng.randint(0, len(b)), rng.choice(alphabet))
            b = "".join(b)
        else:
            b = "".join(rng.choice(alphabet) for _ in range(lb))
        ops = difflib.SequenceMatcher(None, a, b).get_opcodes()
        cases.append({"a": a, "b": b, "opcodes": [list(op) for op in ops]})
    return cases


def header():
    return {
        "generator": "scripts/html-diff-cases.py",
        "lxml": lxml.__version__,
        "libxml2": ".".join(map(str, lxml.etree.LIBXML_VERSION)),
        "python": ".".join(map(str, sys.version_info[:3])),
    }


def main():
    if sys.argv[1:] == ["--stdin"]:
        pairs = json.load(sys.stdin)
        json.dump([diff_or_none(old, new) for old, new in pairs], sys.stdout, ensure_ascii=False)
        return
    cases = []
    for name, old, new in CASES:
        diff = diff_or_none(old, new)
        if diff is None:
            print(f"skipped (lxml raised): {name}", file=sys.stderr)
            continue
        cases.append({"name": name, "old": old, "new": new, "diff": diff})
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / "cases.json").write_text(
        json.dumps({**header(), "cases": cases}, indent=1, ensure_ascii=False) + "\n"
    )
    (OUT_DIR / "sequence-matcher-cases.json").write_text(
        json.dumps({**header(), "cases": sequence_cases()}, ensure_ascii=False) + "\n"
    )
    entities = {**html.entities.name2codepoint, "apos": 39}
    (OUT_DIR / "html4-entities.json").write_text(json.dumps(dict(sorted(entities.items()))) + "\n")
    print(f"wrote {len(cases)} diff cases and the sequence matcher cases to {OUT_DIR}")


if __name__ == "__main__":
    main()
