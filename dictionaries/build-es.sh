#!/usr/bin/env bash
# Rebuilds dictionaries/es.txt.gz (Spanish) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-es` package (version 1:7.5.0-1), Hunspell dictionary
# es_ES, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Accents folded (á -> a, ñ -> n, ü -> u), as players type words without
# them. Licence GPL-3+ or LGPL-3+ or MPL-1.1+ (MPL taken).
# Inflected forms with enclitic pronouns expand to 600,000 words: the
# length cap of hunspell_words.py keeps the words of up to 8 letters.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" es hunspell-es "1:7.5.0-1" es_ES LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyz' --fold --drop etc ufo nato
