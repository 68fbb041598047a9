#!/usr/bin/env bash
# Runs the GNU parallel recipe of docs/slurm.md as the page prints it, with
# its two hosts, `host1` and `host2`, being two loopback addresses of this
# machine (127.0.0.1 and 127.0.0.2) served by an sshd of this script's own
# on port 2222 (stopped at the end), and compares the merged record with
# the same proof run as one process. Needs Debian's `parallel`,
# `openssh-server` and `openssh-client`; run as root or as any user.
#
#   bash scripts/parallel-recipe-test.sh [DIR-OF-THE-BOGGLE-BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin_dir=$(cd "${1:-$root/target/release}" && pwd)
export PATH="$bin_dir:$PATH"
fail() { echo "parallel test: $*" >&2; exit 1; }
for program in boggle parallel ssh ssh-keygen /usr/sbin/sshd; do
    command -v "$program" >/dev/null || fail "$program is missing"
done

work=$(mktemp -d /tmp/boggle-parallel.XXXXXX)
ssh_dir="$work/ssh"
mkdir -m 700 "$ssh_dir"
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/user_key"
cp "$ssh_dir/user_key.pub" "$ssh_dir/authorized_keys"
chmod 600 "$ssh_dir/authorized_keys"
mkdir -p /run/sshd 2>/dev/null || true
cat > "$ssh_dir/sshd_config" <<CONF
ListenAddress 127.0.0.1:2222
ListenAddress 127.0.0.2:2222
HostKey $ssh_dir/host_key
AuthorizedKeysFile $ssh_dir/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
SetEnv PATH=$PATH
PidFile $ssh_dir/sshd.pid
CONF
/usr/sbin/sshd -f "$ssh_dir/sshd_config" -E "$ssh_dir/sshd.log"
trap 'kill "$(cat "$ssh_dir/sshd.pid" 2>/dev/null)" 2>/dev/null || true' EXIT
# The hosts of the recipe; the sshd gives their commands the PATH that
# finds this boggle.
cat > "$ssh_dir/config" <<CONF
Host host1 host2
    Port 2222
    IdentityFile $ssh_dir/user_key
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
Host host1
    HostName 127.0.0.1
Host host2
    HostName 127.0.0.2
CONF
export PARALLEL_SSH="ssh -F $ssh_dir/config"
export PARALLEL_HOME="$work/parallel-home"
for host in host1 host2; do
    $PARALLEL_SSH "$host" true || { cat "$ssh_dir/sshd.log" >&2; fail "cannot reach $host over ssh"; }
done

awk -v marker="<!-- parallel:run -->" '
    $0 == marker { found = 1; next }
    found && /^```sh/ { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }' "$root/docs/slurm.md" > "$work/run.sh"
[ -s "$work/run.sh" ] || fail "docs/slurm.md has no parallel block"
grep -q -- '--size 3x3 --min-score 640' "$work/run.sh" ||
    fail "the recipe no longer proves 3x3 against 640: update this test"

cd "$work"
boggle best --prove --size 3x3 --min-score 640 -j 2 --output whole.txt
bash -euo pipefail run.sh
diff <(grep -v '^# time:' whole.txt) <(grep -v '^# time:' proof.txt) ||
    fail "the merged record differs from the one-process record"
echo "parallel test: 5 parts over host1 and host2 merged to the one-process record: $(grep '^# optimum' proof.txt)"
echo "parallel test: passed"
