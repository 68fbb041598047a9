#!/bin/sh
# Throughput of `boggle serve` measured with wrk, as users would: 32
# connections on 2 threads for 10 s, three runs per workload, the median
# run's figures printed (requests a second, and the median and 99th
# percentile latency). Two workloads: 200 boards rolled with the new dice,
# posted to /api/solve in turn, and the richest 4×4 board known,
# perslatgsineters (1,045 words), whose answers are bound by writing JSON.
#
#   cargo build --release && benches/serve_wrk.sh
#   BOGGLE=/path/to/other/boggle benches/serve_wrk.sh   # another build
#
# wrk runs beside the server on the same machine; `uptime` is printed
# first, since the figures depend on what else runs.
set -eu
BOGGLE=${BOGGLE:-target/release/boggle}
PORT=${PORT:-18765}
DURATION=${DURATION:-10s}
RUNS=${RUNS:-3}
dir=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT

for seed in $(seq 1 200); do
    "$BOGGLE" random --dice new --seed "$seed"
done > "$dir/boards.txt"

cat > "$dir/boards.lua" <<LUA
local boards = {}
for line in io.lines("$dir/boards.txt") do boards[#boards + 1] = line end
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i % #boards + 1
  return wrk.format(nil, "/api/solve", nil, '{"board":"' .. boards[i] .. '"}')
end
LUA

cat > "$dir/richest.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"board":"perslatgsineters"}'
wrk.path = "/api/solve"
LUA

"$BOGGLE" serve --addr "127.0.0.1:$PORT" > /dev/null 2>&1 &
server=$!
until curl -sf "http://127.0.0.1:$PORT/api/health" > /dev/null; do sleep 0.1; done

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $("$BOGGLE" --version)"
echo "uptime: $(uptime)"
for workload in boards richest; do
    for run in $(seq 1 "$RUNS"); do
        wrk -t2 -c32 -d"$DURATION" --latency -s "$dir/$workload.lua" \
            "http://127.0.0.1:$PORT/api/solve" > "$dir/$workload.$run.txt"
        rate=$(awk '/^Requests\/sec/ {print $2}' "$dir/$workload.$run.txt")
        p50=$(awk '$1 == "50%" {print $2}' "$dir/$workload.$run.txt")
        p99=$(awk '$1 == "99%" {print $2}' "$dir/$workload.$run.txt")
        errors=$(awk '/Non-2xx|Socket errors/ {print}' "$dir/$workload.$run.txt")
        echo "$workload run $run: $rate requests/s, median $p50, p99 $p99 ${errors:+($errors)}"
        echo "$rate $p50 $p99" >> "$dir/$workload.all"
    done
    median=$(sort -n "$dir/$workload.all" | awk -v n="$RUNS" 'NR == int((n + 1) / 2)')
    echo "$workload median run: $median (requests/s, median, p99)"
done
