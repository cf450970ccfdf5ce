#!/bin/sh
# layers.sh - the module map of lib/README.md holds, and its check can fail.
#
# tests/tool/layers.py reads the map (each folder's layer, the layers it may
# use) and checks the includes of lib/ and bin/, the symbols the objects of
# the build use (nm), and that no two files depend on each other in a loop.
# Here it must pass on the tree, then fail, naming the culprit, on a copy
# of the sources with one fault planted:
#   - an upward include (common including an export header);
#   - a tool including a private header of the library;
#   - an upward call with no include (an sgf file calling into go);
#   - a call loop between two files (two objects compiled here).
#
# Environment: srcdir, builddir (Makefile.am's check-local); CC (default
# cc) compiles the planted objects.  Prints "N passed, N failed".

srcdir=${srcdir:-.}
builddir=${builddir:-.}
name=layers.sh
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "$name: FAIL: $*"; }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

srcdir=$(cd "$srcdir" && pwd) || exit 2
builddir=$(cd "$builddir" && pwd) || exit 2
python=$(command -v python3 2>/dev/null)
if [ -z "$python" ]; then
    echo "$name: python3 is needed to run tests/tool/layers.py"
    echo "0 passed, 1 failed"
    exit 1
fi
if ! command -v nm >/dev/null 2>&1; then
    echo "$name: nm (binutils) is needed to read the objects"
    echo "0 passed, 1 failed"
    exit 1
fi
check=$srcdir/tests/tool/layers.py

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-layers.XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# run SRC [ARGS...]: the check on sources SRC and the build's objects
run() {
    src=$1
    shift
    "$python" "$check" "$src" "$builddir" "$@" >"$work/out" 2>&1
    rc=$?
}

# expect_fail DESCRIPTION TEXT...: the last run failed (exit status 1) and
# said every TEXT
expect_fail() {
    desc=$1
    shift
    if [ "$rc" -ne 1 ]; then
        fail "$desc: exit status $rc, expected 1"
        sed 's/^/    /' "$work/out"
        return
    fi
    for text in "$@"; do
        if ! grep -qF -- "$text" "$work/out"; then
            fail "$desc: no '$text' in:"
            sed 's/^/    /' "$work/out"
            return
        fi
    done
    pass
}

# A fresh copy of the sources the check reads.
copy() {
    rm -rf "$work/src"
    mkdir -p "$work/src"
    cp -R "$srcdir/lib" "$srcdir/bin" "$work/src/" || exit 2
    chmod -R u+w "$work/src"
}

# 1. the tree itself
run "$srcdir"
if [ "$rc" -eq 0 ] && grep -q 'no loop' "$work/out"; then
    pass
else
    fail "the tree breaks its own map (exit status $rc):"
    sed 's/^/    /' "$work/out"
fi

# 2. an upward include: the arena (common) includes an exporter's header
copy
printf '#include "export/jsonl.h"\n' >>"$work/src/lib/common/arena.c"
run "$work/src"
expect_fail "an upward include" 'lib/common/arena.c:' \
    'includes "export/jsonl.h": common may not use export'

# 3. a tool includes a private header of the library
copy
printf '#include "sgf/game.h"\n' >>"$work/src/bin/sgfcheck.c"
run "$work/src"
expect_fail "a private header in a tool" 'bin/sgfcheck.c:' \
    'includes "sgf/game.h": tools may not use private headers of lib/'

# 4. an upward call, no include: an sgf file frees a position (go)
copy
mkdir -p "$work/obj/lib/sgf" "$work/obj/lib/common"
cat >"$work/src/lib/sgf/planted.c" <<'EOF'
void sgf_position_free(void *p);
void planted_free(void *p);
void planted_free(void *p) { sgf_position_free(p); }
EOF
${CC:-cc} -c -o "$work/obj/lib/sgf/planted.o" "$work/src/lib/sgf/planted.c" ||
    exit 2
run "$work/src" --objects "$work/obj"
expect_fail "an upward call" \
    'lib/sgf/planted.c: uses sgf_position_free (lib/go/position.c): sgf may not use go'
rm -f "$work/obj/lib/sgf/planted.o"

# 5. a call loop: two files of common call each other, neither includes
# the other's header
copy
cat >"$work/src/lib/common/ping.c" <<'EOF'
int planted_pong(int n);
int planted_ping(int n);
int planted_ping(int n) { return n > 0 ? planted_pong(n - 1) : 0; }
EOF
cat >"$work/src/lib/common/pong.c" <<'EOF'
int planted_ping(int n);
int planted_pong(int n);
int planted_pong(int n) { return n > 0 ? planted_ping(n - 1) : 1; }
EOF
for f in ping pong; do
    ${CC:-cc} -c -o "$work/obj/lib/common/$f.o" "$work/src/lib/common/$f.c" ||
        exit 2
done
run "$work/src" --objects "$work/obj"
expect_fail "a call loop" 'loop: lib/common/ping <-> lib/common/pong' \
    'lib/common/ping -> lib/common/pong: uses planted_pong' \
    'lib/common/pong -> lib/common/ping: uses planted_ping'

finish
