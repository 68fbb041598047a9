#!/usr/bin/env bash
# Rebuilds dictionaries/pl.txt.gz (Polish) and dictionaries/LICENSE-libreoffice-dictionaries.txt from
# Debian's `hunspell-pl` package (version 1:7.5.0-1), Hunspell dictionary
# pl_PL, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Letters a-z and ą ć ę ł ń ó ś ź ż, kept as letters of their own.
# Licence GPL, LGPL, MPL, Apache-2.0 or CC-SA-1.0 (MPL taken). Expands to
# 3 million forms: the length cap keeps words of up to 7 letters.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" pl hunspell-pl "1:7.5.0-1" pl_PL LICENSE-libreoffice-dictionaries.txt \
    --letters 'abcdefghijklmnopqrstuvwxyząćęłńóśźż' --drop etc ufo
