# gg generate: sizes, determinism for a seed, weights, symmetry, every output format.
source "$(dirname "$0")/lib.sh"

json_field() { grep -o "\"$1\": [0-9a-z]*" out | head -n 1 | sed 's/.*: //'; }

# grid ROWS COLS: ROWS*COLS vertices, 2*(ROWS*(COLS-1) + COLS*(ROWS-1)) stored edges.
expect_success "generate grid" -- generate grid 3 4 grid.el
gg info grid.el --json
check "grid 3x4: 12 vertices" [ "$(json_field vertices)" = 12 ]
check "grid 3x4: 34 stored edges" [ "$(json_field edges)" = 34 ]
expect_output "grid 3x4: bfs depths are Manhattan distances from a corner" \
    "$(printf '%s\n' 0 1 2 3 1 2 3 4 2 3 4 5)" -- run bfs grid.el

# kron and urand: 2^SCALE vertices; symmetric; no self-loops.
for kind in kron urand; do
    expect_success "generate $kind" -- generate "$kind" 8 4 "$kind.el"
    gg info "$kind.el" --json
    check "$kind scale 8: at most 256 vertices" [ "$(json_field vertices)" -le 256 ]
    check "$kind: has edges" [ "$(json_field edges)" -gt 0 ]
    check "$kind: no self-loops" awk '$1 == $2 { exit 1 }' "$kind.el"
    check "$kind: every edge has its reverse" \
        awk '{ e[$1 " " $2] = 1 } END { for (k in e) { split(k, p, " "); if (!((p[2] " " p[1]) in e)) exit 1 } }' "$kind.el"
done

# The same seed gives the same graph; another seed another graph.
expect_success "kron seed 7" -- generate kron 9 8 --seed 7 s7a.el
expect_success "kron seed 7 again" -- generate kron 9 8 s7b.el --seed=7
expect_success "kron seed 8" -- generate kron 9 8 --seed 8 s8.el
check "same seed, same graph" cmp -s s7a.el s7b.el
check "another seed, another graph" ! cmp -s s7a.el s8.el
expect_success "kron default seed" -- generate kron 9 8 d1.el
expect_success "kron default seed again" -- generate kron 9 8 d2.el
check "default seed is deterministic" cmp -s d1.el d2.el

# --directed keeps edges one-way: some edge then lacks its reverse.
expect_success "kron --directed" -- generate kron 8 8 --directed directed.el
check "kron --directed: some edge without its reverse" \
    ! awk '{ e[$1 " " $2] = 1 } END { for (k in e) { split(k, p, " "); if (!((p[2] " " p[1]) in e)) exit 1 } }' directed.el

# Weights: integers in the range, the default range 1:255.
expect_success "kron --weights 3:9" -- generate kron 8 4 --weights 3:9 w.wel
check "weights are integers in [3, 9]" awk 'NF != 3 || $3 != int($3) || $3 < 3 || $3 > 9 { exit 1 }' w.wel
check "weights use more than one value" [ "$(cut -d' ' -f3 w.wel | sort -u | wc -l)" -gt 1 ]
expect_success "urand --weights (default range)" -- generate urand 8 4 w2.wel --weights
check "default weights are integers in [1, 255]" awk 'NF != 3 || $3 != int($3) || $3 < 1 || $3 > 255 { exit 1 }' w2.wel
gg info w2.wel --json
check "weighted graph says so" grep -q '"weighted": true' out
expect_success "a weighted grid" -- generate grid 4 4 --weights 5:5 wg.wel
check "constant weights" awk '$3 != 5 { exit 1 }' wg.wel

# Every output format holds the same graph.
expect_success "generate to .ggb" -- generate urand 8 4 --weights 1:50 u.ggb
expect_success "generate to .mtx" -- generate urand 8 4 --weights 1:50 u.mtx
expect_success "generate to .gr" -- generate urand 8 4 --weights 1:50 u.gr
expect_success "generate to .wel" -- generate urand 8 4 --weights 1:50 u.wel
gg run sssp u.wel
cp out u.expected
for file in u.ggb u.mtx u.gr; do
    gg run sssp "$file"
    check "generated $file equals the .wel" cmp -s out u.expected
done

# Nothing on stdout or stderr when stderr is not a terminal.
expect_success "quiet when not on a terminal" -- generate kron 6 4 quiet.el
check "generate prints nothing on stdout" [ ! -s out ]

# A graph named by its generator (kron:SCALE[:DEGREE], urand:SCALE[:DEGREE],
# grid:ROWS[:COLS]): weighted 1..255, both ways, the same graph as gg generate's.
expect_success "generate kron 8 4 weighted" -- generate kron 8 4 --weights named.wel
for algo in bfs sssp cc; do
    gg run "$algo" named.wel
    cp out named.expected
    expect_output "$algo on kron:8:4 equals the generated file" "$(cat named.expected)" -- run "$algo" kron:8:4
done
expect_success "generate urand 8 (degree 16) weighted" -- generate urand 8 16 --weights urand16.wel
gg run sssp urand16.wel
cp out urand16.expected
expect_output "urand:8 takes degree 16" "$(cat urand16.expected)" -- run sssp urand:8
expect_success "generate grid 5 5 weighted" -- generate grid 5 5 --weights square.wel
gg run sssp square.wel
cp out square.expected
expect_output "grid:5 is 5 x 5" "$(cat square.expected)" -- run sssp grid:5
gg info grid:3:4 --json
check "gg info grid:3:4: 12 vertices, generated" grep -q '"format": "generated", "vertices": 12' out
expect_error "kron:x: SCALE not a number" 2 "SCALE" -- run bfs kron:x
expect_error "kron:3:4:5: too many fields" 2 "kron:SCALE" -- run bfs kron:3:4:5
expect_error "kron:99: scale out of range" 2 "scale" -- run bfs kron:99
cp named.wel kron:1
gg run bfs kron:1
cp out file.out
gg run bfs named.wel
check "a file named kron:1 is read as the file" cmp -s out file.out

finish