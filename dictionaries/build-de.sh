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
# German writes every noun with a capital: --noun-flags keeps the
# capitalised stems that take a plural or diminutive ending (E -e, N -n,
# P -en, T -es, M -chen, F -in), lower-cased; names take none and stay
# out. With its nouns the list is larger: capped at 300,000 words.
# Known junk the general rules miss: lower-case acronyms with a vowel.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build-hunspell.sh" de hunspell-de-de "20161207-11" de_DE LICENSE-igerman98.txt \
    --letters 'abcdefghijklmnopqrstuvwxyzäöüß' --noun-flags ENPMFT --max-words 300000 --drop usw bzw etc ufo nato
