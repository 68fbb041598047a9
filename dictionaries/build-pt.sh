#!/usr/bin/env bash
# Rebuilds dictionaries/pt.txt.gz (Portuguese) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-pt-pt` package (version 1:7.5.0-1), Hunspell dictionary
# pt_PT, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# European Portuguese. Accents and cedilla folded (ç -> c, ã -> a).
# Licence GPL-2 or LGPL-2.1 or MPL-1.1 (MPL taken).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" pt hunspell-pt-pt "1:7.5.0-1" pt_PT LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyz' --fold --drop etc ufo nato
