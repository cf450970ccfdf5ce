#!/bin/sh
# sgfcheck.sh - the command line of sgfcheck (sgfcheck(1)):
# options, exit statuses, text and JSON output, -j order, -o, -W, the
# summary.  Records are written here, so the test runs anywhere.
# Environment: builddir (where bin/sgfcheck is), srcdir.  Prints
# "N passed, N failed" last; exits 1 when a case failed.
name=sgfcheck.sh
tool=sgfcheck
. "$(dirname "$0")/lib.sh"
has_python=no
command -v python3 >/dev/null 2>&1 && has_python=yes

# ---- records ---------------------------------------------------------------
mkdir in
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]RU[Japanese]PB[Black]PW[White];B[pd];W[dp];B[pq];W[dd])\n' > in/clean.sgf
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[abc];B[pd];W[dp])\n' > in/badkomi.sgf
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]XZ[1];B[pd];W[dp])\n' > in/note.sgf
printf 'junk before\n(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5];B[pd];W[dp])\n' > in/warn.sgf
{
    printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5];B[pd];W[dp])\n'
    printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[x];B[pd])\n'
    printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7];B[ee];W[cc];B[gg])\n'
} > in/multi.sgf

# ---- usage -----------------------------------------------------------------
status 0 "--help" --help
check "--help starts with Usage:" grep -q '^Usage: sgfcheck \[OPTION\]\.\.\. \[INPUT\]\.\.\.' out
check "--help lists the tool's options" grep -q -- '--list-checks' out
status 0 "--version" --version
check "--version in GNU form" \
    grep -qE '^sgfcheck \(sgfkit\) [0-9]+\.[0-9]+\.[0-9]+$' out
ver=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$builddir/config.h" 2>/dev/null)
if [ -n "$ver" ]; then
    check "--version says $ver" grep -q "^sgfcheck (sgfkit) $ver\$" out
fi

status 2 "unknown option" --no-such-option in/clean.sgf
check "unknown option: Try line" grep -q "^Try 'sgfcheck --help'" err
check "unknown option: nothing on stdout" test ! -s out
status 2 "unknown short option" -Z in/clean.sgf
status 2 "missing argument" in/clean.sgf -j
status 2 "bad -j" -j many in/clean.sgf
status 2 "bad --format" --format=xml in/clean.sgf
status 2 "unknown rules" --rules=klingon in/clean.sgf
check "unknown rules named" grep -q "klingon" err
status 2 "bad --progress" --progress=sometimes in/clean.sgf
status 2 "-W with an unknown id" -W no-no-such-check in/clean.sgf
check "-W unknown id named" grep -q "no-such-check" err
status 2 "-W without no- or error=" -W bad-komi in/clean.sgf
status 2 "argument to a flag" --quiet=yes in/clean.sgf
status 2 "unknown charset" --charset=NO-SUCH-CHARSET-X in/clean.sgf

# ---- exit statuses -----------------------------------------------------------
status 0 "clean record" in/clean.sgf
check "clean record: no diagnostics" test ! -s out
status 1 "record with an error" in/badkomi.sgf
check "error line format" grep -qE \
    '^in/badkomi\.sgf:1:[0-9]+: error: .+ \[bad-komi\]$' out
status 0 "warnings only" in/warn.sgf
check "warning printed" grep -qE '^in/warn\.sgf:[0-9]+:[0-9]+: warning: .+ \[junk-before-game\]$' out
status 2 "missing input" in/no-such-file.sgf
check "missing input named" grep -q "no-such-file.sgf" err
status 2 "missing input wins over an error" in/badkomi.sgf in/no-such-file.sgf
check "the readable input is still checked" grep -q '\[bad-komi\]' out
status 1 "standard input" - <in/badkomi.sgf
"$prog" <in/badkomi.sgf >out 2>err
rc=$?
check "no INPUT reads standard input" test "$rc" -eq 1
check "standard input checked" grep -q '\[bad-komi\]' out

