# gg run FILE.ggp: the program files of examples/programs/ print exactly what
# the built-ins print (bfs, sssp, sswp from several sources; cc.ggp with
# --undirected, which gives the weak components the built-in computes on the
# graph as it is; pagerank.ggp within 1e-9 where gg run's cap of n + 1
# supersteps does not bind), CuSha's other benchmarks and the matching
# program print one value per vertex, and a program with an error fails with
# one "gg: error:" line that points at the file's line.
source "$(dirname "$0")/lib.sh"

EXAMPLES=$(cd "$(dirname "$0")/../../examples/programs" && pwd)
# Compiled programs go to the scratch directory, not to ~/.cache.
export GG_CACHE_DIR=$SCRATCH/program-cache

write_sample_wel g.wel
"$GG" generate kron 8 8 --weights 1:50 --directed kron.wel >/dev/null 2>&1 || fail "generate kron"
"$GG" generate urand 7 4 --weights 0:20 urand.wel >/dev/null 2>&1 || fail "generate urand"
"$GG" generate grid 12 15 --weights 1:9 grid.mtx >/dev/null 2>&1 || fail "generate grid"
# A directed path with a branch and isolated vertices (ids 7 and 8 have no edges).
printf '0 1 3\n1 2 1\n2 3 4\n1 4 2\n4 5 0\n5 6 7\n9 6 1\n' >path.wel

backends=(cpu)
if gpu_usable; then backends+=(cuda); fi

# same_output DESCRIPTION -- ARGS_A -- ARGS_B: both runs succeed quietly and print the same bytes.
same_output() {
    local description=$1
    shift 2
    local first=() second=()
    while [ "$1" != "--" ]; do
        first+=("$1")
        shift
    done
    shift
    second=("$@")
    gg "${first[@]}"
    if [ "$RC" -ne 0 ] || [ -s err ]; then
        fail "$description: the built-in failed"
        show_run "${first[@]}"
        return
    fi
    cp out expected.txt
    gg "${second[@]}"
    if [ "$RC" -ne 0 ] || [ -s err ]; then
        fail "$description: the program failed or warned"
        show_run "${second[@]}"
        return
    fi
    if ! cmp -s expected.txt out; then
        fail "$description: the program prints other values than the built-in"
        echo "  command: gg ${second[*]}" >&2
        diff expected.txt out | head -10 >&2
    fi
}

for backend in "${backends[@]}"; do
    for graph in g.wel kron.wel urand.wel grid.mtx path.wel; do
        for source in 0 1 5; do
            for algo in bfs sssp sswp; do
                same_output "$algo.ggp on $graph from $source ($backend)" -- \
                    run "$algo" "$graph" --source "$source" --backend "$backend" -- \
                    run "$EXAMPLES/$algo.ggp" "$graph" --source "$source" --backend "$backend"
            done
        done
        same_output "cc.ggp --undirected on $graph ($backend)" -- \
            run cc "$graph" --backend "$backend" -- \
            run "$EXAMPLES/cc.ggp" "$graph" --undirected --backend "$backend"
    done
done

# Without --undirected cc.ggp follows out-edges only: on path.wel vertex 9
# (an edge 9 -> 6) keeps its own id, where the weak component's label is 0.
gg run "$EXAMPLES/cc.ggp" path.wel --backend cpu
check "cc.ggp without --undirected: exit 0" [ "$RC" -eq 0 ]
check "cc.ggp without --undirected: vertex 9 keeps label 9" [ "$(sed -n 10p out)" = 9 ]
gg run cc path.wel --backend cpu
check "cc: vertex 9 is in component 0" [ "$(sed -n 10p out)" = 0 ]

# PageRank: on a cycle both stop after one iteration with every rank 1/n;
# on graphs of at least 99 vertices the file's halt (100 iterations) comes
# before gg run's cap, and the ranks agree within 1e-9 (they differ in the
# order of two sums over all vertices only).
printf '0 1\n1 2\n2 0\n' >cycle.el
same_output "pagerank.ggp on a cycle" -- run pagerank cycle.el --backend cpu -- \
    run "$EXAMPLES/pagerank.ggp" cycle.el --backend cpu
for graph in kron.wel urand.wel grid.mtx; do
    gg run pagerank "$graph" --backend cpu
    cp out expected.txt
    gg run "$EXAMPLES/pagerank.ggp" "$graph" --backend cpu
    check "pagerank.ggp on $graph: exit 0 and nothing on stderr" test "$RC" -eq 0 -a ! -s err
    check "pagerank.ggp on $graph: one rank per vertex" [ "$(wc -l <out)" -eq "$(wc -l <expected.txt)" ]
    check "pagerank.ggp on $graph: within 1e-9 of the built-in" \
        awk 'NR == FNR { want[FNR] = $1; next }
             { d = $1 - want[FNR]; if (d < 0) d = -d; if (d > 1e-9) bad = 1 }
             END { exit bad }' expected.txt out
done

# CuSha's other benchmarks print one value per vertex (circuit: the source at
# the supply voltage, the last vertex grounded).
n_grid=180
for program in neural_network heat circuit; do
    gg run "$EXAMPLES/$program.ggp" grid.mtx --backend cpu
    check "$program.ggp on grid.mtx: exit 0" [ "$RC" -eq 0 ]
    check "$program.ggp on grid.mtx: one value per vertex" [ "$(wc -l <out)" -eq $n_grid ]
