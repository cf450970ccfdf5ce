#!/bin/sh
# limits.sh - hostile inputs against the tools, each with a bound on peak
# resident memory and time (issue 7; the measured figures are in
# doc/SECURITY.md).
#
#   tests/limits.sh [BINDIR]     (default: $SGFKIT_BIN, else ./bin)
#
# Generates every input in a temporary folder (removed at the end), runs
# bin/sgfcheck, bin/sgfscore and bin/sgfconvert on them under /usr/bin/time
# and prlimit (an address-space cap well above the bound, so that a runaway
# fails the case instead of the machine), and prints one line per case:
#   PASS|FAIL  NAME  peak MB (bound)  seconds (bound)  exit  [why]
# then "N passed, N failed".  Exit status 1 when a case failed.  A case fails
# on a crash (a signal, exit >= 126), an exit status it does not allow, a
# peak RSS or a time over its bound, or a check of its output.  About two
# minutes on two cores; needs python3, gzip, /usr/bin/time and prlimit.
set -u

bin=${1:-${SGFKIT_BIN:-./bin}}
bin=$(cd "$bin" && pwd) || exit 2
for t in sgfcheck sgfscore sgfconvert; do
    [ -x "$bin/$t" ] || { echo "limits.sh: no $bin/$t" >&2; exit 2; }
done
for t in python3 gzip prlimit; do
    command -v $t >/dev/null || { echo "limits.sh: $t is needed" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "limits.sh: /usr/bin/time is needed" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-limits.XXXXXX") || exit 2
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
passed=0
failed=0
Q="--progress=never -q"

# run NAME MB SECONDS EXITS CMD...: EXITS is a list like "0 1"; the
# command's stdout goes to out.NAME, stderr to err.NAME.  Sets $rc, $mb.
run() {
    name=$1 mbound=$2 sbound=$3 exits=$4
    shift 4
    # the cap: four times the bound, at least 2 GB (threads reserve
    # address space they never touch)
    cap=$((mbound * 4))
    [ $cap -lt 2048 ] && cap=2048
    /usr/bin/time -f "%M %e %x" -o "time.$name" \
        prlimit --as=$((cap * 1024 * 1024)) --core=0 \
        timeout -s KILL $((sbound * 4 + 10)) "$@" \
        >"out.$name" 2>"err.$name"
    rc=$?
    # shellcheck disable=SC2046  # the three numbers, split on purpose
    set -- $(tail -n 1 "time.$name")
    kb=${1:-0} secs=${2:-0}
    case $kb in *[!0-9]*) kb=0 ;; esac
    mb=$(( (kb + 1023) / 1024 ))
    why=
    if grep -q "Command terminated by signal" "time.$name"; then
        why="killed by a signal"
    elif [ $rc -ge 126 ]; then
        why="exit $rc (crash or timeout)"
    else
        ok=
        for e in $exits; do [ "$rc" = "$e" ] && ok=1; done
        [ -n "$ok" ] || why="exit $rc, expected one of: $exits"
    fi
    [ -z "$why" ] && [ "$mb" -gt "$mbound" ] && why="peak $mb MB over $mbound MB"
    if [ -z "$why" ] && awk -v s="$secs" -v b="$sbound" 'BEGIN { exit !(s > b) }'; then
        why="$secs s over $sbound s"
    fi
    case_why=$why
}