# ---- -W, -q, -v ----------------------------------------------------------------
status 0 "-W no-ID disables" -W no-bad-komi in/badkomi.sgf
check "-W no-ID: not printed" test ! -s out
status 1 "-W error=ID" -W error=junk-before-game in/warn.sgf
check "-W error=ID: printed as error" grep -q ': error: .*\[junk-before-game\]' out
status 0 "-q" -q in/warn.sgf
check "-q: warnings hidden" test ! -s out
check "-q: no summary" test ! -s err
status 1 "-q shows errors" -q in/badkomi.sgf
check "-q: errors shown" grep -q '\[bad-komi\]' out
status 0 "notes hidden by default" in/note.sgf
check "no note without -v" sh -c '! grep -q ": note: " out'
status 0 "-v" -v in/note.sgf
check "-v: notes shown" grep -q ': note: .*\[unknown-property\]' out

# ---- summary -------------------------------------------------------------------
status 1 "summary run" in/clean.sgf in/badkomi.sgf in/multi.sgf
check "summary line" grep -qE \
    '^sgfcheck: 5 games, [0-9]+ errors?, [0-9]+ warnings? in [0-9]+\.[0-9]+ s \([0-9]+ games/s\)$' err

# ---- inputs not read: named, counted, never an error -------------------------
# A walk reads records and archives by name; what it does not read is one
# warning each and counted in the summary (doc/inputs.md); a file named on
# the command line is read whatever its name.
mkdir skip skip/.hidden
cp in/clean.sgf skip/a.sgf
cp in/clean.sgf skip/.hidden/b.sgf
printf 'notes\n' > skip/notes.txt
printf 'not a record\n' > skip/README
status 0 "a walk with files it does not read" skip
check "each file not read is named" sh -c "
    grep -qx \"sgfcheck: warning: skipped 'skip/.hidden': hidden (a folder whose name starts with '.': not walked)\" err &&
    grep -qx \"sgfcheck: warning: skipped 'skip/README': not a game record (its name has no suffix, and its first bytes are no record's)\" err &&
    grep -qx \"sgfcheck: warning: skipped 'skip/notes.txt': not a game record (by its name)\" err"
check "the summary counts them by reason" grep -qE \
    '^sgfcheck: 1 game, 0 errors, 0 warnings, 3 inputs skipped \(2 not a game record, 1 hidden\) in ' err
status 0 "-j2: the same skips" -j2 skip
check "-j2: three skips named" test "$(grep -c ': warning: skipped ' err)" -eq 3
status 0 "-q: skips not printed" -q skip
check "-q: nothing on stderr" test ! -s err
status 1 "a file named on the command line is read" skip/notes.txt
check "named file: read and reported, not skipped" sh -c \
    "grep -q '^skip/notes.txt:1:1: error: .*\[no-game\]' out && ! grep -q skipped err"
if [ "$has_python" = yes ]; then
    # a Tygem-style zip: one member without a suffix that is no record
    python3 -c '
import zipfile
with zipfile.ZipFile("skip.zip", "w") as z:
    z.writestr("2005-11", "75803708\t;B[qd];W[dp]\n")
    z.writestr("a.sgf", open("in/clean.sgf").read())
'
    status 0 "an archive member not read" -v skip.zip
    check "archive member named" grep -qx \
        "sgfcheck: warning: skipped 'skip.zip:2005-11': not a game record (its name has no suffix, and its first bytes are no record's)" err
    check "archive member counted" grep -q ', 1 input skipped (not a game record) in ' err
fi

# ---- --list-checks ---------------------------------------------------------------
status 0 "--list-checks" --list-checks
missing=0
for id in $(sed -n 's/^CHECK([A-Z0-9_]*, *"\([^"]*\)".*/\1/p' "$srcdir/lib/sgf/checks.def"); do
    grep -qE "^$id +(error|warning|note) " out || { missing=1; echo "    $id not listed"; }
