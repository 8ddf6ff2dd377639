"""Regenerates mock/domain/user-settings/language-names.json: each language code the mock takes
for `default_language` -> the name the real server gives it in `language_name`. The server reads
it from its language list, built by its `compilemessages` from Django's `LANG_INFO[code]
["name_local"]`, or, for a code Django does not know, from the translation team named in the
code's catalog (then passed through that language's translations, which leave these names as
they are), each NFC-normalized. Facts from the installed Django (Debian's python3-django; the
server runs a newer Django, whose names for these codes were not compared); run:
/usr/bin/python3 scripts/language-names-update.py
"""
import json
import pathlib
import re
import unicodedata

import django
from django.conf.locale import LANG_INFO

root = pathlib.Path(__file__).resolve().parent.parent
catalog = (root / "mock/domain/user-settings/catalog.ts").read_text()
codes_block = re.search(r"LANGUAGE_CODES = new Set\(\[(.*?)\]\)", catalog, re.S).group(1)
codes = re.findall(r"'([a-z-]+)'", codes_block)

# The "Language-Team" names of the server's catalogs for the codes Django lacks.
TEAM_NAMES = {
    "bqi": "Luri (Bakhtiari)",
    "gu": "Gujarati",
    "pt-pt": "Portuguese (Portugal)",
    "si": "Sinhala",
    "tl": "Tagalog",
    "zh-tw": "Chinese (Taiwan)",
}

names = {}
for code in codes:
    # The server takes no fallback: a code Django lists only as a fallback (zh-tw) goes by its team name.
    info = LANG_INFO.get(code, {})
    name = info["name_local"] if "name_local" in info else TEAM_NAMES[code]
    names[code] = unicodedata.normalize("NFC", name)

out = root / "mock/domain/user-settings/language-names.json"
out.write_text(json.dumps({"django": django.get_version(), "names": names}, indent=0, ensure_ascii=False) + "\n")
print(f"wrote {out}: {len(names)} languages")
