#!/bin/sh
# sgfconvert.sh - sgfconvert over the records of corpus/ and its command
# line (sgfconvert(1)): every form read back by a real reader (Python's
# json, csv, xml, gzip, tarfile and zipfile modules), XML and JSON read back
# to SGF by sgfconvert itself and compared with the canonical SGF (itself a
# fixed point), the records of corpus/convert against what they must give,
# the archive and split outputs with their manifests, the SGF options, the
# safety rules (no partial output, no input overwritten, --in-place with
# --backup) and -j order.  Prints "N passed, N failed" last; exits 1 when a
# case failed.  Environment: builddir (where bin/sgfconvert is), srcdir.
name=sgfconvert.sh
tool=sgfconvert
tool_opts='--progress=never -q'
needs_python='to read the outputs'
. "$(dirname "$0")/lib.sh"
corpus=$srcdir/corpus
# pycheck DESCRIPTION SCRIPT ARGS...: a Python check that exits 0 to pass
pycheck() {
    desc=$1
    script=$2
    shift 2
    if python3 -c "$script" "$@" >py.out 2>&1; then pass; else
        fail "$desc"; sed 's/^/    /' py.out | head -n 10; fi
}

# The records, from corpus/ so that the origins are short and the same
# everywhere.
conv() { (cd "$corpus" && "$prog" --progress=never -q "$@"); }

# ---- every form over every record ------------------------------------------
conv -j1 . >canon.sgf 2>/dev/null
check "canonical SGF of corpus/" test -s canon.sgf
conv -j1 --to=json . >all.json 2>/dev/null
conv -j1 --to=jsonl . >all.jsonl 2>/dev/null
conv -j1 --csv=games . >games.csv 2>/dev/null
conv -j1 --csv=moves . >moves.csv 2>/dev/null
conv -j1 --to=xml . >go.xml 2>/dev/null
conv -j1 --xml=raw . >raw.xml 2>/dev/null
if [ -f "$srcdir/tests/tool/check-jsonl.py" ]; then
    if python3 "$srcdir/tests/tool/check-jsonl.py" all.json all.jsonl games.csv \
        moves.csv >jl.out 2>&1; then pass; else
        fail "JSON, JSON Lines and CSV read by Python"; tail -n 5 jl.out; fi
fi
pycheck "one JSON Lines line per game, the same games as the CSV" '
import csv, json, sys
lines = [json.loads(l) for l in open("all.jsonl", encoding="utf-8")]
rows = list(csv.DictReader(open("games.csv", newline="", encoding="utf-8")))
assert len(lines) == len(rows) > 100, (len(lines), len(rows))
for l, r in zip(lines, rows):
    assert (l["origin"], str(l["game"])) == (r["origin"], r["game"]), (l["origin"], r["origin"])
'
pycheck "game_id: doc/json.md's hash of origin and game, unique, the same in JSON Lines and CSV" '
import csv, json
def fnv(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) % 2 ** 64
    return "%016x" % h
lines = [json.loads(l) for l in open("all.jsonl", encoding="utf-8")]
rows = list(csv.DictReader(open("games.csv", newline="", encoding="utf-8")))
ids = [fnv(l["origin"].encode() + b"\0" + str(l["game"]).encode()) for l in lines]
assert [l["game_id"] for l in lines] == ids == [r["game_id"] for r in rows]
assert len(set(ids)) == len(ids)
moves = {r["game_id"] for r in csv.DictReader(open("moves.csv", newline="", encoding="utf-8"))}
assert moves <= set(ids) and len(moves) > 100
'
pycheck "both XML documents are well-formed" '
import xml.dom.minidom, sys
for f in ("go.xml", "raw.xml"):
    d = xml.dom.minidom.parse(f)
    assert d.documentElement.tagName in ("Go", "sgf"), d.documentElement.tagName
'
pycheck "CSV moves: one row per main-line move" '
import csv, json
moves = {}
for l in open("all.jsonl", encoding="utf-8"):
    o = json.loads(l)
    moves[o["game_id"]] = len(o["moves"] or [])
n = {}
for r in csv.DictReader(open("moves.csv", newline="", encoding="utf-8")):
    k = r["game_id"]
    n[k] = n.get(k, 0) + 1
