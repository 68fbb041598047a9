#!/usr/bin/env bash
# Rebuilds dictionaries/fr.txt.gz and dictionaries/LICENSE-hunspell-fr.txt
# from Debian's `hunspell-fr-classical` package (version 1:7.0-1, MPL-2.0),
# so anyone can check where every word came from. The Hunspell dictionary
# is expanded into its word forms by build-hunspell.sh and
# hunspell_words.py, whose filters every list goes through: each stem, its
# suffixed forms (two levels of suffixes), and its forms with prefixes
# other than elisions (l', d', qu' ..., which are dropped). Proper nouns,
# abbreviations and unit symbols (written with capitals in the source:
# Paris, XIV, kWh, MHz, hPa, and the SI prefixes the source puts on Hz, Pa
# and Wh) are left out, accents folded (é→e, œ→oe, æ→ae), and words of 3+
# letters a–z kept, with no length cap. The list is stored gzip-compressed
# (about 1 MB instead of 5 MB). Needs apt-get, dpkg-deb, python3 with
# venv, and gzip.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
NO_COMPILE=1 "$here/build-hunspell.sh" fr hunspell-fr-classical "1:7.0-1" fr LICENSE-hunspell-fr.txt \
    --letters abcdefghijklmnopqrstuvwxyz --fold --max-len 99 --max-words 100000000
# The package's copyright file, then the full licence text it points to.
cat /usr/share/common-licenses/MPL-2.0 >> "$here/LICENSE-hunspell-fr.txt"

# The binary embeds the lists compiled.
"$here/compile.sh"
