#!/bin/sh
# installcheck.sh - what `make install` put in place works together: the
# installed sgfconvert's XML, in both forms, validates against the DTDs
# installed beside it (its DOCTYPE names go.dtd and sgf-raw.dtd by file
# name: `xmllint --path DTDDIR`, or a copy beside the XML, resolves them).
# Run by `make installcheck` (so by `make distcheck`) with DESTDIR honoured.
#
# Environment: bindir, libdir, dtddir (installed folders, DESTDIR included),
# srcdir (for corpus/).  Prints "N passed, N failed"; skips the validation,
# saying so, without xmllint.
srcdir=$(cd "${srcdir:-.}" && pwd)
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }

for dtd in go.dtd sgf-raw.dtd; do
    if [ -f "$dtddir/$dtd" ]; then pass "$dtd installed in $dtddir"
    else fail "$dtd is not installed in $dtddir"; fi
done

convert=$bindir/sgfconvert
if [ ! -x "$convert" ]; then
    fail "$convert is not installed"
elif ! command -v xmllint >/dev/null 2>&1; then
    echo "SKIP the XML against the installed DTDs: xmllint is not installed"
else
    t=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-installcheck.XXXXXX") || exit 1
    trap 'rm -rf "$t"' EXIT
    # records with setup, markup, variations, comments and game information
    records="$srcdir/corpus/clean $srcdir/corpus/convert"
    for form in go raw; do
        # shellcheck disable=SC2086 # two folders
        if LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
            "$convert" --xml=$form --progress=never -q -o "$t/$form.xml" \
            $records 2>"$t/err"; then
            if xmllint --valid --noout --path "$dtddir" "$t/$form.xml" \
                >"$t/lint" 2>&1; then
                pass "--xml=$form output validates against the installed DTD"
            else
                fail "--xml=$form output does not validate against $dtddir:"
                head -n 20 "$t/lint"
            fi
            # without the installed folder the DTD is not found: the pass
            # above used it
            if xmllint --valid --noout "$t/$form.xml" >/dev/null 2>&1; then
                fail "--xml=$form validated without the DTD folder (test is void)"
            else
                pass "--xml=$form needs the DTD folder to validate"
            fi
        else
            fail "installed sgfconvert --xml=$form failed:"
            cat "$t/err"
        fi
    done
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