bad = [k for k, v in n.items() if moves.get(k) != v]
assert not bad, bad[:3]
'

# ---- XML and JSON back to SGF ----------------------------------------------
for f in go.xml raw.xml all.json; do
    "$prog" --progress=never -q -j1 "$f" >"$f.sgf" 2>"$f.err"
    # the Go form may order a root's properties differently: compare the
    # canonical text of both after sorting each node's properties
    if python3 - canon.sgf "$f.sgf" >cmp.out 2>&1 <<'EOF'
import re, sys
def nodes(path):
    text = open(path, encoding="utf-8").read()
    out = []
    for node in re.split(r"(?<![\\]);", text):
        props = re.findall(r"([A-Z]+)((?:\[(?:[^\]\\]|\\.)*\]\s*)+)", node, re.S)
        out.append(sorted((p, re.sub(r"\s+", "", v)) for p, v in props))
    return out
a, b = nodes(sys.argv[1]), nodes(sys.argv[2])
if a != b:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print("node %d differs:\n  %s\n  %s" % (i, x, y)); break
    print(len(a), len(b)); sys.exit(1)
EOF
    then pass; else fail "$f read back to SGF gives the same games"; head -n 5 cmp.out; fi
done
# the canonical form is a fixed point, and the JSON and raw XML forms read
# back to its very bytes (the Go form only up to the order of a root's
# properties, compared above)
conv -j1 "$t/canon.sgf" >canon2.sgf 2>/dev/null
check "canonical SGF read again gives the same bytes" cmp -s canon.sgf canon2.sgf
check "raw XML read back gives the canonical SGF byte for byte" \
    cmp -s canon.sgf raw.xml.sgf
check "JSON read back gives the canonical SGF byte for byte" \
    cmp -s canon.sgf all.json.sgf

# ---- corpus/convert: what each conversion case must give --------------------
# (corpus/README.md).  The round trips above cover these records too; here
# is what their lines and trees must hold, written from the records.
conv -j1 --to=jsonl convert >convert.jsonl 2>/dev/null
conv -j1 --to=json convert >convert.json 2>/dev/null
conv -j1 --csv=moves convert >convert.csv 2>/dev/null
pycheck "corpus/convert: JSON Lines boards, setup and every main-line move" '
import json
got = {json.loads(l)["origin"]: json.loads(l) for l in open("convert.jsonl", encoding="utf-8")}
def moves(s):
    return [m.split(":") for m in s.split()]
want = {
    "convert/board-19x13.sgf": (19, 13, [["W", "S13"], ["B", "A12"], ["B", "T2"]],
        moves("B:A13 W:T13 B:A1 W:T1 B:K7 W:pass B:K13")),
    "convert/board-52.sgf": (52, 52, [], moves(
        "B:A52 W:BB1 B:BB52 W:A1 B:AA26 W:U33 B:AB27 W:pass B:AA27 W:pass B:pass")),
    "convert/passes-19.sgf": (19, 19, [],
        moves("B:Q16 W:pass B:D4 W:pass B:Q4 W:D16 B:pass W:pass")),
    "convert/escapes.sgf": (19, 19, [], moves("B:Q16 W:D4 B:Q4 W:D16")),
    "convert/soft-breaks.sgf": (19, 19, [], moves("B:Q16 W:D4 B:Q4")),
}
assert sorted(got) == sorted(want), sorted(got)
for origin, (w, h, stones, mv) in want.items():
    o = got[origin]
    assert (o["boardXSize"], o["boardYSize"]) == (w, h), origin
    assert o["initialStones"] == stones, (origin, o["initialStones"])
    assert o["moves"] == mv and o["move_count"] == len(mv), (origin, o["moves"])
    assert o["later_setup"] == [] and o["status"] == "ok", origin
'
pycheck "corpus/convert: CSV moves keep a pass as written ([] or [tt])" '
import csv, json
ids = {json.loads(l)["origin"]: json.loads(l)["game_id"]
       for l in open("convert.jsonl", encoding="utf-8")}
rows = [r for r in csv.DictReader(open("convert.csv", newline="", encoding="utf-8"))
        if r["game_id"] == ids["convert/passes-19.sgf"]]
