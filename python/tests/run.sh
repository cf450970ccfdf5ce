#!/bin/sh
# python/tests/run.sh - the pytest tests of the module sgfkit, for make
# check (tests/run-tests.sh) and make check-real (with SGFKIT_REAL=1: the
# Dask runs over the whole of ../shared/corpus too).  Ends with one line
# "N passed, N failed" as the other runners do.
#
# The module of this build (python/lib) is imported, never an installed
# one, and the tools of this build are the reference.  A build whose
# library has the sanitizers loads libasan first (LD_PRELOAD): an
# uninstrumented python3 cannot load an ASan library otherwise.  Leak
# detection is off there: the interpreter frees little at exit, and every
# "leak" would be its own (the library's own leaks are the C tests' and
# valgrind's to find).
#
#   python/tests/run.sh [TEST_FILE...]     (default: every test file)
#
# Environment: srcdir, builddir (make); SGFKIT_PYTHON3 (default
# /usr/bin/python3); SGFKIT_CORPUS (default $srcdir/../shared/corpus);
# SGFKIT_PYTEST_SKIP: test files to leave out, said so (.ci/run's sanitizer
# step leaves test_hostile.py to its last step, which runs it over a
# superset of its inputs).

srcdir=${srcdir:-.}
builddir=${builddir:-.}
python=${SGFKIT_PYTHON3:-/usr/bin/python3}
lib=$builddir/python/lib

skip() {
    echo "python: SKIP: $*"
    echo "0 passed, 0 failed"
    exit 0
}

[ -f "$lib/.built" ] ||
    skip "module not built (Debian: python3-dev python3-setuptools)"
"$python" -c 'import pytest, pandas' 2>/dev/null ||
    skip "$python lacks pytest or pandas (Debian: python3-pytest python3-pandas)"

# Only the interpreter gets libasan: preloaded into mktemp or cat under CI's
# detect_leaks=1:abort_on_error=1 it aborts them.  detect_leaks=0 comes last
# because the last setting of an option wins.
preload=${LD_PRELOAD:-}
asan_options=${ASAN_OPTIONS:-}
so=$(ls "$lib"/sgfkit/_sgfkit*.so 2>/dev/null | head -n 1)
if [ -n "$so" ] && ldd "$so" 2>/dev/null | grep -q 'libasan'; then
    asan=$(${CC:-cc} -print-file-name=libasan.so)
    preload=$asan${preload:+:$preload}
    asan_options=${asan_options:+$asan_options:}detect_leaks=0
    echo "python: sanitizer build: LD_PRELOAD=$asan, leaks not checked"
fi

PYTHONPATH=$(cd "$lib" && pwd)
SGFKIT_SRCDIR=$(cd "$srcdir" && pwd)
SGFKIT_BUILDDIR=$(cd "$builddir" && pwd)
# nothing written into the source tree (make distcheck reads it read-only)
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH SGFKIT_SRCDIR SGFKIT_BUILDDIR PYTHONDONTWRITEBYTECODE

out=$(mktemp "${TMPDIR:-/tmp}/sgfkit-pytest.XXXXXX") || exit 1
trap 'rm -f "$out"' EXIT
tests=
for t in "$@"; do
    tests="$tests $srcdir/python/tests/$t"
done
ignore=
for t in ${SGFKIT_PYTEST_SKIP:-}; do
    echo "python: $t: SKIP (SGFKIT_PYTEST_SKIP)"
    ignore="$ignore --ignore=$srcdir/python/tests/$t"
done
# shellcheck disable=SC2086 # the lists are words by design
LD_PRELOAD=$preload ASAN_OPTIONS=$asan_options \
    "$python" -m pytest -q -rs -p no:cacheprovider $ignore \
    ${tests:-"$srcdir/python/tests"} >"$out" 2>&1 </dev/null
rc=$?
cat "$out"
line=$(grep -E '[0-9]+ (passed|failed|errors?|skipped).* in [0-9.]+s' "$out" |
       tail -n 1)
passed=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
failed=$(echo "$line" | grep -oE '[0-9]+ (failed|errors?)' |
         awk '{ n += $1 } END { print n + 0 }')
passed=${passed:-0}
failed=${failed:-0}
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
    echo "python: pytest exit status $rc"
    failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
