#!/usr/bin/env bash
# Rebuilds dictionaries/en.txt and dictionaries/LICENSE-SCOWL.txt from Debian's
# `scowl` package (version 2020.12.07-2), so anyone can check where every word
# came from. Needs apt-get, dpkg-deb, iconv and GNU sort.
set -euo pipefail

version="2020.12.07-2"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
apt-get download "scowl=$version"
dpkg-deb -x scowl_"$version"_all.deb root

dict="root/usr/share/dict/scowl"
sizes="10 20 35 40 50 55 60 70 80"
dialects="english american british british_z canadian australian variant_1 variant_2
british_variant_1 british_variant_2 canadian_variant_1 canadian_variant_2
australian_variant_1 australian_variant_2"

files=()
for dialect in $dialects; do
    for size in $sizes; do
        file="$dict/$dialect-words.$size"
        if [ -f "$file" ]; then
            files+=("$file")
        fi
    done
done

# The word files are UTF-8; transliteration folds accented letters to
# their ASCII base letter (café -> cafe) before the a-z filter.
cat "${files[@]}" \
    | grep -v "'" \
    | iconv -f utf-8 -t ascii//TRANSLIT \
    | grep -E '^[a-z]{3,}$' \
    | LC_ALL=C sort -u > "$here/en.txt"

cp root/usr/share/doc/scowl/copyright "$here/LICENSE-SCOWL.txt"
echo "wrote $(wc -l < "$here/en.txt") words to $here/en.txt"

# The binary embeds the lists compiled.
"$here/compile.sh"
