#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 600), two at a
# time, at the lowest priority, with a hang limit of 10 s and a memory limit of
# 2 GiB per input. Needs a nightly toolchain and cargo-fuzz:
#     cargo install cargo-fuzz
#     bash fuzz/run.sh [SECONDS] [TARGET...]
# Logs go to fuzz/logs/TARGET.log; crashes to fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    targets=(board_parse dict_plain dict_anagram dict_trie_stream dict_gzip dict_compiled dict_detect solve_brute_force)
fi
mkdir -p logs
cargo +nightly fuzz build -s none -a
printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} sh -c \
    "nice -n 19 cargo +nightly fuzz run -s none -a {} -- -max_total_time=$seconds -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 > logs/{}.log 2>&1; echo '{} exit' \$?"
