#!/usr/bin/env bash
# The README's figures for `boggle best --prove`: the whole 3×3 proof, and
# samples of parts of the 3×4 and 4×4 proofs extrapolated to the whole.
#
#     bash benches/prove.sh [WORDLIST]           # default ../shared/wordlists/enable2k.txt
#     SAMPLES=3 bash benches/prove.sh            # parts per sample (default 5)
#     ONLY=3x4 bash benches/prove.sh             # one row: 3x3, 3x4 or 4x4
#     PARTS_3X4=257 PARTS_4X4=16385 bash benches/prove.sh   # bigger parts (N coprime to 6)
#     BOGGLE=/tmp/boggle bash benches/prove.sh   # a build already made
#     JOBS=2 bash benches/prove.sh               # two parts at a time (slower per part)
#
# A sample runs randomly chosen parts `--shard K/N` on one thread each and
# sums their user and system CPU time. Parts are dealt class by class in
# turn, so each is a systematic sample of the whole space, and the whole
# proof costs about N times a part's mean. N is coprime to 6: with S
# letter sets per cell (2 up to 9 cells, 1 at the corners of 3×3; above, 2 on
# the border and 3 inside it, 1 at the corners of 3×4), an N that S
# divides would give every part one set for the last cell that has
# several, and a part would sample only the classes that share it. A 3×4
# part of 41 holds 14 or 15 of the 576 classes (since the corners of 3×4
# took one set, a part of 1,025 holds one class or none, so 41 is the
# default). A 4×4 part of 65,537 holds five or six of the 331,776 classes; most
# classes are turned or mirrored forms of others and cost nothing, so
# most parts take under a second and a few carry the mean. The parts are
# drawn with a fixed seed, so a rerun measures the same ones.
set -euo pipefail
cd "$(dirname "$0")/.."

words="${1:-../shared/wordlists/enable2k.txt}"
samples="${SAMPLES:-5}"
jobs="${JOBS:-1}"
only="${ONLY:-}"
. benches/prove_setup.sh

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
speed

if [ -z "$only" ] || [ "$only" = 3x3 ]; then
    echo "== 3x3, proving 545 optimal, -j 2"
    /usr/bin/time -f '%e s wall, %U s user, %S s system, %M KB peak' \
        "$boggle" best --prove --size 3x3 --min-score 545 --dict "$words" -j 2
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

# sample SIZE BOUND PARTS SEED: runs $samples random parts of PARTS and
# prints each part's CPU seconds, their mean and median, and the whole
# proof's estimate with its standard error.
sample() {
    local size=$1 bound=$2 parts=$3 seed=$4
    echo "== $size, proving $bound: $samples random parts of $parts, one thread each, $jobs at a time"
    local picks
    picks=$(awk -v n="$samples" -v parts="$parts" -v seed="$seed" \
        'BEGIN { srand(seed); for (i = 0; i < n; i++) print 1 + int(rand() * parts) }')
    local total=0 measured=0
    : > "$work/seconds"
    # Parts run $jobs at a time, each in its own files; their lines are
    # printed in the order drawn once all have ended.
    for k in $picks; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
        # A part that needs more memory than this fails instead of
        # pushing a shared machine into swap.
        (ulimit -v "${MEMORY_KB:-8388608}"; /usr/bin/time -f '%U %S %M' -o "$work/$k.time" \
            "$boggle" best --prove --size "$size" --min-score "$bound" --dict "$words" \
            --shard "$k/$parts" -j 1 > "$work/$k.txt" && touch "$work/$k.ok") &
    done
    wait
    for k in $picks; do
        [ -e "$work/$k.ok" ] || { echo "part $k/$parts failed"; continue; }
        local seconds megabytes
        seconds=$(awk '{ print $1 + $2 }' "$work/$k.time")
        megabytes=$(awk '{ printf "%.0f", $3 / 1024 }' "$work/$k.time")
        echo "part $k/$parts: $seconds s CPU, $megabytes MB; $(grep -E '^# (covered|classes examined|bound computations)' "$work/$k.txt" | tr '\n' ' ')"
        grep -v '^#' "$work/$k.txt" || true
        echo "$seconds" >> "$work/seconds"
        total=$(awk -v a="$total" -v b="$seconds" 'BEGIN { print a + b }')
        measured=$((measured + 1))
    done
    [ "$measured" -gt 0 ] || { echo "no part finished"; return; }
    awk -v total="$total" -v n="$measured" -v parts="$parts" 'BEGIN {
        mean = total / n
        printf "mean %.2f s CPU per part; whole proof about %.0f CPU-seconds = %.1f CPU-hours\n",
            mean, mean * parts, mean * parts / 3600
    }'
    # The median, and the standard error of the mean as a spread of the
    # estimate (two of them either side).
    sort -n "$work/seconds" | awk -v parts="$parts" '
        { x[NR] = $1; sum += $1; squares += $1 * $1 }
        END {
            median = NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2
            mean = sum / NR
            error = NR > 1 ? sqrt((squares - NR * mean * mean) / (NR - 1) / NR) : 0
            printf "median %.2f s; standard error %.2f s, so +- %.1f CPU-hours at two errors\n",
                median, error, 2 * error * parts / 3600
        }'
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    speed
}

if [ -z "$only" ] || [ "$only" = 3x4 ]; then
    sample 3x4 1651 "${PARTS_3X4:-41}" 1
fi
if [ -z "$only" ] || [ "$only" = 4x4 ]; then
    sample 4x4 3625 "${PARTS_4X4:-65537}" 1
fi
