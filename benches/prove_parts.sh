#!/usr/bin/env bash
# What a proof's part size costs: part K of N as one process, against the
# M parts of N*M that hold the same classes (K, K+N, …, K+(M-1)N), run one
# after another. Both do the same search; the difference is what each
# process pays once (loading the word list, the lexicon, and the first
# touch of the memory its trees take). Each is run twice, in the order
# one, many, many, one, so that a drift of the machine falls on both; one
# thread, CPU time (user + system).
#
#     bash benches/prove_parts.sh WORDS SIZE TARGET N M K
#     bash benches/prove_parts.sh ../shared/wordlists/enable2k.txt 3x4 1651 205 5 42
#     BOGGLE=/tmp/boggle bash benches/prove_parts.sh ...   # a build already made
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 6 ] || { sed -n '2,12p' "$0"; exit 2; }
words=$1 size=$2 target=$3 parts=$4 times=$5 part=$6
. benches/prove_setup.sh

header
speed

# cpu K N: runs part K of N; prints its CPU seconds, or fails.
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/time" \
        "$boggle" best --prove --size "$size" --min-score "$target" --dict "$words" \
        --shard "$1/$2" -j 1 > "$work/part.txt" || { echo "part $1/$2 failed" >&2; return 1; }
    awk '{ print $1 + $2 }' "$work/time"
}

one() {
    local seconds
    seconds=$(cpu "$part" "$parts")
    echo "part $part/$parts, one process: $seconds s"
}

many() {
    local total=0 k seconds
    local line="parts"
    for ((i = 0; i < times; i++)); do
        k=$((part + i * parts))
        seconds=$(cpu "$k" $((parts * times)))
        line="$line $k:$seconds"
        total=$(awk -v a="$total" -v b="$seconds" 'BEGIN { print a + b }')
    done
    echo "$line of $((parts * times)), $times processes: $total s"
}

one
many
many
one
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
