#!/usr/bin/env python3
"""aftermath_pivot.py - where sgfscore's finish and GNU Go's aftermath part,
on records that stop before the dame.

For each record: GNU Go 3.8 plays the game out (--score aftermath, the
rules and komi sgfscore counts with); its moves before its first two
passes are appended to the record one at a time, and sgfscore counts
each longer record.  The pivot is the number of GNU Go's moves after
which sgfscore's count equals RE[] and stays there: 1 says that the
finish's first move is what differs, a late pivot that the difference
builds up over many moves, "-" that GNU Go's moves do not lead there.

Usage: aftermath_pivot.py [--tool SGFSCORE] [--arg ARG]... [--cache DIR]
                          FILE...

Prints a line a record (RE[], sgfscore's count, GNU Go's moves with the
count after each, the pivot), then how many records have each pivot.
GNU Go's games are kept in the cache folder (default
/tmp/sgfkit-aftermath), about a second each.  Exit 0, 2 when a tool
could not run.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

from score_eval import (GNUGO, komi_stated, read, recorded_margin, rules_kind,
                        run_tool)

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def count(tool, args, data):
    """sgfscore's JSON object for the record's bytes, None when it gave none."""
    fd, path = tempfile.mkstemp(suffix=".sgf")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    try:
        out, _ = run_tool(tool, args, [path], 1)
    finally:
        os.unlink(path)
    return out.get((path, 1))


def aftermath(cache, path, data, rules, komi):
    """GNU Go's moves after the record, as (colour, SGF point) pairs."""
    key = hashlib.sha1(("%s|%s|%s" % (path, rules, komi)).encode()).hexdigest()
    out = os.path.join(cache, key + ".sgf")
    if not os.path.exists(out):
        fd, copy = tempfile.mkstemp(suffix=".sgf")
        with os.fdopen(fd, "wb") as fh:
            fh.write(komi_stated(data, komi))
        fd, tmp = tempfile.mkstemp(dir=cache, suffix=".sgf")
        os.close(fd)
        try:
            subprocess.run(["nice", "-n", "10", GNUGO, "--score", "aftermath",
                            "--komi", str(komi), "--chinese-rules" if rules == "area"
                            else "--japanese-rules", "-l", copy, "-o", tmp],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=False)
        finally:
            os.unlink(copy)
        os.replace(tmp, out)
    moves = re.findall(r";([BW])\[([a-z]{0,2})\]",
                       open(out, encoding="latin-1").read())
    # GNU Go's file holds the final position as setup, then its moves;
    # its first two passes end the dame, the rest only removes dead stones
    for i in range(len(moves) - 1):
        if moves[i][1] in ("", "tt") and moves[i + 1][1] in ("", "tt"):
            return moves[:i]
    return moves


def point_name(m, height):
    if m in ("", "tt"):
        return "pass"
    return COLUMNS[ord(m[0]) - 97] + str(height - (ord(m[1]) - 97))


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--tool", default=None)
    ap.add_argument("--arg", action="append", default=[])
    ap.add_argument("--cache", default="/tmp/sgfkit-aftermath")
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.abspath(__file__))
    tool = a.tool or os.path.join(here, "..", "..", "build", "bin", "sgfscore")
    if not os.access(tool, os.X_OK) or not os.access(GNUGO, os.X_OK):
        print("aftermath-pivot: needs %s and %s" % (tool, GNUGO), file=sys.stderr)
        return 2
    os.makedirs(a.cache, exist_ok=True)
    args = ["--dead=estimate"] + a.arg
    pivots = Counter()
    for path in a.files:
        data = read(path)
        first = count(tool, args, data)
        if not first or "error" in first or recorded_margin(first["recorded"]) is None:
            print("%s: no count or no recorded margin" % path)
            pivots["no count"] += 1
            continue
        want = recorded_margin(first["recorded"])
        moves = aftermath(a.cache, path, data, rules_kind(first), first["komi"])
        size = re.search(rb"SZ\[(\d+)", data)
        height = int(size.group(1)) if size else 19
        end = data.rstrip().rfind(b")")
        margins = [first["margin"]]
        for k in range(1, len(moves) + 1):
            tail = b"".join(b";%s[%s]" % (c.encode(), m.encode())
                            for c, m in moves[:k])
            row = count(tool, args, data[:end] + tail + data[end:])
            margins.append(row["margin"] if row and "error" not in row else float("nan"))
        pivot = len(margins)
        while pivot > 0 and abs(margins[pivot - 1] - want) < 1e-6:
            pivot -= 1
        label = "-" if pivot == len(margins) else str(pivot)
        pivots[label if label in ("-", "0", "1") else
               "2-3" if pivot <= 3 else "4-8" if pivot <= 8 else "9+"] += 1
        print("%s RE[%s] count %+g pivot %s: %s" % (
            path, first["recorded"], margins[0], label,
            " ".join("%s%s %+g" % (c, point_name(m, height), margins[i + 1])
                     for i, (c, m) in enumerate(moves))))
    print("pivots: " + ", ".join("%s %d" % kv for kv in sorted(pivots.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
