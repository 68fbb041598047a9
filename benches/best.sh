#!/usr/bin/env bash
# The targets of `boggle best`, measured with a word list given by path
# (ENABLE2K, the list published results use):
#
#     bash benches/best.sh [WORDS] [4x4|rate|5x5|dice|all]
#
#   4x4   ten seeds, 60 s each, 4x4 letters: the time each first prints
#         3,625 (perslatgsineters), and how many get there;
#   rate  the scorer against the C yardstick of ../shared/bench/ on the
#         20,000 best boards of a climb, five interleaved pairs, and the
#         ratio of the median rates;
#   5x5   three seeds of 5 minutes each, 5x5 letters, classic rules;
#   dice  the best roll of each dice set (classic, new: 60 s; big, superbig:
#         3 minutes), each under its own game's rules;
#   climb seeds 1-5, 12 s each, 4x4 letters: the time each first prints
#         3,625, this build beside the binary BASE names (BASE=path/to/boggle
#         bash benches/best.sh WORDS climb), seed by seed in turn;
#   basin-5x5
#         the 16 boards between the 5x5 runner-up (10,390) and the best
#         known board, four cells apart, each scored by `boggle solve`;
#   records-5x5, records-4x5
#         five seeds from a cold start, -j 2, classic rules: the time each
#         first reaches the best known board (5x5: 10,406 in 2 minutes;
#         4x5: 6,383 in 5 minutes; a seed stops once it does), the median
#         of those times and the best score of each seed. SEEDS (default "1 2 3 4 5") names other
#         seeds, BIN another boggle binary (such as an older build), ARGS
#         more options of `best` (such as ARGS="--patience 0").
#   long-5x5, long-4x5
#         longer searches for boards above the best known, classic rules,
#         one per seed (SEEDS, default "11"), each TIME long (default 30m)
#         on JOBS threads (default 1): the best three boards of each, every
#         one scored again by `boggle solve`, beside the best known board.
#
# WORDS defaults to ../shared/wordlists/enable2k.txt. The long parts take
# minutes: run this in the background and read its output as it goes.
set -euo pipefail
cd "$(dirname "$0")/.."

words="$(realpath "${1:-../shared/wordlists/enable2k.txt}")"
part="${2:-all}"
cargo build --release --locked --quiet
cargo bench --bench best_score --locked --no-run --quiet 2> /dev/null
boggle="$PWD/target/release/boggle"
score_bench="$(ls -t target/release/deps/best_score-* | grep -v '\.d$' | head -1)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "# $(date -u +%FT%TZ) $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"

# The time of the first progress line at 3,625 points ("12.34 s: best 3625
# (1045 words) pers/latg/sine/ters, 120000 boards scored, 9000 boards/s").
first_3625() {
    grep -m1 ': best 3625 ' "$1" | cut -d' ' -f1 || true
}

if [ "$part" = 4x4 ] || [ "$part" = all ]; then
    echo "## 4x4, letters a-z without j k q w x z, 60 s per seed"
    for seed in 1 2 3 4 5 6 7 8 9 10; do
        "$boggle" best --dict "$words" --rules classic --seed "$seed" --time 60s --top 1 \
            > "$work/out" 2> "$work/err"
        echo "seed $seed: 3625 after $(first_3625 "$work/err") s" \
            "($(grep -m1 ': best 3625 ' "$work/err" | sed 's/.*, \([0-9]*\) boards scored.*/\1/') boards scored);" \
            "best $(cut -f1,3 "$work/out");" \
            "$(tail -1 "$work/err" | sed 's/.*boards scored, //')"
    done
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if [ "$part" = climb ]; then
    echo "## 4x4, seeds 1-5: seconds to 3,625, -j 2, BASE then this build"
    base="${BASE:?BASE names the binary to compare with}"
    for seed in 1 2 3 4 5; do
        line="seed $seed:"
        for binary in "$base" "$boggle"; do
            "$binary" best --dict "$words" --rules classic --seed "$seed" --time 12s --top 1 -j 2 \
                > "$work/out" 2> "$work/err"
            line="$line $(first_3625 "$work/err")"
        done
        echo "$line"
    done
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if [ "$part" = rate ] || [ "$part" = all ]; then
    echo "## scoring rate on high-scoring 4x4 boards (one thread each)"
    "$boggle" best --dict "$words" --rules classic --seed 9 --rounds 60 --expand 32 --top 20000 -q \
        | cut -f1 | sed 's|/||g; s/qu/q/g' > "$work/high.q16"
    gcc -O3 -march=native -o "$work/yardstick" ../shared/bench/yardstick.c
    for pair in 1 2 3 4 5; do
        echo "yardstick: $("$work/yardstick" "$words" "$work/high.q16" 5 2> /dev/null)" \
            | tee -a "$work/yardstick.txt"
        echo "boggle:    $("$score_bench" "$words" "$work/high.q16" 5)" | tee -a "$work/boggle.txt"
    done
    # The median rate of each, and their ratio.
    median() {
        sed 's/.*rate=\([0-9]*\).*/\1/' "$1" | sort -n | awk '{ r[NR] = $1 } END { print r[int((NR + 1) / 2)] }'
    }
    yardstick="$(median "$work/yardstick.txt")"
    ours="$(median "$work/boggle.txt")"
    echo "medians: yardstick $yardstick, boggle $ours boards/s:" \
        "$(awk -v a="$ours" -v b="$yardstick" 'BEGIN { printf "%.2f", a / b }')x"
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if [ "$part" = 5x5 ] || [ "$part" = all ]; then
    echo "## 5x5, letters a-z without j k q w x z, classic rules, 5 minutes per seed"
    for seed in 1 2 3; do
        "$boggle" best --dict "$words" --size 5x5 --rules classic --seed "$seed" --time 5m \
            --top 3 > "$work/out" 2> "$work/err"
        echo "seed $seed: $(tail -1 "$work/err")"
        sed 's/^/    /' "$work/out"
    done
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if [ "$part" = dice ] || [ "$part" = all ]; then
    echo "## the best roll of each dice set, its own game's rules"
    for set in classic:60s new:60s big:3m superbig:3m; do
        "$boggle" best --dict "$words" --dice "${set%:*}" --seed 1 --time "${set#*:}" --top 3 \
            > "$work/out" 2> "$work/err"
        echo "${set%:*} (${set#*:}): $(tail -1 "$work/err")"
        sed 's/^/    /' "$work/out"
    done
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