assert [(r["sgf"], r["pass"]) for r in rows if r["gtp"] == "pass"] == \
    [("", "1"), ("tt", "1"), ("tt", "1"), ("", "1")], rows
'
pycheck "corpus/convert: escapes and soft line breaks in the JSON tree" '
import json
trees = {json.loads(l)["origin"]: json.loads(l) for l in open("convert.json", encoding="utf-8")}
def props(origin):
    return [dict((p, v) for p, v in n) for n in trees[origin]["nodes"]]
e = props("convert/escapes.sgf")
# compose values keep the escapes that tell their parts apart; text has none
assert e[0]["AP"] == ["name\\:x:1.0"] and e[0]["GN"] == ["a ] b \\ c : d"], e[0]
assert e[1]["LB"] == ["pd:a\\]b", "dp:c\\\\d", "pp:e\\:f"], e[1]
assert e[2]["C"] == ["ends in a backslash \\"], e[2]
assert e[3]["C"] == ["only escapes: \\]:"] and e[3]["LB"] == ["dd:\\:"], e[3]
assert e[4]["LB"] == ["qq:\\]\\\\"], e[4]
s = props("convert/soft-breaks.sgf")
assert s[0]["C"][0].endswith("one line of text: the hard line break after this one stays.\nLast line."), s[0]
assert (s[0]["PB"], s[0]["GN"]) == (["Black player"], ["gamename"]), s[0]
assert s[1]["C"] == ["softbreak in a move comment"], s[1]
assert s[2]["N"] == ["node name"], s[2]
assert s[2]["C"] == ["soft break before CR LFgone, hard CR LF\nkept"], s[2]
'
for form in go raw; do
    conv -j1 --xml=$form convert/escapes.sgf >esc.$form.xml 2>/dev/null
    "$prog" --progress=never -q -j1 esc.$form.xml >esc.$form.sgf 2>/dev/null
    check "corpus/convert: AP[name\\:x:1.0] through the $form XML form" \
        grep -q 'AP\[name\\:x:1\.0\]' esc.$form.sgf
done

# ---- corpus/foreign: GIB, NGF and UGF read as the same game in SGF ----------
# Each foreign record beside NAME-as-sgf.sgf, the SGF it must read as: the
# same game information and moves (CSV of games and of moves, the origin,
# its game_id and the check counts aside), and sgfconvert's SGF of the two
# is the same.
for f in foreign/tygem-euc-kr.gib foreign/wbaduk-gb2312.ngf \
         foreign/pandanet-sjis.ugf; do
    ref=${f%.*}-as-sgf.sgf
    for rows in games moves; do
        conv --to=csv --csv=$rows "$f" >foreign.csv
        conv --to=csv --csv=$rows "$ref" >ref.csv
        pycheck "$f: the $rows of $ref" '
import csv, sys
def rows(p):
    skip = {"origin", "game_id", "offset", "status", "errors", "warnings"}
    return [{k: v for k, v in r.items() if k not in skip}
            for r in csv.DictReader(open(p, encoding="utf-8"))]
got, want = rows(sys.argv[1]), rows(sys.argv[2])
assert want and len(want[0]) > 1, want
assert got == want, (got, want)
' foreign.csv ref.csv
    done
    conv "$f" >foreign.sgf
    conv "$ref" >ref.sgf
    check "$f: sgfconvert writes the SGF of $ref" cmp -s foreign.sgf ref.sgf
done
# A damaged record: its error, the moves before the damage kept.
status 0 "a cut GIB record: converted" --progress=never -v "$corpus/foreign/gib-truncated.gib"
check "a cut GIB record: the error and the six moves before the cut" sh -c \
    "grep -q 'error: .*\\[foreign-truncated\\]' err && test \$(grep -o ';[BW]\\[' out | wc -l) -eq 6"
status 1 "a .ugi file that is no UGF" --progress=never "$corpus/foreign/ugi-not-ugf.ugi"
check "no UGF: one clear error, no game written" sh -c \
    "grep -q 'error: not a PandaNet UGF record: no \\[Header\\] section \\[foreign-unreadable\\]' err && ! grep -q ';' out"

