#!/usr/bin/env bash
# Rebuilds dictionaries/da.txt.gz (Danish) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-da` package (version 1:7.5.0-1), Hunspell dictionary
# da_DK, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Letters a-z, æ, ø and å, kept as letters of their own. Licence LGPL-2.1
# or GPL-2 or MPL-1.1 (MPL taken).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" da hunspell-da "1:7.5.0-1" da_DK LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyzæøå' --drop ufo
