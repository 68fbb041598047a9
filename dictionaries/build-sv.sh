#!/usr/bin/env bash
# Rebuilds dictionaries/sv.txt.gz (Swedish) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-sv` package (version 1:7.5.0-1), Hunspell dictionary
# sv_SE, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Letters a-z, å, ä and ö, kept as letters of their own. LGPL-3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" sv hunspell-sv "1:7.5.0-1" sv_SE LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyzåäö' --drop ufo
