#!/bin/sh
# check-man.sh - every check id of lib/sgf/checks.def is documented in
# doc/sgfcheck.1 with its severity, as '.BR id " (severity)"'.
# Usage: check-man.sh [SRCDIR]   Prints one line per missing id and
# "N passed, N failed"; exits 1 when an id is missing or has another severity.
srcdir=${1:-${srcdir:-.}}
def=$srcdir/lib/sgf/checks.def
man=$srcdir/doc/sgfcheck.1
for f in "$def" "$man"; do
    [ -r "$f" ] || { echo "check-man: cannot read $f" >&2; exit 2; }
done

# CHECK(NAME, "id", SEVERITY, "...") -> "id severity"
sed -n 's/^CHECK([A-Z0-9_]*, *"\([^"]*\)", *\([A-Z]*\),.*/\1 \2/p' "$def" |
{
    passed=0 failed=0
    while read -r id sev; do
        sev=$(echo "$sev" | tr 'A-Z' 'a-z')
        # roff writes the ids' hyphens as \-
        roff=$(printf '%s' "$id" | sed 's/-/\\\\-/g')
        if grep -q "^\.BR $roff \" ($sev)\"\$" "$man"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            if grep -q "^\.BR $roff " "$man"; then
                echo "check-man: $id: the man page gives another severity than $sev"
            else
                echo "check-man: $id ($sev) is missing from doc/sgfcheck.1"
            fi
        fi
    done
    [ "$passed" -gt 0 ] || { echo "check-man: no CHECK line read from $def"; failed=$((failed + 1)); }
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
