#!/usr/bin/env bash
# Rebuilds dictionaries/en-common.txt.gz, the players' English list
# (`--lang en-common`), from Debian's `scowl` package (version
# 2020.12.07-2), as build-en.sh builds the full list but from SCOWL's
# smaller sizes only: 10 to 50, the words SCOWL calls common (size 50 is
# the size of a typical desk dictionary's everyday words), in the English,
# American, British, Canadian and Australian spellings, no variants. The
# licence is the one of the full list, dictionaries/LICENSE-SCOWL.txt.
# Needs apt-get, dpkg-deb, iconv, GNU sort and gzip.
set -euo pipefail

version="2020.12.07-2"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
apt-get download "scowl=$version"
dpkg-deb -x scowl_"$version"_all.deb root

dict="root/usr/share/dict/scowl"
files=()
for dialect in english american british british_z canadian australian; do
    for size in 10 20 35 40 50; do
        file="$dict/$dialect-words.$size"
        if [ -f "$file" ]; then
            files+=("$file")
        fi
    done
done

# As build-en.sh: no possessives or contractions, accents folded to their
# ASCII letter, words of 3+ letters a-z. SCOWL writes proper nouns and
# abbreviations with capitals, so the a-z filter leaves them out.
cat "${files[@]}" \
    | grep -v "'" \
    | iconv -f utf-8 -t ascii//TRANSLIT \
    | grep -E '^[a-z]{3,}$' \
    | LC_ALL=C sort -u | gzip -9 -n > "$here/en-common.txt.gz"
echo "wrote $(zcat "$here/en-common.txt.gz" | wc -l) words to $here/en-common.txt.gz"

if [ -z "${NO_COMPILE:-}" ]; then
    "$here/compile.sh"
fi
