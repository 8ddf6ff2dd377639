r"""The real server's Markdown processor, run outside the server.

Loads `zerver/lib/markdown` from a Zulip checkout on top of a Python-Markdown checkout, with the
database, Django models, Camo, thumbnails, link embeds and KaTeX replaced by stubs that answer as
the mock's default realm does: realm http://zulip.testserver, users King Hamlet (1004), Iago (1002)
and Othello (1006), the group hamletcharacters (3009), the channels Verona (2001) and Denmark
(2002), the custom emoji green_tick (8001), and the linkifiers of
test/reference/markdown-oracle-linkifiers.json (which test/markdown-oracle.test.ts gives the mock's
realm too). Everything else is the server's code: its block and inline processors, fences, lists,
tables, links, emoji, mentions, time, linkifiers.

Emoji names, emoticons and top-level domains come from this repository's generated data (the
server reads them from its build output, which a checkout does not have).

Needs Debian's python3-django, python3-lxml, python3-regex, python3-dateutil, python3-ahocorasick,
python3-pygments, python3-bs4, python3-typing-extensions, python3-requests, python3-uritemplate
(run with /usr/bin/python3). The server compiles linkifier patterns with RE2, which this runs with
the `regex` module, `\s`, `\w` and `\d` narrowed to ASCII as RE2 has them.
"""
import importlib.abc
import importlib.util
import json
import pathlib
import re
import sys
import types

REPO = pathlib.Path(__file__).resolve().parents[2]


class _Anything:
    """Stands for whatever a stubbed module exports; the renderer never calls these."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return _Anything()

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return _Anything()

    def __getitem__(self, key):
        return _Anything()

    def __mro_entries__(self, bases):
        return (object,)

    def __or__(self, other):
        return _Anything()

    __ror__ = __or__


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return _Anything()


def _emoji_data():
    names = json.loads((REPO / 'mock/domain/emoji/server-emoji-names.json').read_text())
    name_to_codepoint, codepoint_to_name = {}, {}
    for code, spaced in names.items():
        aliases = spaced.split(' ')
        codepoint_to_name[code] = aliases[0]
        for alias in aliases:
            name_to_codepoint[alias] = code
    source = (REPO / 'mock/domain/markdown/plugins/emoji-syntax.ts').read_text()
    table = source[source.index('EMOTICONS'):]
    table = table[table.index('{') + 1:table.index('};')]
    emoticons = {k.replace("\\'", "'"): f':{v}:' for k, v in re.findall(r"'((?:[^'\\]|\\.)*)':\s*'([^']*)'", table)}
    return name_to_codepoint, codepoint_to_name, emoticons


def _fill_emoji(module):
    name_to_codepoint, codepoint_to_name, emoticons = _emoji_data()
    module.name_to_codepoint = name_to_codepoint
    module.codepoint_to_name = codepoint_to_name
    terminal = r",.;?!()\[\] \"'\n\t"
    module.EMOTICON_RE = (
        rf"(?<![^{terminal}])(?P<emoticon>("
        + r")|(".join(re.escape(e) for e in emoticons)
        + rf"))(?![^{terminal}])"
    )

    def translate_emoticons(text):
        for emoticon, colon_name in emoticons.items():
            text = re.sub(re.escape(emoticon), colon_name, text)
        return text

    module.translate_emoticons = translate_emoticons


# RE2's \s, \w and \d are ASCII classes (its \pL, \pN, \pZ are Unicode, so `regex`'s ASCII flag will not do).
_RE2_CLASSES = {'s': '\\t\\n\\f\\r ', 'w': '0-9A-Za-z_', 'd': '0-9'}


def _re2_pattern(pattern):
    r"""`pattern` with RE2's ASCII \s, \w, \d (and \S, \W, \D outside a class) spelled out."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == '\\' and i + 1 < len(pattern):
            escaped = pattern[i + 1]
            if escaped.lower() in _RE2_CLASSES:
                body = _RE2_CLASSES[escaped.lower()]
                if in_class:
                    if escaped.isupper():
                        raise ValueError(f'a negated class inside a class is not supported here: {pattern}')
                    out.append(body)
                else:
                    out.append('[' + ('^' if escaped.isupper() else '') + body + ']')
            else:
                out.append(pattern[i:i + 2])
            i += 2
            continue
        out.append(c)
        if c == '[' and not in_class:
            in_class = True
            for literal in ('^', ']'):
                if pattern[i + 1:i + 2] == literal:
                    out.append(literal)
                    i += 1
        elif c == ']' and in_class:
            in_class = False
        i += 1
    return ''.join(out)