done
gg run "$EXAMPLES/circuit.ggp" grid.mtx --backend cpu
check "circuit.ggp: the source is at 1 V" [ "$(sed -n 1p out)" = 1 ]
check "circuit.ggp: the last vertex is grounded" [ "$(sed -n ${n_grid}p out)" = 0 ]

# CuSha's layouts: a CuSha-model program prints the same bytes over gshards
# and cw as over csr, and --stats names the layout that ran (the CPU runs csr
# whatever is asked); on the GPU an EMV program is refused them.
for backend in "${backends[@]}"; do
    for program in heat pagerank_cusha; do
        for graph in grid.mtx kron.wel; do
            gg run "$EXAMPLES/$program.ggp" "$graph" --backend "$backend" --layout csr
            cp out over_csr.txt
            for layout in gshards cw; do
                gg run "$EXAMPLES/$program.ggp" "$graph" --backend "$backend" --layout "$layout" --stats
                check "$program.ggp on $graph --layout $layout ($backend): exit 0" [ "$RC" -eq 0 ]
                check "$program.ggp on $graph --layout $layout ($backend): the values over csr" cmp -s over_csr.txt out
                ran=$([ "$backend" = cuda ] && echo "$layout" || echo csr)
                check "$program.ggp on $graph --layout $layout ($backend): --stats says $ran" \
                    grep -Eq "^layout +$ran$" err
            done
        done
    done
done
if gpu_usable; then
    expect_error "an EMV program over gshards (GPU)" 1 "EMV programs such as 'bfs' on layout csr only" -- \
        run "$EXAMPLES/bfs.ggp" g.wel --backend cuda --layout gshards
fi

# Matching: vertices 0..4 on the left (the file's default: n / 2), stored
# both ways by --undirected; a valid matching with no more pairs than the
# built-in's maximum.
printf '0 5\n0 6\n1 5\n2 7\n3 7\n3 8\n4 9\n4 8\n' >bipartite.el
gg run matching bipartite.el --left 5 --backend cpu
maximum=$(awk '$1 != -1 && NR <= 5' out | wc -l)
gg run "$EXAMPLES/matching.ggp" bipartite.el --undirected --backend cpu
check "matching.ggp: exit 0" [ "$RC" -eq 0 ]
check "matching.ggp: one mate per vertex" [ "$(wc -l <out)" -eq 10 ]
check "matching.ggp: mates are mutual" \
    awk '{ mate[NR - 1] = $1 } END { for (v in mate) if (mate[v] != -1 && mate[mate[v]] != v) exit 1 }' out
pairs=$(awk '$1 != -1 && NR <= 5' out | wc -l)
check "matching.ggp: $pairs pairs, at most the maximum $maximum and at least half" \
    test "$pairs" -le "$maximum" -a $((2 * pairs)) -ge "$maximum"

# --max-supersteps caps a program (a warning, the values of its last superstep),
# --params replaces its parameters; neither is taken by a built-in.
gg run "$EXAMPLES/bfs.ggp" path.wel --max-supersteps 2 --backend cpu
check "--max-supersteps 2: exit 0" [ "$RC" -eq 0 ]
check "--max-supersteps 2: a warning" grep -q "stopped at its cap of 2 supersteps" err
check "--max-supersteps 2: depth 2 is reached, depth 3 not" [ "$(sed -n 3p out),$(sed -n 4p out)" = "2,-1" ]
gg run "$EXAMPLES/pagerank.ggp" grid.mtx --params 0.5,1e-3,3 --stats --backend cpu
check "--params: the cap of 3 iterations in params[2] binds" grep -Eq "^iterations +3$" err
expect_error "--params on a built-in" 2 "--params: only a vertex program file" -- run bfs g.wel --params 1
expect_error "--params with a word" 2 "--params: 'x' is not a number" -- run "$EXAMPLES/bfs.ggp" g.wel --params 1,x
expect_error "--max-supersteps 0" 2 "--max-supersteps: must be at least 1" -- run "$EXAMPLES/bfs.ggp" g.wel --max-supersteps 0

# A compile error names the program and the file's line (line 8 lacks a ';').
cat >broken.ggp <<'PROGRAM'
//! model: emv
//! vertex: 4
//! combiner: min uint32
//! output: depth
typedef struct { uint32_t depth; } gg_vertex;
typedef uint32_t gg_message;
GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->depth = 0
    return 1;
}
PROGRAM
# gcc reports the line of the missing ';' ("broken:8:"), NVRTC the line of
# the token after it ("broken(9): error"): both point into the file.
expect_error "a syntax error in a program (CPU)" 1 "broken:8:" -- run broken.ggp g.wel --backend cpu
expect_error "a syntax error in a program names the file" 1 "broken.ggp" -- run broken.ggp g.wel --backend cpu
if gpu_usable; then
    expect_error "a syntax error in a program (GPU)" 1 "broken(9): error" -- run broken.ggp g.wel --backend cuda
fi
# A bad header line is reported with the file and its line.
printf '//! model: emv\n//! vertex: 4\n//! colour: red\nint x;\n' >header.ggp
expect_error "an unknown key in a program's header" 1 "header.ggp:3: unknown key 'colour'" -- run header.ggp g.wel

finish