done
check "--list-checks lists every id of checks.def" test "$missing" -eq 0
status 0 "--list-checks after -W" -W no-bad-komi -W error=long-id --list-checks
check "--list-checks shows -W no-" grep -qE '^bad-komi +off ' out
check "--list-checks shows -W error=" grep -qE '^long-id +error ' out

# ---- JSON Lines ---------------------------------------------------------------
status 1 "--format=json" --format=json in/clean.sgf in/badkomi.sgf in/multi.sgf
check "one object per game" test "$(wc -l <out)" -eq 5
if [ "$has_python" = yes ]; then
    check "JSON fields" python3 -c '
import json, sys
rows = [json.loads(l) for l in open("out")]
for r in rows:
    assert isinstance(r["origin"], str) and r["game"] >= 1 and r["offset"] >= 0
    assert isinstance(r["moves"], int) and "rules" in r
    sev = [d["severity"] for d in r["diagnostics"]]
    want = "errors" if "error" in sev else "warnings" if "warning" in sev else "ok"
    assert r["status"] == want, (r["status"], want)
    for d in r["diagnostics"]:
        assert set(d) == {"severity", "id", "line", "column", "move", "message"}
multi = [r for r in rows if r["origin"].endswith("multi.sgf")]
assert [r["game"] for r in multi] == [1, 2, 3]
assert multi[0]["offset"] == 0 < multi[1]["offset"] < multi[2]["offset"]
assert multi[1]["status"] == "errors" and multi[2]["moves"] == 3
assert rows[0]["status"] == "ok" and rows[0]["rules"] == "japanese"
assert rows[0]["recorded_rules"] == "Japanese"
assert rows[0]["rules_detail"].startswith("koSIMPLEscoreTERRITORY")
assert rows[1]["rules"] == "chinese" and rows[1]["recorded_rules"] is None
'
    # origins with a quote, a control character and bytes that are not UTF-8
    odd=$(printf 'in/q"uo\001te\377.sgf')
    cp in/badkomi.sgf "$odd"
    run --format=json "$odd"
    check "JSON escaping of odd names" python3 -c '
import json
r = json.loads(open("out", encoding="utf-8").read())
assert r["origin"] == "in/q\"uo\x01te\ufffd.sgf", repr(r["origin"])
'
    run "$odd"
    check "text escapes control characters" grep -q 'q"uo\\x01te' out
    rm -f "$odd"
fi

# ---- rules and legality --------------------------------------------------------
# W captures at bb, B retakes the ko at once (C4 = cb).
printf '(;GM[1]FF[4]SZ[5]RU[Japanese]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])\n' > in/ko.sgf
# The same ko, retaken after a threat and its answer: legal.
printf '(;GM[1]FF[4]SZ[5]RU[Japanese]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[ee];W[ed];B[cb])\n' > in/kolater.sgf
status 1 "ko retake is an error" in/ko.sgf
check "ko: id, move and both coordinates" grep -q "move 2 (B C4 = cb) .*\[ko\]" out
status 0 "a ko retaken after a threat is legal" in/kolater.sgf
status 0 "--syntax-only skips the replay" --syntax-only in/ko.sgf
check "--syntax-only: no ko" test ! -s out
status 1 "--rules overrides RU" --rules=chinese --format=json in/ko.sgf
check "--rules: the rules used are named" grep -q '"rules":"chinese"' out
status 1 "--rules takes KataGo strings" --rules=koSIMPLEscoreAREAtaxNONEsui1komi7 in/ko.sgf
status 1 "--summary" --summary in/ko.sgf in/badkomi.sgf
check "--summary counts per id" grep -qE "^ +1  error +ko\$" out
check "--summary: no diagnostics lines" test "$(grep -c ': error: ' out)" -eq 0
status 1 "--summary --format=csv" --summary --format=csv in/ko.sgf
check "--summary csv header" grep -q '^id,severity,count' out
status 1 "--format=csv" --format=csv in/ko.sgf in/badkomi.sgf
if [ "$has_python" = yes ]; then
    check "CSV parses with a real reader" python3 -c '
