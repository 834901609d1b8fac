# Malformed and hostile input files: each must give exit status 1 and one
# "gg: error:" line naming the file (and the line for text formats), with no
# crash, hang or runaway memory. Address space is capped so that a reader
# allocating from an unchecked declared size fails the test instead of the machine.
source "$(dirname "$0")/lib.sh"
# Under AddressSanitizer (scripts/sanitize sets GG_SANITIZED) the cap cannot
# apply, ASan reserving terabytes of shadow address space; its
# max_allocation_size_mb plays the same part there.
[ -n "${GG_SANITIZED:-}" ] || ulimit -v 4000000  # 4 GB of address space
GG_TIMEOUT=60

# bad_file NAME WHERE CONTENT: writes CONTENT (a printf format) to NAME, then
# checks that loading it fails naming WHERE: the file, or "file:line".
bad_file() {
    local name=$1 where=$2
    printf "$3" >"$name"
    expect_error "malformed $name" 1 "$where" -- run bfs "$name" --backend cpu
    expect_error "malformed $name (info)" 1 "$where" -- info "$name"
    expect_error "malformed $name (convert)" 1 "$where" -- convert "$name" converted.ggb
}

# Edge lists (.el / .txt), 0-based "u v".
bad_file letters.el letters.el:2 '0 1\n1 x\n'
bad_file negative.el negative.el:2 '0 1\n1 -2\n'
bad_file overflow.el overflow.el:3 '0 1\n\n2 4294967296\n'
bad_file huge_number.txt huge_number.txt:2 '0 1\n1 99999999999999999999999999\n'
bad_file one_column.el one_column.el:2 '# only\n0\n'
bad_file too_many_columns.el too_many_columns.el:1 '0 1 2 3 4\n'
bad_file nul_byte.el nul_byte.el '0 1\n1 2\0\n'
bad_file max_id.el max_id.el '0 1\n4294967295 0\n'

# Weighted edge lists (.wel), "u v w".
bad_file no_weight.wel no_weight.wel:2 '0 1 1\n1 2\n'
bad_file nan.wel nan.wel:1 '0 1 nan\n'
bad_file inf.wel inf.wel:2 '0 1 1\n1 2 inf\n'
bad_file overflow_weight.wel overflow_weight.wel:1 '0 1 1e999\n'
bad_file unit.wel unit.wel:1 '0 1 2kg\n'

# Matrix Market (.mtx), 1-based.
bad_file no_banner.mtx no_banner.mtx '1 2\n'
bad_file dense.mtx dense.mtx '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n'
bad_file truncated.mtx truncated.mtx '%%%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1\n2 3 1\n'
bad_file extra_entries.mtx extra_entries.mtx '%%%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 1\n2 3 1\n'
bad_file zero_index.mtx zero_index.mtx:4 '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n0 3 1\n'
bad_file out_of_range.mtx out_of_range.mtx:4 '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n2 4 1\n'
bad_file bad_size_line.mtx bad_size_line.mtx:2 '%%%%MatrixMarket matrix coordinate pattern general\n3 3\n1 2\n'
bad_file missing_value.mtx missing_value.mtx:3 '%%%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n'
bad_file complex.mtx complex.mtx '%%%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 2 1 0\n'
bad_file huge_declared.mtx huge_declared.mtx '%%%%MatrixMarket matrix coordinate real general\n4000000000 4000000000 1000000000000\n1 2 1\n'
bad_file too_many_vertices.mtx too_many_vertices.mtx '%%%%MatrixMarket matrix coordinate real general\n99999999999 99999999999 1\n1 2 1\n'

# DIMACS (.gr), 1-based.
bad_file no_problem_line.gr no_problem_line.gr 'a 1 2 1\n'
bad_file arc_out_of_range.gr arc_out_of_range.gr:3 'p sp 3 2\na 1 2 1\na 1 5 1\n'
bad_file too_few_arcs.gr too_few_arcs.gr 'p sp 3 3\na 1 2 1\na 2 3 1\n'
bad_file too_many_arcs.gr too_many_arcs.gr 'p sp 3 1\na 1 2 1\na 2 3 1\n'
bad_file unknown_line.gr unknown_line.gr:2 'p sp 3 1\nx 1 2 1\n'
bad_file arc_without_weight.gr arc_without_weight.gr:2 'p sp 3 1\na 1 2\n'
bad_file huge_declared.gr huge_declared.gr 'p sp 4000000000 1000000000000\na 1 2 1\n'
bad_file two_problem_lines.gr two_problem_lines.gr:2 'p sp 3 1\np sp 3 1\na 1 2 1\n'

