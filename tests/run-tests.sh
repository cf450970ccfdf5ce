#!/bin/sh
# run-tests.sh - the runner behind `make check`.
#
# Runs every unit-test binary (tests/unit/test_*, tests/unit/roundtrip) from
# the build folder, then the tool tests (tests/tool/run.sh).  Each prints its
# own "N passed, N failed" as its last line; this runner adds them up and ends
# with one such line for the whole suite, so that line is the last one of the
# `make check` output.  A binary that crashes, hangs, reports a sanitizer
# error or exits non-zero without reporting a failed case counts as one
# failure of its own.
#
# Tests run as many at a time as make's -j says (make -j2 check: two), or
# SGFKIT_TEST_JOBS; the slowest start first, eta.sh (a judge of times)
# runs last and alone, and each one's output is
# printed whole, in the list's order, as soon as it and those before it
# have ended.
#
# Environment: srcdir, builddir (set by Makefile.am's check-local);
# SGFKIT_TEST_TIMEOUT seconds per binary (default 900: the deep-nesting cases
# are slow under the sanitizers).  SGFKIT_CHECK_SKIP: names of tests
# not to run, said so (.ci/run's sanitizer build leaves the ones whose
# outcome no sanitizer changes to the plain build's make check).

srcdir=${srcdir:-.}
builddir=${builddir:-.}
export srcdir builddir
limit=${SGFKIT_TEST_TIMEOUT:-900}

# make -jN check passes -jN in MAKEFLAGS (a bare -j: no limit, so one a core)
jobs=${SGFKIT_TEST_JOBS:-}
if [ -z "$jobs" ]; then
    jobs=1
    for word in ${MAKEFLAGS:-}; do
        case $word in
            -j) jobs=$(nproc 2>/dev/null || echo 2) ;;
            -j[0-9]*) jobs=${word#-j} ;;
        esac
    done
fi
case $jobs in ''|*[!0-9]*|0) jobs=1 ;; esac

total_passed=0
total_failed=0
ran=0

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-check.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# ---- the list: one name a line, in the order the outputs are printed --------

list=$work/list
: >"$list"
for t in "$builddir"/tests/unit/test_* "$builddir"/tests/unit/roundtrip; do
    # Skip objects, sources and logs that share the prefix; keep executables.
    case $t in *.o|*.obj|*.c|*.h|*.log|*.trs) continue ;; esac
    if [ ! -f "$t" ] || [ ! -x "$t" ]; then continue; fi
    echo "${t#"$builddir"/}" >>"$list"
done
# The tool tests: records of corpus/ (run.sh) and the command line itself
# (sgfcheck.sh: options, exit codes, -o, progress); then the module map of
# lib/README.md against the sources and objects (layers.sh), the libraries
# each tool is linked with (linked.sh), and every example of README.md and
# the man pages (examples.sh).
for name in run.sh sgfcheck.sh sgfscore.sh sgfconvert.sh sgfstat.sh eta.sh \
    layers.sh linked.sh examples.sh; do
    [ -f "$srcdir/tests/tool/$name" ] && echo "tests/tool/$name" >>"$list"
done
# The Python module's pytest tests (python/tests/run.sh; they skip, saying
# so, without python3-dev, pytest or pandas); the replay against an
# independent one (crosscheck.py) over the records of corpus/: every board
# after every move must agree; SIGKILL during every output mode of
# sgfconvert (-o FILE, gzip, archive, --split, --in-place): two kills each
# here, make check-limits runs 30.
cat >>"$list" <<'NAMES'
python/tests/run.sh (pytest)
tests/tool/crosscheck.sh --self
tests/tool/killtest.sh (10 rounds)
NAMES
count=$(wc -l <"$list")

# The slowest first (some 30-80 s each in CI's sanitizer build), so that
# none of them starts last and runs alone.
slow_first='python/tests/run.sh (pytest)
tests/tool/examples.sh
tests/tool/sgfscore.sh
tests/unit/test_json
tests/unit/test_xml
tests/tool/run.sh'
# Last and alone: eta.sh judges the progress bar's ETA against the CPU
# time a run really took, which a test beside it changes (caches, clock).
alone='tests/tool/eta.sh'
order=$work/order
{
    printf '%s\n' "$slow_first" | while IFS= read -r name; do
        grep -nxF "$name" "$list"
    done
    grep -nvxF -e "$slow_first" -e "$alone" "$list"
    grep -nxF "$alone" "$list"
} | cut -d: -f1 >"$order"

# ---- one test ------------------------------------------------------------------

name_of() {
    sed -n "$1p" "$list"
}

