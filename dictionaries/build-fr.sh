#!/usr/bin/env bash
# Rebuilds dictionaries/fr.txt.gz and dictionaries/LICENSE-hunspell-fr.txt
# from Debian's `hunspell-fr-classical` package (version 1:7.0-1, MPL-2.0), so
# anyone can check where every word came from. The Hunspell dictionary is
# expanded into its word forms with the PyPI package `spylls` (version 0.1.7,
# in a temporary virtual environment): each stem, its suffixed forms (two
# levels of suffixes), and its forms with prefixes other than elisions (l',
# d', qu' …, which are dropped). Proper nouns (capitalised stems) are left
# out, accents folded (é→e, œ→oe, æ→ae), and words of 3+ letters a–z kept.
# The list is stored gzip-compressed (about 1 MB instead of 5 MB); build.rs
# decompresses it. Needs apt-get, dpkg-deb, python3 with venv, and gzip.
set -euo pipefail

version="1:7.0-1"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
apt-get download "hunspell-fr-classical=$version"
dpkg-deb -x hunspell-fr-classical_*_all.deb root
python3 -m venv venv
venv/bin/pip install --quiet "spylls==0.1.7"

venv/bin/python - root/usr/share/hunspell/fr <<'PYTHON' > words.txt
import sys, unicodedata
from spylls.hunspell import Dictionary

dictionary = Dictionary.from_files(sys.argv[1])
aff = dictionary.aff
elided = ("'", "\u2019")

def suffixed(stem, flags, depth):
    """Each form a suffix of `flags` makes of `stem`, and the forms the
    suffix's own continuation flags make of that, with the suffix used."""
    for flag in flags:
        for suffix in aff.SFX.get(flag, []):
            if stem.endswith(suffix.strip) and suffix.cond_regexp.search(stem):
                root = stem[: len(stem) - len(suffix.strip)] if suffix.strip else stem
                form = root + suffix.add
                yield form, suffix
                if depth < 2 and suffix.flags:
                    for deeper, _ in suffixed(form, suffix.flags, depth + 1):
                        yield deeper, suffix

forms = set()
for word in dictionary.dic.words:
    flags = word.flags
    if aff.FORBIDDENWORD in flags:
        continue
    if aff.NEEDAFFIX not in flags:
        forms.add(word.stem)
    with_suffix = list(suffixed(word.stem, flags, 1))
    forms.update(form for form, suffix in with_suffix if aff.NEEDAFFIX not in suffix.flags)
    for flag in flags:
        for prefix in aff.PFX.get(flag, []):
            if any(mark in prefix.add for mark in elided):
                continue
            if not (word.stem.startswith(prefix.strip) and prefix.cond_regexp.search(word.stem)):
                continue
            forms.add(prefix.add + word.stem[len(prefix.strip):])
            if prefix.crossproduct:
                forms.update(
                    prefix.add + form[len(prefix.strip):]
                    for form, suffix in with_suffix
                    if suffix.crossproduct and form.startswith(prefix.strip)
                )

def fold(word):
    decomposed = unicodedata.normalize("NFD", word)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.replace("œ", "oe").replace("æ", "ae")

words = set()
for form in forms:
    if any(mark in form for mark in elided) or not form[:1].islower():
        continue
    word = fold(form)
    if len(word) >= 3 and word.isascii() and word.isalpha():
        words.add(word.lower())
for word in sorted(words):
    print(word)
PYTHON

gzip -9 -n < words.txt > "$here/fr.txt.gz"
# The package's copyright file, then the full licence text it points to.
cat root/usr/share/doc/hunspell-fr-classical/copyright \
    /usr/share/common-licenses/MPL-2.0 > "$here/LICENSE-hunspell-fr.txt"
echo "wrote $(wc -l < words.txt) words to $here/fr.txt.gz"

# The binary embeds the lists compiled.
"$here/compile.sh"
