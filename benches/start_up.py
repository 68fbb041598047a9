#!/usr/bin/env python3
"""How long `boggle` takes to start: builds compared side by side.

    python3 benches/start_up.py [--runs N] LABEL=BINARY [LABEL=BINARY ...]

Times `true`, then for each binary `BINARY --version` (start-up and the
command line only) and `BINARY solve ezmrnubeslospaon --format summary` (one
board, whole process, the bundled English list from its cache), round after
round, so that a change in the machine's load falls on all of them alike.
Each binary is copied first, as `cargo install` leaves it. Prints one table,
with the date, the machine, its load and the commit: the wall times and the
page faults (minor faults, as the kernel counts them for the child) are the
medians of the rounds, and each ratio to `true` is taken within a round and
printed as its median with its quartiles (a process start now and then
takes several times as long, so the least and the greatest say little).

Used to tell what each change to the start did, by building the commits
before and after it; benches/search_core.py measures the target (one
board at most 2× `true`) on the current build.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search_core import BOARD, machine  # noqa: E402


def run(args):
    """Runs `args` with standard input and output on /dev/null; returns the
    wall time in seconds and the child's minor page faults."""
    with open(os.devnull, "r+b") as null:
        start = time.perf_counter()
        child = subprocess.Popen(args, stdin=null, stdout=null)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"{' '.join(args)}: exit code {child.returncode}")
    return seconds, usage.ru_minflt


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("binaries", nargs="+", metavar="LABEL=BINARY")
    options = parser.parse_args()
    binaries = []
    for item in options.binaries:
        label, sep, path = item.rpartition("=")
        if not sep or not os.path.isfile(path):
            sys.exit(f"not LABEL=BINARY with a file: {item}")
        binaries.append((label, path))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    rows = [("true", ["true"])]
    with tempfile.TemporaryDirectory() as work:
        for index, (label, path) in enumerate(binaries):
            copy = os.path.join(work, f"{index}-boggle")
            shutil.copy(path, copy)
            rows.append((f"{label}: `boggle --version`", [copy, "--version"]))
            rows.append(
                (
                    f"{label}: `boggle solve {BOARD} --format summary`",
                    [copy, "solve", BOARD, "--format", "summary"],
                )
            )
        # The cache entry of the bundled list is made before the timing.
        for _, args in rows:
            run(args)
        times = {label: [] for label, _ in rows}
        faults = {label: [] for label, _ in rows}
        ratios = {label: [] for label, _ in rows}
        for _ in range(options.runs):
            measured = {}
            for label, args in rows:
                seconds, minflt = run(args)
                measured[label] = seconds
                times[label].append(seconds)
                faults[label].append(minflt)
            for label, _ in rows:
                ratios[label].append(measured[label] / measured["true"])
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# {now}, commit {commit}, {machine()}")
    print(f"# python3 benches/start_up.py --runs {options.runs} " + " ".join(
        f"{label}=…" for label, _ in binaries))
    print(
        f"# medians of {options.runs} interleaved rounds; ratio = time / `true`'s "
        "time in the same round, median (quartiles)"
    )
    print()
    print("| run | time | page faults | ratio to `true` |")
    print("|---|---:|---:|---:|")
    for label, _ in rows:
        low, middle, high = statistics.quantiles(ratios[label], n=4)
        print(
            f"| {label} | {statistics.median(times[label]) * 1000:.3f} ms | "
            f"{statistics.median(faults[label]):.0f} | "
            f"{middle:.2f}× ({low:.2f}–{high:.2f}) |"
        )


if __name__ == "__main__":
    main()