import csv
rows = list(csv.DictReader(open("out", newline="")))
assert [r["id"] for r in rows] == ["ko", "bad-komi"], rows
assert rows[0]["move"] == "2" and rows[0]["severity"] == "error"
assert rows[0]["message"].startswith("move 2 (B C4 = cb)")
assert rows[1]["move"] == "0"
'
fi
# a variation holding the only problem
printf '(;GM[1]FF[4]SZ[5]RU[Japanese]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb](;B[ee])(;B[cb]))\n' > in/var.sgf
status 0 "the main line only by default" in/var.sgf
status 1 "--variations" --variations in/var.sgf
check "--variations: the ko of the variation" grep -q "move 2 (B C4 = cb)" out

# ---- -j: the same output in the same order ------------------------------------
mkdir in/many
i=0
while [ $i -lt 150 ]; do
    case $((i % 5)) in
        0) cp in/clean.sgf "in/many/g$i.sgf" ;;
        1) cp in/badkomi.sgf "in/many/g$i.sgf" ;;
        2) cp in/multi.sgf "in/many/g$i.sgf" ;;
        3) cp in/warn.sgf "in/many/g$i.sgf" ;;
        4) cp in/note.sgf "in/many/g$i.sgf" ;;
    esac
    i=$((i + 1))
done
for fmt in text json; do
    for j in 1 2 4; do
        "$prog" -v -j $j --format=$fmt in/many in/multi.sgf >"out.$fmt.$j" 2>/dev/null
    done
    check "-j2 = -j1 ($fmt)" cmp -s "out.$fmt.1" "out.$fmt.2"
    check "-j4 = -j1 ($fmt)" cmp -s "out.$fmt.1" "out.$fmt.4"
done
check "-j output is not empty" test -s out.text.1

# ---- -o ------------------------------------------------------------------------
status 1 "-o FILE" -o report.txt in/badkomi.sgf
check "-o: nothing on stdout" test ! -s out
check "-o: the report is in FILE" grep -q '\[bad-komi\]' report.txt
check "-o: no temporary file left" test -z "$(ls -A | grep '^\.report')"
status 1 "-o FILE.json picks JSON" -o report.json in/badkomi.sgf
check "-o FILE.json is JSON" grep -q '^{"origin":' report.json
cp in/badkomi.sgf victim.sgf
status 2 "-o refuses to overwrite an input" -o victim.sgf victim.sgf
check "-o: the input is unchanged" cmp -s victim.sgf in/badkomi.sgf
status 2 "-o into a missing folder" -o no-such-dir/report.txt in/clean.sgf

# ---- archive member names in any charset -----------------------------------------
# Zip names flagged UTF-8 and not, in GBK, CP949, Shift-JIS and code page 437;
# tar names as raw bytes; each origin printed in UTF-8 whatever LC_ALL says
# (7z's UTF-16 names: tests/unit/test_inputs.c, which writes 7z).
if [ "$has_python" = yes ]; then
    mkdir names
    python3 - >names.want <<'PY'
import io, tarfile, zipfile
rec = b"(;GM[1]FF[4]SZ[9]KM[x];B[aa])\n"        # one error: the origin printed
class Raw(zipfile.ZipInfo):
    def __init__(self, raw, utf8):
        super().__init__(raw.decode("latin-1"))    # unique, for zipfile
        self.raw, self.utf8 = raw, utf8
    def _encodeFilenameFlags(self):
        return self.raw, self.flag_bits | 0x800 if self.utf8 else self.flag_bits & ~0x800
