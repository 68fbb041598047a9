#!/usr/bin/env bash
# The whole 3×4 proof: ENABLE2K, classic rules, against 1,651 points, in
# PARTS parts (default 41; `--shard K/PARTS`, each part on one thread, as
# many at once as the machine has cores, at the lowest priority; PARTS=1
# runs one process on every core), each with its
# checkpoint, then the merge. Prints the merged record, the CPU time of all
# the parts (`times`: its second line is the parts' user and system time),
# the largest peak memory of a part, and the time elapsed.
#
#     bash benches/prove_whole.sh [WORDLIST] [DIR]
#     PARTS=1025 bash benches/prove_whole.sh      # as the record of 27 Nov 2026
#     PARTS=205 bash benches/prove_whole.sh       # as the record of 6 Dec 2026
#     PARTS=1 bash benches/prove_whole.sh         # one process, -j $(nproc)
#     BOGGLE=/tmp/boggle-before THREADS=1 PARTS=1 bash benches/prove_whole.sh words DIR
#         # a build already made, each part on THREADS threads; two such
#         # runs at once compare two builds over the whole proof
#
# Each part is a process, which pays once for the word list and the first
# touch of the memory its trees take: fewer, larger parts cost less
# (docs/proofs.md, "Parts of 41"). A PARTS with no factor 2 or 3 keeps the
# parts alike (docs/slurm.md says how to choose it).
#
# WORDLIST defaults to ../shared/wordlists/enable2k.txt. DIR (default
# proof-3x4) keeps parts/, ckpt/ and proof.txt; a run stopped and started
# again goes on from the checkpoints, and the CPU time printed is then that
# of the last run only. Takes hours: run it in the background.
set -euo pipefail
cd "$(dirname "$0")/.."
parts="${PARTS:-41}"
[[ "$parts" =~ ^[1-9][0-9]*$ ]] || { echo "PARTS must be a whole number from 1, not '$parts'" >&2; exit 2; }
words="$(realpath "${1:-../shared/wordlists/enable2k.txt}")"
dir="${2:-proof-3x4}"
if [ -n "${BOGGLE:-}" ]; then
    boggle="$(realpath "$BOGGLE")"
else
    cargo build --release --locked --quiet
    boggle="$PWD/target/release/boggle"
fi
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
mkdir -p "$dir"
cd "$dir"
start=$(date +%s)
echo "# $(date -u +%FT%TZ) $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg), $("$boggle" --version)"
# As many parts at once as there are cores, each on one thread; fewer
# parts than cores share the cores out (PARTS=1: one process, every core).
at_once=$(( parts < $(nproc) ? parts : $(nproc) ))
threads="${THREADS:-$(( $(nproc) / at_once ))}"
rm -f peaks.txt
seq 1 "$parts" | xargs -P "$at_once" -I{} /usr/bin/time -a -o peaks.txt -f '{} %M' \
    nice -n 19 "$boggle" best --prove --size 3x4 \
    --min-score 1651 --dict "$words" -j "$threads" \
    --shard "{}/$parts" --resume ckpt/{} --output parts/{}.txt
"$boggle" best --merge parts/*.txt --output proof.txt
cat proof.txt
echo "# CPU time, this shell then the parts (user, system):"
times
echo "# peak memory of a part: $(sort -k2 -n peaks.txt | tail -1 | awk '{ printf "%.0f MB (part %s)", $2 / 1024, $1 }')"
echo "# elapsed: $(($(date +%s) - start)) s; $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
