#!/bin/sh
# sgfstat.sh - sgfstat over records this script writes, with statistics
# and duplicates known by construction, and over corpus/ (sgfstat(1)).
#
# A Python generator writes random games (fixed seeds) and their copies:
# rotated, mirrored, colour-swapped, truncated, with other game info; a
# game sharing only an opening with another; short games; and a JSON file
# of what the statistics must be, worked out from what it wrote.  Then:
# the JSON summary against it; the duplicate sets; --where (PCRE2, numbers,
# regex errors with their offset) and --select; --by; -j 1 = -j 2; merge
# of partial files over random splits = one run (text and JSON); Dyer's
# signature against sgfconvert's JSON Lines; broken
# partial files; corpus/ and, when present, the real records of
# ../shared/corpus (no crash, game counts equal sgfcheck's).  Prints
# "N passed, N failed" last; exits 1 when a case failed.
# Environment: builddir (where bin/sgfstat is), srcdir; SGFKIT_CORPUS.
name=sgfstat.sh
tool=sgfstat
tool_opts='--progress=never'
needs_python='to write the records and read JSON'
. "$(dirname "$0")/lib.sh"
sgfcheck=$builddir/bin/sgfcheck
sgfconvert=$builddir/bin/sgfconvert
corpus=$srcdir/corpus
real=${SGFKIT_CORPUS:-$srcdir/../shared/corpus}

# ---- the records ------------------------------------------------------------
mkdir in
python3 - <<'EOF' || { echo "sgfstat.sh: the generator failed"; echo "0 passed, 1 failed"; exit 1; }
import json, random

def pt(x, y):
    return chr(97 + x) + chr(97 + y)

def moves(rng, n, size=19):
    free = [(x, y) for x in range(size) for y in range(size)]
    rng.shuffle(free)
    return free[:n]

def sym(m, k, size=19):
    out = []
    for (x, y) in m:
        if k & 1: x = size - 1 - x
        if k & 2: y = size - 1 - y
        if k & 4: x, y = y, x
        out.append((x, y))
    return out

def record(m, first="B", info="", size=19, passes_at=()):
    other = {"B": "W", "W": "B"}
    s = "(;GM[1]FF[4]SZ[%d]%s" % (size, info)
    c = first
    for i, (x, y) in enumerate(m):
        if i in passes_at:
            s += ";%s[]" % c
            c = other[c]
        s += ";%s[%s]" % (c, pt(x, y))
        c = other[c]
    return s + ")\n"

rng = random.Random(2024)
A = moves(rng, 60)
B = moves(rng, 80)
D = A[:25] + [p for p in moves(random.Random(7), 60) if p not in A[:25]][:35]
C = moves(rng, 30, 9)
S = moves(rng, 10)
files = {
    "a.sgf": record(A, info="RU[Japanese]KM[6.5]PB[Lee Sedol]PW[Gu Li]"
                    "BR[9p]WR[9p]DT[2017-05-01]RE[W+R]AP[Test:1]"),
    "a_rot.sgf": record(sym(A, 5), info="RU[Japanese]KM[6.5]PB[Someone]"
                        "PW[Else]DT[2017-06-01]RE[B+R]"),
    "a_mirror.sgf": record(sym(A, 1), info="PB[Lee Sedol]PW[X]DT[2015-01-01]"
                           "RE[W+2.5]KM[7.5]RU[Chinese]"),
    "a_swap.sgf": record(sym(A, 3), first="W",
                         info="PB[Gu Li]PW[Lee Sedol]DT[2017]RE[B+T]"),
    "a_trunc.sgf": record(A[:45], info="PB[Lee Sedol]PW[Gu Li]DT[2017]"),
    "b.sgf": record(B, info="RU[Chinese]KM[7.5]PB[Ke Jie]PW[Lee Sedol]"
                    "DT[2015-03-02]RE[B+3.5]HA[0]", passes_at=(79,)),
    "d.sgf": record(D, info="PB[Ke Jie]PW[Gu Li]DT[2015]RE[W+R]KM[6.5]"
                    "RU[Japanese]"),
    "c9.sgf": record(C, size=9, info="PB[Cho]PW[Kim]RE[W+T]KM[5.5]HA[2]"),
    "short1.sgf": record(S, info="PB[Cho]PW[Ke Jie]RE[?]"),
    "short2.sgf": record(S, info="PB[Kim]PW[Cho]"),
}
# two games in one file: origins with #2
files["two.sgf"] = record(moves(random.Random(11), 40),
                          info="PB[Park]PW[Cho]DT[2001]RE[B+R]") + \
                   record(moves(random.Random(12), 50),
                          info="PB[Kim]PW[Park]DT[2001]RE[Void]")
