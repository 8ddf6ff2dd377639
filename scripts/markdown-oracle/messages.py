"""Random messages made of the syntax the server's Markdown dialect knows, nested and combined as
users rarely write them: the inputs of the differential rendering corpus. Deterministic for a seed.
No math (the corpus renders without KaTeX). The linkifier tokens fit the realm's linkifiers of
test/reference/markdown-oracle-linkifiers.json (issue numbers, ZUL-n, org/repo#n, @user, S*n, doc:path).
"""
import random

_random = random.Random()

WORDS = ['hello', 'world', 'foo', 'bar', 'x', 'Zulip', 'a', 'b', 'c', 'd', 'it\'s', 'end.', 'ok,', 'yes!', '1', '42', 'q?']
INLINE = [
    '**bold**', '*em*', '***both***', '~~del~~', '`code`', '`` a`b ``', '` pad `', '_under_', '__dunder__',
    '**a *b* c**', '*a **b** c*', '**not closed', '*x', 'a*b*c', 'a**b**c', '\\*esc\\*', '\\`', '\\\\',
    '[link](http://example.com)', '[](http://example.com/empty)', '[t](javascript:alert(1))', '[m](mailto:a@b.c)',
    '[rel](/foo/bar)', '[frag](#narrow/channel/2001-Verona)', '[t](http://zulip.testserver/#narrow/stream/1-x)',
    'http://example.com/a_b_c', 'https://example.com/path?q=1&r=2', 'www.example.org', 'example.com', 'foo.py',
    'a@b.com', '<http://example.com>', 'http://example.com/image.png', 'https://x.org/v.mp4',
    ':smile:', ':+1:', ':thumbs_up:', ':green_tick:', ':notanemoji:', ':)', '<3', ':D', '😀', '👍🏽', '1️⃣', '©',
    '@**King Hamlet**', '@_**Iago**', '@**Nobody**', '@**all**', '@*hamletcharacters*', '@**King Hamlet|1004**',
    '#**Verona**', '#**Verona>zzq**', '#**Nowhere**', '#**Verona@123**',
    '<time:2024-01-15T10:00:00Z>', '<time:1700000000>', '<time:tomorrow>',
    '&amp;', '&', '<b>x</b>', '<br>', '"quoted"', "'single'", '<', '>', 'a > b', '1 < 2',
    '!', '![img](http://example.com/i.png)', '[x]', '[x][y]', '(paren)', '{curly}',
    '$5', 'snake_case_word', 'CamelCase', '***', '---', '__init__', '*', '**', '~', '~~',
    '@**topic**', '@**everyone**', '@**channel**', '@**stream**', '@_**all**', '@_*hamletcharacters*', '@**|1002**',
    '@**iago**', '@**Othello, the Moor of Venice**', '#**Verona>zzq@100001**', '#**Verona>a*b**', '#**verona**',
    '[x](http://e.com/a_(b))', 'http://e.com/(a)', 'https://e.com/a.', '(http://e.com)', 'http://e.com,',
    'https://e.com/a?b=(c)', 'HTTP://E.COM', 'ftp://f.org/x', '[x](ftp://f.org)', '[a **b**](http://e.com)',
    ':heart:', '❤️', '🇺🇸', '👨\u200d👩\u200d👧', ':zulip:', ':-1:', ':thumbs_down:', '™', '®️', '#️⃣', '*️⃣',
    '<time:2024-01-15 10:00>', '<time:1700000000.5>', '<time:2024-01-15T10:00:00+05:30>',
    '&lt;', '&#39;', '&copy;', '&nbsp;', '\\\\*', '`\\\\`', '``', '```', '![](http://e.com/x.jpg)',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'http://e.com/v.webm',
    'http://e.com/a.mp3',
    # Links to uploads (the realm has none: links, never previews of uploaded files).
    '[f](/user_uploads/2/ab/doc.pdf)', '![i](/user_uploads/2/cd/pic.png)', '/user_uploads/2/ef/x.png',
    '[v](/user_uploads/2/gh/v.mp4)', 'http://zulip.testserver/user_uploads/2/ij/y.png', '[a](/user_uploads/2/kl/a.mp3)',
    '![a](/user_uploads/2/kl/a.mp3)', '[p](http://zulip.testserver/user_uploads/2/mn/p.jpg)',
    # Targets and titles as Python-Markdown's getLink reads them.
    '[s](http://e.com/a b)', '[t](http://e.com/a"t")', '[u](http://e.com/a (t))', '![w](http://e.com/a b.png "t")',
    '[v](http://e.com/a "t)', "[q](http://e.com/a 'it\"s')", '[e]()', '[r](http://e.com/a&#39;b\\_c)',
]

LINKIFIER_TOKENS = [
    '#123', 'a#12b', 'ZUL-45', 'zulip/zulip#99', '(#7)', '*#5*', '**ZUL-1**', '[x #3](http://e.com)', '`#4`',
    '#5,#6', '#8.', 'ZUL-9x', '"ZUL-2"', "'#3'", ':#4', '<#5', '@foo', '@bar_1', '@**Iago**#5', 'S*12', 'S*1*', '*S*3',
    '~~#9~~', 'doc:a/b', 'doc:c/d?x', 'org/r#1', '#1#2', 'x/y#', 'http://e.com/#5', '#\ufe0f\u20e35', '\u00a0#5', '#0',
    '~~ZUL-3~~', 'S*4 a*',
]