# gg binary (.ggb): garbage, truncation, a flipped byte (checksum), a huge declared size.
head -c 4096 /dev/urandom >random.ggb
expect_error "random bytes as .ggb" 1 random.ggb -- run bfs random.ggb --backend cpu
: >empty.ggb
expect_error "empty .ggb" 1 empty.ggb -- run bfs empty.ggb --backend cpu
write_sample_wel g.wel
"$GG" convert g.wel good.ggb 2>/dev/null
size=$(stat -c %s good.ggb 2>/dev/null || echo 0)
check "a .ggb to damage was written" [ "$size" -gt 16 ]
if [ "$size" -gt 16 ]; then
    for cut in 8 16 $((size / 2)) $((size - 1)); do
        head -c "$cut" good.ggb >cut.ggb
        expect_error ".ggb cut to $cut of $size bytes" 1 cut.ggb -- run bfs cut.ggb --backend cpu
    done
    # Flip every bit of one byte, at several places past the header.
    for at in $((size / 2)) $((size - 5)) $((size * 3 / 4)); do
        cp good.ggb flipped.ggb
        byte=$(od -An -tu1 -j "$at" -N1 good.ggb | tr -d ' ')
        printf "$(printf '\\%03o' $((255 - byte)))" | dd of=flipped.ggb bs=1 seek="$at" conv=notrunc 2>/dev/null
        expect_error ".ggb with byte $at flipped" 1 flipped.ggb -- run bfs flipped.ggb --backend cpu
    done
    # A header whose sizes claim far more than the file holds.
    cp good.ggb inflated.ggb
    for at in 8 16 24 32; do
        printf '\377\377\377\377\377\377\377\177' | dd of=inflated.ggb bs=1 seek="$at" conv=notrunc 2>/dev/null
    done
    expect_error ".ggb with inflated sizes" 1 inflated.ggb -- run bfs inflated.ggb --backend cpu
fi

# Files that are not there or not files; an unknown extension with garbage.
expect_error "missing file" 1 "no_such_file.el" -- run bfs no_such_file.el
mkdir -p a_directory.el
expect_error "a directory" 1 "a_directory.el" -- run bfs a_directory.el
: >empty.mtx
expect_error "empty .mtx" 1 "empty.mtx" -- run bfs empty.mtx
head -c 2000 /dev/urandom >garbage.dat
expect_error "garbage with an unknown extension" 1 "garbage.dat" -- run bfs garbage.dat
expect_error "missing file in convert" 1 "no_such_file.gr" -- convert no_such_file.gr x.el
expect_error "missing file in info" 1 "no_such_file.mtx" -- info no_such_file.mtx

# Negative weights: loading is fine, SSSP and APSP refuse them naming the edge.
printf '0 1 1\n1 2 -3\n' >negative.wel
expect_error "sssp with a negative weight" 1 "1 -> 2" -- run sssp negative.wel
expect_error "apsp with a negative weight" 1 "negative.wel" -- run apsp negative.wel
expect_output "bfs ignores weights" "$(printf '0\n1\n2')" -- run bfs negative.wel

# A size the file's entries cannot justify is refused at once, naming the flag that lifts it.
printf '%%%%MatrixMarket matrix coordinate pattern general\n400000000 400000000 1\n1 1\n' >huge_n.mtx
expect_error "400 M declared vertices for one entry" 1 "--max-vertices" -- info huge_n.mtx
expect_error "the same for gg run" 1 "400000000 vertices for 1 edges" -- run bfs huge_n.mtx
printf 'p sp 500000000 1\na 1 2 1\n' >huge_n.gr
expect_error "p sp 500000000 1" 1 "huge_n.gr:1: 500000000 vertices" -- run sssp huge_n.gr
printf '%%%%MatrixMarket matrix coordinate pattern general\n17000000 17000000 1\n1 2\n' >above_floor.mtx
expect_error "17 M vertices for one entry" 1 "--max-vertices" -- run bfs above_floor.mtx
gg run bfs above_floor.mtx --max-vertices any --out depths.txt
check "--max-vertices any loads it" [ "$RC" -eq 0 ]
check "--max-vertices any: every vertex written" [ "$(wc -l <depths.txt)" -eq 17000000 ]
gg info above_floor.mtx --max-vertices 17000000
check "--max-vertices N loads it in gg info" grep -q '^vertices *17000000$' out
expect_error "--max-vertices 0" 2 "--max-vertices" -- info above_floor.mtx --max-vertices 0
expect_error "--max-vertices not a number" 2 "--max-vertices" -- convert above_floor.mtx x.el --max-vertices lots

finish
