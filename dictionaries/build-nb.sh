#!/usr/bin/env bash
# Rebuilds dictionaries/nb.txt.gz (Norwegian Bokmål) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-no` package (version 1:7.5.0-1), Hunspell dictionary
# nb_NO, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Letters a-z, æ, ø and å, kept as letters of their own. The list (the
# spell-norwegian project) is GPL-2: Debian has no Norwegian list under a
# permissive licence; see docs/languages.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" nb hunspell-no "1:7.5.0-1" nb_NO LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyzæøå' --drop etc ufo
