#!/usr/bin/env python3
"""repair_left.py SGFCHECK FILE... - the errors sgfconvert's repairs must
leave none of (doc/repair.md) in what it wrote: sgfcheck --syntax-only over
FILE, less the checks left as they are on purpose, game-information content
and not-go (move legality and results are the replay's: --syntax-only does
not run it).  Prints each such error on stderr and their number on stdout."""
import json
import subprocess
import sys

KEPT = {"komi-scaled", "bad-komi", "bad-handicap", "handicap-none",
        "result-format", "bad-result", "date-format", "bad-date", "bad-time",
        "not-go"}

out = subprocess.run([sys.argv[1], "--syntax-only", "--progress=never",
                      "--format=json", "-j2", *sys.argv[2:]],
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     check=False).stdout
left = 0
for line in out.decode("utf-8", "replace").splitlines():
    game = json.loads(line)
    for d in game.get("diagnostics", []):
        if d["severity"] == "error" and d["id"] not in KEPT:
            left += 1
            print("%s:%s:%s: %s [%s]" % (game["origin"], d["line"],
                                         d["column"], d["message"], d["id"]),
                  file=sys.stderr)
print(left)
