#!/usr/bin/env bash
# Runs the Slurm recipe of docs/slurm.md as the page prints it, on a
# running Slurm (scripts/slurm-single-node.sh makes one): a 3x3 proof as a
# 5-task array with checkpoints and a dependent merge; one task cancelled
# once it has started (Slurm sends it SIGTERM), which must leave its
# checkpoint and no output; that task resubmitted with a merge that waits
# for it; and the merged record compared with the same proof run as one
# process. Exits non-zero, saying why, on any difference.
#
#   bash scripts/slurm-recipe-test.sh [DIR-OF-THE-BOGGLE-BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin_dir=$(cd "${1:-$root/target/release}" && pwd)
export PATH="$bin_dir:$PATH"
command -v boggle >/dev/null || { echo "slurm test: no boggle binary" >&2; exit 1; }
command -v sbatch >/dev/null || { echo "slurm test: sbatch is missing" >&2; exit 1; }

fail() { echo "slurm test: $*" >&2; exit 1; }

# Waits until `test` (a shell condition) holds, for at most `seconds`.
wait_for() {
    local seconds=$1 what=$2 test=$3
    for _ in $(seq 1 $((seconds * 5))); do
        if eval "$test"; then return 0; fi
        sleep 0.2
    done
    squeue >&2 || true
    fail "gave up waiting ${seconds} s for $what"
}

# The fenced block after the marker `<!-- slurm:NAME -->` in docs/slurm.md.
block() {
    awk -v marker="<!-- slurm:$1 -->" '
        $0 == marker { found = 1; next }
        found && /^```sh/ { inside = 1; next }
        inside && /^```/ { exit }
        inside { print }' "$root/docs/slurm.md"
}

work=$(mktemp -d /tmp/boggle-slurm.XXXXXX)
cd "$work"
block job > prove-part.sh
block submit > submit.sh
block resubmit > resubmit.sh
for file in prove-part.sh submit.sh resubmit.sh; do
    [ -s "$file" ] || fail "docs/slurm.md has no block for $file"
done
grep -q -- '--size 3x3 --min-score 640' prove-part.sh ||
    fail "the job script no longer proves 3x3 against 500: update this test"
echo "slurm test: in $work"

# The same proof as one process, to compare with.
boggle best --prove --size 3x3 --min-score 640 -j 2 --output whole.txt

# 1. The job array and its merge, as printed.
# shellcheck disable=SC1091
source ./submit.sh
[ -n "${job:-}" ] || fail "the submit block set no \$job"
echo "slurm test: array job $job"

# 2. Part 2 (array index 1) is cancelled once it has written its checkpoint.
wait_for 300 "part 2 to start" '[ -f ckpt/2 ]'
scancel "${job}_1"
wait_for 120 "part 2 to end" '[ -z "$(squeue -h -j "${job}_1" 2>/dev/null)" ]'
grep -q '^# done: ' ckpt/2 || fail "the cancelled part left no checkpoint"
[ ! -e parts/2.txt ] || fail "the cancelled part left an output file"
echo "slurm test: part 2 cancelled: $(grep '^# covered' ckpt/2)"

# 3. Part 2 resubmitted, with a merge that waits for it.
# shellcheck disable=SC1091
source ./resubmit.sh
[ -n "${again:-}" ] || fail "the resubmit block set no \$again"
wait_for 900 "every job to end" '[ -z "$(squeue -h 2>/dev/null)" ]'

# 4. The merged record is the one-process record, apart from the time.
[ -s proof.txt ] || { cat merge.log >&2 || true; fail "the merge wrote no proof.txt"; }
diff <(grep -v '^# time:' whole.txt) <(grep -v '^# time:' proof.txt) ||
    fail "the merged record differs from the one-process record"
for k in 1 2 3 4 5; do
    [ -s "parts/$k.txt" ] || fail "part $k wrote no output"
done
echo "slurm test: 5 parts merged to the one-process record: $(grep '^# optimum' proof.txt)"
echo "slurm test: passed"
