#!/usr/bin/python3
"""dups-real.py - sgfstat --duplicates over real professional games
(make check-real; skipped without the real corpus).

Usage: dups-real.py SGFSTAT CORPUS WORKDIR [--list]

Takes up to 3,000 professional games of CORPUS/1-pro (the Gosei-Kifu
collection, and the Go Seigen collection in GBK, which holds some of the
same games under Chinese names), plants copies of 60 of them in WORKDIR:
rotated, mirrored, colours swapped (players too), truncated to 70%,
re-encoded (GBK -> UTF-8, or UTF-8 -> GB18030) and with other game
information, then runs sgfstat --duplicates over all of it.  Asserts:
every planted copy is in its original's set with the right kind of
match; no set of the real games has a record whose players or date
contradict the kept one's (a sign of distinct games grouped).  --list
prints every set of real games, for judging by hand.
"""
import json, os, re, subprocess, sys

sgfstat, corpus, work = sys.argv[1:4]
listing = "--list" in sys.argv
PROP = re.compile(rb"([A-Z]+)((?:\s*\[(?:\\.|[^\]\\])*\])+)", re.S)
VAL = re.compile(rb"\[((?:\\.|[^\]\\])*)\]", re.S)


def moves_of(data):
    return sum(1 for m in PROP.finditer(data) if m.group(1) in (b"B", b"W"))


def linear(data):
    return data.count(b"(") == 1


def sym_point(v, k, n=19):
    if len(v) != 2 or not (b"a"[0] <= v[0] < b"a"[0] + n and
                           b"a"[0] <= v[1] < b"a"[0] + n):
        return v
    x, y = v[0] - 97, v[1] - 97
    if k & 1:
        x = n - 1 - x
    if k & 2:
        y = n - 1 - y
    if k & 4:
        x, y = y, x
    return bytes([97 + x, 97 + y])


def rewrite(data, fn):
    """fn(ident, values) -> (ident, values) for every property."""
    out, at = [], 0
    for m in PROP.finditer(data):
        ident = m.group(1)
        vals = VAL.findall(m.group(2))
        ident2, vals2 = fn(ident, vals)
        out.append(data[at:m.start()])
        out.append(ident2 + b"".join(b"[" + v + b"]" for v in vals2))
        at = m.end()
    out.append(data[at:])
    return b"".join(out)


def transform(data, k):
    def fn(ident, vals):
        if ident in (b"B", b"W", b"AB", b"AW", b"AE"):
            return ident, [sym_point(v, k) for v in vals]
        return ident, vals
    return rewrite(data, fn)


SWAP = {b"B": b"W", b"W": b"B", b"AB": b"AW", b"AW": b"AB", b"PB": b"PW",
        b"PW": b"PB", b"BR": b"WR", b"WR": b"BR"}


def swap(data):
    def fn(ident, vals):
        if ident == b"RE":
            return ident, [v.replace(b"B+", b"\0").replace(b"W+", b"B+")
                           .replace(b"\0", b"W+") for v in vals]
        if ident == b"PL":
            return ident, [{b"B": b"W", b"W": b"B"}.get(v, v) for v in vals]
        return SWAP.get(ident, ident), vals
    return rewrite(data, fn)


def truncate(data, keep):
    n = 0
    for m in PROP.finditer(data):
        if m.group(1) in (b"B", b"W"):
            n += 1
            if n == keep:
                rest = data.find(b";", m.end())
                return data[:rest] + b")\n" if rest > 0 else data
    return data


def other_info(data):
    def fn(ident, vals):
        new = {b"PB": b"Someone Else", b"PW": b"Another Player",
               b"DT": b"1999-01-01", b"RE": b"B+R", b"EV": b"copy"}
        return (ident, [new[ident]]) if ident in new else (ident, vals)
    return rewrite(data, fn)


