#!/usr/bin/env python3
"""check-jsonl.py FILE... - reads sgfconvert's JSON, JSON Lines and CSV
output with Python's own json and csv modules (doc/json.md) and checks the
shape of what they give.

  *.jsonl, *.ndjson, *.json   every line one object: a game tree (the json
                              form: "nodes", "variations") or a game line
                              (the jsonl form: "moves", "boardXSize", ...)
  *.csv                       RFC 4180: every row as many fields as the
                              header (games or moves columns)

Each line or row is one case; prints what fails and ends with
"N passed, N failed" (exit 1 when any failed)."""

import csv
import json
import re
import sys

GTP = re.compile(r"^[A-HJ-Z]{1,2}[0-9]{1,2}$")
GAMES_COLUMNS = ("game_id,origin,game,offset,width,height,black,black_rank,white,"
                 "white_rank,date,event,round,place,rules,rules_text,komi,"
                 "handicap,result,winner,margin,moves,dyer,moves_hash,status,"
                 "errors,warnings,rules_source,komi_source").split(",")
MOVES_COLUMNS = "game_id,move,color,x,y,sgf,gtp,pass,captures".split(",")
# doc/json.md, "Field names": snake_case, except the names of KataGo's
# analysis queries, kept as KataGo spells them
KATAGO_NAMES = {"id", "boardXSize", "boardYSize", "initialStones",
                "initialPlayer", "moves", "rules", "komi"}
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
SOURCE = re.compile(r"record|given|default|inferred from .+")

passed = 0
failed = 0


def fail(where, what):
    global failed
    failed += 1
    if failed <= 40:
        print("%s: %s" % (where, what))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_tree(where, tree):
    """The tree form, walked without recursion (trees nest deep)."""
    todo = [tree]
    while todo:
        t = todo.pop()
        if not isinstance(t, dict) or not isinstance(t.get("nodes"), list) \
                or not t["nodes"]:
            return "a tree without nodes"
        for node in t["nodes"]:
            if not isinstance(node, list):
                return "a node is not a list"
            for prop in node:
                if not (isinstance(prop, list) and len(prop) == 2
                        and isinstance(prop[0], str)
                        and re.fullmatch(r"[A-Z]+", prop[0])
                        and isinstance(prop[1], list) and prop[1]
                        and all(isinstance(v, str) for v in prop[1])):
                    return "a property is not [ID, [values]]: %r" % (prop,)
        todo.extend(t.get("variations", []))
    return None


def check_move(m):
    return (isinstance(m, list) and len(m) == 2 and m[0] in ("B", "W")
            and (m[1] is None or m[1] == "pass" or GTP.match(m[1])))


def check_line(where, o):
    for key in ("boardXSize", "boardYSize", "game", "offset", "handicap",
                "move_count", "errors", "warnings"):
        if not is_int(o.get(key)):
            return "%s is not an integer" % key
    # KataGo takes no null komi: the komi assumed, and komi_source says so
    if not isinstance(o.get("komi"), (int, float)) or isinstance(o["komi"], bool):
        return "komi is not a number"
    for key in ("rules_source", "komi_source"):
        if not SOURCE.fullmatch(o.get(key) or ""):
            return "%s %r" % (key, o.get(key))
    if o.get("status") not in ("ok", "warnings", "errors"):
        return "status %r" % o.get("status")
    if not isinstance(o.get("rules"), str):
        return "rules is not a string"
    moves = o.get("moves")
    if moves is not None:
        if not isinstance(moves, list) or not all(check_move(m) for m in moves):
            return "moves are not [[colour, point], ...]"
        if len(moves) != o["move_count"]:
            return "%d moves, move_count %d" % (len(moves), o["move_count"])
        stones = o.get("initialStones")
        if not isinstance(stones, list) or not all(
                check_move(s) and s[1] not in (None, "pass") for s in stones):
            return "initialStones are not [[colour, point], ...]"
        if o.get("initialPlayer") not in ("B", "W"):
            return "initialPlayer %r" % o.get("initialPlayer")
    if not (isinstance(o.get("dyer"), str) and len(o["dyer"]) == 12):
        return "dyer %r" % o.get("dyer")
    if not re.fullmatch(r"[0-9a-f]{16}", o.get("moves_hash") or ""):
        return "moves_hash %r" % o.get("moves_hash")
    if not re.fullmatch(r"[0-9a-f]{16}", o.get("game_id") or ""):
        return "game_id %r" % o.get("game_id")
    odd = [k for k in o if k not in KATAGO_NAMES and not SNAKE.fullmatch(k)]
    if odd:
        return "names neither snake_case nor KataGo's: %s" % odd
    return None


def check_json(path):
    global passed
    with open(path, encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            where = "%s:%d" % (path, n)
            if not text.strip():
                continue
            try:
                o = json.loads(text)
            except (ValueError, RecursionError) as e:
                fail(where, "not JSON: %s" % e)
                continue
            if not isinstance(o, dict):
                fail(where, "not an object")
                continue
            problem = check_tree(where, o) if "nodes" in o \
                else check_line(where, o)
            if problem:
                fail(where, problem)
            else:
                passed += 1


def check_csv(path):
    global passed
    with open(path, encoding="utf-8", newline="") as f:
        rows = csv.reader(f, strict=True)
        try:
            header = next(rows)
        except StopIteration:
            fail(path, "empty")
            return
        except csv.Error as e:
            fail(path, "not CSV: %s" % e)
            return
        if header not in (GAMES_COLUMNS, MOVES_COLUMNS):
            fail(path, "unknown header %r" % header)
            return
        ints = [i for i, c in enumerate(header)
                if c in ("game", "offset", "width", "height", "handicap",
                         "moves", "errors", "warnings", "move", "captures")]
        try:
            for n, row in enumerate(rows, 2):
                where = "%s:%d" % (path, n)
                if len(row) != len(header):
                    fail(where, "%d fields, the header has %d"
                         % (len(row), len(header)))
                elif not all(re.fullmatch(r"[0-9]+", row[i]) for i in ints):
                    fail(where, "a count is not a number")
                else:
                    passed += 1
        except csv.Error as e:
            fail(path, "not CSV: %s" % e)


def main(paths):
    if not paths:
        print(__doc__.strip())
        return 2
    for path in paths:
        try:
            if path.endswith(".csv"):
                check_csv(path)
            else:
                check_json(path)
        except (OSError, UnicodeDecodeError) as e:
            fail(path, str(e))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