# ---- gzip, archives, split --------------------------------------------------
conv -j2 -o "$t/all.jsonl.gz" . 2>/dev/null
pycheck ".gz output is the same stream gzipped" '
import gzip
assert gzip.open("all.jsonl.gz").read() == open("all.jsonl", "rb").read()
'
conv -j2 -o "$t/all.zip" . 2>/dev/null
conv -j1 -o "$t/all.tar.gz" . 2>/dev/null
pycheck "zip and tar.gz: one SGF per game and a manifest" '
import json, tarfile, zipfile
z = zipfile.ZipFile("all.zip")
names = z.namelist()
man = [json.loads(l) for l in z.read("manifest.jsonl").decode().splitlines()]
assert len(man) == len(names) - 1 > 100
assert sorted(m["file"] for m in man) == sorted(n for n in names if n != "manifest.jsonl")
assert all(not n.startswith(("/", ".")) and ".." not in n for n in names)
t = tarfile.open("all.tar.gz")
assert sorted(t.getnames()) == sorted(names)
for m in man[:20]:
    assert z.read(m["file"]) == t.extractfile(m["file"]).read()
'
conv -j1 --split="{PB}-{n}" -o "$t/split1" rules score >/dev/null 2>&1
conv -j3 --split="{PB}-{n}" -o "$t/split3" rules score >/dev/null 2>&1
check "--split: the same names and contents at -j1 and -j3" diff -r split1 split3
pycheck "--split: every game a file, named by the pattern" '
import json, os
man = [json.loads(l) for l in open("split1/manifest.jsonl", encoding="utf-8")]
files = sorted(f for f in os.listdir("split1") if f != "manifest.jsonl")
assert sorted(m["file"] for m in man) == files and len(files) > 50
assert all(f.endswith(".sgf") and not f.startswith((".", "-")) for f in files)
import re
nums = sorted(int(re.search(r"([0-9]+)\.sgf$", f).group(1)) for f in files)
assert nums == list(range(1, len(files) + 1)), nums[:5]
'

# ---- options ------------------------------------------------------------------
mkdir in
printf '(;GM[1]FF[4]SZ[9]C[root]PB[Ann/../x]PW[Bob];B[aa]C[c]LB[aa:x](;W[]);(;W[tt];B[bb])(;W[cc]))\n' > in/v.sgf
status 0 "--main-line" --main-line in/v.sgf
check "--main-line: no variation" sh -c '! grep -q "W\[cc\]" out && grep -q "W\[\]" out'
status 0 "--strip" --strip=C,LB in/v.sgf
check "--strip: C and LB gone" sh -c '! grep -q "C\[" out && ! grep -q "LB\[" out && grep -q "PB\[" out'
status 0 "--drop-empty" --drop-empty in/v.sgf
check "--drop-empty: no ;;" sh -c '! tr -d "\n" < out | grep -q ";;"'
status 0 "--passes=tt" --passes=tt in/v.sgf
check "--passes=tt" sh -c 'grep -q "W\[tt\]" out && ! grep -q "W\[\]" out'
status 2 "--strip with a bad id" --strip=c in/v.sgf
status 2 "unknown --to" --to=pdf in/v.sgf
status 2 "--split without -o" --split in/v.sgf
status 0 "--split: a name from a hostile PB" --split='{PB}' -o sp in/v.sgf
check "--split: the file stays inside the folder" sh -c 'ls sp | grep -qx "Ann_.._x.sgf"'

# ---- --split: folders ----------------------------------------------------------
printf '(;GM[1]PB[Ann]PW[Bob]DT[2020-01-02];B[aa])\n(;GM[1]PB[Cy/../..]PW[Dee];B[bb])\n' >in/f.sgf
status 0 "--split into a folder whose parents are missing" --split -o new/a/b in/f.sgf
check "--split: the folder and its parents made" \
    test -f new/a/b/f-1.sgf -a -f new/a/b/f-2.sgf -a -f new/a/b/manifest.jsonl
status 0 "--split: a pattern with folders" --split='{PB}/{DT}/{PW}-{n}' -o tree in/f.sgf
# a value's '/' is no folder; an empty value makes none
check "--split: the pattern's folders made" \
    test -f tree/Ann/2020-01-02/Bob-1.sgf -a -f "tree/Cy_.._../Dee-2.sgf"
