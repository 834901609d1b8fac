#!/usr/bin/env bash
# A weighted kron built straight into its parts and run end to end on the
# GPUs of one host (issues 20 and 21; docs/distributed.md), in one command:
# gg-distributed-run under mpirun, one process per GPU, each generating its
# rows of the graph, building its part in place, running every algorithm
# on its GPU and then on the CPU over the same parts, the two answers
# compared (bench/tools/distributed_run.cpp); --check limits the CPU's
# runs to some algorithms, where they would not fit the time limit (at
# kron 29 over four processes the CPU's BFS took 49 s, the GPUs' 5.5 s).
#
# --scales lists the scales to try, largest first: the first that completes
# ends the script. A scale the host cannot hold ends when memory runs out
# (the kernel kills a process, and mpirun the others) or when its share of
# --limit is spent; the next scale then gets what is left of --limit. A
# sampler writes the host's used memory every 5 s beside the output
# (memory-SCALE.log), so the note can say what limited a scale. The
# processes' traces (kronSCALE.trace) hold the builds' phases
# (GG_TRACE_BUILD) and the runs' levels, iterations and rounds
# (GG_TRACE_RUN; set it to 0 to leave them out).
#
# usage: bench/distributed/big_graph.sh [--scales "29 28"] [--processes N]
#            [--algos LIST] [--check LIST] [--trials N] [--limit S]
#            [--build DIR] [--no-build]
#            [--out DIR]
# On the device: `run` with a kind of N GPUs, carry [".deps"] with
# .deps/mpi (scripts/gpu-check's header says how), GG_NCCL_LIBRARY exported
# where libnccl is not on the library path. The build goes to --build
# (default /tmp/gg-mpi-build, apart from the benchmarks' build); --no-build
# reuses an earlier `scripts/gpu-check --mpi --build DIR` of the same lease.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
scales="29 28"
processes=$(nvidia-smi -L 2>/dev/null | wc -l)
algos=bfs,sssp,cc,pagerank,bc
check=""  # the algorithms also run on the CPU and compared; default: all of --algos
trials=2
limit=560
build_it=1
out=${OUT:-$root/big-graph-out}
build=/tmp/gg-mpi-build
while [ $# -gt 0 ]; do
    case "$1" in
        --scales) scales=$2; shift 2 ;;
        --processes) processes=$2; shift 2 ;;
        --algos) algos=$2; shift 2 ;;
        --check) check=$2; shift 2 ;;
        --trials) trials=$2; shift 2 ;;
        --limit) limit=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --no-build) build_it=0; shift ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
        *) echo "big_graph.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ "$processes" -ge 1 ] || { echo "big_graph.sh: no GPU visible; pass --processes" >&2; exit 2; }
mkdir -p "$out"
start=$SECONDS
if [ $build_it -eq 1 ]; then
    timeout 300 "$root/scripts/gpu-check" --mpi --build "$build" --out "$out" --no-tests --no-bench \
        --targets "gg_distributed_run" | tail -3
fi
# What gpu-check --mpi set up for its own commands: the unpacked Open MPI and METIS.
prefix=/tmp/ggdeps
mpi_lib=$prefix/mpi/usr/lib/x86_64-linux-gnu
if [ -d "$prefix/mpi/usr" ]; then
    export OPAL_PREFIX=$prefix/mpi/usr
    export PATH=$prefix/mpi/usr/bin:$PATH
fi
export LD_LIBRARY_PATH=$mpi_lib/openmpi/lib:$mpi_lib:$prefix/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
threads=$(( $(nproc) / processes ))
[ "$threads" -ge 1 ] || threads=1
mpirun=$prefix/mpi/usr/bin/mpirun.openmpi
[ -x "$mpirun" ] || mpirun=$(command -v mpirun)
tool=$build/bench/gg-distributed-run
[ -x "$tool" ] || { echo "big_graph.sh: $tool was not built" >&2; exit 1; }

{
    date -u +%Y-%m-%dT%H:%M:%SZ
    nvidia-smi --query-gpu=index,name,memory.total --format=csv 2>&1
    free -g
    echo "processes $processes, $threads threads each"
} | tee "$out/big-graph.log"

status=1
for scale in $scales; do
    left=$(( limit - (SECONDS - start) ))
    [ $left -gt 30 ] || { echo "== kron $scale: not tried, $left s left" | tee -a "$out/big-graph.log"; break; }
    echo "== kron $scale, $processes processes, $left s left" | tee -a "$out/big-graph.log"
    ( while sleep 5; do echo "$(date -u +%T) $(free -m | awk '/^Mem:/ {print "used " $3 " MiB of " $2}')"; done ) \
        > "$out/memory-$scale.log" 2>&1 &
    sampler=$!
    GG_TRACE_BUILD=1 GG_TRACE_RUN=${GG_TRACE_RUN-1} OMP_NUM_THREADS=$threads timeout "$left" "$mpirun" --oversubscribe --bind-to none \
        -np "$processes" "$tool" "$scale" 16 "$processes" "$algos" "$trials" "${check:-$algos}" \
        > "$out/kron$scale.out" 2> "$out/kron$scale.trace"
    status=$?
    kill "$sampler" 2>/dev/null
    cat "$out/kron$scale.out" | tee -a "$out/big-graph.log"
    echo "kron $scale: status $status, peak host use $(sort -k3 -n "$out/memory-$scale.log" | tail -1)" \
        | tee -a "$out/big-graph.log"
    grep -E "Killed|killed|out of memory|error|Error" "$out/kron$scale.trace" | head -5 | tee -a "$out/big-graph.log"
    [ $status -eq 0 ] && break
done
exit $status
