# gg's command line: help, version, and exit status 2 with one
# "gg: error:" line naming the argument at fault for every kind of bad usage.
source "$(dirname "$0")/lib.sh"

write_sample_wel g.wel
printf '%%%%MatrixMarket matrix coordinate pattern general\n0 0 0\n' >empty.mtx

expect_success "--help" -- --help
check "--help lists the commands" grep -q 'gg run ALGO GRAPH' out
check "--help documents the exit statuses" grep -q 'exit status' out
for command in run convert generate info; do
    expect_success "$command --help" -- "$command" --help
    check "$command --help starts with its usage" grep -q "^usage: gg $command" out
done
expect_success "--version" -- --version
check "--version names the version" grep -Eq '^gg [0-9]+\.[0-9]+\.[0-9]+ \(library [0-9]+\.[0-9]+\.[0-9]+\)$' out
check "--version says whether a GPU is usable" grep -Eq '^GPU: (usable|not usable)' out

# Commands and options.
expect_error "no command" 2 "missing COMMAND" --
expect_error "unknown command" 2 "'frobnicate'" -- frobnicate
expect_error "unknown option" 2 "'--frob'" -- run bfs g.wel --frob
expect_error "unknown option with a value" 2 "'--frob'" -- run bfs g.wel --frob=1
expect_error "option given twice" 2 "--source" -- run bfs g.wel --source 1 --source 2
expect_error "option without its value" 2 "--source" -- run bfs g.wel --source
expect_error "flag given a value" 2 "--stats" -- run bfs g.wel --stats=yes
expect_error "missing GRAPH" 2 "missing arguments" -- run bfs
expect_error "extra argument" 2 "'extra'" -- run bfs g.wel extra
expect_error "unknown algorithm" 2 "'dfs'" -- run dfs g.wel
expect_error "unknown backend" 2 "--backend" -- run bfs g.wel --backend tpu
expect_error "unknown layout" 2 "--layout" -- run bfs g.wel --layout zigzag
expect_error "--source on an algorithm without one" 2 "--source" -- run cc g.wel --source 1

# Strict numbers: no trailing garbage, no sign, no overflow, no empty value.
for bad in 12abc -1 +1 1.5 ' 1' 0x10 4294967296 99999999999999999999999; do
    expect_error "--source '$bad'" 2 "--source" -- run bfs g.wel --source "$bad"
done
expect_error "--source empty" 2 "--source" -- run bfs g.wel --source=
expect_error "--threads too many" 2 "--threads" -- run bfs g.wel --threads 100000
expect_error "--source out of range" 2 "--source: vertex 6 is out of range" -- run bfs g.wel --source 6
expect_error "--source out of range for bc" 2 "--source" -- run bc g.wel --source 4000000000

expect_error "--source on an empty graph" 2 "has no vertices" -- run bfs empty.mtx
cp g.wel keep.wel
expect_error "--out naming the input graph" 2 "--out" -- run bfs keep.wel --out keep.wel
check "--out naming the input leaves it intact" cmp -s g.wel keep.wel

# generate's and convert's arguments.
expect_error "generate without KIND" 2 "KIND" -- generate
expect_error "generate unknown KIND" 2 "'star'" -- generate star 3 g.el
expect_error "generate missing OUT" 2 "missing arguments" -- generate kron 4 4
expect_error "generate bad SCALE" 2 "SCALE" -- generate kron 4x 4 g.el
expect_error "generate negative DEGREE" 2 "DEGREE" -- generate urand 4 -4 g.el
expect_error "generate bad ROWS" 2 "ROWS" -- generate grid 1e3 4 g.el
expect_error "generate bad --seed" 2 "--seed" -- generate kron 4 4 g.el --seed 18446744073709551616
expect_error "generate reversed --weights" 2 "--weights" -- generate kron 4 4 g.wel --weights 9:1
expect_error "generate bad --weights" 2 "--weights" -- generate kron 4 4 g.wel --weights=1:x
expect_error "generate unknown output extension" 2 "g.png" -- generate kron 4 4 g.png
expect_error "generate scale 0 (rejected by the library)" 2 "kron" -- generate kron 0 4 g.el
expect_error "generate empty grid" 2 "grid" -- generate grid 0 5 g.el
check "a failed generate writes no file" [ ! -e g.el ]
expect_error "convert unknown output extension" 2 "out.xyz" -- convert g.wel out.xyz
expect_error "convert missing OUT" 2 "missing arguments" -- convert g.wel
expect_error "info extra argument" 2 "'more'" -- info g.wel more

# A GPU request on a machine without one is a runtime failure, not usage.
if gpu_usable; then
    expect_success "--backend cuda with a GPU" -- run bfs g.wel --backend cuda
else
    expect_error "--backend cuda without a GPU" 1 "--backend cuda" -- run bfs g.wel --backend cuda
fi
# The CPU backend accepts every layout and runs CSR; --degree-bound needs a positive number.
expect_success "--layout gshards on the CPU" -- run bfs g.wel --backend cpu --layout gshards
expect_error "--degree-bound 0" 2 "--degree-bound" -- run bfs g.wel --degree-bound 0
expect_error "--degree-bound x" 2 "--degree-bound" -- run bfs g.wel --degree-bound x

finish