for name, text in files.items():
    open("in/" + name, "w").write(text)

want = {
    "games": 12, "files": 11,
    "size": {"19x19": 11, "9x9": 1},
    "rules": {"japanese": 3, "chinese": 2, "none": 7},
    "result": {"W+R": 2, "B+R": 2, "W+points": 1, "B+T": 1, "B+points": 1,
               "W+T": 1, "unknown": 1, "none": 2, "void": 1},
    "year": {"2017": 4, "2015": 3, "2001": 2, "none": 3},
    "moves": {"60": 5, "45": 1, "81": 1, "30": 1, "10": 2, "40": 1, "50": 1},
    "player": {"Lee Sedol": 5, "Gu Li": 4, "Cho": 4},
    "handicap": {"0": 11, "2": 1},
    "passes": {"1": 1, "0": 11},
    "dups": [["in/a.sgf", "in/a_mirror.sgf", "in/a_rot.sgf", "in/a_swap.sgf",
              "in/a_trunc.sgf"]],
}
json.dump(want, open("want.json", "w"))
EOF

# ---- the summary against what the generator wrote ----------------------------
status 1 "hand-made records, --duplicates (exit 1: duplicates found)" \
    --format=json --duplicates --top=0 -j1 in
cp out sum.json
check "JSON summary equals the generator's numbers" python3 - <<'EOF'
import json, sys
got = json.load(open("sum.json"))
want = json.load(open("want.json"))
g = got["groups"][0]
ok = True
def expect(what, a, b):
    global ok
    if a != b:
        print("    %s: got %r, want %r" % (what, a, b))
        ok = False
expect("games", g["games"], want["games"])
expect("files", g["files"], want["files"])
expect("read", got["read"], want["games"])
for table in ("size", "rules", "result", "year", "moves", "handicap", "passes"):
    vals = {v["value"]: v["count"] for v in g["tables"][table]["values"]}
    expect(table, vals, want[table])
players = {v["value"]: v["count"] for v in g["tables"]["player"]["values"]}
for name, n in want["player"].items():
    expect("player " + name, players.get(name), n)
sets = [sorted(r["origin"] for r in s["records"])
        for s in got["duplicates"]["groups"]]
expect("duplicate sets", sets, want["dups"])
recs = {r["origin"]: r for s in got["duplicates"]["groups"] for r in s["records"]}
expect("a_trunc truncated", recs.get("in/a_trunc.sgf", {}).get("truncated"), True)
expect("a_swap colours", recs.get("in/a_swap.sgf", {}).get("colors_swapped"), True)
expect("a_rot symmetry", recs.get("in/a_rot.sgf", {}).get("symmetry") != "same", True)
expect("a.sgf dyer", recs.get("in/a.sgf", {}).get("dyer", "")[:6] != "??????", True)
expect("black wins", g["black_wins"], 4)
expect("white wins", g["white_wins"], 4)
sys.exit(0 if ok else 1)
EOF

