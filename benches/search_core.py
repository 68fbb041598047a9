#!/usr/bin/env python3
"""The search core's targets, measured side by side and interleaved.

    python3 benches/search_core.py [--runs N] [--base OLD_BOGGLE] [--words FILE]

Builds the release binary and the C yardstick (../shared/bench/yardstick.c,
with gcc -O3 -march=native), rolls the board files with `boggle random
--seed 1`, then runs every row's commands in turn, round after round, so
that a change in the machine's load falls on all of them alike. Prints one
table, with the date, the machine, its load and the commit: the times are
the medians of the rounds; each ratio is taken within a round, between runs
seconds apart (the yardstick is run before and after the rows it is set
against), and printed as its median over the rounds with the least and the
greatest. Whole processes are timed for `boggle`, from start to exit,
reading the boards from a file; the yardstick times only its search loop
(no start-up, no parsing, no output), as it reports itself. The totals of
every run are checked against the yardstick's. The JSON rows write into a
file, as a user's redirection does; the same run is also timed writing to
/dev/null, and the kernel's (system) time of the file's run is printed,
since the yardstick writes nothing.

--base names another `boggle` binary (such as the one built from an older
commit) for the rows whose target is "no slower than before", and for the
JSON and word-list rows run before and after it one after the other;
without it those rows are left out. --words is a word list for both searches (default: boggle's
bundled English list, and its source dictionaries/en.txt for the
yardstick). The one-board rows always use the bundled list; on Linux x86-64
they are measured for the statically linked build of README.md too, and
both binaries are timed as `cargo install` leaves them: copied.
"""

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD = "ezmrnubeslospaon"


def run(args, stdin=None, stdout=subprocess.DEVNULL):
    """Runs `args` with standard input from the file `stdin`; returns the
    wall time in seconds."""
    return run_usage(args, stdin, stdout)[0]


def run_usage(args, stdin=None, stdout=subprocess.DEVNULL):
    """`run`, returning the wall time and the process's system (kernel)
    time, in seconds."""
    with open(stdin or os.devnull, "rb") as source:
        start = time.perf_counter()
        process = subprocess.Popen(args, stdin=source, stdout=stdout)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), args)
        return seconds, usage.ru_stime


def yardstick(yard, words, boards):
    """The yardstick's search time in seconds and its total score."""
    out = subprocess.run(
        [yard, words, boards, "1"], capture_output=True, text=True, check=True
    ).stdout
    fields = dict(field.split("=", 1) for field in out.split() if "=" in field)
    return float(fields["time"].rstrip("s")), int(fields["total_score"])


def walk_alone(bench, words, boards):
    """The tile core's walk over `boards` on one thread (the best_score
    bench): its time in seconds, its total score and its trie's build time
    in milliseconds."""
    out = subprocess.run(
        [bench, words, boards, "1"], capture_output=True, text=True, check=True
    ).stdout
    fields = dict(field.split("=", 1) for field in out.split() if "=" in field)
    return float(fields["time"].rstrip("s")), int(fields["total_score"]), float(fields["trie_ms"])


def total(path, json_lines):
    """The total score of a summary (third column) or of JSON lines."""
    score = 0
    with open(path) as lines:
        for line in lines:
            if json_lines:
                score += json.loads(line)["score"]
            else:
                score += int(line.split("\t")[2])
    return score


