"""PageRank of one graph spread over MPI processes (gg.Context(mpi=...), ABI 0.7).

Run it under MPI, one Python process per rank:

    mpirun -np 2 python3 bindings/python/examples/distributed_pagerank.py
    mpirun -np 4 python3 bindings/python/examples/distributed_pagerank.py --scale 16 --check
    mpirun -np 2 python3 bindings/python/examples/distributed_pagerank.py --graph kron20.ggb

Every process runs this same script and makes the same gg calls in the same
order (they are collective): each generates its range of a Kronecker graph's
edges (or reads its share of a .ggb file), the plan spreads the parts over
the processes (part p on process p mod the process count), and every process
receives the whole PageRank vector. Rank 0 prints the top vertices; --check
has rank 0 also run PageRank alone on the whole graph and compare.

With mpi4py the context talks on its MPI.COMM_WORLD (mpi4py initialises
MPI); without it gg initialises MPI itself (mpi="world"). gg must be built
with MPI (CMake finds one: apt-get install libopenmpi-dev openmpi-bin);
otherwise gg.Context(mpi=...) raises gg.UnsupportedError. The library is
found as `import gg` finds it (GG_LIBRARY, the bundled one, pkg-config, ...).
"""

import argparse
import os
import sys

import numpy as np

try:  # the binding, from the checkout, when it is not installed
    import gg
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import gg

try:
    from mpi4py import MPI  # initialises MPI

    COMM = MPI.COMM_WORLD
except ImportError:
    COMM = None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=12, help="Kronecker graph of 2**scale vertices (default 12)")
    parser.add_argument("--degree", type=int, default=16, help="edges per vertex of the Kronecker graph (default 16)")
    parser.add_argument("--graph", help="a .ggb file to read instead (each process reads its share)")
    parser.add_argument("--parts", type=int, default=0, help="parts of the plan (default: one per process)")
    parser.add_argument("--partitioner", default="block", help="block (default), random or auto")
    parser.add_argument("--top", type=int, default=10, help="vertices to print (default 10)")
    parser.add_argument("--check", action="store_true", help="rank 0 also runs alone and compares")
    args = parser.parse_args()

    # Collective: every process creates its context together with the others.
    ctx = gg.Context(backend="cpu", mpi=COMM if COMM is not None else "world", mpi_timeout_s=120)
    rank, ranks = ctx.rank, ctx.num_ranks

    if args.graph:
        graph = gg.load(args.graph, format="ggb", context=ctx)  # this process's share of the file
    else:
        graph = gg.generate("kron", scale=args.scale, degree=args.degree, seed=1, context=ctx)  # its range
    plan = graph.partition_plan(args.parts or ranks, partitioner=args.partitioner, context=ctx)
    ranks_vector, stats = graph.pagerank(plan=plan, context=ctx, return_stats=True)

    mine = [p for p in range(plan.num_parts) if p % ranks == rank]
    owned = sum(plan.part(p).owned for p in mine)
    print("rank %d of %d: parts %s own %d of %d vertices; %d iterations, %.1f ms (%.1f ms exchanging)"
          % (rank, ranks, mine, owned, graph.n, stats.iterations, stats.total_ms, stats.exchange_ms), flush=True)
    if COMM is not None:
        COMM.Barrier()  # rank 0's summary after every rank's line

    if rank == 0:
        print("graph: %d vertices, %d edges; plan: %s" % (graph.n, graph.m, plan))
        print("sum of ranks %.6f; top %d:" % (ranks_vector.sum(), args.top))
        for v in np.argsort(-ranks_vector, kind="stable")[:args.top]:
            print("  vertex %8d  %.6g" % (v, ranks_vector[v]))
        if args.check:
            with gg.Context(backend="cpu") as alone:  # not distributed: this process alone
                if args.graph:
                    whole = gg.load(args.graph, format="ggb", context=alone)
                else:
                    whole = gg.generate("kron", scale=args.scale, degree=args.degree, seed=1, context=alone)
                expected = whole.pagerank(context=alone)
            difference = float(np.abs(expected - ranks_vector).max())
            print("check against one process: largest difference %.3g (%s)"
                  % (difference, "ok" if difference < 1e-6 else "DIFFERENT"))
            if difference >= 1e-6:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
