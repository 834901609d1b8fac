# The same graph written by hand in every input format gives the same
# answers: ids of 1-based formats (.mtx, .gr) come out 0-based, comments are
# skipped, a symmetric .mtx is undirected, a pattern .mtx has weight 1.
source "$(dirname "$0")/lib.sh"

nl() { printf '%s\n' "$@"; }
SSSP="$(nl 0 2.5 0.5 3.5 inf 0.1)"
HOPS="$(nl 0 1 1 2 inf 1)"

write_sample_wel g.wel
expect_output ".wel" "$SSSP" -- run sssp g.wel

cat >g.mtx <<'GRAPH'
%%MatrixMarket matrix coordinate real general
% the sample graph, 1-based
6 6 8
1 2 4
1 3 0.5
3 2 2
2 4 1
3 4 5
4 3 0.25
5 5 3
1 6 0.1
GRAPH
expect_output ".mtx real general" "$SSSP" -- run sssp g.mtx

cat >g.gr <<'GRAPH'
c the sample graph, 1-based
p sp 6 8
a 1 2 4
a 1 3 0.5
a 3 2 2
c a comment between arcs
a 2 4 1
a 3 4 5
a 4 3 0.25
a 5 5 3
a 1 6 0.1
GRAPH
expect_output ".gr" "$SSSP" -- run sssp g.gr

printf '# SNAP-style header\n%% another comment\n0 1\n0 2\n2 1\n1 3\n2 3\n3 2\n4 4\n0 5\n' >g.el
expect_output ".el: unweighted, weight 1" "$HOPS" -- run sssp g.el
cp g.el g.txt
expect_output ".txt is an edge list" "$HOPS" -- run sssp g.txt
printf '0\t1\r\n0 2\r\n2  1\r\n1 3\r\n2 3\r\n3 2\r\n4 4\r\n0 5\r\n' >crlf.el
expect_output ".el with tabs, double spaces and CRLF line ends" "$HOPS" -- run sssp crlf.el

cat >pattern.mtx <<'GRAPH'
%%MatrixMarket matrix coordinate pattern general
6 6 8
1 2
1 3
3 2
2 4
3 4
4 3
5 5
1 6
GRAPH
expect_output ".mtx pattern" "$HOPS" -- run sssp pattern.mtx

cat >integer.mtx <<'GRAPH'
%%MatrixMarket matrix coordinate integer general
3 3 2
1 2 7
2 3 5
GRAPH
expect_output ".mtx integer" "$(nl 0 7 12)" -- run sssp integer.mtx

# Symmetric: only the lower triangle is stored, the graph is undirected.
cat >sym.mtx <<'GRAPH'
%%MatrixMarket matrix coordinate real symmetric
4 4 3
2 1 1.5
3 2 2
4 4 1
GRAPH
expect_output ".mtx symmetric is undirected" "$(nl 3.5 2 0 inf)" -- run sssp sym.mtx --source 2
expect_output ".mtx symmetric components" "$(nl 0 0 0 3)" -- run cc sym.mtx

# Duplicates keep the minimum weight; self-loops are kept.
printf '0 1 5\n0 1 2\n0 1 9\n1 1 1\n' >dup.wel
expect_output "duplicate edges keep the minimum weight" "$(nl 0 2)" -- run sssp dup.wel
expect_output "self-loops count in spmv" "$(nl 0 3)" -- run spmv dup.wel

# n is the largest id + 1: trailing isolated vertices of an edge list exist only up to it.
printf '0 3\n' >sparse.el
expect_output "n = max id + 1" "$(nl 0 -1 -1 1)" -- run bfs sparse.el

# An unknown extension is detected from the contents.
cp g.mtx g.matrix
expect_output "format detected from contents" "$SSSP" -- run sssp g.matrix

finish