def _fill_re2(module):
    import regex

    module.compile = lambda pattern, options=None: regex.compile(_re2_pattern(pattern), flags=regex.VERSION0)
    module.escape = re.escape
    module.Options = _Anything
    module.error = regex.error


def _fill_uri_template(module):
    import uritemplate

    class URITemplate:
        def __init__(self, template):
            self._template = uritemplate.URITemplate(template)

        def expand(self, **values):
            return self._template.expand(**{k: v for k, v in values.items() if v is not None})

    module.URITemplate = URITemplate
    module.validate = lambda template: True


def _linkifiers():
    """The realm's linkifiers, in order, with the IDs the server would give them."""
    listed = json.loads((REPO / 'test/reference/markdown-oracle-linkifiers.json').read_text())
    return [dict(linkifier, id=i + 1) for i, linkifier in enumerate(listed)]


def _fill_tlds(module):
    tlds = set(json.loads((REPO / 'mock/domain/markdown/tlds.json').read_text()))
    # The server's list has them; its link pattern leaves them out itself.
    module.tld_set = tlds | {'java', 'md', 'mov', 'py', 'zip'}


def _fill_subdomains(module):
    from urllib.parse import urlsplit

    def is_static_or_current_realm_url(url, realm):
        split = urlsplit(url)
        if realm is not None and split.netloc == realm.host and split.scheme == 'http':
            return True
        return split.netloc == '' and split.scheme == ''

    module.is_static_or_current_realm_url = is_static_or_current_realm_url


def _fill_thumbnail(module):
    import dataclasses

    @dataclasses.dataclass
    class AttachmentData:
        audio_path_ids: set
        image_metadata: dict

    module.MarkdownImageMetadata = _Anything
    module.AttachmentData = AttachmentData
    # The realm has no uploads: no upload a message links to is an image or audio the server knows.
    # (A stand-in here would loop: the renderer asks `path_id in ...image_metadata`.)
    module.manifest_and_get_user_upload_previews = lambda *args, **kwargs: AttachmentData(audio_path_ids=set(), image_metadata={})
    module.rewrite_thumbnailed_images = lambda *args, **kwargs: (None, set())


def _fill_realm_emoji(module):
    module.EmojiInfo = dict
    module.get_name_keyed_dict_for_active_realm_emoji = lambda realm_id: {
        'green_tick': {'id': '8001', 'name': 'green_tick', 'source_url': '/user_avatars/1/emoji/images/8001.png',
                       'deactivated': False, 'author_id': 1002, 'still_url': None},
    }


def _set(**attributes):
    return lambda module: module.__dict__.update(attributes)


