# Helpers for the gg CLI tests. Each tests/cli/test_*.sh is run by ctest as
#   bash test_x.sh <path-to-gg> <scratch-dir>
# and sources this file. A test collects every failure (so one run shows them
# all) and exits non-zero when there was any.
set -u

GG=${1:?usage: bash test_x.sh <path-to-gg> <scratch-dir>}
SCRATCH=${2:?usage: bash test_x.sh <path-to-gg> <scratch-dir>}
case $GG in /*) ;; *) GG=$PWD/$GG ;; esac
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
cd "$SCRATCH" || exit 1
FAILURES=0
CHECKS=0
# No single command may hang: every gg call runs under this limit (seconds).
GG_TIMEOUT=${GG_TIMEOUT:-300}

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# gg ARGS...: runs gg, leaving stdout in ./out, stderr in ./err and the status in $RC.
gg() {
    timeout "$GG_TIMEOUT" "$GG" "$@" >out 2>err
    RC=$?
    CHECKS=$((CHECKS + 1))
}

show_run() {
    echo "  command: gg $*" >&2
    echo "  exit status: $RC" >&2
    echo "  stderr: $(head -c 600 err)" >&2
}

# expect_output DESCRIPTION EXPECTED -- ARGS...: gg ARGS must exit 0 with
# an empty stderr and print exactly EXPECTED (a string; a final newline is added).
expect_output() {
    local description=$1 expected=$2
    shift 3
    gg "$@"
    if [ "$RC" -ne 0 ] || [ -s err ]; then
        fail "$description: expected success with an empty stderr"
        show_run "$@"
        return
    fi
    if ! printf '%s\n' "$expected" | cmp -s - out; then
        fail "$description: wrong output"
        echo "  command: gg $*" >&2
        printf '%s\n' "$expected" | diff - out | head -20 >&2
    fi
}

# expect_success DESCRIPTION -- ARGS...: exit 0 and nothing on stderr.
expect_success() {
    local description=$1
    shift 2
    gg "$@"
    if [ "$RC" -ne 0 ] || [ -s err ]; then
        fail "$description: expected success with an empty stderr"
        show_run "$@"
    fi
}

# expect_error DESCRIPTION STATUS TEXT -- ARGS...: gg ARGS must exit with
# STATUS, print nothing on stdout, and print exactly one stderr line that starts "gg: error: " and contains TEXT.
expect_error() {
    local description=$1 status=$2 text=$3
    shift 4
    gg "$@"
    local lines
    lines=$(wc -l <err)
    if [ "$RC" -ne "$status" ]; then
        fail "$description: expected exit status $status"
        show_run "$@"
    elif [ "$lines" -ne 1 ] || ! head -n 1 err | grep -q '^gg: error: '; then
        fail "$description: expected exactly one stderr line starting 'gg: error: '"
        show_run "$@"
    elif ! grep -qF -- "$text" err; then
        fail "$description: the error line does not contain '$text'"
        show_run "$@"
    elif [ -s out ]; then
        fail "$description: a failed command printed results on stdout"
        show_run "$@"
    elif [ "$RC" -ge 128 ]; then
        fail "$description: gg was killed by a signal"
        show_run "$@"
    fi
}

# check DESCRIPTION [!] COMMAND...: a plain assertion that COMMAND succeeds
# (with "!": that it fails).
check() {
    local description=$1 negate=0
    shift
    if [ "$1" = "!" ]; then
        negate=1
        shift
    fi
    CHECKS=$((CHECKS + 1))
    "$@"
    local status=$?
    if { [ $negate -eq 0 ] && [ $status -ne 0 ]; } || { [ $negate -eq 1 ] && [ $status -eq 0 ]; }; then
        fail "$description"
    fi
}

finish() {
    if [ "$FAILURES" -ne 0 ]; then
        echo "$FAILURES of $CHECKS checks failed" >&2
        exit 1
    fi
    echo "all $CHECKS checks passed"
    exit 0
}

# The small weighted directed graph most tests use, in .wel. Hand-computed
# answers are in test_run_output.sh.
write_sample_wel() {
    cat >"$1" <<'GRAPH'
# sample: 6 vertices, 8 edges; vertex 4 has only a self-loop
0 1 4
0 2 0.5
2 1 2
1 3 1
2 3 5
3 2 0.25
4 4 3
0 5 0.1
GRAPH
}

gpu_usable() {
    "$GG" --version 2>/dev/null | grep -q '^GPU: usable'
}
