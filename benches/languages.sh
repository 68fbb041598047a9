#!/usr/bin/env bash
# The bundled languages as players meet them: for each, its word count,
# and over 1,000 rolls of its own 4x4 dice (`boggle stats --lang XX
# --seed 1 -n 1000`, classic rules) the mean words and points a board
# holds; then the share of ä and ö on Finnish boards against their share
# of the letters of Finnish words. Prints a Markdown table, headed by the
# date, the machine and the command, as docs/languages.md shows it; and the
# binary's size and each language's start-up time (a warm cache, the median
# of 50 runs of `boggle solve --lang XX abcd`).
#
#     bash benches/languages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
boggle="$PWD/target/release/boggle"
echo "# $(date -u +%FT%TZ), $(nproc) cores, $(uname -sm), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# bash benches/languages.sh"
echo
echo "| code | language | words | accents | mean words per 4x4 roll | mean points per roll | licence |"
echo "|---|---|---:|---|---:|---:|---|"
"$boggle" dict list | while IFS=$'\t' read -r code name words alphabet dice source licence; do
    summary="$("$boggle" stats --lang "$code" --seed 1 -n 1000)"
    score="$(awk '$1 == "score" { print $2 }' <<< "$summary")"
    found="$(awk '$1 == "words" { print $2 }' <<< "$summary")"
    case "$code" in
        fr|es|it|nl|pt) accents="folded" ;;
        *) accents="kept" ;;
    esac
    echo "| $code | $name | ${words% words} | $accents | $found | $score | ${licence%%,*} |"
done
echo
# Finnish: ä and ö among the letters of the list's words, and among the
# cells of 1,000 rolled boards.
"$boggle" random --lang fi --seed 1 -n 1000 | python3 -c '
import sys, unicodedata
words = [w.strip() for w in open("dictionaries/fi.txt", encoding="utf-8") if w.strip()]
letters = "".join(words)
short = "".join(w for w in words if 3 <= len(w) <= 8)
cells = "".join(c for line in sys.stdin for c in line.strip() if c != "/")
for name, text in (("letters of all Finnish words", letters), ("letters of Finnish words of 3-8 letters", short), ("cells of 1,000 Finnish 4x4 rolls", cells)):
    print(f"- {name}: ä {100 * text.count(chr(228)) / len(text):.2f}%, ö {100 * text.count(chr(246)) / len(text):.2f}%")
'
echo
echo "Binary: $(stat -c %s "$boggle") bytes ($(awk -v b="$(stat -c %s "$boggle")" 'BEGIN { printf "%.1f", b / 1048576 }') MiB)"
echo
echo "| code | start-up, warm cache (median of 50 runs) |"
echo "|---|---:|"
"$boggle" dict list | cut -f1 | while read -r code; do
    "$boggle" solve --lang "$code" abcd > /dev/null
    python3 - "$boggle" "$code" <<'PYTHON'
import statistics, subprocess, sys, time
times = []
for _ in range(50):
    start = time.perf_counter()
    subprocess.run([sys.argv[1], "solve", "--lang", sys.argv[2], "abcd"], stdout=subprocess.DEVNULL, check=False)
    times.append(time.perf_counter() - start)
print(f"| {sys.argv[2]} | {1000 * statistics.median(times):.2f} ms |")
PYTHON
done
