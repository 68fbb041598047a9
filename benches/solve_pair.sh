#!/usr/bin/env bash
# Two builds of `boggle solve` on the same boards, paired: each round runs
# A, B, B, A (so that a drift of the machine's speed falls on both alike)
# and takes the ratio of B's CPU time (user + system) to A's. Prints the
# median ratio and its quartiles over the rounds, and each build's summed
# CPU time; checks first that both builds write the same bytes.
#
#     bash benches/solve_pair.sh A B [FORMAT [DICE [BOARDS [ROUNDS]]]]
#     bash benches/solve_pair.sh /tmp/boggle-before target/release/boggle json new 50000 15
#
# FORMAT is a `--format` (default json), DICE a `boggle random --dice`
# set (default new; `uniform` for letters a-z), BOARDS how many 4×4
# boards (default 50,000), rolled by A with `--seed 1`; ROUNDS defaults
# to 15. Each run is `solve --format FORMAT -j 1` reading the boards from
# a file; THREADS=2 in the environment runs `-j 2` instead. MEASURE=wall
# times each run from start to exit instead of its CPU time: what a
# change in how the workers wait shows, where CPU time does not.
# OUT=file writes each run's output into a file (truncated by each run, as
# a shell's `>` does) instead of /dev/null, so that the kernel's work of
# filling the file's pages is timed too; OUT=pipe into a pipe read by
# `cat > /dev/null` (its wall time is the pipeline's).
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."

[ $# -ge 2 ] || { sed -n '2,15p' "$0"; exit 2; }
a=$1 b=$2 format=${3:-json} dice=${4:-new} boards=${5:-50000} rounds=${6:-15}
threads=${THREADS:-1}
measure=${MEASURE:-cpu}
out=${OUT:-null}
case $measure in
    cpu) what='CPU time' ;;
    wall) what='wall time' ;;
    *) echo "solve_pair: MEASURE is cpu or wall, not '$measure'" >&2; exit 2 ;;
esac
[ -x /usr/bin/time ] || { echo "solve_pair: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case $out in
    null) sink=/dev/null shown='> /dev/null' ;;
    file) sink=$work/out shown="> $work/out" ;;
    pipe) sink= shown='| cat > /dev/null' ;;
    *) echo "solve_pair: OUT is null, file or pipe, not '$out'" >&2; exit 2 ;;
esac
# Runs build $1 on the boards into the sink.
into_sink() {
    if [ "$out" = pipe ]; then
        "$1" solve --format "$format" -j "$threads" < "$work/boards.txt" | cat > /dev/null
    else
        "$1" solve --format "$format" -j "$threads" < "$work/boards.txt" > "$sink"
    fi
}

"$a" random --seed 1 --dice "$dice" -n "$boards" > "$work/boards.txt"
solve() { "$1" solve --format "$format" -j "$threads" < "$work/boards.txt"; }
if ! cmp -s <(solve "$a") <(solve "$b"); then
    echo "solve_pair: the two builds write different output" >&2
    exit 1
fi

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git describe --always --dirty 2>/dev/null || echo none)," \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# THREADS=$threads MEASURE=$measure OUT=$out bash benches/solve_pair.sh A B $format $dice $boards $rounds"
echo "# A = $a; B = $b; $boards $dice 4×4 boards, solve --format $format -j $threads $shown, $rounds rounds of A B B A"
# GNU time counts in hundredths of a second; a wall time is taken from
# bash's clock, in microseconds.
cpu() {
    if [ "$measure" = wall ]; then
        local start=$EPOCHREALTIME
        into_sink "$1"
        awk -v start="$start" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.6f\n", end - start }'
        return
    fi
    if [ "$out" = pipe ]; then
        /usr/bin/time -f '%U %S' -o "$work/time" "$1" solve --format "$format" -j "$threads" \
            < "$work/boards.txt" | cat > /dev/null
    else
        /usr/bin/time -f '%U %S' -o "$work/time" "$1" solve --format "$format" -j "$threads" \
            < "$work/boards.txt" > "$sink"
    fi
    awk '{ print $1 + $2 }' "$work/time"
}
for _ in $(seq "$rounds"); do
    a1=$(cpu "$a") b1=$(cpu "$b") b2=$(cpu "$b") a2=$(cpu "$a")
    echo "$a1 $a2 $b1 $b2" | awk '{ print ($3 + $4) / ($1 + $2), $1 + $2, $3 + $4 }'
done | sort -g | awk -v what="$what" '{ ratio[NR] = $1; sa += $2; sb += $3 }
    END {
        printf "B/A %s: median %.3f (quartiles %.3f to %.3f); summed: A %.2f s, B %.2f s (%.3f)\n", what,
            ratio[int((NR + 1) / 2)], ratio[int(NR / 4) + 1], ratio[int(3 * NR / 4)], sa, sb, sb / sa
    }'
