#!/bin/sh
# linked.sh - every tool is linked with libarchive, uchardet and libxml2 the
# ordinary way, so that ldd, dpkg-shlibdeps and rpm see them (doc/HACKING.md,
# "Dependencies").
#
# For each tool, `ldd` (through libtool, which runs the real program behind
# the build folder's wrapper script) must list each library resolved to a
# file.  Skips, saying so, where ldd is missing (macOS, the BSDs without it).
#
# Environment: srcdir, builddir (Makefile.am's check-local).  Prints
# "N passed, N failed".

builddir=${builddir:-.}
name=linked.sh
passed=0
failed=0

if ! command -v ldd >/dev/null 2>&1; then
    echo "$name: skipped: no ldd on this system"
    echo "0 passed, 0 failed"
    exit 0
fi
libtool=$builddir/libtool
if [ ! -x "$libtool" ]; then
    echo "$name: $libtool is missing; run configure first"
    echo "0 passed, 1 failed"
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-linked.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

for tool in sgfcheck sgfscore sgfconvert sgfstat; do
    prog=$builddir/bin/$tool
    if [ ! -x "$prog" ]; then
        failed=$((failed + 1))
        echo "FAIL $tool: $prog is missing; run make first"
        continue
    fi
    if ! "$libtool" --mode=execute ldd "$prog" >"$work/ldd" 2>&1; then
        failed=$((failed + 1))
        echo "FAIL $tool: ldd failed:"
        sed 's/^/  | /' "$work/ldd"
        continue
    fi
    for lib in libarchive uchardet libxml2; do
        # "libarchive.so.13 => /usr/lib/.../libarchive.so.13 (0x...)"
        if grep -Eq "^[[:space:]]*lib${lib#lib}\.so[.0-9]* => /" "$work/ldd"; then
            passed=$((passed + 1))
            echo "PASS $tool links $lib"
        else
            failed=$((failed + 1))
            echo "FAIL $tool: ldd does not show $lib resolved:"
            sed 's/^/  | /' "$work/ldd"
        fi
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
