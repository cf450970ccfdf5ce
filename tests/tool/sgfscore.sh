#!/bin/sh
# sgfscore.sh - sgfscore over the hand-made scoring records of corpus/score
# and its command line (sgfscore(1)).
#
# Each corpus/score/NAME.sgf has NAME.score beside it: a line
# "# options: ..." (the options of the run) and one line per rule set
# "RULES RESULT BLACK_TERRITORY WHITE_TERRITORY BLACK_DEAD WHITE_DEAD
# [UNSETTLED [AGREEMENT]]", worked out by hand (corpus/README.md says how).  The run's CSV is read
# with Python's csv module and every listed value must match.  Then: the
# JSON Lines parse with Python's json module, and for every game of
# corpus/ the count identity of doc/scoring.md holds; -j order; --strict
# and the exit statuses; --svg writes well-formed XML; --diagram; usage
# errors.  Prints "N passed, N failed" last; exits 1 when a case failed.
# Environment: builddir (where bin/sgfscore is), srcdir.
name=sgfscore.sh
tool=sgfscore
tool_opts='--progress=never'
needs_python='to read the CSV and JSON output'
. "$(dirname "$0")/lib.sh"
corpus=$srcdir/corpus

# ---- the hand-made records: every listed value ----------------------------
for score in "$corpus"/score/*.score; do
    record=$(basename "$score" .score)
    opts=$(sed -n 's/^# options://p' "$score")
    # $opts holds several words on purpose
    # shellcheck disable=SC2086
    (cd "$corpus/score" && "$prog" --progress=never -j1 --format=csv $opts \
        "$record.sgf") >"$record.csv" 2>"$record.err"
    python3 - "$score" "$record.csv" >"$record.diff" <<'EOF'
import csv, sys
want = [l.split() for l in open(sys.argv[1], encoding="utf-8")
        if l.strip() and not l.startswith("#")]
rows = {r["rules"]: r for r in csv.DictReader(open(sys.argv[2], newline="",
                                                   encoding="utf-8"))}
cols = ["result", "black_territory", "white_territory", "black_dead",
        "white_dead", "unsettled", "agreement"]
bad = 0
for w in want:
    r = rows.get(w[0])
    if r is None:
        print("%s: no row" % w[0]); bad += 1; continue
    for c, v in zip(cols, w[1:]):
        if r[c] != v:
            print("%s: %s is %s, expected %s" % (w[0], c, r[c], v)); bad += 1
print("%d %d" % (len(want), bad))
EOF
    set -- $(tail -n 1 "$record.diff")
    if [ "${1:-0}" -gt 0 ] && [ "${2:-1}" -eq 0 ]; then
        pass
    else
        fail "score/$record ($opts)"
        sed '$d; s/^/    /' "$record.diff"
        sed 's/^/    /' "$record.err" | grep -v ' games\?, ' | head -5
    fi
done

# ---- every record of corpus/: JSON Lines, the count identity --------------
# doc/scoring.md, "How each rule set counts": with the same dead stones, territory(W-B) =
# area(W-B) + (stones Black placed - stones White placed); a colour placed
# the stones still on the board, its dead stones and those the other
# captured.  Checked with the rule sets that count the same empty points
# (no seki or false-eye exceptions: tax NONE), dead stones as marked.
area=koSIMPLEscoreAREAtaxNONEsui0komi0
terr=koSIMPLEscoreTERRITORYtaxNONEsui0komi0
for r in area terr; do
    eval "rules=\$$r"
    (cd "$corpus" && "$prog" --progress=never -j1 --format=json --dead=markup \
        --rules="$rules" .) >"$r.jsonl" 2>"$r.err"
done
python3 - area.jsonl terr.jsonl >identity.out <<'EOF'
import json, sys
def load(name):
    out = {}
    for line in open(name, encoding="utf-8"):
        o = json.loads(line)
        out[(o["origin"], o["game"])] = o
    return out
a, t = load(sys.argv[1]), load(sys.argv[2])
games = bad = 0
for k, x in a.items():
    y = t.get(k)
    if y is None or "error" in x:
        continue
    games += 1
    b, w = y["black"], y["white"]
    placed_b = b["stones"] + b["dead"] + w["prisoners"]
    placed_w = w["stones"] + w["dead"] + b["prisoners"]
    lhs = w["points"] - b["points"]
    rhs = x["white"]["points"] - x["black"]["points"] + placed_b - placed_w
    if abs(lhs - rhs) > 1e-9:
        bad += 1
        print("%s#%d: territory W-B %g, area W-B + placed %g" % (k[0], k[1], lhs, rhs))
print("games %d bad %d" % (games, bad))
EOF
if grep -q '^games [1-9][0-9]* bad 0$' identity.out; then pass; else
    fail "count identity"; sed 's/^/    /' identity.out | tail -n 10; fi

# ---- -j keeps input order ------------------------------------------------
# (8 playouts: the order is what is tested, and the default's 48 made these
# two runs most of this script's time under the sanitizers)
(cd "$corpus" && "$prog" --progress=never -j1 --format=json --rules=all --playouts=8 .) >j1 2>/dev/null
(cd "$corpus" && "$prog" --progress=never -j3 --format=json --rules=all --playouts=8 .) >j3 2>/dev/null
check "-j3 output equals -j1" cmp -s j1 j3
check "--rules=all: eight objects per game, one for a game not scored" python3 -c '
import json, sys, collections
n = collections.Counter()
errors = set()
for l in open("j1", encoding="utf-8"):
    o = json.loads(l)
    n[(o["origin"], o["game"])] += 1
    if "error" in o:
        errors.add((o["origin"], o["game"]))
sys.exit(0 if n and all(v == (1 if k in errors else 8)
                        for k, v in n.items()) else 1)'

# ---- records of its own ---------------------------------------------------
mkdir in
dame='AB[da][db][dc][dd][de][df][dg][dh][di]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]'
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]%s;B[];W[])\n' "$dame" > in/right.sgf
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+3.5]%s;B[];W[])\n' "$dame" > in/wrong.sgf
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[W+2.5]%s;B[];W[])\n' "$dame" > in/margin.sgf
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R]%s;B[];W[])\n' "$dame" > in/resign.sgf
printf '(;GM[2]FF[4]SZ[8];B[aa])\n' > in/chess.sgf

status 0 "a right result, --strict" --strict in/right.sgf
check "match" grep -q ': W+6.5, recorded W+6.5: match \[estimate\]$' out
status 1 "a wrong winner, --strict" --strict in/wrong.sgf
check "mismatch" grep -q ': mismatch ' out
status 1 "a wrong margin, --strict" --strict in/margin.sgf
check "winner-only" grep -q ': winner-only ' out
status 0 "a wrong result without --strict" in/wrong.sgf
status 0 "a resignation is not comparable" --strict in/resign.sgf
check "not-comparable" grep -q ': not-comparable ' out
check "summary on stderr" grep -q '^sgfscore: 0 match, 0 other order, 0 winner only, 0 mismatch, 0 reversed, 1 not comparable, 0 not scored$' err
status 0 "not Go" in/chess.sgf
check "not Go: not scored" grep -q ': not scored: ' out
# CGOS counts the board as it stands: auto removes nothing and says why;
# --dead=estimate still estimates
status 0 "a CGOS game, auto" --format=json "$corpus/score/cgos-as-it-stands.sgf"
check "CGOS: method none, inferred from PC" python3 -c '
import json, sys
o = json.loads(open("out", encoding="utf-8").readline())
sys.exit(0 if o["method"] == "none" and o["method_source"] ==
         "inferred from PC[(CGOS) 9x9 Computer Go Server]" else 1)'
status 0 "a CGOS game, text" "$corpus/score/cgos-as-it-stands.sgf"
check "CGOS: the text says it" grep -q 'match \[none (inferred from PC\[(CGOS) 9x9 Computer Go Server\])\]$' out
status 0 "a CGOS game, --dead=estimate" --format=csv --dead=estimate "$corpus/score/cgos-as-it-stands.sgf"
check "CGOS: --dead=estimate is given" grep -q ',estimate,.*,given,' out
# a record that stops with stones on less than a quarter of its board holds
# no count: auto removes nothing and says why (20 stones of 81); a stone
# more (21: a quarter) is estimated; --dead=estimate always is
walls='AB[aa][ab][ac][ad][ae][af][ag][ah][ai]AW[ia][ib][ic][id][ie][if][ig][ih][ii]'
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R]%s;B[ee];W[ce])\n' "$walls" > in/bare.sgf
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R]%s;B[ee];W[ce];B[ec])\n' "$walls" > in/quarter.sgf
status 0 "a bare board, auto" --format=csv in/bare.sgf
check "bare board: method none, inferred from the board" \
    grep -q '^in/bare.sgf,1,.*,none,.*,inferred from a board less than a quarter covered,' out
status 0 "a bare board, text" in/bare.sgf
check "bare board: the text says it" grep -q 'not-comparable \[none (inferred from a board less than a quarter covered), not ended\]$' out
status 0 "a quarter of the board, auto" --format=csv in/quarter.sgf
check "a quarter covered: the estimate, by default" grep -q '^in/quarter.sgf,1,.*,estimate,.*,default,default,' out
status 0 "a bare board, --dead=estimate" --format=csv --dead=estimate in/bare.sgf
check "bare board: --dead=estimate is given" grep -q ',estimate,.*,given,' out
status 0 "--komi" --komi=0.5 in/right.sgf
check "--komi replaces KM" grep -q ': W+0.5, recorded W+6.5: winner-only' out
status 0 "--stones" --stones --rules=chinese in/right.sgf
check "--stones: Chinese notation (6.5 points = 3 1/4 stones)" grep -q '(白胜3又1/4子)' out
status 0 "--diagram" --diagram in/right.sgf
check "--diagram draws nine rows" test "$(grep -c '^ *[1-9] ' out)" -ge 9
status 0 "-v gives the counts" -v --rules=japanese in/right.sgf
check "-v: Black's count" grep -q '^  Black: 9 stones, 27 territory' out

# ---- issue 16: every game accounted for -------------------------------------
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+6.5]%s;B[];W[])\n' "$dame" > in/reversed.sgf
status 1 "the opposite result, --strict" --strict in/reversed.sgf
check "reversed: W+6.5 against B+6.5" grep -q ': W+6.5, recorded B+6.5: reversed ' out
check "reversed: counted in the summary" grep -q ', 1 reversed, ' err
status 0 "--dead=markup without markup" --dead=markup in/right.sgf
check "no-markup: said, nothing estimated" grep -q ': W+6.5, recorded W+6.5: match \[no-markup\]$' out
status 0 "--dead=auto without markup estimates" --dead=auto in/right.sgf
check "auto: the estimate" grep -q 'match \[estimate\]$' out
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]%s;B[da];W[];B[];W[])\n' "$dame" > in/occupied.sgf
status 0 "an illegal move is still counted" in/occupied.sgf
check "illegal: said, with its move" grep -q 'W+6.5, recorded W+6.5: match \[estimate, 1 illegal move (move 1: occupied)\]$' out
printf '(;GM[1]FF[4]SZ[9]DT[1930-01-02]RE[W+5]%s;B[];W[])\n' "$dame" > in/nokm.sgf
status 0 "no KM: the komi assumed is said" in/nokm.sgf
check "no KM: komi 0 and why" grep -q ': chinese komi 0: 0, recorded W+5: mismatch \[estimate, rules default, komi inferred from DT\[1930-01-02\]\]$' out
(cd in && "$prog" --progress=never --format=csv right.sgf chess.sgf occupied.sgf nokm.sgf) >rows.csv 2>/dev/null
check "CSV: one row per game, the one not scored with its reason" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("rows.csv", newline="", encoding="utf-8")))
ok = (len(rows) == 4 and rows[1]["not_scored"] == "not a Go game on a board SGF allows"
      and rows[1]["result"] == "" and rows[0]["not_scored"] == ""
      and rows[0]["rules_source"] == "record" and rows[0]["komi_source"] == "record"
      and rows[2]["illegal_moves"] == "1" and rows[2]["first_illegal_move"] == "1"
      and rows[3]["komi"] == "0" and rows[3]["rules_source"] == "default"
      and rows[3]["komi_source"] == "inferred from DT[1930-01-02]")
sys.exit(0 if ok else 1)'
(cd in && "$prog" --progress=never --format=json occupied.sgf nokm.sgf) >sources.jsonl 2>/dev/null
check "JSON: sources and the first illegal move" python3 -c '
import json, sys
a, b = [json.loads(l) for l in open("sources.jsonl", encoding="utf-8")]
ok = (a["illegal_moves"] == 1 and a["first_illegal_move"] == {"move": 1, "id": "occupied"}
      and a["rules_source"] == "record" and b["komi"] == 0
      and b["komi_source"] == "inferred from DT[1930-01-02]" and b["first_illegal_move"] is None)
sys.exit(0 if ok else 1)'
# RE[] in free text: the raw text in "recorded", RE[] as read in FF[4] form
# in "recorded_result", what a pipeline compares with "result"
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[共2手 白胜6目半]%s;B[];W[])\n' "$dame" > in/words.sgf
(cd in && "$prog" --progress=never --format=json words.sgf nokm.sgf chess.sgf) >words.jsonl 2>/dev/null
(cd in && "$prog" --progress=never --format=csv words.sgf chess.sgf) >words.csv 2>/dev/null
check "recorded_result: RE[] as read, in JSON and CSV" python3 -c '
import csv, json, sys
a, b, c = [json.loads(l) for l in open("words.jsonl", encoding="utf-8")]
rows = list(csv.DictReader(open("words.csv", newline="", encoding="utf-8")))
ok = (a["recorded"] == "共2手 白胜6目半" and a["recorded_result"] == "W+6.5"
      and a["agreement"] == "match" and b["recorded_result"] == "W+5"
      and "error" in c and c["recorded_result"] is None
      and rows[0]["recorded_result"] == "W+6.5" and rows[1]["recorded_result"] == ""
      and rows[1]["not_scored"] != "")
sys.exit(0 if ok else 1)'
status 0 "--komi is given" --format=csv --komi=2 in/nokm.sgf
check "--komi: komi_source given" grep -q ',given,0,0,' out
check "--komi: the count uses it, not the komi inferred" grep -q '^in/nokm.sgf,1,chinese,2,0,0,' out

mkdir svg
status 0 "--svg" --svg=svg --rules=all in/right.sgf in/wrong.sgf
check "--svg: one picture per game and rule set" test "$(ls svg | wc -l)" -eq 16
check "--svg: no temporary file left" test -z "$(ls -a svg | grep '^\.in')"
check "--svg: well-formed XML" python3 -c '
import os, sys, xml.dom.minidom
for f in os.listdir("svg"):
    d = xml.dom.minidom.parse(os.path.join("svg", f))
    if d.documentElement.tagName != "svg":
        sys.exit(1)'

status 2 "unknown --dead" --dead=maybe in/right.sgf
status 2 "bad --komi" --komi=lots in/right.sgf
# counts are digits only, within their range (cli_parse_count)
status 0 "--seed at its largest" --seed=18446744073709551615 in/right.sgf
status 2 "--seed past 64 bits" --seed=18446744073709551616 in/right.sgf
status 2 "--seed with a sign" --seed=+5 in/right.sgf
check "--seed with a sign: said so" grep -q "invalid --seed '+5'" err
status 2 "--playouts past its limit" --playouts=1000001 in/right.sgf
status 2 "an empty --playouts" --playouts= in/right.sgf
# an output folder is made when missing, with its parents, as -o DIR of
# sgfconvert --split is; a file in its place is an error
status 0 "--svg makes its folder" --svg=new/svg in/right.sgf
check "--svg: the folder made, with its picture" test "$(ls new/svg | wc -l)" -eq 1
: >not-a-folder
status 2 "--svg on a file" --svg=not-a-folder in/right.sgf
check "--svg on a file: said so" grep -q "'not-a-folder' is not a directory" err
check "--svg on a file: the file left alone" test ! -s not-a-folder
status 2 "unknown rules" --rules=klingon in/right.sgf
status 2 "a missing input" in/right.sgf in/missing.sgf
check "a missing input: the other is scored" grep -q 'right.sgf: ' out


# ---- counting: only game trees are games ------------------------------------
printf '(;GM[1]SZ[9]KM[7];B[ee];W[cc])\n)\n' > stray.sgf
status 0 "a stray ')' after the last game" stray.sgf
check "a stray ')': one game scored, nothing about the ')'" \
    test "$(wc -l <out)" -eq 1
check "a stray ')': not counted as not scored" grep -q ', 0 not scored$' err
check "a stray ')': 1 game" grep -q '^sgfscore: 1 game, 1 error, ' err

finish
