#!/bin/sh
# run.sh - the tool tests: sgfcheck over the hand-made records of corpus/.
#
# Each corpus/TOPIC/NAME.sgf (or .gib, .ngf, .ugf, .ugi: the foreign formats
# read as SGF) has a NAME.expect beside it: the exact standard output of
#     cd corpus && sgfcheck --format=text -v --progress=never -j1 TOPIC/NAME.sgf
# followed by one last line "# exit N", the exit status that run must give.
# (A diagnostic line always starts with its origin, so "# exit" cannot be
# mistaken for output.)  Running from corpus/ with relative paths keeps the
# origins, and so the expected files, the same in every checkout and build
# folder.  corpus/README.md says what each case tests and why its expected
# output is right.
#
# Per case: standard output equals the expectation, the exit status is the
# recorded one, and standard error holds only the summary line, whose
# error/warning/note counts agree with the lines printed.  The directory
# walk also names, one warning each, every file it does not read (the
# .expect files, README.md...) and counts them in the summary.  Then the same
# records through the other paths into the reader: a directory walk, -j2 and
# -j4, JSON Lines, a missing input among good ones, a .tar.gz and a .zip made
# here (origins "archive:member"), a gzip stream under a plain name, standard
# input.  Prints "PASS name" or "FAIL name" (with the difference) per case
# and ends with "N passed, N failed".
#
# Environment: srcdir and builddir (Makefile.am's check-local); srcdir may be
# read-only (make distcheck): every temporary file goes to a mktemp folder.
#
# Usage: run.sh [--update]
#   --update rewrites each .expect from the current output (keeping nothing
#   by hand: review the diff before committing it; where the tool is wrong,
#   the expectation must stay what it should say).

# $opts and $topics hold several words and are split on purpose.
# shellcheck disable=SC2086

srcdir=${srcdir:-.}
builddir=${builddir:-.}
update=0
case ${1:-} in
    --update) update=1 ;;
    '') ;;
    *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

abs_srcdir=$(cd "$srcdir" && pwd) || exit 2
abs_builddir=$(cd "$builddir" && pwd) || exit 2
corpus=$abs_srcdir/corpus
sgfcheck=$abs_builddir/bin/sgfcheck
# Every case starts with the options the .expect files were made with.
opts='--format=text -v --progress=never'

if [ ! -x "$sgfcheck" ]; then
    echo "tool tests: $sgfcheck is missing; run make first"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ ! -d "$corpus" ]; then
    echo "tool tests: no corpus at $corpus"
    echo "0 passed, 1 failed"
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-tool.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

passed=0
failed=0

pass() {
    passed=$((passed + 1))
    echo "PASS $1"
}

# fail NAME [FILE]: FILE holds the explanation (a diff, a message).
fail() {
    failed=$((failed + 1))
    echo "FAIL $1"
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        sed 's/^/  | /' "$2"
    fi
}

# ---- the cases --------------------------------------------------------

# walk_order: paths on stdin sorted as sgfcheck's directory walk reads
# them: each folder's entries sorted bytewise by name.  Mapping '/' to \001
# before sorting makes a path sort turn into that per-folder order.
walk_order() {
    sed 's|^\./||' | tr '/' '\001' | LC_ALL=C sort | tr '\001' '/'
}

# Every record under corpus/, in walk order.
(cd "$corpus" && find . -type f \( -name '*.sgf' -o -name '*.gib' \
    -o -name '*.ngf' -o -name '*.ugf' -o -name '*.ugi' \)) | walk_order \
    >"$work/all"

: >"$work/cases"
while IFS= read -r rel; do
    if [ -f "$corpus/${rel%.*}.expect" ]; then
        echo "$rel" >>"$work/cases"
    elif [ "$update" = 0 ]; then
        echo "FAIL $rel: no ${rel%.*}.expect beside it"
        failed=$((failed + 1))
    fi
done <"$work/all"
if [ "$update" = 1 ]; then
    cp "$work/all" "$work/cases"
fi
if [ ! -s "$work/cases" ]; then
    echo "tool tests: no case found under $corpus"
    echo "0 passed, 1 failed"
    exit 1
fi

# expected_body REL: the .expect without its "# exit" line.
expected_body() {
    grep -v '^# exit [0-9]*$' "$corpus/${1%.*}.expect"
}