# The best known boards (ENABLE2K, classic rules): the time a climb from a
# cold start first reaches them, seed by seed, and the median.
records() {
    local size=$1 record=$2 limit=$3
    local binary="${BIN:-$boggle}" seeds="${SEEDS:-1 2 3 4 5}"
    local args=()
    read -r -a args <<< "${ARGS:-}"
    echo "## $size, letters a-z without j k q w x z, classic rules, -j 2, $limit per seed: time to $record"
    echo "# $binary ($("$binary" --version))${ARGS:+ $ARGS}, seeds $seeds"
    local times=()
    for seed in $seeds; do
        # Stopped (as by Ctrl-C, which prints the best board) once its
        # progress shows the record: the time to it is the same.
        "$binary" best --dict "$words" --size "$size" --rules classic --seed "$seed" \
            --time "$limit" --top 1 -j 2 "${args[@]}" > "$work/out" 2> "$work/err" &
        local pid=$!
        while kill -0 "$pid" 2> /dev/null; do
            if grep -q ": best $record " "$work/err"; then
                kill -INT "$pid" 2> /dev/null || true
                break
            fi
            sleep 0.2
        done
        wait "$pid" || true
        local at
        at="$(grep -m1 ": best $record " "$work/err" | cut -d' ' -f1 || true)"
        times+=("${at:-none}")
        local when="not reached"
        [ -n "$at" ] && when="after $at s"
        echo "seed $seed: $record $when; best $(cut -f1,3 "$work/out")"
    done
    local reached
    reached="$(printf '%s\n' "${times[@]}" | grep -v none | sort -g || true)"
    local n all=${#times[@]}
    n="$(printf '%s' "$reached" | grep -c . || true)"
    # The median of an odd count of seeds, unreached ones counted as over
    # the limit (for an even count, the upper of the middle two).
    local middle=$(( all / 2 + 1 ))
    if [ "$n" -ge "$middle" ]; then
        echo "reached by $n of $all seeds; median $(printf '%s\n' "$reached" | sed -n "${middle}p") s" \
            "(unreached seeds count as over $limit)"
    else
        echo "reached by $n of $all seeds; median over $limit"
    fi
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ "$part" = records-5x5 ]; then records 5x5 10406 2m; fi
if [ "$part" = records-4x5 ]; then records 4x5 6383 5m; fi

# The best 5x5 board below the record that these searches have found
# (10,390, rdgas/sentm/litei/carsd/seper) and the best known (10,406, here
# turned to rdgil/senam/litei/carsd/sepes) differ in four cells: the score of every
# board between them, each set of those cells changed, scored by `solve`.
if [ "$part" = basin-5x5 ]; then
    from=rdgassentmliteicarsdseper to=rdgilsenamliteicarsdsepes
    cells=()
    for ((i = 0; i < 25; i++)); do
        [ "${from:i:1}" != "${to:i:1}" ] && cells+=("$i")
    done
    echo "## 5x5 classic: the boards between $from (10,390) and $to (10,406)," \
        "changing cells ${cells[*]} (row-major from 0)"
    for ((set = 0; set < 1 << ${#cells[@]}; set++)); do
        board=$from changed=""
        for ((k = 0; k < ${#cells[@]}; k++)); do
            if ((set >> k & 1)); then
                i=${cells[k]}
                board="${board:0:i}${to:i:1}${board:i+1}"
                changed="$changed $i"
            fi
        done
        echo "${board:0:5}/${board:5:5}/${board:10:5}/${board:15:5}/${board:20:5}${changed:+ #$changed}"
    done | while read -r board comment; do
        echo "$("$boggle" solve "$board" --dict "$words" --rules classic --format summary) ${comment:-# none}"
    done
fi

# Longer searches: each seed's best three boards, scored again by `solve`.
long() {
    local size=$1 record=$2 known=$3
    local time="${TIME:-30m}" jobs="${JOBS:-1}"
    echo "## $size, letters a-z without j k q w x z, classic rules, -j $jobs, $time per seed;" \
        "best known: $known $record"
    for seed in ${SEEDS:-11}; do
        "$boggle" best --dict "$words" --size "$size" --rules classic --seed "$seed" \
            --time "$time" --top 3 -j "$jobs" > "$work/out" 2> "$work/err"
        echo "seed $seed: $(tail -1 "$work/err")"
        while IFS=$'\t' read -r board count score; do
            local again
            again="$("$boggle" solve "$board" --dict "$words" --rules classic --format summary)"
            echo "    $board $count words, $score points; solve: ${again}"
        done < "$work/out"
    done
    echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ "$part" = long-5x5 ]; then long 5x5 10406 ligdr/manes/ietil/dsrac/sepes; fi
if [ "$part" = long-4x5 ]; then long 4x5 6383 dsmls/reiap/entre/gsats; fi
