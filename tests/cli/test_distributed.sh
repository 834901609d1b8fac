# mpirun -np N gg run ALGO GRAPH (docs/distributed.md): each process reads
# its share of the .ggb, or its byte range of a text file, and runs its parts; the first process writes
# exactly what one process writes over the same number of parts, and the
# statistics name the processes. Skipped, saying so, where mpirun is not
# installed or gg was built without MPI.
source "$(dirname "$0")/lib.sh"

if ! command -v mpirun >/dev/null 2>&1; then
    echo "skipped: mpirun is not installed (apt-get install openmpi-bin libopenmpi-dev)"
    exit 0
fi
# CI runs as root, which OpenMPI refuses unless told; oversubscribe: more processes than cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# mpi NP ARGS...: mpirun -np NP gg ARGS, as gg() does.
mpi() {
    local np=$1
    shift
    timeout "$GG_TIMEOUT" mpirun --oversubscribe -np "$np" "$GG" "$@" >out 2>err
    RC=$?
    CHECKS=$((CHECKS + 1))
}

"$GG" generate kron 9 8 kron.ggb --weights >/dev/null 2>&1 || fail "generate kron"
"$GG" generate grid 20 30 grid.ggb --weights >/dev/null 2>&1 || fail "generate grid"
mpi 2 run cc grid.ggb --backend cpu --out probe.txt
if [ "$RC" -ne 0 ] && grep -q "built without MPI" err; then
    echo "skipped: this gg was built without MPI"
    exit 0
fi

for graph in kron.ggb grid.ggb; do
    for algo in bfs sssp sswp cc pagerank bc spmv; do
        source_option=()
        case $algo in bfs | sssp | sswp | bc) source_option=(--source 1) ;; esac
        for np in 2 3; do
            gg run "$algo" "$graph" --backend cpu "${source_option[@]}" --parts "$np" --partition random --out one.txt
            mpi "$np" run "$algo" "$graph" --backend cpu "${source_option[@]}" --partition random --out many.txt
            check "$algo on $graph over $np processes: exit 0" [ "$RC" -eq 0 ]
            check "$algo on $graph over $np processes: the one-process answers" cmp -s one.txt many.txt
        done
    done
done

# Replicas two and three hops deep (Medusa's multi-hop replication).
for depth in 2 3; do
    gg run sssp grid.ggb --backend cpu --source 1 --parts 3 --partition random --replication-depth "$depth" --out one.txt
    mpi 3 run sssp grid.ggb --backend cpu --source 1 --partition random --replication-depth "$depth" --out many.txt
    check "depth $depth over 3 processes: exit 0" [ "$RC" -eq 0 ]
    check "depth $depth over 3 processes: the one-process answers" cmp -s one.txt many.txt
done

# A generated graph (kron:SCALE[:DEGREE]): each process generates only its
# share of the edges; the answers are those of one process over the same
# parts of the graph written to a file.
for algo in sssp pagerank; do
    gg run "$algo" kron.ggb --backend cpu --parts 3 --partition random --out one.txt
    mpi 3 run "$algo" kron:9:8 --backend cpu --partition random --out many.txt
    check "$algo on kron:9:8 over 3 processes: exit 0" [ "$RC" -eq 0 ]
    check "$algo on kron:9:8 over 3 processes: the answers over kron.ggb" cmp -s one.txt many.txt
done

mpi 3 run pagerank kron.ggb --backend cpu --json --out ranks.txt
check "--json: exit 0" [ "$RC" -eq 0 ]
for field in '"processes": 3' '"parts": 3' '"process_compute_ms": [' '"bytes_exchanged": '; do
    check "--json over 3 processes has $field" grep -qF "$field" err
done
check "--json: one report, from the first process" [ "$(grep -c '"algorithm"' err)" -eq 1 ]

# Text files: each process parses its byte range of the lines.
for ext in mtx el wel gr; do
    "$GG" convert kron.ggb "kron.$ext" >/dev/null 2>&1 || fail "convert to .$ext"
    for np in 2 3; do
        gg run sssp "kron.$ext" --backend cpu --source 1 --parts "$np" --partition random --out one.txt
        mpi "$np" run sssp "kron.$ext" --backend cpu --source 1 --partition random --out many.txt
        check ".$ext over $np processes: exit 0" [ "$RC" -eq 0 ]
        check ".$ext over $np processes: the one-process answers" cmp -s one.txt many.txt
    done
done
gg run cc kron.el --backend cpu --undirected --parts 3 --partition random --out one.txt
mpi 3 run cc kron.el --backend cpu --undirected --partition random --out many.txt
check "--undirected on a text file: exit 0" [ "$RC" -eq 0 ]
check "--undirected on a text file: the one-process answers" cmp -s one.txt many.txt
mpi 2 run cc kron.ggb --backend cpu --undirected
check "--undirected on a .ggb: refused" [ "$RC" -ne 0 ]
check "--undirected on a .ggb: the message says to convert it" grep -q "convert" err
# A fault in the last process's range names the whole file's line, as one process does.
{ for i in $(seq 0 898); do echo "$i $((i + 1))"; done; echo "899 x"; echo "900 901"; } >bad.el
mpi 3 run bfs bad.el --source 0
check "a fault on line 900 of 901: refused" [ "$RC" -ne 0 ]
check "a fault on line 900 of 901: the message names bad.el:900" grep -q "bad.el:900: " err
mpi 2 run apsp grid.ggb
check "apsp: refused" [ "$RC" -ne 0 ]
check "apsp: the message says the graph is distributed" grep -q "distributed" err

finish
