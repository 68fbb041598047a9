#!/usr/bin/env bash
# Rebuilds dictionaries/nl.txt.gz (Dutch) and dictionaries/LICENSE-opentaal.txt from
# Debian's `hunspell-nl` package (version 2:2.20.19-2), Hunspell dictionary
# nl, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# OpenTaal's list, BSD or CC BY 3.0 (BSD taken). Diacritics (één,
# ideeën) folded, as players type words without them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" nl hunspell-nl "2:2.20.19-2" nl LICENSE-opentaal.txt \
    --letters 'abcdefghijklmnopqrstuvwxyz' --fold --drop ufo
