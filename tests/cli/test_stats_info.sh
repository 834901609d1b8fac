# gg run --stats / --json and gg info: what ran where, how long it took, and
# the sizes of the graph's layouts.
source "$(dirname "$0")/lib.sh"

write_sample_wel g.wel
valid_json() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json, sys; json.loads(sys.stdin.read())' <"$1"
    else
        head -c 1 "$1" | grep -q '{'
    fi
}

# --stats: values still on stdout, statistics on stderr.
gg run bfs g.wel --stats
check "--stats: exit 0" [ "$RC" -eq 0 ]
check "--stats: values unchanged on stdout" [ "$(tr '\n' ' ' <out)" = "0 1 1 2 -1 1 " ]
for field in algorithm graph backend layout load compute 'run total' iterations 'edges visited' GTEPS; do
    check "--stats prints '$field'" grep -q "^$field " err
done
check "--stats names the algorithm" grep -q '^algorithm *bfs$' err
check "--stats names the layout" grep -Eq '^layout *(csr|gshards|cw|vsplit|udt|tocab)$' err
if gpu_usable; then
    check "--stats: auto runs on the GPU" grep -q '^backend *cuda' err
else
    check "--stats: auto falls back to the CPU" grep -q '^backend *cpu' err
    check "--stats: says why the GPU was not used" grep -q '^gpu not used *[^ ]' err
fi
gg run bfs g.wel --stats --backend cpu
check "--backend cpu: runs on the CPU" grep -q '^backend *cpu (1\?[0-9]* threads)' err
check "--backend cpu: no fallback reason" ! grep -q '^gpu not used' err
gg run bfs g.wel --stats --backend cpu --threads 1
check "--threads 1 is reported" grep -q '^backend *cpu (1 threads)' err
gg run pagerank g.wel --stats --backend cpu
check "pagerank --stats counts iterations" grep -Eq '^iterations *[1-9]' err
cp out ranks_one_pass
gg run pagerank g.wel --stats --backend cpu --layout tocab
check "pagerank --layout tocab on the CPU: two source blocks, reported" grep -q '^layout *tocab$' err
check "pagerank --layout tocab on the CPU: the one pass's ranks" cmp -s out ranks_one_pass

# --json: one JSON object on one stderr line; implies --stats.
gg run sssp g.wel --json --backend cpu
check "--json: exit 0" [ "$RC" -eq 0 ]
check "--json: values unchanged on stdout" [ "$(tr '\n' ' ' <out)" = "0 2.5 0.5 3.5 inf 0.1 " ]
check "--json: one line on stderr" [ "$(wc -l <err)" -eq 1 ]
check "--json: valid JSON" valid_json err
for field in '"algorithm": "sssp"' '"backend": "cpu"' '"layout": "csr"' '"vertices": 6' '"edges": 8' \
    '"load_ms": ' '"compute_ms": ' '"iterations": ' '"fallback_reason": ""'; do
    check "--json has $field" grep -qF "$field" err
done
gg run cc g.wel --json --stats --out cc.txt
check "--json with --stats and --out" valid_json err
check "--json with --out leaves stdout empty" [ ! -s out ]

# gg info: text and JSON.
gg info g.wel
check "info: exit 0" [ "$RC" -eq 0 ]
check "info: vertices" grep -q '^vertices *6$' out
check "info: edges" grep -q '^edges *8 ' out
check "info: directed" grep -q '^undirected *no$' out
check "info: weighted" grep -q '^weighted *yes$' out
check "info: out-degree statistics" grep -q '^out-degree *min 0, max 3, mean 1.33, 1 vertices of degree 0' out
check "info: in-degree statistics" grep -q '^in-degree *min 0, max 2, mean 1.33, 1 vertices of degree 0' out
check "info: no isolated vertex (4 has a self-loop)" grep -q '^isolated *0 ' out
check "info: CSR bytes = 8(n+1) + 8m" grep -q '^  csr *120 ' out
for layout in csc g-shards cw; do
    check "info: $layout bytes" grep -Eq "^  $layout +[1-9][0-9]*" out
done
check "info: shard statistics" grep -Eq '^shards +[1-9][0-9]* of [1-9][0-9]* vertices.*; built in [0-9.]+ ms$' out
# Tigr's layouts by their definitions: one virtual node per vertex here (no degree above K = 10):
# 4(n+1) + 4 x 6 = 52; UDT adds no node (K = 1000): 8(n+1) + 8m + 4(n+1) + 4n = 172.
check "info: vsplit bytes" grep -q '^  vsplit *52 (K 10: 6 virtual nodes' out
check "info: tocab bytes = the CSC + 8n" grep -q '^  tocab *168 (' out
for layout in tocab g-shards vsplit udt; do
    check "info: $layout build time" grep -Eq "^  $layout .*built in [0-9.]+ ms" out
done
check "info: udt bytes" grep -q '^  udt *172 (K 1000: 0 added nodes' out
# A hub of 25 edges takes ceil(25 / 10) = 3 virtual nodes; the 25 leaves one each.
for leaf in $(seq 1 25); do echo "0 $leaf"; done > star.el
gg info star.el
check "info: a hub's virtual nodes" grep -q '^  vsplit *[0-9]* (K 10: 28 virtual nodes' out

gg info g.wel --json
check "info --json: valid" valid_json out
check "info --json: one line" [ "$(wc -l <out)" -eq 1 ]
if command -v python3 >/dev/null 2>&1; then
    check "info --json: window histogram sums to num_shards^2; gshards and cw bytes present" python3 -c '
import json, sys
info = json.load(open("out"))
s = info["shards"]
assert info["vertices"] == 6 and info["edges"] == 8, info
assert sum(s["window_histogram"]) == s["num_windows"] == s["num_shards"] ** 2, s
assert info["memory_bytes"]["gshards"] > 0 and info["memory_bytes"]["cw"] > info["memory_bytes"]["gshards"], info
assert info["out_degree"]["max"] == 3 and info["in_degree"]["zero"] == 1, info
assert info["memory_bytes"]["vsplit"] == 52 and info["vsplit"]["degree_bound"] == 10, info
assert info["vsplit"]["virtual_nodes"] == 6 and info["vsplit"]["build_ms"] >= 0, info
assert info["memory_bytes"]["tocab"] == 120 + 8 * 6, info
assert set(info["build_ms"]) == {"tocab", "gshards", "cw", "vsplit", "udt"}, info
assert info["memory_bytes"]["udt"] == 172 and info["udt"]["added_nodes"] == 0, info
assert s["build_ms"] >= 0, s
'
fi

# Write failures are errors: a full disk, a directory, a closed stdout.
expect_error "--out /dev/full" 1 "/dev/full" -- run bfs g.wel --out /dev/full
expect_error "--out a directory" 1 "$SCRATCH" -- run bfs g.wel --out "$SCRATCH"
expect_error "--out into a missing directory" 1 "missing/dir/x.txt" -- run bfs g.wel --out missing/dir/x.txt
for command in "run bfs g.wel" "info g.wel" "--help" "--version"; do
    # shellcheck disable=SC2086
    timeout "$GG_TIMEOUT" "$GG" $command >/dev/full 2>err
    RC=$?
    check "gg $command >/dev/full: exit 1" [ "$RC" -eq 1 ]
    check "gg $command >/dev/full: one error line" grep -q '^gg: error: <stdout>: write failed' err
done
# A big output to a full disk fails too (the error is seen mid-stream, not only at close).
"$GG" generate grid 300 300 grid.ggb >/dev/null 2>&1
expect_error "large output to /dev/full" 1 "/dev/full" -- run cc grid.ggb --out /dev/full

finish
