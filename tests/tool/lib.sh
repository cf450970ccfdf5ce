# lib.sh - what the command-line tests of the tools share (sourced by
# sgfcheck.sh, sgfscore.sh, sgfconvert.sh, sgfstat.sh).
#
# The sourcing script sets name (its own name, for messages), tool (the
# program under bin/) and, optionally, tool_opts (options every run gets)
# and needs_python (a reason, when the script cannot run without python3).
# lib.sh then makes srcdir and builddir absolute, sets prog, checks that
# it is built, moves into a fresh temporary folder (removed at exit) and
# defines the helpers:
#   pass, fail MESSAGE             count a case
#   check DESCRIPTION COMMAND...   passes when COMMAND succeeds
#   run ARGS...                    the tool: stdout in out, stderr in err,
#                                  exit status in rc
#   status WANT DESCRIPTION ARGS... run, and pass when rc is WANT
#   finish                         prints "N passed, N failed", exits 1 on
#                                  a failure
# shellcheck shell=sh
srcdir=$(cd "${srcdir:-.}" && pwd)
builddir=$(cd "${builddir:-.}" && pwd)
prog=$builddir/bin/$tool
if [ ! -x "$prog" ]; then
    echo "$name: $prog is not built"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ -n "${needs_python:-}" ] && ! command -v python3 >/dev/null 2>&1; then
    echo "$name: python3 is needed $needs_python"
    echo "0 passed, 1 failed"
    exit 1
fi

t=$(mktemp -d "${TMPDIR:-/tmp}/$tool-test.XXXXXX") || exit 1
trap 'chmod -R u+w "$t" 2>/dev/null; rm -rf "$t"' EXIT
cd "$t" || exit 1

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "$name: FAIL: $*"; }
check() {
    desc=$1
    shift
    if "$@"; then pass; else fail "$desc"; fi
}
run() {
    # $tool_opts holds several words on purpose
    # shellcheck disable=SC2086
    "$prog" ${tool_opts:-} "$@" >out 2>err
    rc=$?
}
status() {
    want=$1
    desc=$2
    shift 2
    run "$@"
    if [ "$rc" -eq "$want" ]; then pass; else
        fail "$desc: exit status $rc, expected $want"; sed 's/^/    /' err; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}
