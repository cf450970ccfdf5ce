#!/bin/sh
# crosscheck.sh - sgfkit's replay against independent ones: the board after
# every move must be the same.
#
#   crosscheck.sh           real records (make check-real, through
#                           tests/real-corpus.sh)
#   crosscheck.sh --self    the project's own records, corpus/*/*.sgf
#
# tests/unit/replay_dump prints the boards of sgf_game_replay; the
# Python replay of tests/tool/crosscheck.py (its own SGF reading, flood-fill
# captures) compares every game of the sample with them, move by move.  On
# real records GNU Go, when installed (/usr/games/gnugo or gnugo on the
# PATH), replays a smaller sample too (GTP loadsgf, every 10th move and the
# end).  Any differing board fails its game.
#
# The real sample, chosen the same way on every run, from ../shared/corpus:
# every 25th file of the KGS folders and of 3-ai, all of
# 4-software-tests/herzbube__littlego/sgf and of
# 5-malformed-odd/herzbube__littlego/sgf/Illegal games; GNU Go gets about 30 of
# the KGS files.  Ends with "N passed, N failed", one case per game.
# Skipped (with a message, "0 passed, 0 failed") without the corpus or
# without python3.
#
# Environment: srcdir, builddir (set by make); SGFKIT_CORPUS (default
# $srcdir/../shared/corpus); SGFKIT_GNUGO (the GNU Go to use; "no" for none).

srcdir=${srcdir:-$(dirname "$0")/../..}
builddir=${builddir:-.}
corpus=${SGFKIT_CORPUS:-$srcdir/../shared/corpus}
dump=$builddir/tests/unit/replay_dump
tool=$srcdir/tests/tool/crosscheck.py
self=0
case ${1:-} in
    --self) self=1 ;;
    '') ;;
    *) echo "usage: $0 [--self]" >&2; exit 2 ;;
esac

skip() {
    echo "crosscheck: SKIP: $1"
    echo "0 passed, 0 failed"
    exit 0
}

python=$(command -v python3 2>/dev/null)
[ -n "$python" ] || skip "no python3"
if [ "$self" = 0 ] && [ ! -d "$corpus" ]; then
    skip "no real corpus at $corpus (set SGFKIT_CORPUS)"
fi
if [ ! -x "$dump" ]; then
    echo "crosscheck: $dump is missing (make check-real builds it)"
    echo "0 passed, 1 failed"
    exit 1
fi
abs() { (cd "$1" && pwd); }
dump=$(abs "$(dirname "$dump")")/$(basename "$dump")

work=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-crosscheck.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# every N: every N-th line of standard input, from the first.
every() { awk -v n="$1" '(NR - 1) % n == 0'; }
# sgf_files DIR...: the record files under DIR, sorted.
sgf_files() {
    find "$@" -type f \( -name '*.sgf' -o -name '*.SGF' -o -name '*.sgfs' \) \
        2>/dev/null | LC_ALL=C sort
}

if [ "$self" = 1 ]; then
    sgf_files "$(abs "$srcdir/corpus")" >"$work/list"
    : >"$work/gnugo"
else
    c=$(abs "$corpus")
    o=$c/2-online
    sgf_files "$o"/godmoves__* "$o"/vftens__* \
        "$o/runningskull__gnugo/regression/games/kgs" | every 25 >"$work/kgs"
    {
        cat "$work/kgs"
        sgf_files "$c/3-ai" | every 25
        sgf_files "$c/4-software-tests/herzbube__littlego/sgf"
        sgf_files "$c/5-malformed-odd/herzbube__littlego/sgf/Illegal games"
    } >"$work/list"
    n=$(wc -l <"$work/kgs")
    every $(( (n + 29) / 30 )) <"$work/kgs" >"$work/gnugo"
fi
if [ ! -s "$work/list" ]; then
    echo "crosscheck: no records found"
    echo "0 passed, 1 failed"
    exit 1
fi

passed=0
failed=0
# add OUTPUT: adds the "N passed, N failed" line of OUTPUT to the totals.
add() {
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        echo "crosscheck: no summary from crosscheck.py"
        failed=$((failed + 1))
        return
    fi
    passed=$((passed + ${line%% passed*}))
    f=${line#*, }
    failed=$((failed + ${f%% failed*}))
}

echo "crosscheck: sgfkit's replay against crosscheck.py on $(wc -l <"$work/list") files"
"$python" "$tool" compare --dump "$dump" --list "$work/list" >"$work/py.out" 2>&1
grep -v -E '^[0-9]+ passed, [0-9]+ failed$' "$work/py.out"
add "$work/py.out"
echo "  crosscheck.py: $(tail -n 1 "$work/py.out")"

gnugo=${SGFKIT_GNUGO:-}
if [ -z "$gnugo" ]; then
    gnugo=$(command -v gnugo 2>/dev/null)
    [ -z "$gnugo" ] && [ -x /usr/games/gnugo ] && gnugo=/usr/games/gnugo
fi
if [ -s "$work/gnugo" ] && [ -n "$gnugo" ] && [ "$gnugo" != no ]; then
    echo "crosscheck: sgfkit's replay against GNU Go on $(wc -l <"$work/gnugo") files"
    "$python" "$tool" gnugo --dump "$dump" --gnugo "$gnugo" \
        --list "$work/gnugo" >"$work/gg.out" 2>&1
    grep -v -E '^[0-9]+ passed, [0-9]+ failed$' "$work/gg.out"
    add "$work/gg.out"
    echo "  GNU Go: $(tail -n 1 "$work/gg.out")"
elif [ -s "$work/gnugo" ]; then
    echo "crosscheck: GNU Go not installed: its comparison skipped"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
