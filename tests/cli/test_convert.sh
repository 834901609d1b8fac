# gg convert: round trips through every format keep the graph (checked by
# running algorithms on each copy and by comparing edge lists).
source "$(dirname "$0")/lib.sh"

nl() { printf '%s\n' "$@"; }
SSSP="$(nl 0 2.5 0.5 3.5 inf 0.1)"
write_sample_wel g.wel

# Weighted formats keep weights: a chain through all of them.
previous=g.wel
for next in a.mtx b.gr c.ggb d.wel e.mtx f.ggb g2.gr h.wel; do
    expect_success "convert $previous -> $next" -- convert "$previous" "$next"
    check "convert $previous -> $next wrote the file" [ -s "$next" ]
    expect_output "sssp on $next" "$SSSP" -- run sssp "$next"
    previous=$next
done
# Sorted edge lists are identical after the chain.
sort g.wel | grep -v '^#' >original.sorted
sort h.wel >final.sorted
check ".wel -> ... -> .wel keeps every edge and weight" cmp -s original.sorted final.sorted

# Unweighted formats: weights become 1, the edges stay.
for ext in el txt; do
    expect_success "convert to .$ext" -- convert g.wel "u.$ext"
    expect_output "bfs on u.$ext" "$(nl 0 1 1 2 -1 1)" -- run bfs "u.$ext"
    cut -d' ' -f1,2 original.sorted | sort >pairs.sorted
    sort "u.$ext" | grep -v '^[#%]' >u.sorted
    check ".wel -> .$ext keeps the edge pairs" cmp -s pairs.sorted u.sorted
done

# 1-based formats shift every id by one on the way out and back in.
expect_success "convert to .mtx" -- convert g.wel one.mtx
check ".mtx output is 1-based" grep -q '^1 6 0.1' one.mtx
expect_success "convert to .gr" -- convert g.wel one.gr
check ".gr output is 1-based" grep -q '^a 1 6 0.1' one.gr

# --undirected stores both directions; .ggb keeps the flag.
expect_success "convert --undirected" -- convert g.wel und.ggb --undirected
expect_output "undirected .ggb" "$(nl 0.1 1.85 0.6 0.85 inf 0)" -- run sssp und.ggb --source 5
gg info und.ggb --json
check "undirected .ggb says so" grep -q '"undirected": true' out
check "undirected: 13 stored edges (6 pairs both ways, 1 self-loop)" grep -q '"edges": 13' out

# --undirected on a directed .ggb symmetrizes at load.
expect_success "convert to a directed .ggb" -- convert g.wel dir.ggb
expect_output "--undirected on a directed .ggb" "$(nl 0.1 1.85 0.6 0.85 inf 0)" -- run sssp dir.ggb --undirected --source 5

# A generated graph survives text and binary round trips unchanged.
"$GG" generate kron 10 8 --weights 1:100 k.wel >/dev/null 2>&1
expect_success "kron .wel -> .ggb" -- convert k.wel k.ggb
expect_success "kron .ggb -> .mtx" -- convert k.ggb k.mtx
expect_success "kron .mtx -> .gr" -- convert k.mtx k.gr
gg run sssp k.wel
cp out k.expected
for file in k.ggb k.mtx k.gr; do
    gg run sssp "$file"
    check "kron sssp identical on $file" cmp -s out k.expected
done

# Writing where it cannot is an error naming the file.
expect_error "convert into a missing directory" 1 "no/such/dir.el" -- convert g.wel no/such/dir.el

# OUT is replaced whole or not at all: the writer fills a temporary file beside it and renames it
# at the end, so a conversion killed at any moment leaves the old OUT (or the new one, complete),
# never a truncated file that loads, and no temporary file once a conversion has finished.
"$GG" generate grid 700 700 big.ggb --weights >/dev/null 2>&1
"$GG" convert big.ggb old.wel >/dev/null 2>&1
cp old.wel out.wel
for delay in 0.05 0.2 0.5; do
    "$GG" convert big.ggb out.wel >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    check "killed after ${delay}s: out.wel is the old file or a complete new one" cmp -s out.wel old.wel
    rm -f out.wel.tmp-gg-*
done
gg convert big.ggb fresh.wel
check "a finished conversion leaves no temporary file" [ -z "$(ls | grep -F .tmp-gg-)" ]
check "a finished conversion writes the graph" cmp -s fresh.wel old.wel

finish
finish
