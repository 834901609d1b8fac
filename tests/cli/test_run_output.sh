# gg run: the output format of every algorithm, checked value by value
# against answers computed by hand for a small graph (see write_sample_wel):
#
#   0 -> 1 (4)   0 -> 2 (0.5)   2 -> 1 (2)   1 -> 3 (1)
#   2 -> 3 (5)   3 -> 2 (0.25)  4 -> 4 (3)   0 -> 5 (0.1)
source "$(dirname "$0")/lib.sh"

write_sample_wel g.wel

nl() { printf '%s\n' "$@"; }

expect_output "bfs: depths, -1 unreachable" "$(nl 0 1 1 2 -1 1)" -- run bfs g.wel
expect_output "bfs from 2" "$(nl -1 1 0 1 -1 -1)" -- run bfs g.wel --source 2
expect_output "sssp: shortest floats, inf unreachable" "$(nl 0 2.5 0.5 3.5 inf 0.1)" -- run sssp g.wel
expect_output "sssp from 3" "$(nl inf 2.25 0.25 0 inf inf)" -- run sssp g.wel --source=3
expect_output "sswp: widest paths, source inf, unreachable 0" "$(nl inf 4 0.5 1 0 0.1)" -- run sswp g.wel
expect_output "cc: smallest id of the weak component" "$(nl 0 0 0 0 4 0)" -- run cc g.wel
expect_output "spmv: in-edge weight sums (x = ones)" "$(nl 0 6 0.75 6 3 0.1)" -- run spmv g.wel
expect_output "bc: all sources, unnormalised" "$(nl 0 0.5 1.5 1 0 0)" -- run bc g.wel
expect_output "bc: one source" "$(nl 0 0.5 0.5 0 0 0)" -- run bc g.wel --source 0
expect_output "apsp: n rows of n values" "$(nl '0 2.5 0.5 3.5 inf 0.1' 'inf 0 1.25 1 inf inf' \
    'inf 2 0 3 inf inf' 'inf 2.25 0.25 0 inf inf' 'inf inf inf inf 0 inf' 'inf inf inf inf inf 0')" -- run apsp g.wel

# Options may come before the positional arguments; --backend cpu and --layout csr are always available.
expect_output "options first" "$(nl 0 2.5 0.5 3.5 inf 0.1)" -- run --backend cpu --layout csr sssp g.wel
expect_output "--threads 1" "$(nl 0 2.5 0.5 3.5 inf 0.1)" -- run sssp g.wel --threads 1
# --warmup runs first and drops those answers: the output is the one run's.
expect_output "--warmup 2" "$(nl 0 2.5 0.5 3.5 inf 0.1)" -- run sssp g.wel --warmup 2
expect_output "--warmup with parts" "$(nl 0 0 0 0 4 0)" -- run cc g.wel --warmup 1 --parts 2 --partition block
expect_error "--warmup above 100" 2 "--warmup" -- run sssp g.wel --warmup 101

# --undirected stores both directions: from 5 everything but the self-loop vertex is reachable.
expect_output "bfs --undirected" "$(nl 1 2 2 3 -1 0)" -- run bfs g.wel --undirected --source 5
expect_output "sssp --undirected" "$(nl 0.1 1.85 0.6 0.85 inf 0)" -- run sssp g.wel --undirected --source 5

# PageRank: on a directed cycle every rank is 1/n; printed with %.9g.
printf '0 1\n1 2\n2 0\n' >cycle.el
expect_output "pagerank on a cycle" "$(nl 0.333333333 0.333333333 0.333333333)" -- run pagerank cycle.el
# On the sample graph the ranks are positive and sum to 1.
gg run pagerank g.wel
check "pagerank: exit 0" [ "$RC" -eq 0 ]
check "pagerank: one line per vertex" [ "$(wc -l <out)" -eq 6 ]
check "pagerank: ranks sum to 1" awk '{ if ($1 <= 0) bad = 1; s += $1 } END { exit (bad || s < 0.999999 || s > 1.000001) }' out

# BC, paths of equal length split the dependency: the diamond 0->{1,2}->3.
printf '0 1\n0 2\n1 3\n2 3\n' >diamond.el
expect_output "bc on a diamond" "$(nl 0 0.5 0.5 0)" -- run bc diamond.el

# Large values, exponents and integers in float output.
printf '0 1 16777216\n1 2 1e-07\n0 3 123456.5\n3 4 3e+30\n' >big.wel
expect_output "sssp float formatting" "$(nl 0 16777216 16777216 123456.5 3e+30)" -- run sssp big.wel
expect_output "spmv float formatting" "$(nl 0 16777216 1e-07 123456.5 3e+30)" -- run spmv big.wel

# --out writes the same values to a file and nothing to stdout.
expect_success "--out" -- run sssp g.wel --out dist.txt
check "--out leaves stdout empty" [ ! -s out ]
check "--out file holds the values" [ "$(cat dist.txt | tr '\n' ' ')" = "0 2.5 0.5 3.5 inf 0.1 " ]

# A graph without vertices: every algorithm without a source succeeds and prints nothing.
printf '%%%%MatrixMarket matrix coordinate pattern general\n0 0 0\n' >empty.mtx
for algorithm in cc pagerank bc spmv apsp; do
    expect_success "$algorithm on an empty graph" -- run "$algorithm" empty.mtx
    check "$algorithm on an empty graph prints nothing" [ ! -s out ]
done

# Every line count equals n even for the biggest output, and the output is
# fast: 2^20 lines must not take more than a few seconds.
"$GG" generate grid 1024 1024 grid.ggb >/dev/null 2>&1
gg run bfs grid.ggb --out grid.bfs
check "bfs on a 1024x1024 grid: exit 0" [ "$RC" -eq 0 ]
check "bfs on a 1024x1024 grid: 2^20 lines" [ "$(wc -l <grid.bfs)" -eq 1048576 ]
check "bfs on a 1024x1024 grid: farthest corner at depth 2046" [ "$(tail -n 1 grid.bfs)" = 2046 ]

finish