# ---- the rules and komi a record does not state ------------------------------
mkdir unstated
printf '(;GM[1]FF[4]SZ[19]EV[Oteai]DT[1935-05-29];B[pd])\n' > unstated/ev.sgf
printf '(;GM[1]FF[4]SZ[19]RE[Void]HA[3]AB[dd][pp][dp];W[pd])\n' > unstated/void.sgf
printf '(;GM[1]FF[4]SZ[19];B[pd])\n' > unstated/none.sgf
printf '(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5];B[pd])\n' > unstated/stated.sgf
status 0 "records without RU[] or KM[]" --format=json unstated
check "rules_assumed and komi_assumed name the clue's property" python3 - <<'EOF2'
import json, sys
g = json.load(open("out"))["groups"][0]["tables"]
rules = {v["value"]: v["count"] for v in g["rules_assumed"]["values"]}
komi = {v["value"]: v["count"] for v in g["komi_assumed"]["values"]}
want_rules = {"japanese (EV[])": 1, "japanese (RE[])": 1, "chinese (default)": 1}
want_komi = {"0 (DT[])": 1, "0 (HA[])": 1, "0 (default)": 1}
ok = rules == want_rules and komi == want_komi
if not ok:
    print("    got", rules, komi)
sys.exit(0 if ok else 1)
EOF2

status 0 "text summary" in
check "text: games line" grep -q '^games  *12 in 11 files' out
check "text: board size section" grep -q '^  19x19  *11 ' out
status 0 "no --duplicates: exit 0" --format=csv in
check "CSV header" sh -c 'head -n 1 out | grep -q "^group,statistic,value,count"'
check "CSV row of a size" grep -q '^,size,9x9,1' out
status 0 "--html" --html=report.html -q in
check "--html writes a page with SVG charts" python3 -c '
import sys, xml.dom.minidom
s = open("report.html").read()
assert s.startswith("<!DOCTYPE html>") and s.count("<svg") >= 10
for part in s.split("<svg")[1:]:
    xml.dom.minidom.parseString("<svg" + part.split("</svg>")[0] + "</svg>")
'

# ---- duplicates: what must stay apart ------------------------------------------
status 1 "text --duplicates" --duplicates in
check "d.sgf (same 25 first moves) is no duplicate" sh -c '! grep -q "d.sgf" out'
check "short records are never duplicates" sh -c '! grep -q "short[12].sgf" out'
check "rotated record noted" grep -q 'a_rot.sgf.*rotated' out
check "truncated record noted" grep -q 'a_trunc.sgf.*truncated' out
status 0 "no duplicates without the copies" --duplicates in/b.sgf in/d.sgf in/a.sgf

# ---- duplicates: corpus/duplicates (hand-made, corpus/README.md) ---------------
dd=$corpus/duplicates
status 1 "corpus/duplicates: one set" --format=json --duplicates -j1 \
    --keep-list=keep.tsv --drop-list=drop.tsv "$dd"
check "corpus/duplicates: long-game kept, long-game-cut a prefix, the rest apart" \
    python3 - <<'EOF2'
import json, sys
d = json.load(open("out"))["duplicates"]
got = [[(r["origin"].rsplit("/", 1)[1], r["action"], r["match"], r["info"])
        for r in g["records"]] for g in d["groups"]]
want = [[("long-game.sgf", "keep", "kept", "same"),
         ("long-game-cut.sgf", "drop", "prefix", "agree")]]
if got != want:
    print("    got %r" % got)
    sys.exit(1)
r = d["groups"][0]["records"][1]
sys.exit(0 if (r["black"], r["white"], r["date_text"], r["result_text"],
               r["shared_moves"]) == ("Kato Aoi", "Mori Ren", "2017-03-04",
                                      None, 45) else 1)
EOF2
check "--keep-list: a header and the kept record" sh -c \
    'test "$(wc -l <keep.tsv)" -eq 2 && sed -n 2p keep.tsv | grep -q "^1	keep	.*long-game.sgf	1	90	kept	"'