skipped() {
    base=${1%% *}
    case " ${SGFKIT_CHECK_SKIP:-} " in
        *" ${base##*/} "*) return 0 ;;
    esac
    return 1
}

# start I: runs test I in the background; $work/I.out is its output,
# $work/I.end its exit status and seconds, written last.
start() {
    i=$1
    name=$(name_of "$i")
    if skipped "$name"; then
        echo "skip 0" >"$work/$i.end"
        return 0
    fi
    case $name in
        "python/tests/run.sh (pytest)")
            set -- sh "$srcdir/python/tests/run.sh" ;;
        "tests/tool/crosscheck.sh --self")
            set -- sh "$srcdir/tests/tool/crosscheck.sh" --self ;;
        "tests/tool/killtest.sh (10 rounds)")
            set -- sh "$srcdir/tests/tool/killtest.sh" "$builddir/bin" 10 ;;
        tests/tool/*)
            # Not $SHELL: make passes the user's login shell, which may not
            # be sh-like.
            case $(head -n 1 "$srcdir/$name") in
                *bash*) set -- bash "$srcdir/$name" ;;
                *) set -- sh "$srcdir/$name" ;;
            esac ;;
        *) set -- "$builddir/$name" ;;
    esac
    (
        started=$(date +%s)
        if command -v timeout >/dev/null 2>&1; then
            timeout "$limit" "$@" >"$work/$i.out" 2>&1 </dev/null
        else
            "$@" >"$work/$i.out" 2>&1 </dev/null
        fi
        echo "$? $(($(date +%s) - started))" >"$work/$i.tmp"
        mv "$work/$i.tmp" "$work/$i.end"
    ) 2>>"$work/$i.out" &    # the shell's own word on a crash, with the output
}

# report I: prints test I's output and accounts for its cases.
report() {
    name=$(name_of "$1")
    echo "== $name"
    read -r rc seconds <"$work/$1.end"
    if [ "$rc" = skip ]; then
        echo "$name: SKIP (SGFKIT_CHECK_SKIP)"
        return 0
    fi
    out=$work/$1.out
    cat "$out"
    # the seconds each test takes: what CI's time budget is cut by
    echo "$name: $seconds s"
    ran=$((ran + 1))

    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    passed=0
    failed=0
    if [ -n "$summary" ]; then
        passed=${summary%% passed*}
        failed=${summary#*, }
        failed=${failed%% failed*}
    fi

    problem=
    if [ "$rc" -eq 124 ]; then
        problem="timed out after ${limit}s"
    elif [ "$rc" -gt 128 ]; then
        problem="crashed (signal $((rc - 128)))"
    elif grep -qE '(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error:' "$out"; then
        problem="sanitizer report (exit status $rc)"
    elif [ -z "$summary" ]; then
        problem="exit status $rc without a 'N passed, N failed' line"
    elif [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
        problem="exit status $rc although no case failed"
    elif [ "$rc" -eq 0 ] && [ "$failed" -ne 0 ]; then
        problem="exit status 0 although $failed cases failed"
    fi
    if [ -n "$problem" ]; then
        echo "$name: FAIL: $problem"
        failed=$((failed + 1))
    fi
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    rm -f "$out"
}

# ---- the schedule: at most $jobs running; outputs in the list's order -------

launched=0
printed=0
solo=          # the test running alone, while it runs
while [ "$printed" -lt "$count" ]; do
    running=$((launched - $(ls "$work" | grep -c '\.end$')))
    [ -n "$solo" ] && [ -f "$work/$solo.end" ] && solo=
    while [ -z "$solo" ] && [ "$running" -lt "$jobs" ] &&
          [ "$launched" -lt "$count" ]; do
        next=$(sed -n "$((launched + 1))p" "$order")
        if printf '%s\n' "$alone" | grep -qxF "$(name_of "$next")"; then
            [ "$running" -eq 0 ] || break
            solo=$next
        fi
        launched=$((launched + 1))
        start "$next"
        running=$((running + 1))
    done
    while [ "$printed" -lt "$count" ] && [ -f "$work/$((printed + 1)).end" ]; do
        printed=$((printed + 1))
        report "$printed"
    done
    if [ "$printed" -lt "$count" ]; then
        sleep 0.2 2>/dev/null || sleep 1
    fi
done

if [ "$ran" -eq 0 ]; then
    echo "run-tests: FAIL: no test binary found under $builddir/tests/unit"
    total_failed=$((total_failed + 1))
fi

echo "$total_passed passed, $total_failed failed"
if [ "$total_failed" -ne 0 ]; then
    exit 1
fi
exit 0
