#!/usr/bin/env bash
# The whole-process rows of the README's performance table, timed with
# hyperfine (medians) and measured for peak memory with GNU time.
#
#     bash benches/cli.sh            # every row
#     RUNS=5 bash benches/cli.sh     # fewer runs per row (default 10)
#
# Installs hyperfine and time from the distribution's packages when they are
# missing, builds the release binary, and generates every board file with
# `boggle random --seed …`, so the figures can be reproduced exactly.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-10}"
missing=()
command -v hyperfine > /dev/null || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}"
fi

cargo build --release --locked --quiet
boggle="$PWD/target/release/boggle"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$boggle" random --dice uniform --size 4x4 -n 100000 --seed 1 > "$work/uniform.txt"
"$boggle" random --dice new -n 100000 --seed 1 > "$work/new.txt"
"$boggle" random --dice uniform --size 1000x1000 --seed 1 > "$work/big.txt"
cp dictionaries/en.txt "$work/words.txt"
board=ezmrnubeslospaon

# The median of the last hyperfine run, in milliseconds.
median() {
    python3 -c 'import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
milliseconds = result["median"] * 1000
print(f"median: {milliseconds:.1f} ms")' "$work/row.json"
}

# A row: its name, then the command, run through hyperfine without a shell.
row() {
    local name="$1"
    shift
    echo "== $name"
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/row.json" "$*" 2>&1 |
        grep -E 'Time|Range' || true
    median
}

# A row that reads a file on stdin. The distribution's hyperfine may be
# older than `--input`, so the redirection goes through the shell, whose
# start-up hyperfine measures and subtracts.
row_stdin() {
    local name="$1" input="$2"
    shift 2
    echo "== $name"
    hyperfine --warmup 1 --runs "$runs" --export-json "$work/row.json" \
        "$* < $input" 2>&1 | grep -E 'Time|Range' || true
    median
}

# Peak resident memory of one run, in MB.
peak() {
    local name="$1" input="$2"
    shift 2
    /usr/bin/time -f '%M' -o "$work/rss" "$@" < "$input" > /dev/null
    echo "== $name: peak RSS $(( $(cat "$work/rss") / 1024 )) MB"
}

row_stdin "100,000 uniform 4x4 boards, -j 1" "$work/uniform.txt" \
    "$boggle" solve -j 1 --format summary
row_stdin "100,000 uniform 4x4 boards, -j 2" "$work/uniform.txt" \
    "$boggle" solve -j 2 --format summary
row_stdin "100,000 boards rolled with the new dice, -j 1" "$work/new.txt" \
    "$boggle" solve -j 1 --format summary
row "one board, default dictionary" "$boggle" solve "$board"
row_stdin "one 1000x1000 uniform board, -j 2" "$work/big.txt" \
    "$boggle" solve -j 2 --format summary
peak "one 1000x1000 uniform board, -j 2" "$work/big.txt" \
    "$boggle" solve -j 2 --format summary

# The --dict rows: a fresh cache for every first run, one kept for the rest.
export XDG_CACHE_HOME="$work/cache"
echo "== --dict with a 250k-word text list, first run (cache emptied each time)"
hyperfine -N --warmup 1 --runs "$runs" --prepare "rm -rf $work/cache" \
    --export-json "$work/row.json" \
    "$boggle solve --dict $work/words.txt $board" 2>&1 | grep -E 'Time|Range' || true
median
row "--dict with a 250k-word text list, cached run" \
    "$boggle" solve --dict "$work/words.txt" "$board"
echo "$board" > "$work/one.txt"
peak "one board, default dictionary" "$work/one.txt" "$boggle" solve
