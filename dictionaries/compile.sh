#!/usr/bin/env bash
# Compiles the bundled word lists into the packed dictionaries the binary
# embeds (en.dict, fr.dict, fi.dict; see src/dict/bundled.rs), with the same
# `boggle dict compile` users run. The build-*.sh scripts call it after
# writing a list; a unit test (`every_bundled_list_is_its_text_compiled`)
# fails when a .dict file is not its list compiled by this build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cargo build --release --quiet --manifest-path "$here/../Cargo.toml"
boggle="$(cargo metadata --format-version 1 --no-deps --manifest-path "$here/../Cargo.toml" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/release/boggle"
# French is folded to a-z, as `--lang fr` reads boards.
"$boggle" dict compile --dict-format plain "$here/en.txt" -o "$here/en.dict"
"$boggle" dict compile --dict-format plain --fold-accents "$here/fr.txt.gz" -o "$here/fr.dict"
"$boggle" dict compile --dict-format plain "$here/fi.txt" -o "$here/fi.dict"
ls -l "$here"/*.dict