cases = {
    "flagged.zip": ("utf-8", True, ["café.sgf", "棋谱.sgf"]),
    "unflagged.zip": ("utf-8", False, ["棋谱-2.sgf"]),
    "gbk.zip": ("gbk", False, ["吴清源-木谷实.sgf", "第13局.sgf"]),
    "cp949.zip": ("cp949", False, ["이세돌-박정환.sgf", "기보.sgf"]),
    "sjis.zip": ("cp932", False, ["本因坊秀策.sgf", "棋譜.sgf"]),
    "cp437.zip": ("cp437", False, ["Müller.sgf", "café.sgf"]),
    "gbk.tar": ("gbk", None, ["吴清源-木谷实.sgf", "第13局.sgf"]),
    "cp949.tar": ("cp949", None, ["이세돌-박정환.sgf", "기보.sgf"]),
    "sjis.tar": ("cp932", None, ["本因坊秀策.sgf", "棋譜.sgf"]),
    "latin.tar": ("cp1252", None, ["Müller.sgf", "Señor.sgf"]),
    "utf8.tar": ("utf-8", None, ["棋谱.sgf"]),
}
for archive, (enc, utf8, names) in cases.items():
    if archive.endswith(".zip"):
        with zipfile.ZipFile("names/" + archive, "w") as z:
            for n in names:
                z.writestr(Raw(n.encode(enc), utf8), rec)
    else:
        with tarfile.open("names/" + archive, "w", format=tarfile.GNU_FORMAT,
                          encoding="latin-1") as t:
            for n in names:
                ti = tarfile.TarInfo(n.encode(enc).decode("latin-1"))
                ti.size = len(rec)
                t.addfile(ti, io.BytesIO(rec))
    for n in names:
        print("names/%s:%s" % (archive, n))
PY
    LC_ALL=C sort names.want >names.sorted
    for loc in C C.UTF-8; do
        LC_ALL=$loc "$prog" --progress=never -j1 names >out 2>err
        rc=$?
        LC_ALL=C sed -n 's/:[0-9]*:[0-9]*: error: .*\[bad-komi\]$//p' out |
            LC_ALL=C sort >names.got
        check "member names, LC_ALL=$loc: every member read, exit 1 (KM[x])" \
            sh -c "test $rc -eq 1 && ! grep -q 'cannot' err"
        if cmp -s names.got names.sorted; then pass; else
            fail "member names, LC_ALL=$loc: origins in UTF-8"
            diff names.sorted names.got | sed 's/^/    /'
        fi
    done
fi

# ---- --progress ------------------------------------------------------------------
# 8 MB (2048 games of 4 KB): a -j1 run lasts tens of milliseconds, many times
# the 1 ms redraw period SGFKIT_PROGRESS_INTERVAL sets for these cases.
long=x
i=0
while [ $i -lt 12 ]; do long=$long$long; i=$((i + 1)); done
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]C[%s];B[pd];W[dp];B[pq];W[dd])\n' \
    "$long" > big.sgf
i=0
while [ $i -lt 11 ]; do cat big.sgf big.sgf > big2.sgf && mv big2.sgf big.sgf; i=$((i + 1)); done
cr=$(printf '\r')
esc=$(printf '\033')
summary_re='^sgfcheck: [0-9]+ games, [0-9]+ errors?, [0-9]+ warnings? in '

"$prog" --progress=never -j1 big.sgf in/many >never.out 2>never.err
check "--progress=never: the summary alone on stderr" \
    sh -c "test \$(wc -l <never.err) -eq 1 && grep -qE '$summary_re' never.err"
"$prog" -j1 big.sgf in/many >auto.out 2>auto.err
check "--progress=auto, stderr not a terminal: the summary alone" \
    sh -c "test \$(wc -l <auto.err) -eq 1 && grep -qE '$summary_re' auto.err"
progress_re='^sgfcheck: ([0-9]+%, )?[0-9,]+ games, [0-9.]+(/[0-9.]+)? MB, [0-9,]+ games/s'
for j in 1 3; do
    # The ticker is a thread: on a loaded machine a run may end before it is
    # first scheduled, so a run without progress lines is tried again.
    try=0
    while [ $try -lt 5 ]; do
        SGFKIT_PROGRESS_INTERVAL=0.001 "$prog" --progress=always -j$j big.sgf in/many \
            >always.out 2>always.err
        grep -qE "$progress_re" always.err && break
        try=$((try + 1))
    done
    check "--progress=always -j$j: the same standard output" cmp -s never.out always.out
    check "--progress=always -j$j in a log: progress lines" grep -qE \
        "$progress_re" always.err
    check "--progress=always -j$j in a log: the summary last" \
        sh -c "tail -n 1 always.err | grep -qE '$summary_re'"
    check "--progress=always -j$j in a log: no carriage return or escape" \
        sh -c "! grep -q '[$cr$esc]' always.err"
