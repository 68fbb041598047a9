# Sourced by the proof benchmarks, from the repository's root: installs GNU
# time when missing, sets $boggle to the build measured ($BOGGLE, or this
# tree's release build, made now) and $work to a folder removed on exit.
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
if [ -n "${BOGGLE:-}" ]; then
    boggle="$BOGGLE"
else
    cargo build --release --locked --quiet
    boggle="$PWD/target/release/boggle"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# speed: prints the machine's speed of the moment as the C yardstick of the
# 4×4 search (../shared/bench/yardstick.c, or $YARDSTICK) measures it: the
# median of three runs over 100,000 uniform 4×4 boards and boggle's English
# list. A shared machine's speed changes from day to day, and a proof's
# parts take longer in about the same measure (docs/proofs.md, "The
# machine's speed"), so figures of different days compare through it.
speed() {
    local source="${YARDSTICK:-../shared/bench/yardstick.c}"
    if ! [ -e "$source" ] || ! command -v gcc > /dev/null; then
        echo "machine speed: not measured (no $source or no gcc)"
        return
    fi
    if ! [ -x "$work/yard" ]; then
        gcc -O3 -march=native -o "$work/yard" "$source"
        "$boggle" random --dice uniform --size 4x4 --seed 1 -n 100000 \
            | sed 's|/||g; s/qu/q/g' > "$work/uniform.q16"
    fi
    local times
    times=$(for _ in 1 2 3; do
        "$work/yard" dictionaries/en.txt "$work/uniform.q16" 1 2> /dev/null \
            | grep -o 'time=[0-9.]*' | cut -d= -f2
    done | sort -n)
    echo "machine speed: the yardstick searched 100,000 uniform 4x4 boards in" \
        "$(echo "$times" | sed -n 2p) s (median of three: $(echo $times | sed 's/ /, /g') s)"
}

# header: prints the date, the commit, the machine and its load, the first
# lines of a benchmark's output.
header() {
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit: $(git describe --always --dirty 2>/dev/null || echo none)"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
}