def inline_text(n=None):
    n = n or _random.randint(1, 6)
    parts = []
    for _ in range(n):
        r = _random.random()
        parts.append(_random.choice(LINKIFIER_TOKENS) if r < 0.3 else _random.choice(INLINE) if r < 0.6 else _random.choice(WORDS))
    s = parts[0]
    for p in parts[1:]:
        s += _random.choice([' ', ' ', ' ', '', '  ']) + p
    return s


def paragraph():
    lines = [inline_text() for _ in range(_random.randint(1, 3))]
    if _random.random() < 0.1:
        lines[0] = '/me ' + lines[0]
    if _random.random() < 0.03:
        lines[0] = '/me'
    return '\n'.join(lines)


def list_block(depth=0):
    marker = _random.choice(['-', '*', '+', '1.', '2.', '1)', '10.'])
    items = []
    for i in range(_random.randint(1, 4)):
        m = marker if _random.random() < 0.8 else _random.choice(['-', '*', '+', '1.', '3.'])
        if m[0].isdigit() and _random.random() < 0.5:
            m = f'{i + 1}.'
        indent = '  ' * depth if _random.random() < 0.8 else _random.choice(['', ' ', '   ', '    ', '\t', '  ' * (depth + 1)])
        space = _random.choice([' ', ' ', ' ', '  ', '\t', ''])
        text = inline_text()
        items.append(f'{indent}{m}{space}{text}')
        r = _random.random()
        if r < 0.15 and depth < 2:
            items.append(list_block(depth + 1))
        elif r < 0.22:
            items.append('')
        elif r < 0.27:
            items.append(indent + _random.choice(['  ', '    ', '   ', '']) + inline_text())
        elif r < 0.30:
            items.append(indent + '  ' + fence_block())
    return '\n'.join(items)


def quote_block():
    inner = block(nested=True)
    prefix = _random.choice(['> ', '>', '>  ', '> > '])
    lines = inner.split('\n')
    out = []
    for i, l in enumerate(lines):
        if i > 0 and _random.random() < 0.2:
            out.append(l)  # lazy continuation
        else:
            out.append(prefix + l)
    return '\n'.join(out)


LANGS = ['', 'py', 'python', 'js', 'quote', 'spoiler', 'spoiler Header *x*', 'text', 'unknownlang', 'c++', 'Python',
         ' py', 'py,js', 'quote extra', 'quoted', 'spoiler [l](http://e.com)', 'spoiler @**Iago**', '{py}', '.py',
         'ts', 'rust', 'py2', 'latex', 'md', 'markdown', 'json', 'sh', 'console', 'diff', 'sql']


def fence_block():
    ch = _random.choice(['`', '~'])
    n = _random.choice([3, 3, 3, 4, 5])
    lang = _random.choice(LANGS)
    body = []
    for _ in range(_random.randint(0, 3)):
        r = _random.random()
        if r < 0.15:
            body.append(ch * _random.choice([3, 4]) + _random.choice(['', 'py']))
        elif r < 0.25:
            body.append('')
        elif r < 0.35:
            body.append('    ' + inline_text())
        else:
            body.append(inline_text())
    close = ch * _random.choice([n, n, n, n + 1, 3]) if _random.random() < 0.9 else ''
    return '\n'.join([ch * n + lang] + body + ([close] if close else []))


def indented_code():
    return '\n'.join(_random.choice(['    ', '\t', '     ']) + inline_text() for _ in range(_random.randint(1, 3)))


def heading():
    return _random.choice(['#', '##', '###', '######', '#######']) + _random.choice([' ', ' ', '']) + inline_text() + _random.choice(['', ' #', ' ##'])


def table():
    cols = _random.randint(1, 3)
    head = '| ' + ' | '.join(inline_text(1) for _ in range(cols)) + ' |'
    sep = '|' + '|'.join(_random.choice(['---', ':--', '--:', ':-:']) for _ in range(cols)) + '|'
    rows = ['| ' + ' | '.join(inline_text(1) for _ in range(cols)) + ' |' for _ in range(_random.randint(0, 2))]
    return '\n'.join([head, sep] + rows)


def block(nested=False):
    kinds = [paragraph] * 4 + [list_block] * 3 + [fence_block] * 2 + [indented_code, heading, table]
    if not nested:
        kinds += [quote_block] * 2
    k = _random.choice(kinds)
    return k() if k is not list_block else list_block()


def message():
    blocks = [block() for _ in range(_random.randint(1, 4))]
    out = blocks[0]
    for b in blocks[1:]:
        out += _random.choice(['\n', '\n\n', '\n\n', '\n\n\n', '\r\n', '\n \n', '\n\t\n']) + b
    if _random.random() < 0.1:
        out = _random.choice([' ', '\n', '  ']) + out
    if _random.random() < 0.1:
        out += _random.choice([' ', '\n', '  \n'])
    return out


def normalize_body(content):
    """The server's normalize_body before it renders a sent message."""
    return content.rstrip().lstrip('\n')


def messages(count, seed):
    """`count` distinct normalized, non-empty messages for `seed`."""
    _random.seed(seed)
    seen = []
    while len(seen) < count:
        content = normalize_body(message())
        if content and content not in seen:
            seen.append(content)
    return seen
