#!/usr/bin/env bash
# Sets up and starts a Slurm cluster of one node, this machine, from
# Debian's packages, for running proofs in parts (docs/slurm.md) and for
# testing that recipe. Run as root. It needs no systemd: the daemons are
# started by hand. The node is `localhost`, both controller and compute
# node; processes are tracked through /proc (`proctrack/linuxproc`), tasks
# are not confined (`task/none`), nothing is accounted in a database, and
# job arrays may have up to 100,000 tasks.
#
#   bash scripts/slurm-single-node.sh          # install, configure, start
#   bash scripts/slurm-single-node.sh stop     # stop the daemons
set -euo pipefail

if [ "${1:-}" = stop ]; then
    pkill -x slurmctld || true
    pkill -x slurmd || true
    pkill -x munged || true
    exit 0
fi

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    # Services are not started by the packages' install scripts: this
    # script starts them itself, with its own configuration.
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
    rm -f /usr/sbin/policy-rc.d
fi

# munge: the key, and the folder its socket lives in.
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
fi
chown munge:munge /etc/munge/munge.key
chmod 400 /etc/munge/munge.key
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
if ! pgrep -x munged >/dev/null; then
    runuser -u munge -- /usr/sbin/munged
fi

cpus=$(nproc)
# Slurm counts memory in MiB; leave a little to the system.
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
install -d -m 0755 /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=single
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MaxArraySize=100001
MaxJobCount=200000
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF

pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd -N localhost

# Wait until the node takes jobs.
for _ in $(seq 1 60); do
    state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)
    case "$state" in
    idle | mixed | allocated) echo "slurm: node localhost is $state"; exit 0 ;;
    esac
    sleep 1
done
echo "slurm: the node never became ready (state: '${state:-none}')" >&2
tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
exit 1
