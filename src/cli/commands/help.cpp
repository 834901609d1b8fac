// The help texts of `gg --help` and `gg COMMAND --help`. docs/cli.md is the
// long form of the same contract; keep the two in step.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli/cli_error.h"
#include "cli/commands/commands.h"

namespace gg_cli {

const char kMainHelp[] =
    "usage: gg COMMAND [ARGS]\n"
    "\n"
    "Graph analytics on NVIDIA GPUs, with a CPU backend where no GPU is usable.\n"
    "\n"
    "commands:\n"
    "  gg run ALGO GRAPH [options]    run an algorithm; one value per vertex on stdout\n"
    "  gg convert IN OUT              convert between .mtx .el .txt .wel .gr .ggb\n"
    "  gg generate KIND PARAMS OUT    kron SCALE DEGREE | urand SCALE DEGREE | grid ROWS COLS\n"
    "  gg info GRAPH                  vertices, edges, degrees, memory and build time per layout\n"
    "  gg --version                   versions of the tool and library, GPU availability\n"
    "\n"
    "'gg COMMAND --help' describes a command.\n"
    "\n"
    "exit status: 0 success; 1 failure (unreadable or malformed file, algorithm error,\n"
    "no GPU for --backend cuda, out of memory, output write error); 2 usage error (bad\n"
    "command line). On failure stderr gets one line starting 'gg: error: '.\n";

const char kRunHelp[] =
    "usage: gg run ALGO GRAPH [--source V] [--left N] [--backend auto|cpu|cuda]\n"
    "              [--layout auto|csr|gshards|cw|vsplit|udt|tocab] [--degree-bound K]\n"
    "              [--undirected] [--max-supersteps N] [--params X,Y,...]\n"
    "              [--threads N] [--out FILE] [--stats] [--json]\n"
    "              [--parts K [--partition metis|random|block] [--replication-depth D|auto]]\n"
    "              [--devices all|ID,ID,...] [--max-vertices N|any] [--mpi] [--warmup N]\n"
    "       mpirun -np P gg run ALGO GRAPH.ggb [options]   (distributed, docs/distributed.md)\n"
    "\n"
    "ALGO and what each output line (one per vertex, in vertex order) holds:\n"
    "  bfs       hop count from the source along out-edges; -1 when unreachable\n"
    "  sssp      shortest distance from the source; inf when unreachable\n"
    "  sswp      widest path width from the source (source inf, unreachable 0)\n"
    "  cc        weakly connected component: its smallest vertex id\n"
    "  pagerank  rank (damping 0.85, tolerance 1e-6, at most 100 iterations), %.9g\n"
    "  bc        betweenness centrality, unnormalised, over every source (or --source), %.9g\n"
    "  spmv      y(v) = sum over edges u->v of w(u,v) * x(u) with x = all ones\n"
    "  apsp      n lines of n space-separated distances (row = source; inf when unreachable)\n"
    "  matching  maximum bipartite matching (--left N: vertices 0..N-1 are one side, the\n"
    "            rest the other; every edge must join the sides): the vertex's mate, -1\n"
    "            when unmatched\n"
    "  FILE.ggp  a vertex program file (docs/programs.md), run from --source: its values\n"
    "            as its '//! output:' line says (depth, float, label, double, ...);\n"
    "            --max-supersteps N caps it (default n + 1), --params X,Y,... sets its\n"
    "            parameters\n"
    "Distances, widths and spmv values print as the shortest decimal that reads back as\n"
    "the same 32-bit float (\"12\", \"0.1\", \"1e-07\").\n"
    "\n"
    "GRAPH is a file, or a generated graph: kron:SCALE[:DEGREE], urand:SCALE[:DEGREE]\n"
    "(degree 16 by default) or grid:ROWS[:COLS], weighted 1..255 and stored both ways,\n"
    "as 'gg generate ... --weights' makes it; under mpirun each process generates only\n"
    "its share of the edges.\n"
    "\n"
    "options:\n"
    "  --source V      source vertex (0-based) of bfs, sssp, sswp, bc; default 0 (bc: all)\n"
    "  --left N        matching: the left side is vertices 0..N-1 (required)\n"
    "  --backend B     auto (default: the GPU when usable, else the CPU), cpu or cuda\n"
    "  --layout L      graph layout of the run; default auto (the backend's cost model).\n"
    "                  On the GPU: csr (all), gshards and cw (bfs sssp sswp cc pagerank\n"
    "                  spmv, CuSha-model program files), vsplit (bfs sssp sswp cc pagerank\n"
    "                  spmv), udt (bfs sssp sswp cc), tocab (pagerank spmv); the CPU runs\n"
    "                  csr, and tocab for pagerank when asked or where it pays (--stats\n"
    "                  says which ran)\n"
    "  --degree-bound K\n"
    "                  K of vsplit (default 10) and udt (default 1000, at least 2)\n"
    "  --undirected    store every edge of GRAPH in both directions\n"
    "  --max-vertices N|any\n"
    "                  accept a file giving more vertices than max(2^24, 64 x its edges)\n"
    "  --threads N     CPU threads; default 0 = every core\n"
    "  --warmup N      run N times first (answers dropped), then the run that is written\n"
    "                  and measured: the first run builds what later runs reuse\n"
    "  --out FILE      write the values to FILE instead of stdout\n"
    "  --stats         print timing, iterations, backend, layout and any GPU fallback\n"
    "                  reason to stderr\n"
    "  --json          print the statistics as one JSON object (implies --stats)\n"
    "  --parts K       run partitioned over K parts (docs/partitioned.md): the same answers,\n"
    "                  with parts, edge cut, replicas and bytes exchanged in --stats\n"
    "  --partition P   metis (default), random, block, or auto (chosen from measured cuts)\n"
    "  --replication-depth D\n"
    "                  hops of replicas, 1 (default) to 8, or auto (a cost model picks)\n"
    "  --devices LIST  the CUDA devices of the run: all, or ids such as 0,1\n"
    "  --mpi           run distributed over the MPI job's processes (implied when started by\n"
    "                  mpirun): each reads its share of GRAPH.ggb and runs its parts, one per\n"
    "                  process by default (--parts), partitioned by auto (--partition); the\n"
    "                  first process writes the output and --stats\n";

const char kConvertHelp[] =
    "usage: gg convert IN OUT [--undirected] [--max-vertices N|any]\n"
    "\n"
    "Reads IN and writes OUT, each in the format of its extension: .mtx (Matrix Market),\n"
    ".el or .txt (edge list), .wel (weighted edge list), .gr (DIMACS), .ggb (gg binary).\n"
    "IN's format is detected from its contents when its extension is unknown.\n"
    "\n"
    "options:\n"
    "  --undirected    store every edge of IN in both directions before writing\n"
    "  --max-vertices N|any\n"
    "                  accept a file giving more vertices than max(2^24, 64 x its edges)\n";

const char kGenerateHelp[] =
    "usage: gg generate kron SCALE DEGREE OUT [options]\n"
    "       gg generate urand SCALE DEGREE OUT [options]\n"
    "       gg generate grid ROWS COLS OUT [options]\n"
    "\n"
    "kron: Kronecker (R-MAT, Graph500 parameters a=0.57 b=0.19 c=0.19), 2^SCALE vertices,\n"
    "      DEGREE * 2^SCALE generated edges; urand: uniform random, same sizes;\n"
    "grid: ROWS x COLS 4-neighbour grid. Self-loops are dropped and duplicates merged.\n"
    "OUT's extension picks the format (.mtx .el .txt .wel .gr .ggb).\n"
    "\n"
    "options:\n"
    "  --seed N            seed (default 27491095); a seed gives the same graph everywhere\n"
    "  --weights [MIN:MAX] uniform integer weights in [MIN, MAX] (default 1:255)\n"
    "  --directed          keep generated edges one-way (default: both directions)\n";

const char kInfoHelp[] =
    "usage: gg info GRAPH [--undirected] [--max-vertices N|any] [--parts K [--replication-depth D|auto]]\n"
    "               [--json]\n"
    "\n"
    "GRAPH is a file or a generated graph (kron:SCALE[:DEGREE], urand:SCALE[:DEGREE],\n"
    "grid:ROWS[:COLS]; see 'gg run --help').\n"
    "Prints the vertex and edge counts, whether the graph is undirected and weighted,\n"
    "out- and in-degree statistics, and the bytes of each layout: CSR, CSC, CuSha\n"
    "G-Shards and Concatenated Windows (with their shard and window statistics).\n"
    "\n"
    "options:\n"
    "  --undirected    store every edge of GRAPH in both directions\n"
    "  --max-vertices N|any\n"
    "                  accept a file giving more vertices than max(2^24, 64 x its edges)\n"
    "  --parts K       also partition into K parts with each partitioner (metis when built\n"
    "                  with it, random, block, auto) and print edge cut, replicas and build\n"
    "                  time, and what auto chose and why\n"
    "  --replication-depth D\n"
    "                  hops of replicas of those plans, 1 (default) to 8, or auto\n"
    "  --json          print one JSON object instead of text\n";

int print_help(const char *text) {
    if (std::fputs(text, stdout) == EOF || std::fflush(stdout) != 0)
        runtime_error("<stdout>: write failed: %s", std::strerror(errno));
    return kExitOk;
}

}  // namespace gg_cli
