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
# Environment: srcdir, builddir (set by Makefile.am's check-local);
# SGFKIT_TEST_TIMEOUT seconds per binary (default 900: the deep-nesting cases
# are slow under the sanitizers).  SGFKIT_CHECK_SKIP: names of tests
# not to run, said so (.ci/run's sanitizer build leaves the ones whose
# outcome no sanitizer changes to the plain build's make check).

srcdir=${srcdir:-.}
builddir=${builddir:-.}
export srcdir builddir
limit=${SGFKIT_TEST_TIMEOUT:-900}

total_passed=0
total_failed=0
ran=0

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-check.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Run one test command; print its output, account for its cases.
run_one() {
    name=$1
    shift
    echo "== $name"
    base=${name%% *}
    case " ${SGFKIT_CHECK_SKIP:-} " in
        *" ${base##*/} "*)
            echo "$name: SKIP (SGFKIT_CHECK_SKIP)"
            return 0 ;;
    esac
    started=$(date +%s)
    if command -v timeout >/dev/null 2>&1; then
        timeout "$limit" "$@" >"$work/out" 2>&1 </dev/null
    else
        "$@" >"$work/out" 2>&1 </dev/null
    fi
    rc=$?
    cat "$work/out"
    # the seconds each test takes: what CI's time budget is cut by
    echo "$name: $(($(date +%s) - started)) s"
    ran=$((ran + 1))

    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/out" | tail -n 1)
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
    elif grep -qE '(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error:' "$work/out"; then
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
}

for t in "$builddir"/tests/unit/test_* "$builddir"/tests/unit/roundtrip; do
    # Skip objects, sources and logs that share the prefix; keep executables.
    case $t in *.o|*.obj|*.c|*.h|*.log|*.trs) continue ;; esac
    if [ ! -f "$t" ] || [ ! -x "$t" ]; then continue; fi
    run_one "${t#"$builddir"/}" "$t"
done

# The tool tests: records of corpus/ (run.sh) and the command line itself
# (sgfcheck.sh: options, exit codes, -o, progress); then the module map of
# lib/README.md against the sources and objects (layers.sh), the libraries
# each tool is linked with (linked.sh), and every example of README.md and
# the man pages (examples.sh).
for name in run.sh sgfcheck.sh sgfscore.sh sgfconvert.sh sgfstat.sh eta.sh \
    layers.sh linked.sh examples.sh; do
    tool=$srcdir/tests/tool/$name
    [ -f "$tool" ] || continue
    # Not $SHELL: make passes the user's login shell, which may not be sh-like.
    case $(head -n 1 "$tool") in *bash*) runner='bash' ;; *) runner='sh' ;; esac
    run_one "tests/tool/$name" "$runner" "$tool"
done

# The Python module's pytest tests (python/tests/run.sh; they skip, saying
# so, without python3-dev, pytest or pandas).
run_one "python/tests/run.sh (pytest)" sh "$srcdir/python/tests/run.sh"

# The replay against an independent one (tests/tool/crosscheck.py) over the
# records of corpus/: every board after every move must agree.
run_one "tests/tool/crosscheck.sh --self" sh "$srcdir/tests/tool/crosscheck.sh" --self

# SIGKILL during every output mode of sgfconvert (-o FILE, gzip, archive,
# --split, --in-place): two kills each here; make check-limits runs 30.
run_one "tests/tool/killtest.sh (10 rounds)" sh "$srcdir/tests/tool/killtest.sh" \
    "$builddir/bin" 10

if [ "$ran" -eq 0 ]; then
    echo "run-tests: FAIL: no test binary found under $builddir/tests/unit"
    total_failed=$((total_failed + 1))
fi

echo "$total_passed passed, $total_failed failed"
if [ "$total_failed" -ne 0 ]; then
    exit 1
fi
exit 0
