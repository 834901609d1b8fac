# The gg tool under valgrind's memcheck on small graphs: every algorithm
# (partitioned too), gg info and gg convert, and the error paths of a
# malformed file and a bad option, with zero findings: no invalid read or
# write, no use of uninitialised memory, no definite or indirect leak
# (libgomp's pooled thread stacks are "possibly lost" by design and not
# counted). Skipped, saying so, where valgrind is not installed;
# scripts/debian-test-packages.txt installs it for scripts/test.
source "$(dirname "$0")/lib.sh"

if ! command -v valgrind >/dev/null 2>&1; then
    echo "skipped: valgrind is not installed (apt-get install valgrind)"
    exit 0
fi
# scripts/sanitize runs the tool tests again on an AddressSanitizer (or,
# with --thread, ThreadSanitizer) build, which cannot run under valgrind (and
# has its own checks there).
if grep -qa "__asan_init" "$GG"; then
    echo "skipped: this gg is built with AddressSanitizer, which valgrind cannot run"
    exit 0
fi
if grep -qa "__tsan_init" "$GG"; then
    echo "skipped: this gg is built with ThreadSanitizer, which valgrind cannot run"
    exit 0
fi

memcheck() {
    CHECKS=$((CHECKS + 1))
    timeout "$GG_TIMEOUT" valgrind -q --error-exitcode=97 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect "$GG" "$@" >out 2>err
    RC=$?
    if [ "$RC" -eq 97 ] || grep -q "==[0-9]*== [A-Z]" err; then
        fail "valgrind found errors in: gg $*"
        head -c 3000 err >&2
    fi
}

"$GG" generate grid 16 16 grid.ggb --weights >/dev/null 2>&1 || fail "generate grid"
"$GG" generate kron 7 4 kron.mtx --weights >/dev/null 2>&1 || fail "generate kron"

memcheck info grid.ggb
check "info: exit 0" [ "$RC" -eq 0 ]
memcheck convert kron.mtx kron.ggb
check "convert: exit 0" [ "$RC" -eq 0 ]
for algo in bfs sssp sswp cc pagerank spmv bc apsp; do
    source_option=()
    case $algo in bfs | sssp | sswp | bc) source_option=(--source 3) ;; esac
    memcheck run "$algo" kron.ggb --backend cpu --threads 2 "${source_option[@]}"
    check "$algo: exit 0" [ "$RC" -eq 0 ]
done
for algo in bfs pagerank bc; do
    source_option=()
    case $algo in bfs | bc) source_option=(--source 3) ;; esac
    memcheck run "$algo" grid.ggb --backend cpu --threads 2 --parts 3 "${source_option[@]}"
    check "$algo over 3 parts: exit 0" [ "$RC" -eq 0 ]
done
printf '%%%%MatrixMarket matrix coordinate real general\n5 5 3\n1 2 1.0\n9 9 1.0\n' >bad.mtx
memcheck run bfs bad.mtx --backend cpu
check "a malformed file: refused" [ "$RC" -ne 0 ]
memcheck run bfs grid.ggb --backend cpu --parts 0
check "a bad option: refused" [ "$RC" -ne 0 ]

finish