# expected_status REL: the number of its "# exit N" line (empty if none).
expected_status() {
    sed -n 's/^# exit \([0-9]*\)$/\1/p' "$corpus/${1%.*}.expect"
}

# count_sev FILE SEVERITY: diagnostic lines of that severity.
count_sev() {
    grep -c ": $2: .* \[[a-z0-9-]*\]\$" "$1"
}

# check_stderr ERRFILE OUTFILE NOTE: no sanitizer report; exactly one line,
# the summary, whose counts match the diagnostics printed.  Writes what is
# wrong to NOTE, returns 1 then.
check_stderr() {
    : >"$3"
    if grep -qE '(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error:' "$1"; then
        echo "sanitizer report on stderr:" >>"$3"
        head -n 20 "$1" >>"$3"
        return 1
    fi
    summary=$(sed -n 's/^sgfcheck: [0-9]* games*, \([0-9]*\) errors*, \([0-9]*\) warnings*, \([0-9]*\) notes* in [0-9.]* s ([0-9]* games\/s)$/\1 \2 \3/p' "$1")
    if [ "$(wc -l <"$1")" -ne 1 ] || [ -z "$summary" ]; then
        echo "stderr is not just the summary line:" >>"$3"
        cat "$1" >>"$3"
        return 1
    fi
    printed="$(count_sev "$2" error) $(count_sev "$2" warning) $(count_sev "$2" note)"
    if [ "$summary" != "$printed" ]; then
        echo "summary counts (errors warnings notes) $summary, lines printed $printed" >>"$3"
        return 1
    fi
    return 0
}

# ---- 1. one case per record ---------------------------------------------

# The per-case outputs, one after the other, and the worst status: what a
# run over the whole corpus must print whatever the path into the reader
# (section 2 on) - those cases test the paths, not the checks again.
: >"$work/all.got"
worst=0
while IFS= read -r rel; do
    (cd "$corpus" && "$sgfcheck" $opts -j1 "$rel") >"$work/out" 2>"$work/err"
    rc=$?
    cat "$work/out" >>"$work/all.got"
    mkdir -p "$work/got/$(dirname "$rel")"
    cp "$work/out" "$work/got/$rel"
    echo "$rc" >"$work/got/$rel.rc"
    if [ "$rc" -gt "$worst" ]; then
        worst=$rc
    fi
    if [ "$update" = 1 ]; then
        exp=$corpus/${rel%.*}.expect
        { cat "$work/out"; echo "# exit $rc"; } >"$work/new"
        if ! cmp -s "$work/new" "$exp" 2>/dev/null; then
            cp "$work/new" "$exp"
            echo "updated ${rel%.*}.expect"
        fi
        continue
    fi
    want=$(expected_status "$rel")
    expected_body "$rel" >"$work/want"
    : >"$work/why"
    if [ -z "$want" ]; then
        echo "${rel%.*}.expect has no '# exit N' line" >>"$work/why"
    elif [ "$rc" != "$want" ]; then
        echo "exit status $rc, expected $want" >>"$work/why"
    fi
    if ! diff -u "$work/want" "$work/out" >"$work/diff"; then
        sed -e "1s|.*|--- expected ${rel%.*}.expect|" -e "2s|.*|+++ sgfcheck output|" \
            "$work/diff" >>"$work/why"
    fi
    check_stderr "$work/err" "$work/out" "$work/note" || cat "$work/note" >>"$work/why"
    if [ -s "$work/why" ]; then
        fail "$rel" "$work/why"
    else
        pass "$rel"
    fi
done <"$work/cases"

if [ "$update" = 1 ]; then
    exit 0
fi

# ---- 2. the whole corpus at once ----------------------------------------

# The top-level folders of the corpus, as arguments: the walk then gives
# the same origins as the per-case runs.
topics=$(cd "$corpus" && for d in *; do [ -d "$d" ] && echo "$d"; done |
    LC_ALL=C sort | tr '\n' ' ')

# compare NAME WANT GOT RC WANT_RC: one case from two files and statuses.
compare() {
    : >"$work/why"
    if [ "$4" != "$5" ]; then
        echo "exit status $4, expected $5" >>"$work/why"
    fi
    if ! diff -u "$2" "$3" >"$work/diff"; then
        head -n 60 "$work/diff" >>"$work/why"
    fi
    if [ -s "$work/why" ]; then
        fail "$1" "$work/why"
    else
        pass "$1"
    fi
}