def reencode(path, data):
    if b"CA[" in data or "m8weiqipu" in path:
        try:
            text = data.decode("gbk")
        except UnicodeDecodeError:
            return None
        return text.replace("(;", "(;CA[UTF-8]", 1).encode("utf-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text.replace("(;", "(;CA[GB18030]", 1).encode("gb18030")


def sequence(path):
    """The main line's moves as (colour relative to the first, x, y)."""
    data = open(path, "rb").read()
    out, first = [], None
    for m in PROP.finditer(data):
        if m.group(1) not in (b"B", b"W"):
            continue
        v = VAL.findall(m.group(2))
        v = v[0] if v else b""
        first = first or m.group(1)
        p = (v[0] - 97, v[1] - 97) if len(v) == 2 else None
        out.append((m.group(1) == first, p))
    return out


def common_prefix(a, b):
    """The longest common prefix of a and b under the 8 symmetries."""
    best = 0
    for k in range(8):
        n = 0
        for (ca, pa), (cb, pb) in zip(a, b):
            if pb is not None:
                x, y = pb
                if k & 1:
                    x = 18 - x
                if k & 2:
                    y = 18 - y
                if k & 4:
                    x, y = y, x
                pb = (x, y)
            if ca != cb or pa != pb:
                break
            n += 1
        best = max(best, n)
    return best


def other_players(a, b):
    def names(x):
        return {re.sub(r"[^a-z\u0080-\U0010ffff]", "", (x[k] or "").lower())
                for k in ("black", "white")} - {""}
    na, nb = names(a), names(b)
    ascii_a = all(n.isascii() for n in na)
    ascii_b = all(n.isascii() for n in nb)
    return bool(na and nb and ascii_a == ascii_b and not na & nb)


def main():
    pro = os.path.join(corpus, "1-pro")
    paths = []
    for sub in ("shiofreecss__Gosei-Kifu", "feitianyiren__m8weiqipu"):
        for root, dirs, files in os.walk(os.path.join(pro, sub)):
            dirs.sort()
            paths += [os.path.join(root, f) for f in sorted(files)
                      if f.lower().endswith(".sgf")]
    if not paths:
        print("dups-real: SKIP: no professional games under", pro)
        return 0
    games = []
    for p in paths:
        data = open(p, "rb").read()
        if linear(data) and moves_of(data) >= 60 and b"SZ[" not in data or \
                (linear(data) and b"SZ[19]" in data and moves_of(data) >= 60):
            games.append((p, data))
    # an even stride through the sorted paths: every era and player
    # (SGFKIT_DUPS_GAMES sets how many; 3,000 by default)
    most = int(os.environ.get("SGFKIT_DUPS_GAMES", "3000"))
    step = max(1, len(games) // most)
    games = games[::step][:most]
    os.makedirs(os.path.join(work, "planted"), exist_ok=True)
    kinds = ["rotated", "mirrored", "colours", "truncated", "charset", "info"]
    planted = {}
    made = 0
    for i, (p, data) in enumerate(games[7::len(games) // 60 or 1]):
        kind = kinds[made % len(kinds)]
        if kind == "rotated":
            copy = transform(data, 5)
        elif kind == "mirrored":
            copy = transform(data, 1)
        elif kind == "colours":
            copy = transform(swap(data), 3)
        elif kind == "truncated":
            copy = truncate(data, max(50, moves_of(data) * 7 // 10))
        elif kind == "charset":
            copy = reencode(p, data)
        else:
            copy = other_info(data)
        if copy is None or copy == data and kind != "charset":
            continue
        name = os.path.join(work, "planted", "%03d-%s.sgf" % (made, kind))
        open(name, "wb").write(copy)
        planted[name] = (p, kind)
        made += 1
        if made == 60:
            break
    listfile = os.path.join(work, "inputs.txt")
    with open(listfile, "w", encoding="utf-8", errors="surrogateescape") as f:
        for p, _ in games:
            f.write(p + "\n")
    args = [sgfstat, "--progress=never", "-q", "--duplicates", "-j2",
            "--format=json", "--top=1",
            "--drop-list=" + os.path.join(work, "drop.tsv"),
            os.path.join(work, "planted")] + [p for p, _ in games]
    r = subprocess.run(args, stdout=subprocess.PIPE)
    if r.returncode not in (0, 1):
        print("dups-real: sgfstat exited %d" % r.returncode)
        return 1
    d = json.loads(r.stdout)["duplicates"]
    set_of, rec = {}, {}
    for i, g in enumerate(d["groups"]):
        for x in g["records"]:
            set_of[x["origin"]] = i
            rec[x["origin"]] = x
    found, wrong = 0, []
    want = {"rotated": lambda x: x["symmetry"] != "same",
            "mirrored": lambda x: x["symmetry"] != "same",
            "colours": lambda x: x["colors_swapped"],
            "truncated": lambda x: x["match"] == "prefix",
            "charset": lambda x: x["match"] in ("identical", "same_moves"),
            "info": lambda x: x["match"] == "same_moves"}
    for name, (orig, kind) in sorted(planted.items()):
        s = set_of.get(name)
        if s is not None and s == set_of.get(orig):
            found += 1
            x = rec[name] if rec[name]["action"] == "drop" else rec[orig]
            if not want[kind](x):
                wrong.append("%s: %s, got %s" % (name, kind, json.dumps(x)))
        else:
            wrong.append("%s (%s of %s): not found" % (name, kind, orig))
    real_sets = [g for g in d["groups"]
                 if sum(1 for x in g["records"]
                        if not x["origin"].startswith(work)) >= 2]
    # the judge, independent of sgfstat's hashes: each real record against
    # its set's kept one, move by move under the 8 symmetries with colours
    # relative to the first mover; distinct games grouped = a record that
    # agrees over less than two thirds of its moves, or whose players and
    # date both contradict the kept one's (names in one script, no name in
    # common)
    mistakes, shares = [], []
    for g in real_sets:
        k = g["records"][0]
        ref = sequence(k["origin"])
        for x in g["records"][1:]:
            if x["origin"].startswith(work):
                continue
            seq = sequence(x["origin"])
            same = common_prefix(ref, seq)
            shares.append(same / max(1, len(seq)))
            if same * 3 < len(seq) * 2 or (x["info"] == "conflict" and
                                           other_players(k, x)):
                mistakes.append((k, x, same, len(seq)))
    print("dups-real: %d real professional games, %d planted copies: "
          "%d found (%d of the wrong kind); evidence from %d moves; "
          "%d sets of real games (%d records besides the kept ones, "
          "%d agree with the kept one over all their moves): %d distinct "
          "games grouped"
          % (len(games), len(planted), found, len(wrong) - (len(planted) -
             found), d["evidence_moves"], len(real_sets), len(shares),
             sum(1 for v in shares if v == 1), len(mistakes)))
    for w in wrong:
        print("    " + w)
    for k, x, same, n in mistakes:
        print("    grouped: %s (%s-%s %s) / %s (%s-%s %s): %d of %d moves"
              % (k["origin"], k["black"], k["white"], k["date_text"],
                 x["origin"], x["black"], x["white"], x["date_text"], same,
                 n))
    if listing:
        for g in real_sets:
            print("  set of %d moves" % g["moves"])
            for x in g["records"]:
                print("    %s %s %d %s | %s | %s | %s | %s %s" % (
                    x["action"], x["origin"], x["moves"], x["match"],
                    x["black"], x["white"], x["date_text"], x["info"],
                    x["symmetry"]))
    return 0 if found == len(planted) and not wrong and not mistakes else 1


sys.exit(main())