check "--drop-list: the dropped record and the one kept instead" sh -c \
    'test "$(wc -l <drop.tsv)" -eq 2 && sed -n 2p drop.tsv | grep -q "^1	drop	.*long-game-cut.sgf	1	50	prefix	45	same	false	agree	.*long-game.sgf	1	Kato Aoi	Mori Ren	2017-03-04	$"'
status 1 "corpus/duplicates, CSV" --format=csv --duplicates -j1 "$dd"
check "CSV: every row has the duplicates' columns, the rows of the set keep the flags" \
    python3 - <<'EOF2'
import csv, sys
rows = list(csv.reader(open("out", newline="")))
head = rows[0]
assert head[:4] == ["group", "statistic", "value", "count"], head
assert all(len(r) == len(head) for r in rows), "rows of other lengths"
dup = [dict(zip(head, r)) for r in rows if r[1] == "duplicate"]
assert [(x["action"], x["match"], x["info"], x["PB"]) for x in dup] == \
    [("keep", "kept", "same", "Kato Aoi"), ("drop", "prefix", "agree", "Kato Aoi")], dup
EOF2
status 2 "--drop-list without --duplicates is a usage error" --drop-list=x.tsv "$dd"
check "no list written after a usage error" test ! -e x.tsv
status 2 "--drop-list with --select is a usage error (no report, no list)" \
    --duplicates --select --drop-list=x.tsv "$dd"
check "no list written with --select" test ! -e x.tsv
status 0 "the problems alone: the setup keeps them apart" --duplicates \
    "$dd/problem-a.sgf" "$dd/problem-b.sgf"
status 0 "a 27-move game sharing an opening is not a copy" --duplicates \
    "$dd/joseki-short.sgf" "$dd/long-game.sgf"
# text tables by display width: the count column of every player row lines
# up, CJK names included (two columns a character)
status 0 "text report over CJK names" "$dd"
check "text: player rows line up by display width" python3 - <<'EOF2'
import sys, unicodedata
lines = open("out", encoding="utf-8").read().split("\n")
start = lines.index("players") + 1
rows = []
for line in lines[start:]:
    if not line.startswith("  "):
        break
    rows.append(line)
def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
cols = {width(r[:r.index("%")]) for r in rows}
names = [r for r in rows if "\u674e\u4e16\u77f3" in r]
sys.exit(0 if len(cols) == 1 and names and len(rows) >= 8 else 1)
EOF2

# ---- filters -------------------------------------------------------------------
sel() { run --select "$@" in; sort out >sel; }
sel --where 'PB~^Lee'
check "PB~^Lee" sh -c 'printf "in/a.sgf\nin/a_mirror.sgf\nin/a_trunc.sgf\n" | cmp -s - sel'
sel --where 'RE~^W\+R'
check "RE~^W\\+R" sh -c 'printf "in/a.sgf\nin/d.sgf\n" | cmp -s - sel'
sel --where 'moves>=60' --where 'year=2015'
check "moves>=60 and year=2015" sh -c 'printf "in/a_mirror.sgf\nin/b.sgf\nin/d.sgf\n" | cmp -s - sel'
sel --where 'player~^Kim$'
check "player: either side" sh -c 'printf "in/c9.sgf\nin/short2.sgf\nin/two.sgf#2\n" | cmp -s - sel'
sel --where 'PB!~e' --where 'size=19x19'
check "PB!~e and size=19x19" sh -c 'printf "in/a_swap.sgf\nin/short1.sgf\nin/short2.sgf\nin/two.sgf\nin/two.sgf#2\n" | cmp -s - sel'
status 0 "--where with statistics" --format=json --where 'year<2016' in
check "--where counts only what matches" python3 -c '
import json; d = json.load(open("out")); g = d["groups"][0]
assert d["read"] == 12 and g["games"] == 5, (d["read"], g["games"])'
status 2 "regex error" --where 'PB~(Lee' in
check "regex error gives PCRE2's offset" grep -q 'offset 4' err
status 2 "unknown field" --where 'colour=B' in
status 2 "no operator" --where 'PB' in
status 2 "--top with a sign" --top=-3 in
check "--top with a sign: said so" grep -q "invalid --top '-3'" err
status 0 "--select=games" --select=games --where 'PB~Ke Jie' in
check "--select=games is SGF sgfcheck reads" sh -c \
    '"$0" --progress=never --syntax-only out 2>&1 | grep -q "2 games"' "$sgfcheck"
