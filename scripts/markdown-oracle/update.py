"""Regenerates test/reference/markdown-oracle-cases.json: random messages (messages.py) and the HTML
the real server's Markdown processor renders for each (server_renderer.py), for
test/markdown-oracle.test.ts to hold the mock's renderer against.

usage: /usr/bin/python3 scripts/markdown-oracle/update.py <zulip checkout> <python-markdown checkout>
       [--count N] [--seed S] [--source "what the checkouts are"]

The committed corpus: Zulip main of December 2025 (feature level 442) on Python-Markdown 3.10.0,
Pygments 2.14 (Debian 12): 600 messages, seed 1, the realm holding the linkifiers of
test/reference/markdown-oracle-linkifiers.json. Code blocks' Pygments token spans depend on the
Pygments version and are not compared.
"""
import argparse
import hashlib
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from messages import messages  # noqa: E402
from server_renderer import REPO, ServerRenderer  # noqa: E402

OUTPUT = REPO / 'test/reference/markdown-oracle-cases.json'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('zulip')
    parser.add_argument('python_markdown')
    parser.add_argument('--count', type=int, default=600)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--source', default='Zulip main of December 2025 (feature level 442), Python-Markdown 3.10.0')
    args = parser.parse_args()

    renderer = ServerRenderer(args.zulip, args.python_markdown)
    cases = []
    for content in messages(args.count, args.seed):
        digest = hashlib.sha256(content.encode()).hexdigest()
        # One message in five from a sender who has `translate_emoticons` on.
        emoticons = int(digest[-2:], 16) % 5 == 0
        html = renderer.render(content, translate_emoticons=emoticons)
        case = {'id': digest[:12], 'input': content, 'html': html}
        if emoticons:
            case['translate_emoticons'] = True
        cases.append(case)
    OUTPUT.write_text(json.dumps({'source': args.source, 'seed': args.seed, 'cases': cases}, indent=1, ensure_ascii=False) + '\n')
    print(f'wrote {OUTPUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
