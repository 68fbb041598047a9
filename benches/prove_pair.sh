#!/usr/bin/env bash
# Parts of a proof run by two builds side by side: each part by both at
# once, one thread each, so both see the same machine and load. Prints
# each part's CPU time (user + system), peak memory and bound computations
# per build, and the ratio of the CPU times, then the sums.
#
#     BASE=/tmp/boggle-before bash benches/prove_pair.sh WORDS SIZE TARGET N K...
#     BASE=/tmp/boggle-before bash benches/prove_pair.sh enable2k.txt 4x4 3625 262145 209308 51788
#     BOGGLE=/tmp/boggle-after ...    # a build already made (default: this tree's)
#     COMPARE=no ...    # builds whose records differ by design (another split)
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 5 ] || { sed -n '2,10p' "$0"; exit 2; }
words=$1 size=$2 target=$3 parts=$4
shift 4
base="${BASE:?BASE=the build to compare with}"
. benches/prove_setup.sh

header
echo "base: $base; this: $boggle"
speed
echo "== $size, proving $target, parts of $parts, each by both builds at once"
printf '%-8s %10s %8s %12s %10s %8s %12s %7s\n' part "base s" "base MB" "base bounds" "this s" "this MB" "this bounds" ratio
total_base=0 total_this=0
for k in "$@"; do
    for who in base this; do
        binary=$base
        [ "$who" = this ] && binary=$boggle
        /usr/bin/time -f '%U %S %M' -o "$work/$who.time" \
            "$binary" best --prove --size "$size" --min-score "$target" --dict "$words" \
            --shard "$k/$parts" -j 1 > "$work/$who.txt" &
    done
    wait
    if [ "${COMPARE:-yes}" != no ] && ! diff <(grep -v '^# \(time\|version\|bound computations\)' "$work/base.txt") \
        <(grep -v '^# \(time\|version\|bound computations\)' "$work/this.txt") > /dev/null; then
        echo "part $k: the builds' records differ"
        exit 1
    fi
    line() {
        awk -v bounds="$(grep '^# bound computations' "$work/$1.txt" | cut -d' ' -f4)" \
            '{ printf "%10.1f %8.0f %12s", $1 + $2, $3 / 1024, bounds }' "$work/$1.time"
    }
    b=$(awk '{ print $1 + $2 }' "$work/base.time")
    t=$(awk '{ print $1 + $2 }' "$work/this.time")
    printf '%-8s %s %s %7.2f\n' "$k" "$(line base)" "$(line this)" "$(awk -v b="$b" -v t="$t" 'BEGIN { print b / t }')"
    total_base=$(awk -v a="$total_base" -v b="$b" 'BEGIN { print a + b }')
    total_this=$(awk -v a="$total_this" -v b="$t" 'BEGIN { print a + b }')
done
awk -v b="$total_base" -v t="$total_this" 'BEGIN { printf "sum: base %.1f s, this %.1f s CPU; base / this %.2f\n", b, t, b / t }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
speed