status 0 "--select CSV" --select --format=csv --where 'game=2' in
check "--select CSV row" grep -q '^in/two.sgf,2,' out

# ---- --by ----------------------------------------------------------------------
status 0 "--by=year" --by=year --format=json in
check "--by=year groups" python3 -c '
import json; d = json.load(open("out"))
got = {g["key"]: g["games"] for g in d["groups"]}
assert got == {"2017": 4, "2015": 3, "2001": 2, "none": 3}, got
assert [g["key"] for g in d["groups"]][:3] == ["2001", "2015", "2017"]'
status 0 "--by=PB" --by=PB in
check "--by=PB text heading" grep -q '^== PB = Lee Sedol' out
status 2 "--by=nothing" --by=nothing in

# ---- threads and merges ----------------------------------------------------------
cp -r "$corpus" c
run --format=json --duplicates --top=0 -j1 in c
cp out j1.json
run --format=json --duplicates --top=0 -j2 in c
check "-j1 = -j2" cmp -s j1.json out
check "merge of random splits = one run" python3 - "$prog" <<'EOF'
import os, random, subprocess, sys
prog = sys.argv[1]
files = sorted(os.path.join(d, f) for top in ("in", "c")
               for d, _, fs in os.walk(top) for f in fs
               if f.lower().endswith((".sgf", ".sgfs")))
base = [prog, "--progress=never", "-q"]
ok = True
for fmt, extra in (("json", ["--duplicates"]), ("text", ["--duplicates"]),
                   ("json", ["--by=year"]), ("csv", [])):
    one = subprocess.run(base + ["--format=" + fmt, "--top=0"] + extra + files,
                         capture_output=True).stdout
    for seed in range(3):
        rng = random.Random(seed)
        shuffled = files[:]
        rng.shuffle(shuffled)
        k = rng.randint(2, 5)
        cuts = sorted(rng.sample(range(1, len(files)), k - 1))
        parts = [shuffled[a:b] for a, b in zip([0] + cuts, cuts + [len(files)])]
        names = []
        for i, p in enumerate(parts):
            name = "part%d.sgfstat" % i
            subprocess.run(base + ["--partial", "-o", name, "-j2"] + extra + p,
                           check=False)
            names.append(name)
        rng.shuffle(names)
        merged = subprocess.run(base + ["--merge", "--format=" + fmt, "--top=0"]
                                + [e for e in extra if e != "--by=year"]
                                + names, capture_output=True).stdout
        if merged != one or not one:
            print("    %s %s seed %d: merge differs from one run" % (fmt, extra, seed))
            ok = False
sys.exit(0 if ok else 1)
EOF
# Dyer's signature comes from sgfstat's own walk of the moves and from the
# JSON Lines summary (lib/export/jsonl.c) through one helper: every game's must
# be the same in both (in/ has games of 60 and 80 moves)
"$prog" --progress=never -q --partial --duplicates -o dyer.sgfstat in c 2>/dev/null
"$sgfconvert" --progress=never -q -t jsonl -o dyer.jsonl in c 2>/dev/null
check "Dyer signatures of --partial = JSON Lines' (sgfconvert)" python3 - <<'EOF'
import json, sys
origins, sig = [], {}
for line in open("dyer.sgfstat", encoding="utf-8", errors="surrogateescape"):
    f = line.rstrip("\n").split("\t")
    if f[0] == "origin":
        origins.append(f[1])
    elif f[0] == "sig":
        sig[(origins[int(f[1])], int(f[2]))] = f[16]   # after 10 prefixes