def machine():
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    with open("/proc/loadavg") as load:
        average = " ".join(load.read().split()[:3])
    return f"{model}, {os.cpu_count()} cores, {platform.system()}; load {average}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--base")
    parser.add_argument("--words")
    parser.add_argument(
        "--yardstick", default=os.path.join(ROOT, "../shared/bench/yardstick.c")
    )
    options = parser.parse_args()

    subprocess.run(
        ["cargo", "build", "--release", "--locked", "--quiet"], cwd=ROOT, check=True
    )
    built = subprocess.run(
        ["cargo", "bench", "--bench", "best_score", "--locked", "--no-run",
         "--message-format", "json"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    core_bench = next(
        message["executable"]
        for message in map(json.loads, built.splitlines())
        if message.get("reason") == "compiler-artifact"
        and message.get("target", {}).get("name") == "best_score"
        and message.get("executable")
    )
    boggle = os.path.join(ROOT, "target/release/boggle")
    # The statically linked build of README.md, on Linux x86-64 only.
    static = None
    if platform.system() == "Linux" and platform.machine() == "x86_64":
        subprocess.run(
            ["cargo", "build", "--release", "--locked", "--quiet", "--target",
             "x86_64-unknown-linux-gnu", "--config", ".cargo/static.toml"],
            cwd=ROOT, check=True,
        )
        static = os.path.join(ROOT, "target/x86_64-unknown-linux-gnu/release/boggle")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    work = tempfile.mkdtemp(prefix="boggle-core-")
    try:
        yard = os.path.join(work, "yard")
        subprocess.run(
            ["gcc", "-O3", "-march=native", "-o", yard, options.yardstick], check=True
        )
        # The one-board rows time each binary as `cargo install` leaves it:
        # copied. A copy starts sooner than the linker's own output file,
        # the same bytes (0.18 to 0.2 ms sooner here, 2026-11-27); the cause
        # was not pinned down.
        installed = {}
        for label, binary in [("boggle", boggle), ("static", static)]:
            if binary is not None:
                installed[label] = os.path.join(work, label)
                shutil.copy(binary, installed[label])
        files = {}
        for name, args in [
            ("uniform", ["--dice", "uniform", "--size", "4x4", "-n", "100000"]),
            ("new", ["--dice", "new", "-n", "50000"]),
            ("big", ["--dice", "uniform", "--size", "1000x1000"]),
        ]:
            path = os.path.join(work, name + ".txt")
            with open(path, "w") as out:
                subprocess.run([boggle, "random", "--seed", "1"] + args, stdout=out, check=True)
            files[name] = path
            if name != "big":
                q16 = os.path.join(work, name + ".q16")
                with open(path) as source, open(q16, "w") as out:
                    for line in source:
                        out.write(line.strip().replace("/", "").replace("qu", "q") + "\n")
                files[name + ".q16"] = q16
        # boggle's own English list unless a list is given; the yardstick
        # reads the same list's source.
        words = ["--dict", options.words] if options.words else []
        sizes = {}
        yard_words = options.words or os.path.join(ROOT, "dictionaries/en.txt")
        out_path = os.path.join(work, "out.txt")

        system = {}

        def solve(binary, name, fmt, threads):
            args = [binary, "solve", "-j", str(threads), "--format", fmt] + words
            with open(out_path, "w") as out:
                seconds, kernel = run_usage(args, stdin=files[name], stdout=out)
            system.setdefault((binary, name, fmt, threads), []).append(kernel)
            sizes[(name, fmt)] = os.path.getsize(out_path)
            # A word list has no score to check.
            if fmt == "words":
                return seconds, None
            return seconds, total(out_path, fmt == "json")

        def two_at_once(binary, name, fmt):
            """Two `-j 1` runs started together, each with its own output
            file: the wall time until both have exited. Against one run
            alone, it is the most this machine's two cores give for two
            searches that share no work: the ceiling of `-j 2` over
            `-j 1`."""
            args = [binary, "solve", "-j", "1", "--format", fmt] + words
            outs = [open(out_path + f".{k}", "w") for k in range(2)]
            ins = [open(files[name], "rb") for _ in range(2)]
            try:
                start = time.perf_counter()
                procs = [subprocess.Popen(args, stdin=i, stdout=o) for i, o in zip(ins, outs)]
                codes = [proc.wait() for proc in procs]
                seconds = time.perf_counter() - start
            finally:
                for f in outs + ins:
                    f.close()
            if any(codes):
                sys.exit(f"{name} {fmt}, two at once: exit codes {codes}")
            return seconds, [total(out_path + f".{k}", fmt == "json") for k in range(2)]

        # Warm the dictionary's cache entry and the page cache.
        solve(boggle, "new", "summary", 1)

        rows = {}

        def add(row, value):
            rows.setdefault(row, []).append(value)

        # Each ratio is taken within a round, between runs a few seconds
        # apart, and its median over the rounds printed with its spread: the
        # machine's speed drifts from minute to minute, and a ratio of two
        # medians taken over the whole run would carry that drift.
        ratios = {}

        def ratio(row, value):
            ratios.setdefault(row, []).append(value)

        for _ in range(options.runs):
            for name in ["uniform", "new"]:
                yard_seconds, yard_total = yardstick(yard, yard_words, files[name + ".q16"])
                add((name, "yardstick"), yard_seconds)
                core_seconds, core_total, trie_ms = walk_alone(
                    core_bench, yard_words, files[name + ".q16"]
                )
                if core_total != yard_total:
                    sys.exit(f"{name}: the core's total {core_total}, yardstick {yard_total}")
                add((name, "core"), core_seconds)
                add(("trie", "ms"), trie_ms)
                times = {}
                for fmt in ["summary", "json"]:
                    for threads in [1, 2]:
                        seconds, score = solve(boggle, name, fmt, threads)
                        if score != yard_total:
                            sys.exit(f"{name} {fmt} -j {threads}: total {score}, yardstick {yard_total}")
                        add((name, fmt, threads), seconds)
                        times[(fmt, threads)] = seconds
                    times[(fmt, "two")], scores = two_at_once(boggle, name, fmt)
                    if scores != [yard_total, yard_total]:
                        sys.exit(f"{name} {fmt}, two at once: totals {scores}, yardstick {yard_total}")
                    add((name, fmt, "two"), times[(fmt, "two")])
                # The same JSON to /dev/null: what the process costs without
                # the kernel's copy of its output into the file's pages.
                args = [boggle, "solve", "-j", "1", "--format", "json"] + words
                times["null"] = run(args, stdin=files[name])
                add((name, "json null"), times["null"])
                # The yardstick again after the rows it is compared with:
                # each is set against the mean of the runs before and after.
                yard_after, _ = yardstick(yard, yard_words, files[name + ".q16"])
                add((name, "yardstick"), yard_after)
                yard_mean = (yard_seconds + yard_after) / 2
                ratio((name, "core"), yard_mean / core_seconds)
                ratio((name, "json null"), yard_mean / times["null"])
                for fmt in ["summary", "json"]:
                    ratio((name, fmt), yard_mean / times[(fmt, 1)])
                    ratio((name, fmt, "speed-up"), times[(fmt, 1)] / times[(fmt, 2)])
                    ratio((name, fmt, "ceiling"), 2 * times[(fmt, 1)] / times[(fmt, "two")])
            true = statistics.median(run(["true"]) for _ in range(20))
            add(("one", "true"), true)
            for label, binary in installed.items():
                one = statistics.median(
                    run([binary, "solve", BOARD, "--format", "summary"]) for _ in range(20)
                )
                version = statistics.median(run([binary, "--version"]) for _ in range(20))
                add(("one", label), one)
                add(("one", label + " version"), version)
                ratio(("one", label), one / true)
                ratio(("one", label + " version"), version / true)
            if options.base:
                big = {}
                for label, binary in [("base", options.base), ("new", boggle)]:
                    big[label] = solve(binary, "big", "summary", 2)[0]
                    add(("big", label), big[label])
                ratio(("big",), big["new"] / big["base"])
                for name in ["uniform", "new"]:
                    for fmt in ["json", "words"]:
                        pair = {}
                        for label, binary in [("base", options.base), ("new", boggle)]:
                            pair[label] = solve(binary, name, fmt, 1)[0]
                            add((name, fmt, label), pair[label])
                        ratio((name, fmt, "against base"), pair["new"] / pair["base"])

        median = {row: statistics.median(values) for row, values in rows.items()}

        def spread(row):
            """The median ratio of `row` over the rounds, and its least and
            greatest."""
            values = ratios[row]
            return (
                f"{statistics.median(values):.2f}× "
                f"({min(values):.2f}–{max(values):.2f})"
            )
        print(
            f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}, "
            f"{machine()}"
        )
        print(f"# python3 benches/search_core.py --runs {options.runs}"
              + (" --base BASE" if options.base else ""))
        print(
            f"# times: medians of {options.runs} interleaved rounds; ratios: taken in each round"
            " (the yardstick run before and after the rows it is set against), their median"
            " (least–greatest)"
        )
        print()
        print("| workload | boggle | yardstick | ratio | target |")
        print("|---|---:|---:|---:|---|")
        counts = {"uniform": 100000, "new": 50000}
        titles = {"uniform": "100,000 uniform 4×4", "new": "50,000 `new`-dice 4×4"}
        for name in ["uniform", "new"]:
            yard_seconds = median[(name, "yardstick")]
            for fmt, target in [("summary", "≥ 1.3×"), ("json", "≥ 1.0×")]:
                seconds = median[(name, fmt, 1)]
                print(
                    f"| {titles[name]}, `-j 1 --format {fmt}` | {seconds * 1000:.0f} ms "
                    f"({counts[name] / seconds / 1000:.0f}k boards/s) | {yard_seconds * 1000:.0f} ms "
                    f"| {spread((name, fmt))} | {target} |"
                )
            seconds = median[(name, "json null")]
            print(
                f"| the same JSON to `/dev/null` | {seconds * 1000:.0f} ms "
                f"({counts[name] / seconds / 1000:.0f}k boards/s) | {yard_seconds * 1000:.0f} ms "
                f"| {spread((name, 'json null'))} | |"
            )
        print()
        print(
            "The JSON written, and the kernel's (system) time of the `-j 1` runs that"
            " wrote it into the file (median): "
            + "; ".join(
                f"{titles[name]} {sizes[(name, 'json')] / 1e6:.0f} MB,"
                f" {statistics.median(system[(boggle, name, 'json', 1)]) * 1000:.0f} ms"
                for name in ["uniform", "new"]
            )
            + ". The yardstick writes nothing."
        )
        print()
        print("| the tile core's walk alone (`cargo bench --bench best_score`) | core | yardstick | ratio |")
        print("|---|---:|---:|---:|")
        for name in ["uniform", "new"]:
            core, yard_seconds = median[(name, "core")], median[(name, "yardstick")]
            print(
                f"| {titles[name]} | {core * 1000:.0f} ms | {yard_seconds * 1000:.0f} ms "
                f"| {spread((name, 'core'))} |"
            )
        print(f"| building its trie (median) | {median[('trie', 'ms')]:.1f} ms | | |")
        print()
        print(
            "| workload | -j 1 | -j 2 | speed-up | target | two `-j 1` at once "
            "| twice the work, per unit of time (the machine's ceiling) |"
        )
        print("|---|---:|---:|---:|---|---:|---:|")
        for name in ["uniform", "new"]:
            for fmt in ["summary", "json"]:
                one, two = median[(name, fmt, 1)], median[(name, fmt, 2)]
                both = median[(name, fmt, "two")]
                print(
                    f"| {titles[name]}, `--format {fmt}` | {one * 1000:.0f} ms | "
                    f"{two * 1000:.0f} ms | {spread((name, fmt, 'speed-up'))} | ≥ 1.8× "
                    f"| {both * 1000:.0f} ms | {spread((name, fmt, 'ceiling'))} |"
                )
        print()
        true = median[("one", "true")]
        print("| workload | boggle | `true` | ratio | target |")
        print("|---|---:|---:|---:|---|")
        builds = [("boggle", "")] + ([("static", ", static build")] if static else [])
        for label, title in builds:
            one, version = median[("one", label)], median[("one", label + " version")]
            print(
                f"| one board, whole process (`boggle solve {BOARD}`){title} | {one * 1000:.2f} ms | "
                f"{true * 1000:.2f} ms | {spread(('one', label))} | ≤ 2× |"
            )
            print(
                f"| `boggle --version` (start-up and the command line only){title} | "
                f"{version * 1000:.2f} ms | {true * 1000:.2f} ms | {spread(('one', label + ' version'))} | |"
            )
        if options.base:
            base, new = median[("big", "base")], median[("big", "new")]
            print()
            print("| workload | before | now | ratio | target |")
            print("|---|---:|---:|---:|---|")
            print(
                f"| one 1000×1000 uniform board, `-j 2` | {base * 1000:.0f} ms | "
                f"{new * 1000:.0f} ms | {spread(('big',))} | ≤ 1.0× |"
            )
            for name in ["uniform", "new"]:
                for fmt in ["json", "words"]:
                    base, new = median[(name, fmt, "base")], median[(name, fmt, "new")]
                    print(
                        f"| {titles[name]}, `-j 1 --format {fmt}` | {base * 1000:.0f} ms | "
                        f"{new * 1000:.0f} ms | {spread((name, fmt, 'against base'))} | |"
                    )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
