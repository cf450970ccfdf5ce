#!/bin/sh
# examples.sh - every example of README.md and of the man pages (doc/*.1)
# runs and gives what tests/tool/examples.expect says (examples.py tells
# how), after a self-test that plants broken examples and sees them fail.
# Environment: srcdir, builddir (tests/run-tests.sh).
srcdir=${srcdir:-.}
python=${SGFKIT_PYTHON3:-/usr/bin/python3}
[ -x "$python" ] || python=python3
if ! command -v "$python" >/dev/null 2>&1; then
    echo "examples: python3 is needed to read and run the examples"
    echo "0 passed, 1 failed"
    exit 1
fi
exec "$python" "$srcdir/tests/tool/examples.py" --self-test "$@"