conv = {}
for line in open("dyer.jsonl", encoding="utf-8", errors="surrogateescape"):
    d = json.loads(line)
    conv[(d["origin"], d["game"])] = d["dyer"]
bad = [k for k in sig if conv.get(k) != sig[k]]
full = sum(1 for v in sig.values() if "?" not in v[:6])
for k in bad[:5]:
    print("    %s#%d: sgfstat %s, JSON Lines %s" % (k[0], k[1], sig[k], conv.get(k)))
if full < 5:
    print("    only %d games with moves 20, 40 and 60" % full)
sys.exit(1 if bad or full < 5 or len(sig) < 100 else 0)
EOF
run --partial -o p1.sgfstat in/a.sgf
run --partial -o p2.sgfstat --by=year in/b.sgf
status 2 "--merge of partials of another --by" --merge p1.sgfstat p2.sgfstat
head -c 200 p1.sgfstat >cut.sgfstat
status 2 "--merge of a cut partial" --merge cut.sgfstat
check "a cut partial is called incomplete" grep -q 'incomplete\|cut short' err
sed 's/^sgfstat-partial	[0-9]*/sgfstat-partial	9/' p1.sgfstat >v9.sgfstat
status 2 "--merge of another version" --merge v9.sgfstat
check "the version is named" grep -q 'version' err
status 2 "--merge with --where" --merge --where 'moves>1' p1.sgfstat

# ---- a Dask cluster ----------------------------------------------------------------
# python3 -m sgfkit.dask stat (--partial on the workers, --merge on the
# client) against one run: python/tests/test_dask.py, over corpus/ and archives
# here, over ../shared/corpus in make check-real.

# ---- corpus/ and the real records --------------------------------------------------
count_games() {     # games sgfcheck counts in its summary line
    "$sgfcheck" --progress=never --syntax-only "$@" 2>&1 >/dev/null |
        sed -n 's/^sgfcheck: \([0-9]*\) games.*/\1/p' | tail -n 1
}
run --format=json c
check "corpus/: the JSON parses, games = sgfcheck's count" python3 -c '
import json, sys; d = json.load(open("out"))
assert sum(g["games"] for g in d["groups"]) == int(sys.argv[1])' "$(count_games c)"
if [ -d "$real" ]; then
    for part in "$real"/*/; do
        name=$(basename "$part")
        run --format=json --duplicates -j2 "$part"
        if [ "$rc" -gt 1 ] && ! grep -q 'cannot\|not read' err; then
            fail "real corpus $name: exit status $rc"
            continue
        fi
        check "real corpus $name: games = sgfcheck's count" python3 -c '
import json, sys; d = json.load(open("out"))
n = sum(g["games"] for g in d["groups"])
assert n == int(sys.argv[1]), (n, sys.argv[1])
print("    %s: %d games, %d duplicate sets" % (sys.argv[2], n, d["duplicates"]["sets"]))' \
            "$(count_games "$part")" "$name"
    done
else
    echo "sgfstat.sh: no real corpus at $real: skipped"
fi


# ---- counting: only game trees are games ------------------------------------
printf '(;GM[1]SZ[19];B[aa])\n)\n' > stray.sgf
: > empty.sgf
status 0 "a stray ')' and an empty file" stray.sgf empty.sgf
check "text: 1 game in 2 files, 2 records without a tree" \
    grep -q '^games  *1 in 2 files, .* (and 2 records without a game tree)$' out
check "text: the moves of the one game" \
    grep -q '^moves  *mean 1.0, median 1, shortest 1, longest 1$' out
check "summary: 1 game" grep -q '^sgfstat: 1 game, 1 error, 1 warning' err
status 0 "--format=json: a stray ')'" --format=json stray.sgf empty.sgf
check "JSON: games 1, no_tree 2, one board size" python3 -c '
import json
g = json.load(open("out"))["groups"][0]
assert g["games"] == 1 and g["files"] == 2 and g["no_tree"] == 2, g'

finish
