#!/usr/bin/env python3
"""check-json.py JSONL TEXT - checks sgfcheck's JSON Lines output against
sgfcheck(1), "JSON OUTPUT", and against the text output of the same run
(made with -v, so that notes are printed too).

JSON: every line is one object with origin, game, offset, status, moves,
rules and diagnostics (severity, id, line, column, move, message) of the
right types; games are numbered 1, 2, ... within an origin at increasing
offsets; status agrees with the diagnostics.  Both outputs must hold the same
diagnostics.  Prints what is wrong and exits 1, or exits 0 silently."""

import json
import re
import sys
from collections import Counter

SEVERITIES = ("error", "warning", "note")
TEXT_LINE = re.compile(
    r"^(?P<origin>.*?)(?::(?P<line>\d+):(?P<column>\d+))?: "
    r"(?P<severity>error|warning|note): (?P<message>.*) \[(?P<id>[a-z0-9-]+)\]$")

problems = []


def problem(where, what):
    if len(problems) < 40:
        problems.append("%s: %s" % (where, what))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def as_text(message):
    """The text output writes control characters as \\xNN."""
    return "".join("\\x%02x" % ord(c) if ord(c) < 0x20 or ord(c) == 0x7F else c
                   for c in message)


def check_diag(where, d):
    fields = ("severity", "id", "line", "column", "move", "message")
    if not isinstance(d, dict):
        problem(where, "a diagnostic is not an object")
        return None
    for f in fields:
        if f not in d:
            problem(where, "diagnostic without %r" % f)
            return None
    if d["severity"] not in SEVERITIES:
        problem(where, "severity %r" % d["severity"])
    if not isinstance(d["id"], str) or not re.fullmatch(r"[a-z0-9-]+", d["id"]):
        problem(where, "id %r" % d["id"])
    for f in ("line", "column", "move"):
        if d[f] is not None and not (is_int(d[f]) and d[f] >= 1):
            problem(where, "%s %r is neither null nor a positive integer" % (f, d[f]))
    if (d["line"] is None) != (d["column"] is None):
        problem(where, "line and column: one is null, the other not")
    if not isinstance(d["message"], str) or not d["message"]:
        problem(where, "message %r" % d["message"])
    return d


def main(json_path, text_path):
    from_json = Counter()
    last = {}   # origin -> (game, offset)
    with open(json_path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            where = "%s line %d" % (json_path, n)
            try:
                obj = json.loads(raw)
            except ValueError as e:
                problem(where, "not JSON: %s" % e)
                continue
            if not isinstance(obj, dict):
                problem(where, "not an object")
                continue
            for f, ok in (("origin", lambda v: isinstance(v, str) and v),
                          ("game", lambda v: is_int(v) and v >= 1),
                          ("offset", lambda v: is_int(v) and v >= 0),
                          ("status", lambda v: v in ("ok", "warnings", "errors")),
                          ("moves", lambda v: is_int(v) and v >= 0),
                          ("rules", lambda v: v is None or isinstance(v, str)),
                          ("diagnostics", lambda v: isinstance(v, list))):
                if f not in obj:
                    problem(where, "no %r field" % f)
                    break
                if not ok(obj[f]):
                    problem(where, "%s is %r" % (f, obj[f]))
                    break
            else:
                origin, game = obj["origin"], obj["game"]
                prev = last.get(origin)
                if prev is None and game != 1:
                    problem(where, "%s: first game is numbered %d" % (origin, game))
                if prev is not None:
                    if game != prev[0] + 1:
                        problem(where, "%s: game %d follows game %d" % (origin, game, prev[0]))
                    if obj["offset"] <= prev[1]:
                        problem(where, "%s: offset %d not after %d" % (origin, obj["offset"], prev[1]))
                last[origin] = (game, obj["offset"])
                sevs = set()
                for d in obj["diagnostics"]:
                    d = check_diag(where, d)
                    if d is None:
                        continue
                    sevs.add(d["severity"])
                    from_json[(origin, d["line"], d["column"], d["severity"],
                               d["id"], as_text(d["message"]))] += 1
                status = ("errors" if "error" in sevs else
                          "warnings" if "warning" in sevs else "ok")
                if obj["status"] != status:
                    problem(where, "status %r but the diagnostics say %r" % (obj["status"], status))
    if not last:
        problem(json_path, "no game at all")

    from_text = Counter()
    with open(text_path, "rb") as f:
        for n, raw in enumerate(f, 1):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            m = TEXT_LINE.match(line)
            if not m:
                problem("%s line %d" % (text_path, n), "not a diagnostic: %r" % line)
                continue
            ln = int(m["line"]) if m["line"] else None
            col = int(m["column"]) if m["column"] else None
            from_text[(m["origin"], ln, col, m["severity"], m["id"], m["message"])] += 1

    for k in sorted((from_json - from_text).keys(), key=repr)[:10]:
        problem("JSON only", repr(k))
    for k in sorted((from_text - from_json).keys(), key=repr)[:10]:
        problem("text only", repr(k))

    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.stderr.write("usage: check-json.py JSONL TEXT\n")
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