# verdict NAME [extra failure reason]
verdict() {
    w=${case_why}
    [ -z "$w" ] && [ $# -gt 1 ] && w=$2
    line=$(printf '%-34s %5s MB (<= %s)  %6s s (<= %s)  exit %s' "$1" "$mb" \
        "$mbound" "$secs" "$sbound" "$rc")
    if [ -z "$w" ]; then
        passed=$((passed + 1))
        echo "PASS $line"
    else
        failed=$((failed + 1))
        echo "FAIL $line: $w"
        head -n 3 "err.$1" 2>/dev/null | sed 's/^/     | /'
    fi
}

# check NAME MB SECONDS EXITS CMD...: run and judge on the bounds alone
check() {
    run "$@"
    verdict "$1"
}

echo "limits.sh: tools in $bin, inputs in $tmp"
python3 - <<'PY' || exit 2
import itertools, os, string, zipfile, io, tarfile, gzip
L = string.ascii_lowercase + string.ascii_uppercase
pts = [a + b for a in L for b in L]          # every point of 52x52
n = 10_000_000
with open('deep.sgf', 'wb') as f:            # nesting 10 million deep
    f.write(b'(;GM[1]SZ[19]' + b'(;B[aa]' * n + b')' * (n + 1) + b'\n')
with open('bigvalue.sgf', 'wb') as f:        # one value of 100 MB
    f.write(b'(;GM[1]SZ[19]C[')
    chunk = b'abc\\]def ' * (1 << 17)
    for _ in range(100_000_000 // len(chunk)):
        f.write(chunk)
    f.write(b'];B[aa])\n')
with open('props.sgf', 'wb') as f:           # 10 million properties, one node
    f.write(b'(;GM[1]SZ[19]')
    for _ in range(10):
        f.write(b'C[x]XX[y]' * (n // 20))
    f.write(b')\n')
with open('props-distinct.sgf', 'wb') as f:  # 2 million distinct ids
    f.write(b'(;GM[1]SZ[19]')
    ids = itertools.islice(itertools.product(string.ascii_uppercase, repeat=5),
                           2_000_000)
    f.write(b''.join((''.join(i) + '[]').encode() for i in ids))
    f.write(b')\n')
with open('games.sgf', 'wb') as f:           # 1,000,000 games
    f.write(b'(;GM[1]SZ[19]PB[b]PW[w];B[pd];W[dd];B[pp];W[dp])\n' * 1_000_000)
with open('every-point.sgf', 'w') as f:      # 52x52, every point many times
    f.write('(;GM[1]FF[4]SZ[52]AB')
    f.write(''.join('[%s]' % p for p in pts) * 100)
    f.write('AW' + ''.join('[%s]' % p for p in pts) * 20)
    f.write(''.join(';%s[%s]' % ('BW'[i % 2], p)
                    for i, p in enumerate(pts * 3)))
    f.write('TB' + ''.join('[%s]' % p for p in pts) * 10 + ')\n')
def rects(name, nodes):                      # compressed lists, whole board
    with open(name, 'w') as f:
        f.write('(;GM[1]FF[4]SZ[52]')
        for i in range(nodes):
            f.write(';AB[aa:ZZ]AW[aa:ZZ]AE[aa:ZZ]TB[aa:ZZ]TW[aa:ZZ]' if i % 2
                    else ';AE[aa:ZZ]AB[aa:ZZ]MA[aa:ZZ]')
        f.write(';B[];W[]TB[aa:ZZ])\n')
rects('rects.sgf', 10000)
# the largest rectangles the Go XML still lists point by point (25 points,
# doc/xml.md), 100 of them in each of 2,000 nodes: its worst amplification
with open('rects25.sgf', 'w') as f:
    f.write('(;GM[1]FF[4]SZ[52]')
    v = ''.join('[%s%s:%s%s]' % (L[x], L[y], L[x + 4], L[y + 4])
                for x in range(0, 50, 5) for y in range(0, 50, 5))
    f.write(''.join(';TW' + v for _ in range(2000)) + ')\n')
zero = bytes(1 << 20)
with zipfile.ZipFile('bomb.zip', 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open('bomb.sgf', 'w', force_zip64=True) as m:   # 1 GB of zeros
        for _ in range(1000):
            m.write(zero)
# a bomb of SGF text: 300 MB of small games, compressed to 1 MB
game = b'(;GM[1]SZ[9];B[ee];W[cc];B[gg])\n'
with gzip.open('textbomb.sgf.gz', 'wb', compresslevel=9) as g:
    block = game * ((1 << 20) // len(game))
    for _ in range(300):
        g.write(block)
# archives and gzip, whole, truncated and corrupt
good = [('g%d.sgf' % i, b'(;GM[1]SZ[19]PB[p%d];B[pd];W[dd])\n' % i)
        for i in range(50)]
def mkzip(name, members):
    with zipfile.ZipFile(name, 'w', zipfile.ZIP_DEFLATED) as z:
        for n_, d in members:
            z.writestr(n_, d)
def mktar(name, members, mode='w:gz'):
    with tarfile.open(name, mode) as t:
        for n_, d in members:
            i = tarfile.TarInfo(n_)
            i.size = len(d)
            t.addfile(i, io.BytesIO(d))
mkzip('good.zip', good)
mktar('good.tar.gz', good)
data = gzip.compress(b''.join(d for _, d in good))
open('trunc.sgf.gz', 'wb').write(data[:len(data) // 2])
for src, dst in (('good.zip', 'trunc.zip'), ('good.tar.gz', 'trunc.tar.gz')):
    b = open(src, 'rb').read()
    open(dst, 'wb').write(b[:len(b) // 2])
b = bytearray(open('good.zip', 'rb').read())
for i in range(200, len(b) - 200, 97):       # corrupt the deflate streams
    b[i] ^= 0x5a
open('corrupt.zip', 'wb').write(bytes(b))
b = bytearray(open('good.tar.gz', 'rb').read())
for i in range(100, len(b) - 50, 61):
    b[i] ^= 0x33
open('corrupt.tar.gz', 'wb').write(bytes(b))
# members named to escape: '..', absolute, and player names that would
evil = [('../../escape1.sgf', b'(;GM[1]PB[../../escape-pb]GN[/tmp/abs];B[aa])'),
        ('/tmp/sgfkit-escape2.sgf', b'(;GM[1]PB[..]PW[/]GN[a/../../b];B[bb])'),
        ('a/../../../escape3.sgf', b'(;GM[1]PB[.hidden]PW[-rf];B[cc])'),
        ('./ok.sgf', b'(;GM[1]PB[x\\\\y]PW[\x01\x7f];B[dd])')]
mkzip('evil.zip', evil)
mktar('evil.tar.gz', evil)
# text that is not what it claims
open('invalid-utf8.sgf', 'wb').write(
    b'(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[\xff\xfe\xc0\xaf]C[\xed\xa0\x80 \xf4\x90'
    b'\x80\x80 \xe2\x82]' + b';B[pd]C[\x80\x80\x80]' * 1000 + b')\n')
open('mislabelled.sgf', 'wb').write(
    b'(;GM[1]FF[4]CA[Shift_JIS]SZ[19]PB[\xe4\xb8\xad\xe6\x96\x87]'
    b'PW[\x82\xa0\x82]C[\x81]' + b';B[pd]C[\xa4\xa4\xa4]' * 500 + b')\n'
    b'(;GM[1]CA[UTF-16]C[abc\x00\x00])\n(;GM[1]CA[ISO-2022-JP]C[\x1b$B\x1b(B\x1b$)\n')
open('nul.sgf', 'wb').write(
    b'\x00(;GM[1]\x00SZ[19]\x00PB[a\x00b]' + b';B[pd]\x00;W[dd]C[\x00]' * 1000 + b')\x00\n')
open('cr-only.sgf', 'wb').write(
    b'(;GM[1]FF[4]SZ[19]\rPB[a]\rC[line one\rline two\r]'
    + b'\r;B[pd]\r;W[dd]' * 1000 + b')\r')
PY
# a gzip bomb: 1 GB of zeros, about 1 MB compressed
head -c 1000000000 /dev/zero | gzip -9 >zeros.sgf.gz
# a folder whose links loop back into it
mkdir -p loop/a/b
printf '(;GM[1];B[aa])\n' >loop/a/b/x.sgf
ln -s .. loop/a/b/up
ln -s ../.. loop/a/b/upup
ln -s "$tmp/loop" loop/a/self
ln -s loop2 loop/loop1
ln -s loop1 loop/loop2

echo "inputs made: $(du -sh "$tmp" | cut -f1)"

# ---- shapes: every one read, checked, scored and written ----
check deep.check 2048 30 "0 1" "$bin/sgfcheck" $Q deep.sgf
check deep.variations 2304 60 "0 1" "$bin/sgfcheck" $Q --variations deep.sgf
check deep.score 2048 30 "0 1" "$bin/sgfscore" $Q deep.sgf
check deep.convert 2048 30 0 "$bin/sgfconvert" $Q -o deep.out deep.sgf
check bigvalue.check 400 30 "0 1" "$bin/sgfcheck" $Q bigvalue.sgf
check bigvalue.convert 600 30 0 "$bin/sgfconvert" $Q -o bigvalue.out bigvalue.sgf
check props.check 800 30 "0 1" "$bin/sgfcheck" $Q props.sgf
check props.convert 800 30 0 "$bin/sgfconvert" $Q -o props.out props.sgf
check props-distinct.check 600 60 "0 1" "$bin/sgfcheck" $Q props-distinct.sgf
check games.check 64 30 "0 1" "$bin/sgfcheck" $Q games.sgf
run games.convert 64 30 0 "$bin/sgfconvert" $Q -o games.out games.sgf
n=$(grep -c '^(;' games.out 2>/dev/null)
verdict games.convert "$([ "$n" = 1000000 ] || echo "$n games written, not 1000000")"
check every-point.check 128 30 "0 1" "$bin/sgfcheck" $Q --variations every-point.sgf
check every-point.score 128 30 0 "$bin/sgfscore" $Q --dead=estimate --diagram every-point.sgf
check every-point.xml 256 30 0 "$bin/sgfconvert" $Q --to=xml -o ep.xml every-point.sgf
check rects.check 64 30 "0 1" "$bin/sgfcheck" $Q --variations rects.sgf
mkdir -p svg
check rects.score 64 30 0 "$bin/sgfscore" $Q --dead=estimate --svg=svg rects.sgf
check rects.json 64 30 0 "$bin/sgfconvert" $Q --to=json -o rects.json rects.sgf
check rects.xml-raw 64 30 0 "$bin/sgfconvert" $Q --to=xml --xml=raw -o rects.raw.xml rects.sgf
# the Go form keeps a rectangle of more than 25 points as one value
# (doc/xml.md): the XML stays a few times the SGF (it was 4,000 times, 1.3 GB
# of XML and of memory), and reads back to the same games
run rects.xml-go 64 30 0 "$bin/sgfconvert" $Q --to=xml -o rects.go.xml rects.sgf
"$bin/sgfconvert" $Q -o rects.canon.sgf rects.sgf 2>/dev/null
"$bin/sgfconvert" $Q -o rects.back.sgf rects.go.xml 2>/dev/null
verdict rects.xml-go "$(x=$(wc -c <rects.go.xml) s=$(wc -c <rects.sgf)
    [ "$x" -le $((8 * s)) ] || echo "$x bytes of XML from $s of SGF"
    cmp -s rects.canon.sgf rects.back.sgf || echo 'the XML does not read back')"
rm -f rects.go.xml rects.canon.sgf rects.back.sgf
# rectangles of 25 points are still listed point by point: at most about
# 55 bytes of XML per byte of SGF, held whole for the game
run rects25.xml-go 192 30 0 "$bin/sgfconvert" $Q --to=xml -o r25.xml rects25.sgf
verdict rects25.xml-go "$(x=$(wc -c <r25.xml) s=$(wc -c <rects25.sgf)
    [ "$x" -le $((60 * s)) ] || echo "$x bytes of XML from $s of SGF")"
rm -f r25.xml

# ---- bombs ----
run gzip-bomb.check 64 60 "0 1" "$bin/sgfcheck" $Q zeros.sgf.gz
verdict gzip-bomb.check "$(grep -q binary-data out.gzip-bomb.check || echo 'no binary-data report')"
check zip-bomb.check 128 60 "0 1" "$bin/sgfcheck" $Q bomb.zip
check text-bomb.check 64 90 0 "$bin/sgfcheck" $Q -j2 textbomb.sgf.gz

# ---- broken containers: the games before the damage, exit 2 naming it ----
run trunc-gzip 64 10 2 "$bin/sgfconvert" $Q -o trunc.out trunc.sgf.gz
verdict trunc-gzip "$(grep -q 'trunc.sgf.gz' err.trunc-gzip || echo 'the error does not name the file')"
for a in trunc.zip trunc.tar.gz corrupt.zip corrupt.tar.gz; do
    run "$a" 64 10 "1 2" "$bin/sgfcheck" $Q "$a"
    verdict "$a" "$(grep -q "$a" "err.$a" "out.$a" || echo 'nothing names the archive')"
done

# ---- names that escape: nothing written outside the output ----
rm -f "$tmp/../escape"*.sgf /tmp/sgfkit-escape2.sgf 2>/dev/null
mkdir -p jail
escaped() {
    find "$tmp" -newer bomb.zip -name '*escape*' ! -path "$tmp/jail/*" \
        ! -name 'evil*' 2>/dev/null | head -n 1
    for f in "$tmp/../escape1.sgf" "$tmp/../../escape1.sgf" \
             /tmp/sgfkit-escape2.sgf /escape3.sgf "$tmp/../escape3.sgf"; do
        [ -e "$f" ] && echo "$f"
    done
}
for a in evil.zip evil.tar.gz; do
    run "split.$a" 64 10 0 "$bin/sgfconvert" $Q --split -o jail/split "$a"
    verdict "split.$a" "$(e=$(escaped); [ -n "$e" ] && echo "wrote $e")"
    run "split-pb.$a" 64 10 0 "$bin/sgfconvert" $Q --split='{PB}/{PW}/{GN}' \
        -o jail/pb "$a"
    # the pattern's '/' make folders; values' '/' and '..' do not
    verdict "split-pb.$a" "$(e=$(escaped); [ -n "$e" ] && echo "wrote $e";
        find jail/pb -mindepth 1 ! -type f ! -type d | head -n 1
        find jail/pb -mindepth 3 -type d | head -n 1)"
done
for out in out.zip out.tar.gz; do
    run "archive.$out" 64 10 0 "$bin/sgfconvert" $Q -o "jail/$out" \
        evil.zip evil.tar.gz
    bad=$(python3 - "jail/$out" <<'PY'
import sys, tarfile, zipfile
p = sys.argv[1]
names = (zipfile.ZipFile(p).namelist() if p.endswith('.zip')
         else tarfile.open(p).getnames())
bad = [n for n in names if n.startswith('/') or '..' in n.split('/')
       or '\\' in n]
print(' '.join(bad) if bad else ('' if len(names) == 9 else
      'members: %d, not 8 games and the manifest' % len(names)))
PY
) || bad="cannot list jail/$out"
    verdict "archive.$out" "$bad"
done

# ---- a folder with link loops ----
run symlink-loop 64 10 "0 2" "$bin/sgfconvert" $Q -o loop.out loop
verdict symlink-loop "$(n=$(grep -c '^(;' loop.out); [ "$n" -ge 1 ] && [ "$n" -le 3 ] || echo "x.sgf read $n times")"

# ---- text that lies ----
for f in invalid-utf8 mislabelled nul cr-only; do
    run "$f.check" 64 10 "0 1" "$bin/sgfcheck" $Q "$f.sgf"
    verdict "$f.check"
    # exit 1: binary data skipped (nul.sgf ends in a NUL after its game)
    run "$f.convert" 64 10 "0 1" "$bin/sgfconvert" $Q -o "$f.out" "$f.sgf"
    verdict "$f.convert" "$(python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
d.decode("utf-8")
sys.exit(0 if b"\0" not in d and d.count(b"(;") >= 1 else 1)' "$f.out" 2>&1 >/dev/null |
        tail -n 1; [ -s "$f.out" ] || echo 'no output')"
done

# ---- one input unreadable: the rest done, exit 2 naming each failure ----
mkdir -p several
for i in 1 2 3; do printf '(;GM[1]PB[p%s];B[aa])\n' "$i" >several/$i.sgf; done
cp trunc.sgf.gz several/4.sgf.gz
ln -s nowhere several/5.sgf
run several 64 10 2 "$bin/sgfconvert" $Q -o several.out several/1.sgf \
    several/missing.sgf several/2.sgf several/4.sgf.gz several/5.sgf several/3.sgf
why=
for p in p1 p2 p3; do grep -q "PB\[$p\]" several.out 2>/dev/null || why="$why $p lost"; done
for f in missing.sgf 4.sgf.gz 5.sgf; do
    grep -q "$f" err.several || why="$why $f not named"
done
verdict several "$why"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
