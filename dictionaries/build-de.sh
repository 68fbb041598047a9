#!/usr/bin/env bash
# Rebuilds dictionaries/de.txt.gz (German) and dictionaries/LICENSE-igerman98.txt from
# Debian's `hunspell-de-de` package (version 20161207-11), Hunspell dictionary
# de_DE, expanded by build-hunspell.sh and hunspell_words.py, whose filters
# every list goes through (no proper nouns, abbreviations, unit symbols,
# roman numerals, one- or two-letter words or non-letters).
# Letters a-z, ä, ö, ü and ß, kept as letters of their own. The list,
# igerman98 by Björn Jacke, is GPL-2+: Debian has no German list under a
# permissive licence (the other one, de_DE_frami, is GPL too), and German
# is the language most asked for after French; see docs/languages.md.
# Known junk the general rules miss: lower-case acronyms with a vowel.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" de hunspell-de-de "20161207-11" de_DE LICENSE-igerman98.txt \
    --letters 'abcdefghijklmnopqrstuvwxyzäöüß' --drop usw bzw etc ufo nato
