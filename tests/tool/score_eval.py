#!/usr/bin/env python3
"""score_eval.py - the dead-stone estimate against known results, with GNU Go
side by side.

Sets (each game once: a file whose text, blanks removed, was seen before is
skipped):

  kgs19     19x19 KGS games the server counted (TB/TW on the last node,
            a points RE[]; tests/tool/kgs_scores.py), markup ignored; also
            the server's dead stones
  server19  other finished 19x19 server games: the main line ends with two
            passes, RE[] is a points result, RU[] and KM[] are written, no
            markup (KGS, NNGS, CGOS, ...)
  small     the same two kinds on 9x9 and 13x13 (reported per size)
  pro       1-pro/shiofreecss__Gosei-Kifu: at least 200 moves, a numeric
            RE[], KM[] written (the games without KM[] are the set
            nokm), scored with --rules=japanese; these records stop
            before the dame
  nokm      the same records without KM[]: sgfscore infers the rules
            and the komi from the record (rules_source, komi_source);
            GNU Go is given the komi and rules sgfscore inferred
  otherpro  the other professional collections of 1-pro (Go Seigen's
            games, Chinese historical and modern ones): records no
            tuning has looked at.  At least 200 moves, 19x19, a numeric
            result as sgfscore reads it (recorded_result: 黑胜1目 is
            B+1), counted with sgfscore's defaults (rules and komi
            inferred); not a game whose moves are a Gosei-Kifu record's,
            nor one under ancient Chinese rules (GNU Go has no group tax)
  aiserver  games of programs on online servers (Fox, Tygem, WBaduk...)
            in 3-ai/yenw__computer-go-dataset that the server counted:
            a points RE[] that sgfscore reads as a count (not Fox's
            W+0.02 or W+0.0), at least 100 moves, 19x19, no
            markup, and no final passes (those with them are in
            server19); counted with sgfscore's defaults (rules and komi
            from the record, or inferred)
  ogs       4-software-tests/online-go__score-estimator: final boards with
            the dead stones OGS removed; each becomes a setup-only SGF under
            the work folder, its RE[] the area count (Chinese rules, komi
            7.5) with those stones removed
  goscorer  4-software-tests/lightvector__goscorer expected outputs: boards
            whose dead stones are marked (w, b), the same way

Every game falls in one half by a hash of its path inside the corpus
(sha1, first byte even: "tune", odd: "hold"); tune on one half, report the
other.  --half picks one (default: both, reported apart).

GNU Go (/usr/games/gnugo --score aftermath, --japanese-rules or
--chinese-rules as the rules say, --komi as counted, and a record without
KM[] given as a copy that states it: GNU Go takes the komi of the file it
loads, its own default when there is none; under area rules the
handicap points White is owed are added to its margin, as tests/bench/score
does) is read from a cache folder (--cache, default /tmp/sgfkit-gnugo);
--gnugo fills the missing answers first (about 1 s a game), -j at a time.
A game GNU Go has not counted within --gnugo-timeout seconds (default 600;
one KGS game ran 13 minutes unfinished) is stopped and cached as no answer: delete
its cache file to ask again.

Usage: score_eval.py [--sets a,b] [--half tune|hold|both] [--list]
                     [--gnugo] [--gnugo-timeout S] [--cache DIR]
                     [--work DIR] [-j N]
                     [--tool SGFSCORE] [--base SGFSCORE] [--arg ARG]... CORPUS

A game whose count is the exact opposite of its recorded result by 10
points or more (W+58.5 against B+58.5) is a record naming the wrong
winner: it is counted apart ("reversed"), not in the figures.

Prints per set and half: games, winner %, exact %, off by 10 or more,
marked settled (unsettled = 0), of those off by more than 3 and by 10 or
more, and their winner %, how many misses are RE[] with the other player
first after the record's end (agreement other-order: not in exact),
dead sets equal
(kgs19, ogs, goscorer), GNU Go's winner, exact and off by 10 on the games
it answered (and sgfkit's on the same games when that is not all), and sgfscore's games/s; --list adds each miss (off by more
than the margin, or winner wrong) with GNU Go's answer.  --arg passes an
option to sgfscore (e.g. --arg=--seed=3).  --base names a second sgfscore
(the build before a change): each figure line gets its "base" line above
it, from the same games and options, and every game whose count came
nearer to RE[] or went farther is listed with both counts.  Exit 0, 2
when sgfscore could not run.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kgs_scores  # noqa: E402

GNUGO = "/usr/games/gnugo"
ALL_SETS = ["kgs19", "server19", "small", "pro", "nokm", "otherpro",
            "aiserver", "ogs", "goscorer"]
PRO_DIR = "1-pro/shiofreecss__Gosei-Kifu"
SERVER_DIRS = ["2-online", "3-ai", "4-software-tests"]
AI_DIR = "3-ai/yenw__computer-go-dataset"
OGS_DIR = "4-software-tests/online-go__score-estimator/test_games"
GOSCORER_DIR = "4-software-tests/lightvector__goscorer/python/expected_test_output"
# margins from which a count that is the exact opposite of RE[] is taken
# for a record naming the wrong winner
REVERSED_MIN = 10
POINTS_RE = re.compile(r"^([BW])\+([0-9]+(?:\.[0-9]*)?)$")


def recorded_margin(text):
    """Black minus White from an RE[] text, None when not a count."""
    text = (text or "").strip()
    m = POINTS_RE.match(text)
    if m:
        v = float(m.group(2))
        return v if m.group(1) == "B" else -v
    if text in ("0", "Draw", "Jigo", "jigo", "draw"):
        return 0.0
    return None


def recorded_of(o):
    """Black minus White of the RE[] sgfscore read (recorded_result: free
    text such as 黑胜1目 too; the raw text from a build before the field,
    as an A/B run may use), None when not a count."""
    return recorded_margin(o.get("recorded_result") or o["recorded"])


def half_of(rel):
    return "tune" if hashlib.sha1(rel.encode()).digest()[0] % 2 == 0 else "hold"


def run_tool(tool, args, files, jobs):
    """sgfscore's JSON objects by (origin, game), and the seconds it took."""
    out = {}
    took = 0.0
    for i in range(0, len(files), 2000):
        chunk = files[i:i + 2000]
        start = time.monotonic()
        p = subprocess.run([tool, "--progress=never", "-q", "--format=json",
                            "-j", str(jobs)] + args + chunk,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
        took += time.monotonic() - start
        if p.returncode not in (0, 1):
            sys.stderr.write(p.stderr.decode("utf-8", "replace"))
            if p.returncode < 0:
                # -q leaves nothing on stderr: name the crash and its files
                sys.stderr.write("score-eval: %s killed by signal %d on %d files "
                                 "from %s\n" % (tool, -p.returncode, len(chunk),
                                                 chunk[0]))
            sys.exit(2)
        for line in p.stdout.decode("utf-8").splitlines():
            o = json.loads(line)
            out[(o["origin"], o["game"])] = o
    return out, took


def read(path):
    with open(path, "rb") as fh:
        return fh.read()


class Dedup:
    def __init__(self):
        self.seen = set()

    def first(self, data):
        h = hashlib.sha1(re.sub(rb"\s", b"", data)).digest()
        if h in self.seen:
            return False
        self.seen.add(h)
        return True


def sgf_files(root):
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if f.lower().endswith(".sgf"):
                yield os.path.join(d, f)


# ---- the sets ----

def board_size(data):
    m = re.search(rb"SZ\[\s*(\d+)", data)
    return int(m.group(1)) if m else 19


def has_markup(data):
    """Does the record mark territory (TB[] or TW[])?"""
    return re.search(rb"\bT[BW]\[", data) is not None


def server_games(corpus, tool, dedup):
    """(kgs-marked, unmarked finished) games of 2-online, 3-ai and
    4-software-tests, each a list of (path, size)."""
    marked_paths = set(kgs_scores.counted_games(corpus))
    roots = [os.path.join(corpus, d) for d in SERVER_DIRS]
    files = [f for r in roots for f in sgf_files(r)]
    probe, _ = run_tool(tool, ["--dead=auto"], files, 2)
    marked, unmarked = [], []
    for (origin, game), o in sorted(probe.items()):
        if "error" in o or game != 1:
            continue
        if recorded_margin(o["recorded"]) is None:
            continue
        data = read(origin)
        size = board_size(data)
        if origin in marked_paths and o["method"] == "markup":
            if dedup.first(data):
                marked.append((origin, size))
            continue
        if (not o["ended"] or has_markup(data)
                or not re.search(rb"RU\[", data) or not re.search(rb"KM\[", data)):
            continue
        if dedup.first(data):
            unmarked.append((origin, size))
    return marked, unmarked


def pro_games(corpus, tool, dedup):
    """(games to score, games without KM[]) of the pro folder."""
    files = list(sgf_files(os.path.join(corpus, PRO_DIR)))
    probe, _ = run_tool(tool, ["--dead=none", "--rules=japanese"], files, 2)
    keep, nokm = [], []
    for (origin, game), o in sorted(probe.items()):
        if "error" in o or game != 1 or o["moves"] < 200:
            continue
        if recorded_margin(o["recorded"]) is None:
            continue
        data = read(origin)
        if board_size(data) != 19 or not dedup.first(data):
            continue
        (keep if re.search(rb"KM\[", data) else nokm).append(origin)
    return keep, nokm


def moves_of(data):
    """The record's moves as one string: the same game in two
    collections, whatever their headers and comments."""
    return b"".join(re.findall(rb";\s*[BW]\s*\[[a-s]{0,2}\]", data))


def other_pro_games(corpus, tool, dedup):
    """The games of 1-pro outside Gosei-Kifu (otherpro)."""
    pro = os.path.join(corpus, PRO_DIR)
    known = {moves_of(read(f)) for f in sgf_files(pro)}
    files = [f for f in sgf_files(os.path.join(corpus, "1-pro"))
             if not f.startswith(pro + os.sep)]
    probe, _ = run_tool(tool, ["--dead=none"], files, 2)
    keep = []
    for (origin, game), o in sorted(probe.items()):
        if ("error" in o or game != 1 or o["moves"] < 200
                or o["rules"] == "ancient-chinese"):
            continue
        if recorded_of(o) is None:
            continue
        data = read(origin)
        if (board_size(data) != 19 or moves_of(data) in known
                or not dedup.first(data)):
            continue
        keep.append(origin)
    return keep


def ai_server_games(corpus, tool, dedup):
    """The counted games of programs on servers whose records have no
    final passes (aiserver)."""
    files = list(sgf_files(os.path.join(corpus, AI_DIR)))
    probe, _ = run_tool(tool, ["--dead=none"], files, 2)
    keep = []
    for (origin, game), o in sorted(probe.items()):
        if "error" in o or game != 1 or o["moves"] < 100 or o["ended"]:
            continue
        # Fox's RE[W+0.02] and the like are no count (not-comparable)
        if not recorded_of(o) or o["agreement"] == "not-comparable":
            continue
        data = read(origin)
        if (board_size(data) != 19 or has_markup(data)
                or not dedup.first(data)):
            continue
        keep.append(origin)
    return keep


def sgf_point(x, y):
    return chr(ord("a") + x) + chr(ord("a") + y)


def area_margin(board, dead, komi):
    """Black minus White by area, with the dead stones taken off."""
    h, w = len(board), len(board[0])
    live = [[0 if dead[y][x] else board[y][x] for x in range(w)] for y in range(h)]
    score = {1: 0, 2: 0}
    seen = [[False] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            c = live[y][x]
            if c:
                score[c] += 1
                continue
            if seen[y][x]:
                continue
            stack, n, touch = [(x, y)], 0, 0
            seen[y][x] = True
            while stack:
                a, b = stack.pop()
                n += 1
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    u, v = a + dx, b + dy
                    if 0 <= u < w and 0 <= v < h:
                        if live[v][u]:
                            touch |= live[v][u]
                        elif not seen[v][u]:
                            seen[v][u] = True
                            stack.append((u, v))
            if touch in (1, 2):
                score[touch] += n
    return score[1] - score[2] - komi


def write_position(work, name, board, dead, to_move, source):
    """A setup-only SGF of board (0 empty, 1 black, 2 white), RE[] its
    area count with the dead stones off; returns its path."""
    h, w = len(board), len(board[0])
    komi = 7.5
    m = area_margin(board, dead, komi)
    re_text = "0" if m == 0 else ("B+%g" % m if m > 0 else "W+%g" % -m)
    ab = "".join("[%s]" % sgf_point(x, y) for y in range(h) for x in range(w)
                 if board[y][x] == 1)
    aw = "".join("[%s]" % sgf_point(x, y) for y in range(h) for x in range(w)
                 if board[y][x] == 2)
    deadpts = [sgf_point(x, y) for y in range(h) for x in range(w) if dead[y][x]]
    size = "%d" % w if w == h else "%d:%d" % (w, h)
    text = ("(;GM[1]FF[4]SZ[%s]RU[Chinese]KM[%g]RE[%s]PL[%s]GC[%s dead: %s]"
            "%s%s)\n" % (size, komi, re_text, "B" if to_move == 1 else "W",
                         source, " ".join(deadpts),
                         "AB" + ab if ab else "", "AW" + aw if aw else ""))
    path = os.path.join(work, name + ".sgf")
    with open(path, "w") as fh:
        fh.write(text)
    return path, deadpts


def ogs_positions(corpus, work):
    out = []
    root = os.path.join(corpus, OGS_DIR)
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".game"):
                continue
            src = os.path.join(d, f)
            lines = [l.split("#")[0].strip() for l in open(src)]
            head, rows = {}, []
            for l in lines:
                parts = l.split()
                if len(parts) == 2 and parts[0] in ("height", "width",
                                                     "player_to_move"):
                    head[parts[0]] = int(parts[1])
                elif parts and all(re.match(r"^-?\d+$", p) for p in parts):
                    rows.append([int(p) for p in parts])
            h = head.get("height", 0)
            if not h or len(rows) < 2 * h:
                continue
            board = [[{1: 1, -1: 2}.get(v, 0) for v in r] for r in rows[:h]]
            dead = [[bool(v) and board[y][x] != 0 for x, v in enumerate(r)]
                    for y, r in enumerate(rows[h:2 * h])]
            if not any(any(r) for r in board):
                continue
            rel = os.path.relpath(src, corpus)
            name = "ogs-" + re.sub(r"[^A-Za-z0-9]+", "-", os.path.relpath(src, root))
            path, dp = write_position(work, name, board, dead,
                                      1 if head.get("player_to_move", 1) == 1 else 2,
                                      rel)
            out.append((path, rel, dp))
    return out


def goscorer_positions(corpus, work):
    out = []
    root = os.path.join(corpus, GOSCORER_DIR)
    for f in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        src = os.path.join(root, f)
        lines = open(src).read().splitlines()
        if not lines or lines[0] != "BOARD:":
            continue
        rows = []
        for l in lines[1:]:
            if l.endswith(":"):
                break
            rows.append(l)
        board = [[{"x": 1, "b": 1, "o": 2, "w": 2}.get(ch, 0) for ch in r]
                 for r in rows]
        dead = [[ch in "bw" for ch in r] for r in rows]
        if not board or max(len(rows), len(rows[0])) > 25:
            continue
        rel = os.path.relpath(src, corpus)
        path, dp = write_position(work, "goscorer-" + f[:-4], board, dead, 1, rel)
        out.append((path, rel, dp))
    return out


# ---- GNU Go ----

def gnugo_key(path, rules, komi):
    return hashlib.sha1(("%s|%s|%s" % (path, rules, komi)).encode()).hexdigest()


def gnugo_cached(cache, path, rules, komi, bonus):
    """GNU Go's margin (Black minus White), None when it gave none, or
    "missing" when not in the cache."""
    f = os.path.join(cache, gnugo_key(path, rules, komi) + ".txt")
    if not os.path.exists(f):
        return "missing"
    text = open(f, encoding="utf-8", errors="replace").read()
    m = re.search(r"(Black|White) wins by ([0-9.]+) points", text)
    if m:
        margin = float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
    elif re.search(r"\bJigo\b|draw", text, re.I):
        margin = 0.0
    else:
        return None
    if rules == "area":
        margin -= bonus
    return margin


def komi_stated(data, komi):
    """The record's bytes, with KM[komi] in the first node when its KM[]
    is absent or says another komi (Fox's KM[750] for 7.5, a KM[0] that
    sgfscore set aside): GNU Go takes the komi of the file it loads, its
    own default when the file has none, whatever --komi says."""
    m = re.search(rb"KM\[([^]]*)\]", data)
    if m:
        try:
            if float(m.group(1)) == float(komi):
                return data
        except ValueError:
            pass
        return data[:m.start(1)] + str(komi).encode() + data[m.end(1):]
    return re.sub(rb"(\(\s*;)", lambda m: m.group(1) + b"KM[%s]" % str(komi).encode(),
                  data, count=1)


def gnugo_run(cache, path, rules, komi, timeout):
    f = os.path.join(cache, gnugo_key(path, rules, komi) + ".txt")
    if os.path.exists(f):
        return
    data = read(path)
    stated = komi_stated(data, komi)
    copy = None
    if stated is not data:
        fd, copy = tempfile.mkstemp(dir=cache, suffix=".sgf")
        with os.fdopen(fd, "wb") as fh:
            fh.write(stated)
    args = ["nice", "-n", "10", GNUGO, "--score", "aftermath", "--komi",
            str(komi), "--chinese-rules" if rules == "area" else
            "--japanese-rules", "-l", copy or path]
    try:
        out = subprocess.run(args, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, check=False,
                             timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        # no "wins by" in it: read back as no answer
        out = b"score_eval: no count within %d s\n" % timeout
    if copy:
        os.unlink(copy)
    fd, tmp = tempfile.mkstemp(dir=cache)
    with os.fdopen(fd, "wb") as fh:
        fh.write(out)
    os.replace(tmp, f)


# ---- figures ----

def rules_kind(o):
    return "area" if "scoreAREA" in o["rules_detail"] else "terr"


class Tally:
    def __init__(self):
        self.reversed = 0
        self.n = self.winner = self.exact = self.off10 = 0
        self.settled_off3 = self.settled = self.dead_n = self.dead_eq = 0
        self.settled_winner = self.settled_off10 = 0
        self.off1 = self.other_order = 0
        self.g_n = self.g_winner = self.g_exact = self.g_off10 = 0
        self.o_winner = self.o_exact = self.o_off10 = 0   # ours on those

    def add(self, want, ours, unsettled, dead_eq, gnu, other_order):
        if abs(want) >= REVERSED_MIN and abs(ours + want) < 1e-6:
            # the count is the recorded result's exact opposite, by a margin
            # no miscount hits by chance: a record that names the wrong
            # winner (doc/dead-stones.md), counted apart
            self.reversed += 1
            return
        self.n += 1
        d = abs(ours - want)
        self.winner += (ours > 0) == (want > 0) and (ours < 0) == (want < 0)
        self.exact += d < 1e-6
        self.off1 += abs(d - 1) < 1e-6
        self.other_order += other_order
        self.off10 += d >= 10 - 1e-6
        if not unsettled:
            self.settled += 1
            self.settled_off3 += d > 3 + 1e-6
            self.settled_off10 += d >= 10 - 1e-6
            self.settled_winner += (ours > 0) == (want > 0) and (ours < 0) == (want < 0)
        if dead_eq is not None:
            self.dead_n += 1
            self.dead_eq += dead_eq
        if gnu is not None and gnu != "missing":
            g = abs(gnu - want)
            self.g_n += 1
            self.g_winner += (gnu > 0) == (want > 0) and (gnu < 0) == (want < 0)
            self.g_exact += g < 1e-6
            self.g_off10 += g >= 10 - 1e-6
            self.o_winner += (ours > 0) == (want > 0) and (ours < 0) == (want < 0)
            self.o_exact += d < 1e-6
            self.o_off10 += d >= 10 - 1e-6


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "    -"


def report(name, t, rate, gnu=True):
    if not t or not t.n:
        return
    print("  %-14s %5d games  winner %s (%d)  exact %s (%d)  off>=10 %d (%s)"
          "  off1 %d  other order %d  settled %d (%s), off>3 %d (%s), off>=10 %d (%s), winner %s%s%s  %s"
          % (name, t.n, pct(t.winner, t.n), t.n - t.winner, pct(t.exact, t.n),
             t.exact, t.off10, pct(t.off10, t.n).strip(), t.off1,
             t.other_order, t.settled,
             pct(t.settled, t.n).strip(),
             t.settled_off3, pct(t.settled_off3, t.settled).strip(),
             t.settled_off10, pct(t.settled_off10, t.settled).strip(),
             pct(t.settled_winner, t.settled).strip(),
             "  dead sets %s" % pct(t.dead_eq, t.dead_n) if t.dead_n else "",
             "  (+%d reversed)" % t.reversed if t.reversed else "",
             "%.0f games/s" % rate if rate else ""))
    if t.g_n and gnu:
        print("  %-14s %5d games  winner %s (%d)  exact %s (%d)  off>=10 %d (%s)"
              % ("  GNU Go", t.g_n, pct(t.g_winner, t.g_n), t.g_n - t.g_winner,
                 pct(t.g_exact, t.g_n), t.g_exact, t.g_off10,
                 pct(t.g_off10, t.g_n).strip()))
    if t.g_n and t.g_n < t.n and gnu:
        print("  %-14s %5d games  winner %s (%d)  exact %s (%d)  off>=10 %d (%s)"
              % ("  sgfkit same", t.g_n, pct(t.o_winner, t.g_n), t.g_n - t.o_winner,
                 pct(t.o_exact, t.g_n), t.o_exact, t.o_off10,
                 pct(t.o_off10, t.g_n).strip()))


def score_games(tool, games, args, jobs):
    """sgfscore over the games, one run per argument list: its JSON object
    per path, each set's (games, seconds), and the --dead=markup objects
    of the games whose truth is their markup."""
    results, rates, groups = {}, {}, {}
    for g in games:
        groups.setdefault(tuple(g[2]), []).append(g)
    for gargs, gs in groups.items():
        files = [g[1] for g in gs]
        out, took = run_tool(tool, list(gargs) + args, files, jobs)
        results.update({k[0]: o for k, o in out.items() if k[1] == 1})
        per = took / max(1, len(files))
        for g in gs:
            rate = rates.setdefault(g[0], [0, 0.0])
            rate[0] += 1
            rate[1] += per
    markup = {}
    files = [g[1] for g in games if g[3] == "markup"]
    if files:
        out, _ = run_tool(tool, ["--dead=markup"], files, jobs)
        markup = {k[0]: o for k, o in out.items() if k[1] == 1}
    return results, rates, markup


def tally_games(games, results, markup, cache, rel_of):
    """The tallies by (set, half), the misses, and each counted game's
    (set, half, path, RE[], count, count minus RE[]) by path."""
    tallies, misses, offs = {}, [], {}
    for g in games:
        name, path = g[0], g[1]
        o = results.get(path)
        if not o or "error" in o:
            continue
        want = recorded_of(o)
        if want is None:
            continue
        ours = o["margin"]
        dead_eq = None
        if g[3] == "markup" and path in markup:
            dead_eq = o["dead_stones"] == markup[path]["dead_stones"]
        elif isinstance(g[3], tuple):
            truth = sorted(g[3][1])
            dead_eq = sorted(o["dead_stones"]["black"] + o["dead_stones"]["white"]) == truth
        gnu = gnugo_cached(cache, path, rules_kind(o), o["komi"], o["bonus"])
        half = half_of(rel_of(g))
        for key in ((name, half), (name, "all")):
            tallies.setdefault(key, Tally()).add(
                want, ours, o["unsettled"], dead_eq, gnu,
                o["agreement"] == "other-order")
        offs[path] = (name, half, rel_of(g), o["recorded"], o["result"], ours - want)
        wrong = (ours > 0) != (want > 0) or (ours < 0) != (want < 0)
        if abs(ours - want) > 1e-6 or dead_eq is False:
            misses.append((name, half, rel_of(g), o["recorded"], o["result"],
                           ours - want, o["unsettled"], gnu, wrong, dead_eq,
                           o["agreement"] == "other-order"))
    return tallies, misses, offs


def moved(games, before, after):
    """--base: the games whose distance to RE[] changed, nearer first."""
    rows = []
    for g in games:
        b, n = before.get(g[1]), after.get(g[1])
        if b and n and abs(abs(b[5]) - abs(n[5])) > 1e-6:
            rows.append((abs(n[5]) > abs(b[5]), n[0], n[1], n[2], n[3], b[4], n[4],
                         abs(b[5]), abs(n[5])))
    print("moved (base -> this build): %d nearer RE[], %d farther"
          % (sum(not r[0] for r in rows), sum(r[0] for r in rows)))
    for r in sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3])):
        print("  %s %s %s %s RE[%s] %s -> %s (off %g -> %g)"
              % ("farther" if r[0] else "nearer ", r[1], r[2], r[3], r[4],
                 r[5], r[6], r[7], r[8]))


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--sets", default=",".join(ALL_SETS))
    ap.add_argument("--half", default="both", choices=["tune", "hold", "both"])
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--gnugo", action="store_true")
    ap.add_argument("--gnugo-timeout", type=int, default=600)
    ap.add_argument("--cache", default="/tmp/sgfkit-gnugo")
    ap.add_argument("--work", default=None)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--tool", default=None)
    ap.add_argument("--arg", action="append", default=[])
    ap.add_argument("--base", default=None)
    a = ap.parse_args(argv)
    if a.work:
        os.makedirs(a.work, exist_ok=True)
        return evaluate(a, a.work)
    # the positions written for ogs and goscorer go with the run
    with tempfile.TemporaryDirectory(prefix="sgfkit-eval-") as work:
        return evaluate(a, work)


