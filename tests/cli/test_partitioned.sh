# gg run --parts / gg info --parts: a partitioned run prints exactly what the
# unpartitioned run prints (BFS, SSSP, SSWP, CC and, through their %.9g,
# PageRank, SpMV and BC on these small graphs), reports its parts, edge cut,
# replicas and bytes exchanged, and bad partition options are refused.
source "$(dirname "$0")/lib.sh"

write_sample_wel g.wel
"$GG" generate grid 30 40 grid.ggb --weights >/dev/null 2>&1 || fail "generate grid"
"$GG" generate kron 9 8 kron.ggb --weights >/dev/null 2>&1 || fail "generate kron"

for graph in g.wel grid.ggb kron.ggb; do
    for algo in bfs sssp sswp cc pagerank bc spmv; do
        source_option=()
        case $algo in bfs | sssp | sswp | bc) source_option=(--source 1) ;; esac
        gg run "$algo" "$graph" --backend cpu "${source_option[@]}"
        cp out whole.txt
        for setting in "--parts 2" "--parts 3 --partition random" "--parts 5 --partition block --replication-depth 2" \
            "--parts 4 --replication-depth auto" "--parts 3 --partition auto"; do
            # shellcheck disable=SC2086 # the setting is several options
            gg run "$algo" "$graph" --backend cpu "${source_option[@]}" $setting
            check "$algo on $graph with $setting: exit 0" [ "$RC" -eq 0 ]
            check "$algo on $graph with $setting: same output as unpartitioned" cmp -s out whole.txt
        done
    done
done

gg run sssp grid.ggb --backend cpu --parts 4 --partition random --json
check "--json: exit 0" [ "$RC" -eq 0 ]
for field in '"parts": 4' '"edge_cut": ' '"replicas": ' '"bytes_exchanged": ' '"exchange_rounds": ' \
    '"partition_ms": ' '"part_compute_ms": [' '"part_exchange_ms": ['; do
    check "partitioned --json has $field" grep -qF "$field" err
done
check "bytes were exchanged" ! grep -qF '"bytes_exchanged": 0,' err
gg run sssp grid.ggb --backend cpu --parts 3 --stats
check "--stats names the parts" grep -q '^parts *3 (edge cut [0-9]*, [0-9]* replicas' err
check "--stats names the exchange" grep -q '^exchange *[0-9]* bytes in [0-9]* rounds' err
check "--stats has a line per part" [ "$(grep -c '^  part ' err)" -eq 3 ]
gg run sssp grid.ggb --backend cpu --json
check "an unpartitioned run reports one part" grep -qF '"parts": 1,' err

gg info grid.ggb --parts 4
check "info --parts: exit 0" [ "$RC" -eq 0 ]
check "info --parts: a random row" grep -q '^random  4 parts edge cut [0-9]*, replicas [0-9]*' out
check "info --parts: a block row" grep -q '^block   4 parts edge cut' out
gg info grid.ggb --parts 4 --json
check "info --parts --json: partitions" grep -qF '"partitions": {' out
check "info --parts --json: random" grep -qF '"random": {"parts": 4' out
check "info --parts --json: auto says what it chose" grep -qF '"choice": "auto chose block' out
gg run bfs grid.ggb --backend cpu --parts 4 --partition auto --stats
check "--stats says what auto chose" grep -q '^partitioner *auto chose block: block cut' err

expect_error "--parts 0" 2 "--parts" -- run bfs g.wel --parts 0
expect_error "--parts not a number" 2 "--parts" -- run bfs g.wel --parts two
expect_error "unknown partitioner" 2 "unknown partitioner 'metric'" -- run bfs g.wel --parts 2 --partition metric
expect_error "given is not a CLI partitioner" 2 "unknown partitioner 'given'" -- run bfs g.wel --parts 2 --partition given
expect_error "--partition without --parts" 2 "needs --parts" -- run bfs g.wel --partition random
expect_error "depth out of range" 2 "--replication-depth" -- run bfs g.wel --parts 2 --replication-depth 9
expect_error "depth 0" 2 "--replication-depth" -- run bfs g.wel --parts 2 --replication-depth 0
expect_error "--devices with the CPU" 2 "--devices" -- run bfs g.wel --backend cpu --devices 0,1
expect_error "--devices not ids" 2 "--devices" -- run bfs g.wel --devices 0,x
expect_error "info depth without parts" 2 "needs --parts" -- info g.wel --replication-depth 2
if ! gpu_usable; then
    expect_error "partitioned on a missing GPU" 1 "no GPU" -- run bfs g.wel --parts 2 --backend cuda
else
    # GG_TRACE_RUN (docs/building.md): a line per BFS level, PageRank iteration and exchange round,
    # on stderr; the answers as without it.
    gg run bfs kron.ggb --backend cpu --source 1
    cp out whole.txt
    export GG_TRACE_RUN=1 GG_PARTITIONED_BFS=levels
    gg run bfs kron.ggb --backend cuda --source 1 --parts 2
    check "traced BFS: exit 0" [ "$RC" -eq 0 ]
    check "traced BFS: the unpartitioned answer" cmp -s out whole.txt
    check "traced BFS: a line per level" grep -q '^gg trace: BFS by levels over 2 parts (process 0 of 1): level 1 ' err
    gg run pagerank kron.ggb --backend cuda --parts 2
    check "traced PageRank: a line per iteration" grep -q '^gg trace: PageRank over 2 parts (process 0 of 1): iteration 0:' err
    gg run cc kron.ggb --backend cuda --parts 2
    check "traced CC: a line per round" grep -q '^gg trace: exchange round 1 toward replicas over 2 parts' err
    unset GG_TRACE_RUN GG_PARTITIONED_BFS
fi

finish
