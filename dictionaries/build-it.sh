#!/usr/bin/env bash
# Rebuilds dictionaries/it.txt.gz (Italian) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-it` package (version 1:7.5.0-1), Hunspell dictionary
# it_IT, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Accents folded (à -> a). The list (LibreItalia) is GPL-3: Debian has
# no Italian list under a permissive licence; see docs/languages.md.
# Expands to 2.7 million forms: the length cap keeps words of up to 8
# letters.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" it hunspell-it "1:7.5.0-1" it_IT LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyz' --fold --drop etc ufo nato
