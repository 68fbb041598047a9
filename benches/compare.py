#!/usr/bin/env python3
"""Whole-process timings of two `boggle` binaries, interleaved.

    python3 benches/compare.py OLD NEW [ROUNDS]

The rows of the README's comparison of dictionary formats: one board with
the bundled English list (cache warm), the first run after install (cache
empty), 100,000 uniform and 100,000 `new`-dice 4x4 boards with `-j 1`, and
a 1000x1000 board with `-j 2`. Each round runs OLD and NEW once each, in
alternating order, so a machine that drifts affects both alike; the report
is each binary's median wall time and the median of the per-round ratios
NEW / OLD, then the median processor time (user and system) of each, which
a busy machine inflates less than the wall time. Boards come from
`boggle random --seed 1`, so runs repeat.
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def cpu():
    """Processor time used by the children waited for so far, in seconds."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(binary, args, stdin, cache):
    """Wall and processor time of one run, in seconds; its output is
    discarded."""
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    # Write-only, as a shell's `>/dev/null` opens it: boggle takes a
    # read-write /dev/null on standard output for a closed one.
    with open(os.devnull, "wb") as null:
        start, start_cpu = time.perf_counter(), cpu()
        subprocess.run([binary, *args], stdin=stdin, stdout=null, env=env, check=True)
        return time.perf_counter() - start, cpu() - start_cpu


def main():
    old, new = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    work = tempfile.mkdtemp(prefix="boggle-compare-")
    boards = {}
    for name, args in [("uniform", ["--dice", "uniform", "--size", "4x4", "-n", "100000"]),
                       ("new", ["--dice", "new", "-n", "100000"]),
                       ("big", ["--dice", "uniform", "--size", "1000x1000"])]:
        boards[name] = os.path.join(work, name + ".txt")
        with open(boards[name], "w") as out:
            subprocess.run([new, "random", "--seed", "1", *args], stdout=out, check=True)
    caches = {binary: os.path.join(work, "cache-" + label)
              for label, binary in [("old", old), ("new", new)]}
    board = ["solve", "ezmrnubeslospaon"]
    rows = [
        ("one board, cache warm", board, None, 5 * rounds, False),
        ("first run, cache empty", board, None, 3 * rounds, True),
        ("100,000 uniform 4x4, -j 1", ["solve", "--format", "summary", "-j", "1"], "uniform", rounds, False),
        ("100,000 new-dice 4x4, -j 1", ["solve", "--format", "summary", "-j", "1"], "new", rounds, False),
        ("1000x1000, -j 2", ["solve", "--format", "summary", "-j", "2"], "big", rounds, False),
    ]
    for binary, cache in caches.items():
        run(binary, board, None, cache)
    print(f"old: {old}\nnew: {new}")
    for name, args, stdin_name, count, empty in rows:
        times = {old: [], new: []}
        cpus = {old: [], new: []}
        ratios = []
        for index in range(count):
            order = (old, new) if index % 2 == 0 else (new, old)
            pair = {}
            for binary in order:
                cache = caches[binary]
                if empty:
                    cache = tempfile.mkdtemp(prefix="boggle-empty-", dir=work)
                stdin = open(boards[stdin_name], "rb") if stdin_name else subprocess.DEVNULL
                pair[binary] = run(binary, args, stdin, cache)
                if stdin_name:
                    stdin.close()
                if empty:
                    shutil.rmtree(cache)
            for binary in (old, new):
                times[binary].append(pair[binary][0])
                cpus[binary].append(pair[binary][1])
            ratios.append(pair[new][0] / pair[old][0])
        print(f"{name:30} old {statistics.median(times[old]) * 1000:9.1f} ms"
              f"   new {statistics.median(times[new]) * 1000:9.1f} ms"
              f"   new/old {statistics.median(ratios):.3f}  ({count} rounds)"
              f"   cpu: old {statistics.median(cpus[old]) * 1000:.1f} ms"
              f", new {statistics.median(cpus[new]) * 1000:.1f} ms")
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