def evaluate(a, work):
    here = os.path.dirname(os.path.abspath(__file__))
    tool = a.tool or os.path.join(here, "..", "..", "build", "bin", "sgfscore")
    corpus = os.path.abspath(a.corpus)
    if not os.path.isdir(corpus):
        print("score-eval: SKIP: no corpus at %s" % corpus)
        return 77
    sets = a.sets.split(",")
    os.makedirs(a.cache, exist_ok=True)
    dedup = Dedup()
    # the lists of games are the same from run to run: kept in the work
    # folder when one is given (--work)
    listed = {}
    listing = os.path.join(work, "games.json")
    if a.work and os.path.exists(listing):
        listed = json.load(open(listing))

    # (set name, path, sgfscore args, truth: "markup", (rel, dead points) or None)
    games = []
    if "kgs19" in sets or "server19" in sets or "small" in sets:
        if "server" not in listed:
            listed["server"] = server_games(corpus, tool, dedup)
        marked, unmarked = listed["server"]
        for path, size in marked:
            s = "kgs19" if size == 19 else "small"
            if s in sets:
                games.append((s if s == "kgs19" else "%dx%d" % (size, size),
                              path, ["--dead=estimate"], "markup"))
        for path, size in unmarked:
            s = "server19" if size == 19 else "small"
            if s in sets:
                games.append((s if s == "server19" else "%dx%d" % (size, size),
                              path, ["--dead=estimate"], None))
    nokm = []
    if "pro" in sets or "nokm" in sets:
        if "pro" not in listed:
            listed["pro"] = pro_games(corpus, tool, dedup)
        keep, nokm = listed["pro"]
        if "pro" in sets:
            games += [("pro", p, ["--dead=estimate", "--rules=japanese"], None)
                      for p in keep]
        if "nokm" in sets:
            games += [("nokm", p, ["--dead=estimate"], None) for p in nokm]
    if "otherpro" in sets:
        if "otherpro" not in listed:
            listed["otherpro"] = other_pro_games(corpus, tool, dedup)
        games += [("otherpro", p, ["--dead=estimate"], None)
                  for p in listed["otherpro"]]
    if "aiserver" in sets:
        if "aiserver" not in listed:
            listed["aiserver"] = ai_server_games(corpus, tool, dedup)
        games += [("aiserver", p, ["--dead=estimate"], None)
                  for p in listed["aiserver"]]
    if "ogs" in sets:
        games += [("ogs", p, ["--dead=estimate"], (rel, dp))
                  for p, rel, dp in ogs_positions(corpus, work)]
    if "goscorer" in sets:
        games += [("goscorer", p, ["--dead=estimate"], (rel, dp))
                  for p, rel, dp in goscorer_positions(corpus, work)]

    if a.work:
        with open(listing + ".tmp", "w") as fh:
            json.dump(listed, fh)
        os.replace(listing + ".tmp", listing)

    def rel_of(g):
        return g[3][0] if isinstance(g[3], tuple) else os.path.relpath(g[1], corpus)

    if a.half != "both":
        games = [g for g in games if half_of(rel_of(g)) == a.half]

    results, rates, markup = score_games(tool, games, a.arg, a.j)
    if a.base:
        base_results, base_rates, base_markup = score_games(a.base, games, a.arg, a.j)

    if a.gnugo:
        todo = []
        for g in games:
            o = results.get(g[1])
            if o and "error" not in o:
                todo.append((g[1], rules_kind(o), o["komi"]))
        with ThreadPoolExecutor(max_workers=a.j) as ex:
            list(ex.map(lambda t: gnugo_run(a.cache, *t, a.gnugo_timeout), todo))

    tallies, misses, offs = tally_games(games, results, markup, a.cache, rel_of)
    if a.base:
        base_tallies, _, base_offs = tally_games(games, base_results, base_markup,
                                                 a.cache, rel_of)

    print("score-eval: %s (sgfscore %s)" % (corpus, " ".join(a.arg) or "defaults"))
    names = []
    for g in games:
        if g[0] not in names:
            names.append(g[0])
    for name in names:
        print("%s:" % name)
        for half in ("tune", "hold", "all"):
            t = tallies.get((name, half))
            if t and a.base:
                r = base_rates.get(name)
                report(half + " base", base_tallies.get((name, half)),
                       r[0] / r[1] if half == "all" and r and r[1] else 0, gnu=False)
            if t:
                r = rates.get(name)
                report(half, t, r[0] / r[1] if half == "all" and r and r[1] else 0)
        if name == "pro" and nokm and "nokm" not in sets:
            print("  (%d more games without KM[]: --sets nokm)" % len(nokm))
        t = tallies.get((name, "all"))
        if t and t.g_n < t.n:
            print("  (GNU Go answered %d of %d; --gnugo fills the cache)"
                  % (t.g_n, t.n))
    if a.base:
        moved(games, base_offs, offs)
    if a.list:
        print("misses (set half path RE ours diff unsettled gnugo, marks):")
        for m in sorted(misses, key=lambda m: (m[0], -abs(m[5]), m[2])):
            gnu = m[7]
            gtxt = ("-" if gnu in (None, "missing") else "%+g" % gnu)
            print("  %s %s %s RE[%s] %s %+g u=%d gnugo %s%s%s%s"
                  % (m[0], m[1], m[2], m[3], m[4], m[5], m[6], gtxt,
                     " WRONG-WINNER" if m[8] else "",
                     " dead-set" if m[9] is False else "",
                     " other-order" if m[10] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
