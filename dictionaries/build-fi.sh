#!/usr/bin/env bash
# Rebuilds dictionaries/fi.txt and dictionaries/LICENSE-kotus.txt from the
# Kotus word list of modern Finnish ("Nykysuomen sanalista") as the PyPI
# package `taivutin` (version 0.1.3) carries it, so anyone can check where
# every word came from. Keeps the base forms made of letters only (no
# space, hyphen, apostrophe or digit), lower case, NFC, with å, ä and ö as
# letters of their own. Needs pip and python3.
set -euo pipefail

version="0.1.3"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
pip download --quiet --no-deps "taivutin==$version" -d .

python3 - "taivutin-$version-py3-none-any.whl" "$here" <<'PYTHON'
import sys, unicodedata, zipfile, pathlib

wheel, here = sys.argv[1], pathlib.Path(sys.argv[2])
with zipfile.ZipFile(wheel) as archive:
    archive.extractall("wheel")
sys.path.insert(0, "wheel")
from taivutin import vakiot  # The word list, as a dict keyed by word.

words = set()
for word in vakiot.SANATRIE:
    word = unicodedata.normalize("NFC", word.strip().lower())
    if word and all(c.isalpha() for c in word):
        words.add(word)
# Code-point order, as LC_ALL=C sort orders UTF-8.
(here / "fi.txt").write_text("".join(w + "\n" for w in sorted(words)), encoding="utf-8")

# The licence: the package's own (LGPL-3.0), and what it says of the word
# list's triple licence (GNU LGPL, EUPL 1.1, CC BY 3.0).
metadata = pathlib.Path(f"wheel/taivutin-{sys.argv[1].split('-')[1]}.dist-info/METADATA").read_text(encoding="utf-8")
notes = [line for line in metadata.splitlines() if "sanalist" in line.lower() or "lisen" in line.lower()]
licence = pathlib.Path(f"wheel/taivutin-{sys.argv[1].split('-')[1]}.dist-info/LICENSE").read_text(encoding="utf-8")
(here / "LICENSE-kotus.txt").write_text(
    "The Finnish word list dictionaries/fi.txt is taken from the Kotus word list of\n"
    "modern Finnish (Nykysuomen sanalista) as carried by the PyPI package taivutin\n"
    "0.1.3. What the package says of the list and its licences:\n\n"
    + "\n".join(notes)
    + "\n\nThe package's licence, under which the list is also distributed:\n\n"
    + licence,
    encoding="utf-8",
)
print(f"wrote {len(words)} words to {here / 'fi.txt'}")
PYTHON

# The binary embeds the lists compiled.
"$here/compile.sh"
