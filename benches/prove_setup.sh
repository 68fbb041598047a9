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