check "--split: the manifest gives each file's path" \
    grep -q '"file":"Ann/2020-01-02/Bob-1.sgf"' tree/manifest.jsonl
check "--split: no temporary file left" test -z "$(find new tree -name '.*')"
status 0 "--split: '/' and '..' in the pattern" --split='/../{PB}/../{PW}' -o jail in/f.sgf
check "--split: '..' is a name, '/' at the start none" test -f "jail/_./Ann/_./Bob.sgf"
check "--split: nothing outside the folder" \
    test ! -e Ann -a ! -e Bob.sgf -a ! -e ../Ann -a ! -e jail/../Ann
mkdir -p linked elsewhere
ln -s ../elsewhere linked/Ann
status 2 "--split: a link where a folder goes" --split='{PB}/{PW}' -o linked in/f.sgf
check "--split: the link is not followed" test -z "$(ls -A elsewhere)"
check "--split: it says why" grep -q 'linked/Ann.*symbolic link' err

# ---- --split and archives: the inputs' folders ------------------------------------
# Two folders that hold the same names, and an archive whose members have
# folders, a '..', an absolute path and a Windows '\\'.
mkdir -p lib/kgs/2017 lib/ogs/2017
printf '(;GM[1]PB[Ann];B[aa])\n' >lib/kgs/2017/a.sgf
printf '(;GM[1]PB[Bob];B[bb])\n' >lib/ogs/2017/a.sgf
python3 -c '
import zipfile
with zipfile.ZipFile("lib/db.zip", "w") as z:
    z.writestr("pro/x.sgf", "(;GM[1]PB[Cy];B[cc])")
    z.writestr("../../up.sgf", "(;GM[1]PB[Dee];B[dd])")
    z.writestr("/abs/y.sgf", "(;GM[1]PB[Eve];B[ee])")
    z.writestr("win\\z.sgf", "(;GM[1]PB[Fay];B[ff])")
'
status 0 "--split of a folder" --split -o kept lib/
check "--split: the input folder's folders kept, no -2" \
    test -f kept/kgs/2017/a-1.sgf -a -f kept/ogs/2017/a-1.sgf -a ! -e kept/kgs/2017/a-1-2.sgf
check "--split: an archive's members under its name" \
    test -f kept/db.zip/pro/x-1.sgf -a -f kept/db.zip/win/z-1.sgf
check "--split: '..' and '/' of a member lead nowhere but into the folder" \
    test -f kept/db.zip/up-1.sgf -a -f kept/db.zip/abs/y-1.sgf -a ! -e up-1.sgf -a ! -e ../up-1.sgf
check "--split: the manifest names the kept paths" \
    grep -q '"file":"ogs/2017/a-1.sgf","origin":"lib/ogs/2017/a.sgf"' kept/manifest.jsonl
status 0 "--split of files named themselves: flat" --split -o named lib/kgs/2017/a.sgf lib/ogs/2017/a.sgf
check "--split: a true collision still numbered" test -f named/a-1.sgf -a -f named/a-1-2.sgf
status 0 "--split of an archive named itself" --split -o named2 lib/db.zip
check "--split: an archive named itself keeps its name and members" \
    test -f named2/db.zip/pro/x-1.sgf
status 0 "--split='{PB}' flattens" --split='{PB}' -o flat lib
check "--split: a pattern without {path} makes no folder" \
    test -f flat/Ann.sgf -a -f flat/Bob.sgf -a -f flat/Cy.sgf
status 0 "--split='{path}{PB}'" --split='by-player/{path}{PB}' -o mixed lib
check "--split: {path} inside a pattern" \
    test -f mixed/by-player/kgs/2017/Ann.sgf -a -f mixed/by-player/db.zip/pro/Cy.sgf
status 0 "archive output keeps the folders" -o kept.zip lib
pycheck "archive output: the members under the kept paths" '
import zipfile
n = set(zipfile.ZipFile("kept.zip").namelist())
assert {"kgs/2017/a-1.sgf", "ogs/2017/a-1.sgf", "db.zip/pro/x-1.sgf", "db.zip/up-1.sgf"} <= n, n
assert all(not m.startswith("/") and ".." not in m for m in n), n
'

