#!/usr/bin/env python3
"""Distributed runs against one process (issue 19, item 7; docs/distributed.md).

On one machine of C cores, for R = 1, 2, 4, ... processes, runs
    mpirun -np R gg run ALGO GRAPH.ggb --mpi --threads C/R --partition P --json
(R processes sharing the cores, one part each) against one process with the
same C threads, unpartitioned and over the same R parts, and reports the
median compute time of each (the time of the run itself, collective: the
first process's wall time from the run's start to every answer being
shared) and the load time (each process reading its share of the .ggb).
Every distributed output is compared with the one-process run over R parts:
they must be the same bytes.

    bench/distributed/ranks_vs_threads.py --gg build/gg --graph kron20.ggb \\
        --cores 16 --ranks 1,2,4,8,16 --algos pagerank,bfs,sssp,cc --trials 3 --out results
writes results.md and results.json. --backend cuda runs every process's
parts on the GPU (several processes sharing one GPU, the only case a
one-GPU machine offers): the threads then only copy answers. There one
process with one part runs unpartitioned, with other kernels, so its
answers are compared within 1e-6 (relative) instead of byte for byte.
--warmup N passes `gg run --warmup N` (steady state: device layouts and
plan state built by a first run).
"""

import argparse
import filecmp
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time


def run(command, env=None):
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), result.stderr[-2000:]))
    # --json prints one object on stderr (the first process's, when distributed).
    line = [l for l in result.stderr.splitlines() if l.startswith("{")][-1]
    return json.loads(line)


def close_files(a, b, tolerance):
    """Line by line, every number within tolerance * max(1, |b|)."""
    with open(a) as fa, open(b) as fb:
        la, lb = fa.read().split(), fb.read().split()
    if len(la) != len(lb):
        return False
    for x, y in zip(la, lb):
        x, y = float(x), float(y)
        if x != y and abs(x - y) > tolerance * max(1.0, abs(y)):
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gg", required=True)
    parser.add_argument("--graph", required=True)
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--cores", type=int, default=os.cpu_count())
    parser.add_argument("--ranks", default="1,2,4,8,16")
    parser.add_argument("--algos", default="pagerank,bfs,sssp,cc")
    parser.add_argument("--partition", default="random")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--backend", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    ranks = [int(r) for r in args.ranks.split(",")]
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    scratch = tempfile.mkdtemp()
    # Searches start in the largest component: its label (CC's output) is its smallest vertex.
    labels_path = os.path.join(scratch, "labels.txt")
    run([args.gg, "run", "cc", args.graph, "--backend", "cpu", "--json", "--out", labels_path])
    with open(labels_path) as f:
        labels = [line.strip() for line in f]
    giant = statistics.mode(labels)
    rows = []
    for algo in args.algos.split(","):
        source = ["--source", giant] if algo in ("bfs", "sssp", "sswp") else []
        base = [args.gg, "run", algo, args.graph, "--backend", args.backend, "--json",
                "--warmup", str(args.warmup)] + source
        alone = [run(base + ["--threads", str(args.cores), "--out", os.devnull]) for _ in range(args.trials)]
        alone_ms = statistics.median(s["compute_ms"] for s in alone)
        for r in ranks:
            threads = max(1, args.cores // r)
            parts_out, dist_out = os.path.join(scratch, "parts.txt"), os.path.join(scratch, "dist.txt")
            split = [run(base + ["--threads", str(args.cores), "--parts", str(r), "--partition", args.partition,
                                 "--out", parts_out]) for _ in range(args.trials)]
            dist = [run([args.mpirun, "--bind-to", "none", "-np", str(r)] + base +
                        ["--mpi", "--threads", str(threads), "--partition", args.partition, "--out", dist_out], env)
                    for _ in range(args.trials)]
            same = filecmp.cmp(parts_out, dist_out, shallow=False)
            # On the GPU, PageRank, SpMV and BC add by atomics in no fixed
            # order, and one process's parts on one GPU may pull in another
            # order than the distributed parts: last bits differ.
            if not same and args.backend == "cuda" and (r == 1 or algo in ("pagerank", "spmv", "bc")):
                same = close_files(parts_out, dist_out, 1e-6)
            row = {
                "algorithm": algo, "processes": r, "threads_per_process": threads,
                "one_process_unpartitioned_ms": alone_ms,
                "one_process_parts_ms": statistics.median(s["compute_ms"] for s in split),
                "distributed_ms": statistics.median(s["compute_ms"] for s in dist),
                "distributed_load_ms": statistics.median(s["load_ms"] for s in dist),
                "one_process_load_ms": statistics.median(s["load_ms"] for s in split),
                "bytes_exchanged": dist[0]["bytes_exchanged"], "exchange_rounds": dist[0]["exchange_rounds"],
                "edge_cut": dist[0]["edge_cut"], "same_answers": same,
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
            if not same:
                sys.exit("%s over %d processes: the answers differ from one process over the same parts" % (algo, r))
    meta = {"command": " ".join(sys.argv), "machine": platform.node(), "cores": args.cores,
            "date": time.strftime("%Y-%m-%d"), "graph": args.graph, "partition": args.partition,
            "trials": args.trials, "source": int(giant), "backend": args.backend, "warmup": args.warmup}
    with open(args.out + ".json", "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1)
    with open(args.out + ".md", "w") as f:
        f.write("# Distributed runs against one process\n\n")
        f.write("`%s`, %s, %d cores, %s, backend %s, partitioner %s, median of %d, %d warm-up runs.\n\n" %
                (meta["command"], meta["machine"], args.cores, meta["date"], args.backend, args.partition,
                 args.trials, args.warmup))
        f.write("| algorithm | processes x threads | one process, unpartitioned ms | one process, same parts ms "
                "| distributed ms | load ms (one / distributed) | bytes exchanged | same answers |\n")
        f.write("|---|---|---:|---:|---:|---:|---:|---|\n")
        for row in rows:
            f.write("| %s | %d x %d | %.1f | %.1f | %.1f | %.0f / %.0f | %d | %s |\n" % (
                row["algorithm"], row["processes"], row["threads_per_process"], row["one_process_unpartitioned_ms"],
                row["one_process_parts_ms"], row["distributed_ms"], row["one_process_load_ms"],
                row["distributed_load_ms"], row["bytes_exchanged"], "yes" if row["same_answers"] else "NO"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
