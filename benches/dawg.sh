#!/usr/bin/env bash
# Instruction, first-level data cache miss and branch mispredict counts of
# the trie's search and the DAWG's (benches/dawg), under cachegrind, which
# counts the same on a busy machine as on a quiet one.
#
#     bash benches/dawg.sh           # 10,000 boards of each kind
#     BOARDS=1000 bash benches/dawg.sh
#
# Each search runs alone over the same boards (uniform and `new` dice, 4×4,
# seed 1); a run with the same setup and no search is subtracted from each,
# so the figures are the searches' own. Spelling every word found from its
# id is counted the same way. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

boards="${BOARDS:-10000}"
binary="$(cargo bench --locked --bench dawg --no-run --message-format=json 2> /dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The total of one cachegrind counter line, without thousands separators.
total() {
    grep -E "$1" "$2" | head -n 1 | sed -E 's/.*: +([0-9,]+).*/\1/' | tr -d ,
}

count() {
    valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes \
        --cachegrind-out-file=/dev/null "$binary" only "$1" "$2" "$boards" \
        > "$work/$1-$2.log" 2>&1
}

echo "| boards | what | instructions | D1 misses | mispredicts |"
echo "|---|---|--:|--:|--:|"
for dice in uniform new; do
    for what in none trie dawg dawg12 spell-none spell-trie spell-dawg; do
        if [ "$dice" = new ] && [[ "$what" == spell-* ]]; then
            continue
        fi
        count "$what" "$dice"
    done
    for what in trie dawg dawg12 spell-trie spell-dawg; do
        [ -f "$work/$what-$dice.log" ] || continue
        base=none
        [[ "$what" == spell-* ]] && base=spell-none
        row="| $boards $dice | $what |"
        for counter in 'I +refs' 'D1 +misses' 'Mispredicts'; do
            here="$(total "$counter" "$work/$what-$dice.log")"
            setup="$(total "$counter" "$work/$base-$dice.log")"
            row="$row $((here - setup)) |"
        done
        echo "$row"
    done
done