# ---- inputs without a game: exit 1, as sgfcheck -----------------------------------
python3 -c '
import random, sys
r = random.Random(7)
data = bytes(r.getrandbits(8) for _ in range(4096))
sys.stdout.buffer.write(data.replace(b"(", b"x").replace(b";", b"x"))' >in/random.bin
status 1 "binary data: exit 1" -o nothing.sgf in/random.bin
check "binary data: the reader says so" grep -q 'random.bin:1:1: error: .*\[binary-data\]' err
check "binary data: sgfcheck exits 1 too" \
    sh -c '"$1" -q in/random.bin >/dev/null 2>&1; test $? -eq 1' sh "$builddir/bin/sgfcheck"
printf 'no game here\n' >in/text.sgf
status 1 "text without a game tree: exit 1" in/text.sgf
check "text without a game tree: no-game" grep -q '\[no-game\]' err
status 1 "a game, then binary data: exit 1" in/f.sgf in/random.bin
check "a game, then binary data: the game is written" grep -q 'PB\[Ann\]' out
: >in/empty.sgf
status 0 "an empty file: a warning only, exit 0" in/empty.sgf
status 0 "-W no-binary-data: exit 0" -W no-binary-data in/random.bin
# a bad attribute in a point element (doc/fuzzing.md, 22: the point was
# read after libxml2 had freed it): the document is named with the line of
# the error, and the run goes on with the next input
printf '<Go><GoGame><Information/><Nodes>\n<Node><Black at="D4"/></Node>\n<Node><Mark at="A1" territory="blue"/></Node>\n</Nodes></GoGame></Go>\n' >in/mark.xml
status 2 "Go XML with a bad territory: not read, exit 2" in/mark.xml in/v.sgf
check "... named, with its line and what is wrong" \
    grep -q 'in/mark.xml: not a game record in XML: line 3: Mark territory is not black or white' err
check "... and the next input is read" test -s out

# ---- safety -------------------------------------------------------------------
cp in/v.sgf in/keep.sgf
status 2 "-o an input is refused" -o in/v.sgf in/v.sgf
check "the input is untouched" cmp -s in/v.sgf in/keep.sgf
mkdir ro && chmod a-w ro
if [ ! -w ro ]; then
    status 2 "an output that cannot be written" -o ro/x.sgf in/v.sgf
    check "nothing left in the folder" test -z "$(ls -A ro)"
fi
printf '(;GM[1]FF[3]SZ[9]C[old];B[aa]\n;W[bb])\n(;GM[1];B[cc])\n' > in/p.sgf
cp in/p.sgf p.orig
status 0 "--in-place --backup" --in-place --backup in/p.sgf
check "--in-place: canonical now" grep -q 'FF\[4\]CA\[UTF-8\]' in/p.sgf
check "--in-place: both games kept" test "$(grep -c '^(;GM' in/p.sgf)" -eq 2
check "--backup: the old file" cmp -s in/p.sgf.bak p.orig
cp in/p.sgf p.first
status 0 "--in-place --backup a second time" --in-place --backup --strip=C in/p.sgf
check "--backup, second run: FILE.bak is still the original" cmp -s in/p.sgf.bak p.orig
check "--backup, second run: FILE.bak.1 is the file before it" cmp -s in/p.sgf.bak.1 p.first
check "--backup, second run: the file rewritten" sh -c '! grep -q "C\[" in/p.sgf'
status 0 "--in-place --backup a third time" --in-place --backup in/p.sgf
check "--backup, third run: FILE.bak.2, the others untouched" sh -c \
    'cmp -s in/p.sgf.bak p.orig && cmp -s in/p.sgf.bak.1 p.first && test -f in/p.sgf.bak.2'