# A directory walk gives the cases in the same order and the same words.
# It reads every record, so it is compared only when each has an .expect.
(cd "$corpus" && "$sgfcheck" $opts -j1 $topics) >"$work/walk.out" 2>"$work/walk.err"
rc=$?
if [ "$(wc -l <"$work/cases")" -eq "$(wc -l <"$work/all")" ]; then
    compare "directory walk: the per-case outputs in walk order" \
        "$work/all.got" "$work/walk.out" "$rc" "$worst"
else
    fail "directory walk: some records have no .expect (listed above)"
fi
# The files the walk does not read, named one by one in walk order and
# counted in the summary (which otherwise reads as the per-case ones).
(cd "$corpus" && find $topics -type f ! \( -name '*.sgf' -o -name '*.gib' \
    -o -name '*.ngf' -o -name '*.ugf' -o -name '*.ugi' \)) | walk_order |
    sed "s|.*|sgfcheck: warning: skipped '&': not a game record (by its name)|" \
    >"$work/skips.want"
nskips=$(wc -l <"$work/skips.want")
grep "^sgfcheck: warning: skipped " "$work/walk.err" >"$work/skips.got"
compare "directory walk: every file not read is named, in walk order" \
    "$work/skips.want" "$work/skips.got" 0 0
grep -v "^sgfcheck: warning: skipped " "$work/walk.err" >"$work/walk.rest"
if [ "$nskips" -gt 0 ]; then
    word=inputs
    [ "$nskips" -eq 1 ] && word=input
    if grep -q ", $nskips $word skipped (not a game record) in " "$work/walk.rest"
    then
        pass "directory walk: the summary counts the $nskips files not read"
    else
        fail "directory walk: the summary counts the $nskips files not read" \
            "$work/walk.rest"
    fi
    sed "s/, $nskips $word skipped (not a game record) in / in /" \
        "$work/walk.rest" >"$work/walk.sum" && mv "$work/walk.sum" "$work/walk.rest"
fi
if check_stderr "$work/walk.rest" "$work/walk.out" "$work/note"; then
    pass "directory walk: summary agrees with the lines printed"
else
    fail "directory walk: summary agrees with the lines printed" "$work/note"
fi
walk_rc=$rc

# Worker threads change nothing but speed: same bytes, same status.
for j in 2 4; do
    (cd "$corpus" && "$sgfcheck" $opts -j$j $topics) >"$work/j$j.out" 2>/dev/null
    rc=$?
    compare "-j$j output is identical to -j1" "$work/walk.out" "$work/j$j.out" \
        "$rc" "$walk_rc"
done
(cd "$corpus" && "$sgfcheck" --format=json --progress=never -j1 $topics) >"$work/json1.out" 2>/dev/null
rc1=$?
(cd "$corpus" && "$sgfcheck" --format=json --progress=never -j3 $topics) >"$work/json3.out" 2>/dev/null
rc3=$?
compare "--format=json: -j3 output is identical to -j1" "$work/json1.out" \
    "$work/json3.out" "$rc3" "$rc1"

# ---- 3. JSON Lines ------------------------------------------------------

if command -v python3 >/dev/null 2>&1; then
    if python3 "$abs_srcdir/tests/tool/check-json.py" "$work/json1.out" \
        "$work/walk.out" >"$work/why" 2>&1; then
        pass "--format=json: every line is an object with the fields of sgfcheck(1), same diagnostics as the text"
    else
        fail "--format=json: every line is an object with the fields of sgfcheck(1), same diagnostics as the text" "$work/why"
    fi
else
    echo "SKIP --format=json checks: python3 is not installed"
fi

# ---- 4. an input that cannot be read among good ones ----------------------

good1=clean/modern-game.sgf
good2=syntax/missing-close-paren.sgf
if [ -f "$work/got/$good1" ] && [ -f "$work/got/$good2" ]; then
    cat "$work/got/$good1" "$work/got/$good2" >"$work/miss.want"
    (cd "$corpus" && "$sgfcheck" $opts -j1 "$good1" no-such-file.sgf "$good2") \
        >"$work/miss.out" 2>"$work/miss.err"
    rc=$?
    compare "a missing input: exit status 2, the other inputs still checked" \
        "$work/miss.want" "$work/miss.out" "$rc" 2
    if grep -q "no-such-file\.sgf" "$work/miss.err" &&
        grep -q "1 input not read" "$work/miss.err"; then
        pass "a missing input: named on stderr and counted in the summary"
    else
        fail "a missing input: named on stderr and counted in the summary" "$work/miss.err"
    fi