_STUBS = {
    're2': _fill_re2,
    'tlds': _fill_tlds,
    'uri_template': _fill_uri_template,
    'django_stubs_ext': _set(StrPromise=str),
    'zerver.lib.cache': _set(cache_with_key=lambda *args, **kwargs: (lambda f: f)),
    'zerver.lib.camo': _set(get_camo_url=lambda url: url),
    'zerver.lib.emoji': _fill_emoji,
    'zerver.lib.thumbnail': _fill_thumbnail,
    'zerver.lib.timeout': _set(unsafe_timeout=lambda seconds, f, *args, **kwargs: f(*args, **kwargs)),
    'zerver.lib.tex': _set(render_tex=lambda tex, is_inline=True: None),
    'zerver.lib.subdomains': _fill_subdomains,
    'zerver.models.linkifiers': _set(linkifiers_for_realm=lambda realm_id: _linkifiers()),
    'zerver.models.realm_emoji': _fill_realm_emoji,
}
_EMPTY_STUBS = [
    'zerver.lib.outgoing_http', 'zerver.lib.url_preview', 'zerver.lib.url_preview.types', 'zerver.lib.topic',
    'zerver.lib.streams', 'zerver.lib.user_groups', 'zerver.lib.users', 'zerver.lib.upload',
    'zerver.lib.storage', 'zerver.lib.queue', 'zerver.models', 'zerver.models.groups', 'zerver.models.streams',
    'zerver.models.users', 'zerver.models.realms',
]


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname in _STUBS or fullname in _EMPTY_STUBS:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _StubModule(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        fill = _STUBS.get(module.__name__)
        if fill:
            fill(module)


class _Realm:
    id = 2
    url = 'http://zulip.testserver'
    host = 'zulip.testserver'
    inline_image_preview = True
    inline_url_embed_preview = False
    is_zephyr_mirror_realm = False
    default_code_block_language = ''


class _MentionData:
    """What the renderer asks of the database, answered as the mock's default realm would: as the
    server's MentionData, only for the names (or `name|id`) its patterns find in the raw message,
    and groups by their exact name."""

    def __init__(self, full_name_info, mention, content):
        users = [
            full_name_info(id=1004, full_name='King Hamlet', is_active=True),
            full_name_info(id=1002, full_name='Iago', is_active=True),
            full_name_info(id=1006, full_name='Othello, the Moor of Venice', is_active=True),
        ]
        self.users = [u for u in users if any(self._names(text, u) for text in mention.possible_mentions(content).mention_texts)]
        self.groups = mention.possible_user_group_mentions(content)

    @staticmethod
    def _names(text, user):
        with_id = re.match(r'(?P<full_name>.+)?\|(?P<mention_id>\d+)$', text)
        if with_id is None:
            return user.full_name.lower() == text.lower()
        if with_id.group('full_name'):
            return user.full_name.lower() == with_id.group('full_name').lower() and user.id == int(with_id.group('mention_id'))
        return user.id == int(with_id.group('mention_id'))

    def get_user_by_name(self, name):
        return next((u for u in self.users if u.full_name.lower() == name.lower()), None)

    def get_user_by_id(self, user_id):
        return next((u for u in self.users if u.id == user_id), None)

    def get_user_group(self, name):
        if name.lower() == 'hamletcharacters' and 'hamletcharacters' in self.groups:
            return types.SimpleNamespace(id=3009, name='hamletcharacters', deactivated=False, is_system_group=False)
        return None

    def get_stream_name_map(self, names, acting_user=None):
        channels = {'Verona': 2001, 'Denmark': 2002}
        return {name: channels[name] for name in names if name in channels}

    def get_topic_info_map(self, channel_topics, acting_user=None):
        return {}


class ServerRenderer:
    """`render(content)` is the HTML the server stores for a message with that (normalized) content."""

    def __init__(self, zulip_checkout, python_markdown_checkout):
        sys.path[:0] = [str(python_markdown_checkout), str(zulip_checkout)]
        import django
        from django.conf import settings

        settings.configure(
            CAMO_URI='', ENABLE_FILE_LINKS=False, INLINE_IMAGE_PREVIEW=True, INLINE_URL_EMBED_PREVIEW=False,
            MAX_MESSAGE_LENGTH=10000, STATIC_URL='/static/', EXTERNAL_URI_SCHEME='http://',
            LOCAL_UPLOADS_DIR='/tmp/uploads', USE_I18N=False, INSTALLED_APPS=[],
        )
        django.setup()
        sys.meta_path.insert(0, _StubFinder())
        from zerver.lib import markdown, mention

        self._markdown = markdown
        self._mention = mention

    def render(self, content, translate_emoticons=False):
        result = self._markdown.do_convert(
            content, message_realm=_Realm(), translate_emoticons=translate_emoticons,
            mention_data=_MentionData(self._mention.FullNameInfo, self._mention, content),
        )
        return result.rendered_content