# a backup's name that is another input: both rewritten, neither lost
printf '(;GM[1]FF[3]C[q];B[aa])\n' >in/q.sgf
printf '(;GM[1]FF[3]C[q.bak];B[bb])\n' >in/q.sgf.bak
cp in/q.sgf q.orig
cp in/q.sgf.bak qbak.orig
status 0 "--in-place --backup FILE FILE.bak" --in-place --backup in/q.sgf in/q.sgf.bak
check "... FILE's old contents in FILE.bak.1" cmp -s in/q.sgf.bak.1 q.orig
check "... FILE.bak's old contents in FILE.bak.bak" cmp -s in/q.sgf.bak.bak qbak.orig
check "... and both rewritten" sh -c 'grep -q "FF\[4\]" in/q.sgf && grep -q "FF\[4\]" in/q.sgf.bak'
# -o inside a directory that is an input: a second run would read it
mkdir walked
printf '(;GM[1];B[aa])\n' >walked/a.sgf
status 0 "-o FILE inside an input directory (new)" -o walked/all.sgf walked
cp walked/all.sgf all.first
status 2 "-o FILE inside an input directory, again: refused" -o walked/all.sgf walked
check "... it says why" grep -q "will not overwrite 'walked/all.sgf', an input (in 'walked')" err
check "... and the file is untouched" cmp -s walked/all.sgf all.first
status 0 "-o a name the walk does not take, again: replaced" -o walked/all.jsonl --to=jsonl walked
status 0 "... a second time" -o walked/all.jsonl --to=jsonl walked
# --split never replaces a file that was there
mkdir sp2
printf 'the user'"'"'s own file\n' >sp2/f-1.sgf
cp sp2/f-1.sgf own.orig
status 2 "--split: a name taken in the folder" --split -o sp2 in/f.sgf
check "... it says which" grep -q "will not overwrite 'sp2/f-1.sgf', which was there before" err
check "... and the file is untouched" cmp -s sp2/f-1.sgf own.orig
status 0 "--split into a new folder" --split -o sp3 in/f.sgf
cp sp3/f-1.sgf sp3.first
status 2 "--split into the same folder again: refused" --split --strip=PB -o sp3 in/f.sgf
check "... the first run's files untouched" cmp -s sp3/f-1.sgf sp3.first
mkdir sp5
cp in/f.sgf sp5/f-1.sgf
cp sp5/f-1.sgf sp5.orig
status 2 "--split over an input" --split='f-{n}' -o sp5 sp5/f-1.sgf
check "... named as an input" grep -q "will not overwrite input 'sp5/f-1.sgf'" err
check "... and untouched" cmp -s sp5/f-1.sgf sp5.orig
status 2 "--in-place with -o" --in-place -o x.sgf in/p.sgf
status 2 "--backup alone" --backup in/p.sgf

# ---- --format, as the other tools read it -------------------------------------
conv -j1 --format=csv . >fmt.csv 2>/dev/null
check "--format=csv is --to=csv (the games table)" cmp -s games.csv fmt.csv
conv -j1 --format=json . >fmt.jsonl 2>/dev/null
check "--format=json is --to=jsonl" cmp -s all.jsonl fmt.jsonl
conv -j1 --format=text . >fmt.sgf 2>/dev/null
check "--format=text is --to=sgf" cmp -s canon.sgf fmt.sgf
conv -j1 --format=csv --csv=moves . >fmt-moves.csv 2>/dev/null
check "--format=csv --csv=moves: the moves table" cmp -s moves.csv fmt-moves.csv
status 2 "--format=json with --to=xml" --format=json --to=xml in/p.sgf
check "--format against --to: said so" grep -q -- '--format writes jsonl, --to asks for xml' err
cp in/p.sgf p.before
status 2 "--in-place --format=json is refused" --in-place --format=json in/p.sgf
check "--in-place --format=json: the file untouched" cmp -s in/p.sgf p.before
run --help
check "--help: --format lists text, json, csv" grep -q -- '--format=FORMAT .*text (default), json, csv' out
check "--help: what --format means here" grep -q -- 'json, csv are --to=sgf, jsonl, csv' out

# ---- -j order -----------------------------------------------------------------
conv -j3 . >canon3.sgf 2>/dev/null
check "-j3 gives the same SGF as -j1" cmp -s canon.sgf canon3.sgf
conv -j3 --to=jsonl . >all3.jsonl 2>/dev/null
check "-j3 gives the same JSON Lines as -j1" cmp -s all.jsonl all3.jsonl


