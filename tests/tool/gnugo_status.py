#!/usr/bin/env python3
"""gnugo_status.py - sgfscore's dead stones and territory beside GNU Go's,
point by point, for the records score_eval.py lists as misses.

For each record: sgfscore's --diagram (its dead stones, territory, dame
and seki on the record's last position, with the options given by --arg),
then every point where GNU Go 3.8 says otherwise (`final_status_list`
alive, dead, seki, black_territory, white_territory and dame after
`loadsgf`, under the rules and komi sgfscore counted with: Japanese rules
for territory scoring, Chinese for area).  GNU Go's statuses come from its
own play-out of the end, so a point it lists as dame inside a territory is
usually a teire it filled there, and the count of such points, not where
they lie, is what differs.

Usage: gnugo_status.py [--tool SGFSCORE] [--arg ARG]... FILE...

Prints, per record, sgfscore's summary line and diagram, then one line
per kind of difference ("ours/GNU Go" and the points), or "same".  A point
both call alive but GNU Go puts in seki is not a difference: sgfscore
marks seki only on the strings its check proves.  Exit 0, 2 when a tool
could not run.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score_eval import GNUGO, komi_stated, read, rules_kind  # noqa: E402

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
STATUSES = ["alive", "dead", "seki", "white_territory", "black_territory", "dame"]
# sgfscore's diagram characters (doc/sgfscore.1, --diagram) as GNU Go's
# status names
OURS = {"X": "alive", "O": "alive", "x": "dead", "o": "dead",
        "b": "black_territory", "w": "white_territory", ".": "dame",
        "+": "dame", "-": "dame", "=": "seki"}


def sgfscore(tool, args, path):
    """sgfscore's JSON object and --diagram lines for the record's first game."""
    js = subprocess.run([tool, "--format=json", "-q"] + args + [path],
                        capture_output=True, text=True)
    dg = subprocess.run([tool, "--diagram", "-q"] + args + [path],
                        capture_output=True, text=True)
    if js.returncode not in (0, 1) or not js.stdout:
        sys.stderr.write(js.stderr)
        sys.exit(2)
    return json.loads(js.stdout.splitlines()[0]), dg.stdout.splitlines()


def diagram_points(lines, size):
    """Point name -> GNU Go status name, read from the diagram's rows."""
    points = {}
    for line in lines:
        m = re.match(r"^\s*(\d+) (.*)$", line)
        if not m or len(m.group(2)) < 2 * size - 1:
            continue
        y, body = int(m.group(1)), m.group(2)
        for x in range(size):
            # cells sit at even offsets; the last move's "(" and ")" take
            # the separators around it
            points["%s%d" % (COLUMNS[x], y)] = OURS.get(body[2 * x], body[2 * x])
    return points


def gnugo_points(path, o):
    """Point name -> GNU Go's final status, the record given the komi counted."""
    fd, copy = tempfile.mkstemp(suffix=".sgf")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(komi_stated(read(path), o["komi"]))
        rules = "--chinese-rules" if rules_kind(o) == "area" else "--japanese-rules"
        cmds = "loadsgf %s\n" % copy + "".join(
            "final_status_list %s\n" % s for s in STATUSES) + "quit\n"
        p = subprocess.run([GNUGO, "--mode", "gtp", rules], input=cmds,
                           capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(copy)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        sys.exit(2)
    answers = [b for b in p.stdout.split("\n\n") if b.startswith("=")]
    points = {}
    # the first answer is loadsgf's (the colour to move)
    for status, block in zip(STATUSES, answers[1:]):
        for pt in block.lstrip("= ").split():
            points[pt] = status
    return points


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--tool", default=None)
    ap.add_argument("--arg", action="append", default=[])
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.abspath(__file__))
    tool = a.tool or os.path.join(here, "..", "..", "build", "bin", "sgfscore")
    for path in a.files:
        o, lines = sgfscore(tool, a.arg, path)
        # the JSON has no board size: the diagram has a row per line of the board
        size = len([ln for ln in lines if re.match(r"^\s*\d+ ", ln)])
        ours = diagram_points(lines, size)
        theirs = gnugo_points(path, o)
        print("\n".join(lines[:1] + [ln for ln in lines[1:] if ln.strip()]))
        diff = defaultdict(list)
        for pt, mine in ours.items():
            gnu = theirs.get(pt, "?")
            if mine != gnu and not (mine == "alive" and gnu == "seki"):
                diff[(mine, gnu)].append(pt)
        if not diff:
            print("GNU Go: same")
        for (mine, gnu), pts in sorted(diff.items()):
            print("ours %s / GNU Go %s: %s" % (mine, gnu, " ".join(pts)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
