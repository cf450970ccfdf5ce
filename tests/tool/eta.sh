#!/bin/sh
# eta.sh - the ETA of --progress holds to the real remaining time
# (sgfscore(1), SGFKIT_PROGRESS_LOG).
#
# A collection of 800 games that vary in length a lot (40 to 340 moves, made here
# from the root of corpus/clean/modern-game.sgf with moves that never
# capture), in the order a collection often has: plain records first, then
# the same kind of games with long review comments, whose bytes cost the
# dead-stone estimate next to nothing.  sgfscore --dead=estimate -j1 logs
# the ETA it shows at each tenth of the bytes; from 10% on each must be
# within half of the time the run then really took (or 0.05 s, one sample
# of the ticker): the CPU time of the same work drifts by a third on a
# shared machine (doc/inputs.md, "The ETA").  The ETA of bytes alone, elapsed * (1 - f) / f, is worked out
# from the same log and must miss that mark: otherwise the collection
# tells the two apart no more.
# Times are the process's CPU seconds (SGFKIT_PROGRESS_CLOCK=cpu): other
# builds on the machine change the wall time a game takes, not its CPU
# time.  A miss still gets two more runs, for what load does to the CPU
# time too (caches).  Prints "N passed, N failed" last.
# Environment: builddir (where bin/sgfscore is), srcdir.
name=eta.sh
tool=sgfscore
needs_python='to make the collection and read the log'
. "$(dirname "$0")/lib.sh"

python3 - "$srcdir/corpus/clean/modern-game.sgf" games <<'EOF_PY' || exit 1
import os, random, sys
text = open(sys.argv[1], encoding='utf-8').read()
start = text.index('(') + 1
root = text[start:text.index(';', text.index(';', start) + 1)]
rng = random.Random(14)
cols = 'abcdefghijklmnopqrs'
# Black fills the top rows, White the bottom ones, row by row: every stone
# joins a group that keeps the empty middle row as a liberty.
black = [(x, y) for y in range(9) for x in range(19)]
white = [(x, 18 - y) for y in range(9) for x in range(19)]
def moves(n):
    out = []
    for i in range(n):
        colour, (x, y) = ('B', black[i // 2]) if i % 2 == 0 else ('W', white[i // 2])
        out.append(';%s[%s%s]' % (colour, cols[x], cols[y]))
    return ''.join(out)
os.mkdir(sys.argv[2])
for part, comment in (('1-plain', ''), ('2-reviewed', 'C[%s]' % ('review ' * 850))):
    for i in range(400):
        path = os.path.join(sys.argv[2], '%s-%03d.sgf' % (part, i))
        with open(path, 'w', encoding='utf-8') as f:
            f.write('(%s%s%s)\n' % (root, comment, moves(rng.randint(40, 340))))
EOF_PY

judge() {
    python3 - eta.log <<'EOF_PY'
import sys
marks, end = [], None
for line in open(sys.argv[1]):
    w = line.split()
    if w[0] == 'mark':
        marks.append((int(w[1]), float(w[2]), float(w[3]), float(w[4])))
    elif w[0] == 'end':
        end = float(w[1])
if end is None or [m[0] for m in marks] != list(range(10, 100, 10)):
    print('eta.sh: the log lacks marks or its end:', marks, end)
    sys.exit(1)
def miss(eta, real):
    return abs(eta - real) > max(0.5 * real, 0.05)
bad_new = bad_old = 0
for pct, elapsed, eta, f in marks:
    real = end - elapsed
    old = elapsed * (1 - f) / f
    bad_new += miss(eta, real)
    bad_old += miss(old, real)
    print('eta.sh: %d%%: remaining %.2f CPU s, ETA %.2f s (%+.0f%%), bytes alone %.2f s (%+.0f%%)'
          % (pct, real, eta, 100 * (eta - real) / real, old, 100 * (old - real) / real))
if bad_new:
    print('eta.sh: the ETA missed %d marks' % bad_new)
    sys.exit(1)
if not bad_old:
    print('eta.sh: the ETA of bytes alone missed no mark: the collection shows nothing')
    sys.exit(2)
EOF_PY
}

try=1
while :; do
    rm -f eta.log
    SGFKIT_PROGRESS_LOG=$t/eta.log SGFKIT_PROGRESS_CLOCK=cpu \
        SGFKIT_PROGRESS_INTERVAL=0.05 \
        "$prog" --dead=estimate -j1 --progress=always --format=csv games \
        >out 2>err
    rc=$?
    judge >judge.out
    verdict=$?
    [ "$verdict" -eq 1 ] && [ "$try" -lt 3 ] || break
    try=$((try + 1))
done
cat judge.out
check "sgfscore --dead=estimate over 800 games: exit status 0" test "$rc" -eq 0
check "the ETA is within 50% of the remaining time from 10% on" test "$verdict" -ne 1
check "the ETA of bytes alone misses it on the same run" test "$verdict" -ne 2
finish