# ---- repairs: what sgfconvert writes passes the checks (doc/repair.md) -----
for f in "$corpus"/repair/*.sgf; do
    rel=repair/${f##*/}
    conv -j1 "$rel" >repaired.sgf 2>/dev/null
    check "$rel: written as ${rel%.sgf}.repaired" \
        cmp -s repaired.sgf "$corpus/${rel%.sgf}.repaired"
    check "$rel: the repaired record read back is written the same" sh -c \
        "'$prog' --progress=never -q repaired.sgf | cmp -s - repaired.sgf"
done
check "corpus/repair: the records have the errors repaired" \
    test "$(python3 "$srcdir/tests/tool/repair_left.py" \
                    "$builddir/bin/sgfcheck" "$corpus/repair" 2>/dev/null)" -gt 20
left=$(python3 "$srcdir/tests/tool/repair_left.py" "$builddir/bin/sgfcheck" \
               canon.sgf 2>left.err)
check "corpus/ converted: no syntax, value or placement error left ($left)" \
    test "$left" = 0
sed 's/^/    /' left.err | head -n 5
printf '(;GM[1]GM[1]SZ[9];B[aa])\n' >gm.sgf
conv -j1 "$PWD/gm.sgf" >gm.out 2>/dev/null
check "GM[1]GM[1] is written GM[1]" grep -q '^(;GM\[1\]FF\[4\]CA\[UTF-8\]SZ' gm.out
conv -j1 --no-repair "$PWD/gm.sgf" >gm.out 2>/dev/null
check "--no-repair: GM[1]GM[1] is written GM[1][1]" grep -q '^(;GM\[1\]\[1\]FF' gm.out

# ---- positions in XML and JSON inputs: lines and columns of that file -------
printf '(;GM[1]FF[4]SZ[9]PB[x]C[line one\nline two]\n;B[zz]\n;W[cc]KO[xx]\n;B[dd]TE[1]W[ee])\n' >pos.sgf
"$prog" --progress=never --no-repair -t json pos.sgf >pos.json 2>/dev/null
"$prog" --progress=never --no-repair -t xml pos.sgf >pos.xml 2>/dev/null
"$prog" --progress=never --no-repair --xml=raw pos.sgf >pos-raw.xml 2>/dev/null
for j in 1 2; do
    for f in pos.json pos.xml pos-raw.xml; do
        "$prog" --progress=never -j$j "$f" 2>"$f.$j.err" >/dev/null
    done
    pycheck "-j$j: diagnostics of XML and JSON inputs point into those files" '
import re, sys
want = {"point-outside-board": ("\"zz\"", "<Arg>zz", "<v>zz"),
        "value-type": ("\"xx\"", "<Arg>xx", "<v>xx"),
        "two-moves": ("\"W\"", "<White at=", "<prop id=\"W\">")}
for k, f in enumerate(("pos.json", "pos.xml", "pos-raw.xml")):
    lines = open(f, encoding="utf-8").read().split("\n")
    seen = set()
    for d in open(f + "." + sys.argv[1] + ".err", encoding="utf-8"):
        m = re.match(r"([^:]+):(\d+):(\d+): error: .* \[([a-z-]+)\]$", d)
        if not m:
            continue
        name, line, col, check = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        assert name == f, d
        at = lines[line - 1][col - 1:]
        assert at.startswith(want[check][k]), (f, d, at[:30])
        seen.add(check)
    assert seen == set(want), (f, seen)
' $j
done

# ---- counting: only game trees are games ------------------------------------
printf '(;GM[1]SZ[19];B[aa])\n)\n(;GM[1]SZ[19];W[bb])\n)junk\n' > stray.sgf
check "stray ')' and junk: 2 games" sh -c \
    "'$prog' --progress=never stray.sgf 2>&1 >/dev/null | grep -q '^sgfconvert: 2 games, '"
status 0 "stray ')': --split" --split='{n}-{game}' -o split-stray stray.sgf
check "stray ')': --split numbers the two games 1 and 2" \
    sh -c 'test -f split-stray/1-1.sgf && test -f split-stray/2-2.sgf &&
           test "$(ls split-stray | wc -l)" -eq 3'
check "stray ')': the manifest numbers the games 1 and 2" python3 -c '
import json
m = [json.loads(l) for l in open("split-stray/manifest.jsonl")]
assert [r["game"] for r in m] == [1, 2], m'

finish