done
check "--progress=always in a log: a percentage once the total is known" \
    grep -qE '^sgfcheck: [0-9]+%, [0-9,]+ games, [0-9.]+/[0-9.]+ MB, [0-9,]+ games/s, ETA [0-9:]+$' \
    always.err
SGFKIT_PROGRESS_INTERVAL=0.001 "$prog" --progress=always -j1 - <big.sgf \
    >/dev/null 2>stdin.err
check "--progress=always on standard input: no total, no percentage" \
    sh -c "grep -q '^sgfcheck: [0-9,]* games, ' stdin.err && ! grep -q '%' stdin.err"

# On a terminal (script(1) gives the run one): a bar that is erased before
# the summary.  The terminal turns the summary's newline into \r\n.
if command -v script >/dev/null 2>&1 \
    && script -qec true /dev/null </dev/null >/dev/null 2>&1; then
    SGFKIT_PROGRESS_INTERVAL=0.001 script -qec \
        "'$prog' --progress=always -j1 big.sgf >tty.out" /dev/null \
        </dev/null >tty.err 2>&1
    check "terminal: a bar with a percentage" \
        grep -qE "$cr\\[#* *\\] +[0-9]+%  [0-9,]+ games  [0-9.]+/[0-9.]+ MB" tty.err
    check "terminal: the bar is erased before the summary" \
        grep -qE "$cr$esc\\[Ksgfcheck: 2048 games, 0 errors, 0 warnings in " tty.err
    "$prog" --progress=never -j1 big.sgf >tty-never.out 2>/dev/null
    check "terminal: the same standard output" cmp -s tty.out tty-never.out
    script -qec "'$prog' -j1 in/multi.sgf >/dev/null" /dev/null \
        </dev/null >tty-auto.err 2>&1
    check "terminal, auto: a short run draws no progress" \
        sh -c "test \$(wc -l <tty-auto.err) -eq 1 && ! grep -q '$esc' tty-auto.err \
               && grep -qE '^sgfcheck: 3 games, ' tty-auto.err"
    SGFKIT_PROGRESS_INTERVAL=0.001 script -qec \
        "'$prog' --progress=always -j1 - <big.sgf >/dev/null" /dev/null \
        </dev/null >tty-stdin.err 2>&1
    check "terminal, standard input: a status line and no bar" \
        sh -c "grep -q 'sgfcheck: [0-9,]* games, [0-9.]* MB, ' tty-stdin.err \
               && ! grep -q '%' tty-stdin.err"
else
    echo "sgfcheck.sh: script(1) from util-linux is missing: terminal cases skipped"
fi


# ---- counting: only game trees are games ------------------------------------
printf '(;GM[1]SZ[19];B[aa])\n)\n' > stray.sgf
printf '(;GM[1];B[aa]))\n(;GM[1];W[bb])junk\n' > stray2.sgf
status 1 "a stray ')' after the last game" stray.sgf
check "a stray ')': reported" grep -q '^stray.sgf:2:1: error: .*\[extra-close-paren\]' out
check "a stray ')' is no second game" grep -q '^sgfcheck: 1 game, 1 error, ' err
status 1 "a stray ')' between games, junk after the last" stray2.sgf
check "two games, not three" grep -q '^sgfcheck: 2 games, 1 error, 1 warning' err
status 1 "--summary: a stray ')'" --summary stray.sgf
check "--summary: 1 game" grep -q '^sgfcheck: 1 game, ' err
: > empty.sgf
status 0 "an empty file" empty.sgf
check "an empty file: 0 games" grep -q '^sgfcheck: 0 games, 0 errors, 1 warning' err

finish
