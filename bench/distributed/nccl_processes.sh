#!/usr/bin/env bash
# NCCL between processes (issue 19, item 3; docs/distributed.md) on a
# machine of two or more GPUs, in one command:
#   1. scripts/gpu-check --mpi: gg with Open MPI (from .deps/mpi) and CUDA,
#      and the distributed GPU tests: mpi.gpu.np1-3 (every process on GPU 0,
#      so through the hosts), mpi.gpu.nccl.np2 (one GPU per process, through
#      NCCL, asked for) and mpi.gpu.faults (a process silent in NCCL);
#   2. `gg generate kron SCALE 16` into a .ggb;
#   3. bench/distributed/ranks_vs_threads.py --backend cuda --ranks 2, twice:
#      GG_PARTITIONED_TRANSPORT=nccl, then =peer (the messages through the
#      hosts), each process on its own GPU (gg run takes the launcher's
#      local rank), every distributed answer compared with one process over
#      the same parts;
#   4. one process over the same two parts on both GPUs (--devices all), for
#      the same graph and algorithms.
# GG_CHECK_LIMIT and GG_BENCH_LIMIT (seconds, default 300 and 600) bound
# the tests and each table.
# Outputs go to --out (default $OUT): gpu-check.log, the two tables
# (nccl.md/.json, peer.md/.json) and one-process-two-gpus.jsonl.
#
# usage: bench/distributed/nccl_processes.sh [--scale S] [--algos LIST] [--trials N] [--out DIR]
# On the device: `run` with kind nvidia-h200-x2, carry [".deps"] (with
# .deps/mpi, scripts/gpu-check's header says how), and GG_NCCL_LIBRARY
# exported where libnccl is not on the library path.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
scale=22
algos=pagerank,bfs,cc
trials=2
out=${OUT:-$root/nccl-processes-out}
while [ $# -gt 0 ]; do
    case "$1" in
        --scale) scale=$2; shift 2 ;;
        --algos) algos=$2; shift 2 ;;
        --trials) trials=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "nccl_processes.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
build=/tmp/gg-gpu-build

timeout 420 "$root/scripts/gpu-check" --mpi --build "$build" --out "$out" --no-bench --limit "${GG_CHECK_LIMIT:-300}" \
    --targets "gg test_distributed test_distributed_faults" --tests "^mpi\.gpu"
echo "gpu-check: status $?"
# What gpu-check set up for its own commands: the unpacked Open MPI and METIS.
prefix=/tmp/ggdeps
mpi_lib=$prefix/mpi/usr/lib/x86_64-linux-gnu
export OPAL_PREFIX=$prefix/mpi/usr
export PATH=$prefix/mpi/usr/bin:$PATH
export LD_LIBRARY_PATH=$mpi_lib/openmpi/lib:$mpi_lib:$prefix/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

graph=/tmp/kron$scale.ggb
"$build/gg" generate kron "$scale" 16 "$graph" || exit 1
cores=$(nproc)
for transport in nccl peer; do
    GG_PARTITIONED_TRANSPORT=$transport timeout "${GG_BENCH_LIMIT:-600}" python3 "$root/bench/distributed/ranks_vs_threads.py" \
        --gg "$build/gg" --graph "$graph" --mpirun "$prefix/mpi/usr/bin/mpirun.openmpi" --cores "$cores" \
        --ranks 2 --algos "$algos" --trials "$trials" --warmup 1 --backend cuda --out "$out/$transport"
    echo "ranks_vs_threads ($transport): status $?"
done
: > "$out/one-process-two-gpus.jsonl"
# The searches' source as ranks_vs_threads.py chose it (in the largest component).
source=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['meta']['source'])" "$out/nccl.json")
for algo in ${algos//,/ }; do
    case "$algo" in bfs|sssp|sswp) from=(--source "$source") ;; *) from=() ;; esac
    for _ in $(seq "$trials"); do
        "$build/gg" run "$algo" "$graph" "${from[@]}" --backend cuda --parts 2 --partition random --devices all \
            --warmup 1 --json --out /dev/null 2>&1 | grep '^{' >> "$out/one-process-two-gpus.jsonl"
    done
done
echo "done"
