#!/usr/bin/env python3
"""assume_heldout.py - how often the rules and komi inferred for a record
that does not state them are the ones it would have stated (doc/gameinfo.md,
"What the record leaves unsaid").  make check-real runs it.

Every single-game .sgf of the real folders that states KM[] (or an RU[]
sgfkit reads) is copied without it, and sgfcheck's JSON report of the copy
(komi, rules, and their sources) is compared with the original's.  The
records are split in two halves by the CRC-32 of their path, so that a
change tuned on one half can be judged on the other: the figures are
printed for each half, and each half must reach the floors.

Usage: assume_heldout.py SGFCHECK CORPUS WORKDIR
Exit status 0 when both halves reach the floors, 1 otherwise, 2 on a
failure to run.
"""
import json
import os
import re
import subprocess
import sys
import zlib

FOLDERS = ("1-pro", "2-online", "3-ai", "4-software-tests")
# What each half must reach (the figures of doc/gameinfo.md, less a margin
# for the records the corpus gains).
FLOOR_KOMI_PRO = 0.85       # professional records: the komi right
FLOOR_KOMI_OTHER = 0.75     # the others (KGS games a rank apart: 0.5)
FLOOR_FAMILY = 0.80         # rules inferred: territory or area right

PROP = {name: re.compile(rb"(?<![A-Za-z])" + name.encode() + rb"\[[^\]]*\]")
        for name in ("KM", "RU")}
# Fox writes KM[0] and RU[Japanese] whatever the game was played with
# (its client YuanYu too, with the komi scaled: KM[750]).
FOX = re.compile(rb"AP\[(foxwq|YuanYu)|PC\[Fox|\xe9\x87\x8e\xe7\x8b\x90")  # 野狐


def family(rules):
    if rules in ("japanese", "korean"):
        return "territory"
    if rules == "ancient-chinese":
        return "ancient"
    return "area"


def records(corpus):
    """(relative path, bytes) of every .sgf under FOLDERS, archives and
    collections aside (one '(;' only)."""
    for folder in FOLDERS:
        for root, _, files in os.walk(os.path.join(corpus, folder)):
            for name in sorted(files):
                if not name.lower().endswith(".sgf"):
                    continue
                path = os.path.join(root, name)
                if os.path.getsize(path) > 1 << 20:
                    continue
                with open(path, "rb") as f:
                    data = f.read()
                if data.count(b"(;") == 1:
                    yield os.path.relpath(path, corpus), data


def report(sgfcheck, cwd, paths):
    """sgfcheck's JSON report of each path (relative to cwd), game 1."""
    out = {}
    for start in range(0, len(paths), 2000):
        r = subprocess.run([sgfcheck, "--progress=never", "-j2",
                            "--format=json", *paths[start:start + 2000]],
                           cwd=cwd, capture_output=True)
        if r.returncode == 2 and not r.stdout:
            sys.exit("assume_heldout: sgfcheck failed: %s"
                     % r.stderr.decode("utf-8", "replace")[-500:])
        for line in r.stdout.splitlines():
            d = json.loads(line)
            if d["game"] == 1 and d["rules"] is not None:
                out[d["origin"]] = d
    return out


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    sgfcheck, corpus, work = (os.path.abspath(a) for a in argv[1:])
    stripped = {"KM": {}, "RU": {}}
    for rel, data in records(corpus):
        for name, rx in PROP.items():
            if len(rx.findall(data)) == 1 and not FOX.search(data):
                dest = os.path.join(work, name, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(rx.sub(b"", data))
                stripped[name][rel] = True
    every = sorted(set(stripped["KM"]) | set(stripped["RU"]))
    orig = report(sgfcheck, corpus, every)
    km = report(sgfcheck, os.path.join(work, "KM"), sorted(stripped["KM"]))
    ru = report(sgfcheck, os.path.join(work, "RU"), sorted(stripped["RU"]))

    # half -> kind -> [right, counted]
    komi = {h: {"pro": [0, 0], "other": [0, 0]} for h in (0, 1)}
    fam = {h: {"inferred": [0, 0], "default": [0, 0]} for h in (0, 1)}
    for rel in every:
        o = orig.get(rel)
        if not o:
            continue
        half = zlib.crc32(rel.encode()) & 1
        k = km.get(rel)
        if k and o["komi_source"] == "record":
            kind = "pro" if rel.startswith("1-pro/") else "other"
            komi[half][kind][0] += k["komi"] == o["komi"]
            komi[half][kind][1] += 1
        r = ru.get(rel)
        if r and o["rules_source"] == "record":
            src = r["rules_source"].split(" ")[0]
            if src in fam[half]:
                fam[half][src][0] += family(r["rules"]) == family(o["rules"])
                fam[half][src][1] += 1

    def share(rc):
        return rc[0] / rc[1] if rc[1] else 1.0

    ok = True
    for h in (0, 1):
        kp, ko = komi[h]["pro"], komi[h]["other"]
        fi, fd = fam[h]["inferred"], fam[h]["default"]
        print("  half %d: komi right %d/%d professional (%.1f%%), %d/%d "
              "others (%.1f%%); rules family right %d/%d inferred "
              "(%.1f%%), %d/%d by default (%.1f%%)"
              % (h, kp[0], kp[1], 100 * share(kp), ko[0], ko[1],
                 100 * share(ko), fi[0], fi[1], 100 * share(fi), fd[0],
                 fd[1], 100 * share(fd)))
        ok &= share(kp) >= FLOOR_KOMI_PRO and share(fi) >= FLOOR_FAMILY
        ok &= share(ko) >= FLOOR_KOMI_OTHER
        ok &= kp[1] > 0 and fi[1] > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
