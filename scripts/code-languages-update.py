"""Regenerates mock/domain/markdown/code-languages.json: every Pygments lexer alias -> the lexer's
name, which is what the real server writes in a code block's `data-code-language` (`py2` ->
"Python 2.x"). Facts from the installed Pygments; run: python3 scripts/code-languages-update.py
"""
import json
import pathlib

import pygments
from pygments.lexers import get_all_lexers

names = {}
for name, aliases, _filenames, _mimetypes in get_all_lexers():
    for alias in aliases:
        names.setdefault(alias.lower(), name)

out = pathlib.Path(__file__).resolve().parent.parent / "mock/domain/markdown/code-languages.json"
out.write_text(json.dumps({"pygments": pygments.__version__, "names": dict(sorted(names.items()))}, indent=0, ensure_ascii=False) + "\n")
print(f"wrote {out}: {len(names)} aliases")