else
    fail "a missing input: $good1 or $good2 is gone from the corpus"
fi

# ---- 5. archives and gzip made here ---------------------------------------

# prefixed PREFIX: the per-case outputs with PREFIX before every origin.
prefixed() {
    sed "s|^|$1|" "$work/all.got"
}

# The members in walk order, so that the archive's order is the walk's.
# shellcheck disable=SC2046
if (cd "$corpus" && tar czf "$work/corpus.tar.gz" $(cat "$work/cases"))
then
    prefixed 'corpus.tar.gz:' >"$work/tgz.want"
    (cd "$work" && "$sgfcheck" $opts -j1 corpus.tar.gz) >"$work/tgz.out" 2>/dev/null
    rc=$?
    compare "corpus.tar.gz: same diagnostics with archive:member origins" \
        "$work/tgz.want" "$work/tgz.out" "$rc" "$worst"
    (cd "$work" && "$sgfcheck" $opts -j2 corpus.tar.gz) >"$work/tgz2.out" 2>/dev/null
    rc=$?
    compare "corpus.tar.gz with -j2: same output" \
        "$work/tgz.want" "$work/tgz2.out" "$rc" "$worst"
else
    fail "corpus.tar.gz: tar czf failed"
fi

if command -v python3 >/dev/null 2>&1; then
    if (cd "$corpus" && python3 -c '
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for line in open(sys.argv[2]):
        z.write(line.rstrip("\n"))
' "$work/corpus.zip" "$work/cases"); then
        prefixed 'corpus.zip:' >"$work/zip.want"
        (cd "$work" && "$sgfcheck" $opts -j1 corpus.zip) >"$work/zip.out" 2>/dev/null
        rc=$?
        compare "corpus.zip: same diagnostics with archive:member origins" \
            "$work/zip.want" "$work/zip.out" "$rc" "$worst"
    else
        fail "corpus.zip: python zipfile failed"
    fi
else
    echo "SKIP corpus.zip: python3 is not installed"
fi

# A gzip stream is recognised by its bytes, whatever its name.
if [ -f "$work/got/$good2" ] && command -v gzip >/dev/null 2>&1; then
    gzip -c <"$corpus/$good2" >"$work/gzipped.sgf"
    sed "s|^$good2:|gzipped.sgf:|" "$work/got/$good2" >"$work/gz.want"
    (cd "$work" && "$sgfcheck" $opts -j1 gzipped.sgf) >"$work/gz.out" 2>/dev/null
    rc=$?
    compare "a gzipped record under a plain .sgf name" "$work/gz.want" \
        "$work/gz.out" "$rc" "$(cat "$work/got/$good2.rc")"
fi

# ---- 6. standard input ------------------------------------------------------

if [ -f "$work/got/$good2" ]; then
    sed "s|^$good2:|<stdin>:|" "$work/got/$good2" >"$work/stdin.want"
    "$sgfcheck" $opts -j1 - <"$corpus/$good2" >"$work/stdin.out" 2>/dev/null
    rc=$?
    compare "'-' reads standard input (origin <stdin>)" "$work/stdin.want" \
        "$work/stdin.out" "$rc" "$(cat "$work/got/$good2.rc")"
    "$sgfcheck" $opts -j2 <"$corpus/$good2" >"$work/stdin2.out" 2>/dev/null
    rc=$?
    compare "no input argument reads standard input" "$work/stdin.want" \
        "$work/stdin2.out" "$rc" "$(cat "$work/got/$good2.rc")"
fi

# ---- 7. the man page lists every check -------------------------------------

if [ -f "$abs_srcdir/tests/tool/check-man.sh" ]; then
    if sh "$abs_srcdir/tests/tool/check-man.sh" "$abs_srcdir" >"$work/man.out" 2>&1; then
        pass "doc/sgfcheck.1 documents every check id with its severity"
    else
        fail "doc/sgfcheck.1 documents every check id with its severity" "$work/man.out"
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
