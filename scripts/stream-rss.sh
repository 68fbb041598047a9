#!/bin/sh
# Peak resident memory of `boggle solve --format summary` streaming 10,000
# and 1,000,000 boards from standard input (SPEC §7: memory stays bounded
# however many lines come). Both numbers should be about the same.
#
# Usage: scripts/stream-rss.sh [path/to/boggle]   (default: target/release/boggle)
# Needs GNU time as /usr/bin/time (Debian, Ubuntu: apt-get install time).
set -eu

boggle=${1:-target/release/boggle}
if [ ! -x "$boggle" ]; then
    echo "stream-rss: no binary at '$boggle': run cargo build --release first" >&2
    exit 1
fi
if [ ! -x /usr/bin/time ]; then
    echo "stream-rss: /usr/bin/time is missing: install the 'time' package" >&2
    exit 1
fi

for lines in 10000 1000000; do
    peak=$(
        "$boggle" random -n "$lines" --seed 1 |
            /usr/bin/time -f %M "$boggle" solve --format summary 2>&1 >/dev/null
    )
    echo "$lines lines: peak RSS $peak kB"
done
