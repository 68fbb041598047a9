#!/usr/bin/env bash
# Compiles the bundled word lists into the packed dictionaries the binary
# embeds (en.dict, fr.dict, ...; see src/dict/bundled.rs), with the same
# `boggle dict compile` users run. The build-*.sh scripts call it after
# writing a list; a unit test (`every_bundled_list_is_its_text_compiled`)
# fails when a .dict file is not its list compiled by this build. A .dict
# that does not exist yet is first made empty, so the build that compiles
# it can embed something.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# Each language's list, and whether it is compiled with accents folded (as
# `--lang XX` reads boards): French, Spanish, Italian, Dutch and Portuguese
# are folded to a-z by their build scripts, the others keep their letters.
lists="en:en.txt:keep en-common:en-common.txt.gz:keep fr:fr.txt.gz:fold fi:fi.txt:keep
de:de.txt.gz:keep es:es.txt.gz:fold it:it.txt.gz:fold nl:nl.txt.gz:fold pt:pt.txt.gz:fold
sv:sv.txt.gz:keep da:da.txt.gz:keep nb:nb.txt.gz:keep pl:pl.txt.gz:keep"
for entry in $lists; do
    code="${entry%%:*}"
    [ -f "$here/$code.dict" ] || : > "$here/$code.dict"
done
cargo build --release --quiet --manifest-path "$here/../Cargo.toml"
boggle="$(cargo metadata --format-version 1 --no-deps --manifest-path "$here/../Cargo.toml" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/release/boggle"
for entry in $lists; do
    IFS=: read -r code list accents <<< "$entry"
    fold=()
    if [ "$accents" = fold ]; then
        fold=(--fold-accents)
    fi
    "$boggle" dict compile --dict-format plain "${fold[@]}" "$here/$list" -o "$here/$code.dict"
done
ls -l "$here"/*.dict
