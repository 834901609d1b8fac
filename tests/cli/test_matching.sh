# gg run matching: one line per vertex, its mate or -1, on graphs whose
# maximum matching is unique (so every backend prints the same lines); the
# --left option and the errors of a graph that is not bipartite.
source "$(dirname "$0")/lib.sh"

nl() { printf '%s\n' "$@"; }

# Left 0, 1, 2; right 3 .. 6; the path 0 - 3 - 1 - 4 - 2 - 5 (one edge
# stored right -> left) has the one perfect matching 0-3, 1-4, 2-5; vertex 6
# has no edge. 1-based ids in the file.
cat >path.mtx <<'GRAPH'
%%MatrixMarket matrix coordinate pattern general
7 7 5
1 4
2 4
2 5
5 3
3 6
GRAPH
expected=$(nl 3 4 5 0 1 2 -1)
expect_output "matching: mates, -1 unmatched" "$expected" -- run matching path.mtx --left 3
expect_output "matching on the CPU" "$expected" -- run matching path.mtx --left 3 --backend cpu --threads 2
expect_output "matching --undirected" "$expected" -- run matching --left=3 --undirected path.mtx
expect_success "matching --out" -- run matching path.mtx --left 3 --out mates.txt
check "--out leaves stdout empty" [ ! -s out ]
check "--out file holds the mates" [ "$(tr '\n' ' ' <mates.txt)" = "3 4 5 0 1 2 -1 " ]
gg run matching path.mtx --left 3 --stats
check "matching --stats: exit 0" [ "$RC" -eq 0 ]
check "matching --stats names the algorithm" grep -q '^algorithm *matching' err

# One side empty: nothing to match (no edge may exist then).
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 0\n' >edgeless.mtx
expect_output "matching, every vertex on the left" "$(nl -1 -1 -1)" -- run matching edgeless.mtx --left 3
expect_output "matching, every vertex on the right" "$(nl -1 -1 -1)" -- run matching edgeless.mtx --left 0

# A chain of 2000 pairs whose greedy start leaves one augmenting path
# through all of it: left l joins right 2000 + (1999 - l) and the right
# vertex after that; every vertex must end matched, mates symmetric.
awk 'BEGIN {
    k = 2000
    for (j = 0; j < k; ++j) { l = k - 1 - j; print l, k + j; if (j + 1 < k) print l - 1, k + j }
}' >chain.el
gg run matching chain.el --left 2000
check "chain: exit 0" [ "$RC" -eq 0 ]
check "chain: one line per vertex" [ "$(wc -l <out)" -eq 4000 ]
check "chain: left l is matched to 2000 + 1999 - l, and back" awk '
    { mate[NR - 1] = $1 }
    END {
        for (v = 0; v < 4000; ++v) if (mate[mate[v]] != v) exit 1
        for (l = 0; l < 2000; ++l) if (mate[l] != 3999 - l) exit 1
    }' out

# Usage errors (exit 2) and graphs that are not bipartite (exit 1).
expect_error "matching without --left" 2 "--left" -- run matching path.mtx
expect_error "--left on another algorithm" 2 "--left" -- run bfs path.mtx --left 3
expect_error "--left above n" 2 "--left: 8" -- run matching path.mtx --left 8
expect_error "--left not a number" 2 "--left" -- run matching path.mtx --left three
expect_error "an edge between two right vertices" 1 "edge 2 -> 5 joins two right vertices" -- \
    run matching path.mtx --left 2
expect_error "an edge between two left vertices" 1 "joins two left vertices" -- run matching path.mtx --left 4
printf '0 2\n1 1\n' >loop.el
expect_error "a self-loop" 1 "edge 1 -> 1 is a self-loop" -- run matching loop.el --left 2
expect_error "matching over parts" 1 "partitioned" -- run matching path.mtx --left 3 --parts 2 --partition block

finish
