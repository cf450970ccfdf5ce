#!/usr/bin/env python3
"""crosscheck.py - an independent Go replay to check sgfkit's against.

Usage:
  crosscheck.py replay FILE...
      Replays the main line of every game of each FILE and prints what
      tests/unit/replay_dump prints (the format is below).
  crosscheck.py compare --dump PROG [--list LIST] [-v] [FILE...]
      Runs PROG (tests/unit/replay_dump) and this replay over the files (and
      those named in LIST, one a line) and compares them game by game.
  crosscheck.py gnugo --dump PROG --gnugo GNUGO [--every N] [--list LIST]
                [-v] [FILE...]
      Compares PROG's boards with GNU Go's for the first game of each file:
      GTP "loadsgf FILE M+1" then "list_stones black|white" gives the board
      after move M; every N-th move (default 10) and the end are compared.
      Games GNU Go cannot replay as SGF says (it skips moves on occupied
      points, reads no board over 19x19, one game a file) are skipped.

Compare modes print "FAIL ..." with the first differing board (file, game,
move, both boards) for each game that differs, "skip ..." for each game
not compared, and end with "N passed, N failed" (one case per game; a
file PROG cannot read is one failed case).  Exit 0 when none failed, 1 when
one did, 2 on a usage error.

The format (replay_dump's):
  file ORIGIN
  game N at OFFSET LENGTH      the game's bytes in the member (replay_dump
                               only; "replay" frames games itself)
  game N move M COLOR X Y      after every move of the main line; M counts
  ROW...                       passes; COLOR B or W; X Y 0-based from the
                               top left, -1 -1 for a pass or a move off the
                               board; rows of ".XO", top row first
  game N end M                 after the last node (M moves), then the board
  game N none                  not a Go game (GM greater than 1)

The replay here shares no code with sgfkit: it reads the SGF itself (only
what the main line's board needs: SZ and GM of the root, AB/AW/AE in any
node, B/W moves, a pass as [] or as [tt] up to 19x19) and executes a move
by flood fill: place the stone (replacing whatever stood there), remove
the opponent strings next to it that have no liberty, then its own string
if that has none.  A node's setup goes before its moves; a move off the
board is counted but not executed; HA[N] without AB or AW before the
first move, when White moves first, puts N stones on the fixed handicap
points (doc/gameinfo.md: the first placement no move contradicts); SZ
(n, cols:rows, or 9x9 as records write it) that is not a size from 1 to 52
leaves 19x19.  These are sgfkit's documented readings of damaged records,
so both sides must agree on them.  In compare mode each game is read from
the bytes sgfkit's reader framed for it (the "at" line): where a damaged
file leaves room for doubt about where a game starts, both replays read
the same bytes, and the framing, which is the parser's and tested with it,
does not hide the replay's differences.  Standard library only.
"""

import gzip
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

EMPTY, BLACK, WHITE = 0, 1, 2
SYMBOL = {EMPTY: ".", BLACK: "X", WHITE: "O"}

# ---- reading SGF -----------------------------------------------------------


def add_node(root, current):
    """A new node below current (or the root); returns (root, node)."""
    node = Node()
    if current is not None:
        current.children.append(node)
    elif root is None:
        root = node
    return root, node


def decode_bytes(data):
    """The bytes of a member as the parser sees them: gunzipped, UTF-16
    turned into UTF-8 (only ASCII matters here)."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            pass
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace").encode("utf-8")
    return data


class Node:
    __slots__ = ("props", "children")

    def __init__(self):
        self.props = []        # (id, [values]) in file order
        self.children = []


def find_game_start(data, pos):
    """Where the next game starts from pos, as SGFC looks for it: the next
    "(;" (white space allowed between), else the first '(' before a
    property (a missing ';'), else the first ';' before a property (a
    missing '('); None when there is none."""
    n = len(data)
    paren = semi = None
    i = pos
    while i < n:
        c = data[i]
        if c == 0x28 or c == 0x3B:                      # ( or ;
            j = i + 1
            while j < n and data[j] in b" \t\r\n":
                j += 1
            if c == 0x28 and j < n and data[j] == 0x3B:
                return i
            if (paren is None and (c == 0x28 or semi is None) and
                    looks_like_property(data, j)):
                if c == 0x28:
                    paren = i
                else:
                    semi = i
        i += 1
    return paren if paren is not None else semi


def looks_like_property(data, j):
    """Letters from j (an upper-case one first, 16 at most), then white
    space and '['?"""
    n = len(data)
    if j >= n or not 65 <= data[j] <= 90:
        return False
    k = j
    while k < n and (65 <= data[k] <= 90 or 97 <= data[k] <= 122):
        k += 1
    if k - j > 16:
        return False
    while k < n and data[k] in b" \t\r\n":
        k += 1
    return k < n and data[k] == 0x5B


def parse_games(data):
    """The game trees of a member: a list of root Nodes."""
    games = []
    pos = 0
    n = len(data)
    while True:
        start = find_game_start(data, pos)
        if start is None:
            return games
        root, pos = parse_tree(data, start, n)
        if root is not None:
            games.append(root)


def parse_tree(data, i, n):
    """Parses the game tree whose '(' is at i.  Returns (root, end)."""
    root = None
    # Each frame: the node new nodes and variations hang from.
    stack = []
    current = None
    opened = False      # a '(' and no node after it yet
    depth = 0
    while i < n:
        c = data[i]
        if c == 0x28:                                   # (
            depth += 1
            stack.append(current)
            opened = True
            i += 1
        elif c == 0x29:                                 # )
            depth -= 1
            current = stack.pop() if stack else None
            opened = False
            i += 1
            if depth <= 0:
                return root, i
        elif c == 0x3B:                                 # ;
            # (a second root is on no main line: left out)
            root, current = add_node(root, current)
            opened = False
            i += 1
        elif 65 <= c <= 90 or 97 <= c <= 122:           # identifier
            j = i
            while j < n and (65 <= data[j] <= 90 or 97 <= data[j] <= 122):
                j += 1
            ident = bytes(ch for ch in data[i:j] if 65 <= ch <= 90).decode()
            k = j
            while k < n and data[k] in b" \t\r\n":
                k += 1
            values = []
            while k < n and data[k] == 0x5B:            # [
                k += 1
                val = bytearray()
                while k < n and data[k] != 0x5D:
                    if data[k] == 0x5C and k + 1 < n:   # backslash
                        k += 1
                    val.append(data[k])
                    k += 1
                k += 1                                  # past ]
                values.append(bytes(val))
                while k < n and data[k] in b" \t\r\n":
                    k += 1
            if (current is None or opened) and values:
                # "(B[aa]": a missing ';'
                root, current = add_node(root, current)
                opened = False
            if current is not None and values and ident:
                # a property given twice in a node: its values joined, in
                # the place of the first (as the parser does)
                for prop in current.props:
                    if prop[0] == ident:
                        prop[1].extend(values)
                        break
                else:
                    current.props.append((ident, values))
            i = k
        else:
            i += 1
    return root, i


def main_line(root):
    node = root
    while node is not None:
        yield node
        node = node.children[0] if node.children else None


# ---- the board ---------------------------------------------------------------


def coord(ch):
    if 97 <= ch <= 122:
        return ch - 97
    if 65 <= ch <= 90:
        return ch - 65 + 26
    return -1


def decode_point(v, w, h):
    """1 and (x, y) for a point, 0 for a pass, -1 when not on the board."""
    if len(v) == 0:
        return 0, -1, -1
    if len(v) == 2:
        if v == b"tt" and w <= 19 and h <= 19:
            return 0, -1, -1
        x, y = coord(v[0]), coord(v[1])
        if 0 <= x < w and 0 <= y < h:
            return 1, x, y
    return -1, -1, -1


def point_list(values, w, h):
    """The points of an AB/AW/AE list, "ul:lr" rectangles expanded."""
    for v in values:
        if len(v) == 2:
            ok, x, y = decode_point(v, w, h)
            if ok == 1:
                yield x, y
        elif len(v) == 5 and v[2:3] == b":":
            x0, y0 = coord(v[0]), coord(v[1])
            x1, y1 = coord(v[3]), coord(v[4])
            if min(x0, y0, x1, y1) < 0 or max(x0, x1) >= w or max(y0, y1) >= h:
                continue
            for y in range(min(y0, y1), max(y0, y1) + 1):
                for x in range(min(x0, x1), max(x0, x1) + 1):
                    yield x, y


class Board:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = [EMPTY] * (w * h)
        nb = []
        for y in range(h):
            for x in range(w):
                lst = []
                if x > 0:
                    lst.append(y * w + x - 1)
                if x < w - 1:
                    lst.append(y * w + x + 1)
                if y > 0:
                    lst.append((y - 1) * w + x)
                if y < h - 1:
                    lst.append((y + 1) * w + x)
                nb.append(lst)
        self.nb = nb

    def string(self, p):
        """The string through p and whether it has a liberty."""
        color = self.cells[p]
        seen = {p}
        todo = [p]
        free = False
        cells, nb = self.cells, self.nb
        while todo:
            q = todo.pop()
            for r in nb[q]:
                c = cells[r]
                if c == EMPTY:
                    free = True
                elif c == color and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return seen, free

    def play(self, color, x, y):
        p = y * self.w + x
        cells = self.cells
        cells[p] = color
        other = WHITE if color == BLACK else BLACK
        for q in self.nb[p]:
            if cells[q] == other:
                stones, free = self.string(q)
                if not free:
                    for s in stones:
                        cells[s] = EMPTY
        stones, free = self.string(p)
        if not free:
            for s in stones:
                cells[s] = EMPTY

    def rows(self):
        w = self.w
        line = "".join(SYMBOL[c] for c in self.cells)
        return [line[i:i + w] for i in range(0, len(line), w)]


def whole_number(text):
    """A whole number with an optional sign and white space around it, up
    to 8 digits, or None."""
    t = text.strip()
    sign = 1
    if t[:1] in (b"-", b"+"):
        sign = -1 if t[:1] == b"-" else 1
        t = t[1:]
    if not t or len(t) > 8 or not t.isdigit():
        return None
    return sign * int(t)


def handicap_number(text):
    """HA as sgfkit reads it (doc/gameinfo.md): a whole number, or one with
    its unit or a zero fraction ("2子", "3 stones", "2.0"); else None."""
    t = unicodedata.normalize("NFKC", text.decode("utf-8", "replace"))
    m = re.fullmatch(r"\s*(\d{1,3})(?:\.0*|\s*(?:子|石|点|점|stones?))\s*", t)
    return int(m.group(1)) if m else whole_number(text)


def root_size(root):
    """(width, height) of the board, or None when the game is not Go (GM
    greater than 1).  A size SZ does not give as n or cols:rows within
    1..52, nor as records write it instead (9x9, 19 x 19, 13*13, 9×9),
    leaves 19x19 (sgfkit reports it)."""
    props = dict(root.props) if root is not None else {}
    gm = props.get("GM")
    if gm:
        v = whole_number(gm[0])
        if v is not None and v > 1:
            return None
    w = h = 19
    sz = props.get("SZ")
    if sz:
        # full-width digits read as digits, as sgfkit's scanner does
        text = unicodedata.normalize("NFKC", sz[0].decode("utf-8", "replace"))
        parts = re.split("[:xX*\u00d7]", text, maxsplit=1)
        dims = [whole_number(t.strip().encode()) for t in parts]
        if None not in dims:
            cw, ch = dims[0], dims[-1]
            if 1 <= cw <= 52 and 1 <= ch <= 52:
                w, h = cw, ch
    return w, h


def fixed_points(n, size, layout):
    """The fixed handicap points of n stones on a size x size board (the
    GTP specification's layout: 4-4 points from 13x13, 3-3 below; nine
    stones on odd boards from 9x9, four on the others from 7x7), lower
    left, upper right, the third corner (Japanese: lower right, "gtp":
    upper left), the fourth, the sides, the centre; [] when there are
    none."""
    most = 0 if size < 7 else 9 if size % 2 and size >= 9 else 4
    if n < 2 or n > most:
        return []
    lo = 3 if size >= 13 else 2
    hi, mid = size - 1 - lo, size // 2
    third = (lo, lo) if layout == "gtp" else (hi, hi)
    fourth = (hi, hi) if layout == "gtp" else (lo, lo)
    pts = [(lo, hi), (hi, lo), third, fourth][:min(n, 4)]
    sides = [(lo, mid), (hi, mid), (mid, lo), (mid, hi)]
    pts += sides[:4 if n >= 8 else 2 if n >= 6 else 0]
    if n % 2 and n >= 5:
        pts.append((mid, mid))
    return pts


def game_info(root, ident):
    """The first value of ident in the main line's nodes before the first
    move, or None."""
    for node in main_line(root):
        props = dict(node.props)
        if ident in props:
            return props[ident][0]
        if "B" in props or "W" in props:
            return None
    return None


def placed_handicap(root, w, h):
    """The stones sgfkit places for HA[N] without AB: none unless N >= 2,
    no AB or AW comes before the first move and White makes it; then the
    first placement on which no move is played while its stone stands."""
    ha = handicap_number(game_info(root, "HA") or b"")
    if not ha or ha < 2 or w != h:
        return []
    first = None
    for node in main_line(root):
        ids = [i for i, _ in node.props]
        if "AB" in ids or "AW" in ids:
            return []
        moves = [i for i in ids if i in ("B", "W")]
        if moves:
            first = moves[0]
            break
    if first != "W":
        return []
    names = b" ".join(v for v in (game_info(root, "AP"), game_info(root, "PC"))
                      if v).lower()
    order = ["japanese", "gtp"] if ha == 3 else ["japanese"]
    if ha == 3 and any(k in names for k in (b"gnu go", b"gnugo", b"tygem",
                                            "타이젬".encode(), b"nngs")):
        order.reverse()
    for layout in order:
        pts = fixed_points(ha, w, layout)
        if pts and fits(root, w, h, pts):
            return pts
    return []


def fits(root, w, h, pts):
    """No move of the main line on one of pts while the stone placed there
    still stands (setup after the first move ends the test)."""
    board = Board(w, h)
    for x, y in pts:
        board.cells[y * w + x] = BLACK
    standing = set(pts)
    started = False
    for node in main_line(root):
        for ident, values in node.props:
            if started and ident in ("AB", "AW", "AE"):
                return True
        for ident, values in node.props:
            if ident not in ("B", "W"):
                continue
            started = True
            kind, x, y = decode_point(values[0], w, h)
            if kind != 1:
                continue
            if (x, y) in standing:
                return False
            board.play(BLACK if ident == "B" else WHITE, x, y)
            standing = {(a, b) for a, b in standing
                        if board.cells[b * w + a] == BLACK}
    return True


def replay_game(root):
    """Yields ("move", M, color, x, y, rows) after every move, then ("end",
    M, rows); or only ("none",)."""
    size = root_size(root)
    if size is None:
        yield ("none",)
        return
    w, h = size
    board = Board(w, h)
    for x, y in placed_handicap(root, w, h):
        board.cells[y * w + x] = BLACK
    moves = 0
    setup = {"AB": BLACK, "AW": WHITE, "AE": EMPTY}
    for node in main_line(root):
        # setup first, then the moves, each in the order of the file
        for ident, values in node.props:
            if ident in setup:
                for x, y in point_list(values, w, h):
                    board.cells[y * w + x] = setup[ident]
        for ident, values in node.props:
            if ident not in ("B", "W"):
                continue
            color = BLACK if ident == "B" else WHITE
            moves += 1
            kind, x, y = decode_point(values[0], w, h)
            if kind == 1:
                board.play(color, x, y)
            yield ("move", moves, color, x, y, board.rows())
    yield ("end", moves, board.rows())


def read_file(path):
    with open(path, "rb") as f:
        return decode_bytes(f.read())


def own_games(path):
    """[(game number, [events])] of a file, as replay_dump numbers them."""
    out = []
    for i, root in enumerate(parse_games(read_file(path)), 1):
        out.append((i, list(replay_game(root))))
    return out


def format_game(n, events):
    lines = []
    for e in events:
        if e[0] == "none":
            lines.append("game %d none" % n)
        elif e[0] == "move":
            _, m, color, x, y, rows = e
            lines.append("game %d move %d %s %d %d" %
                         (n, m, "B" if color == BLACK else "W", x, y))
            lines.extend(rows)
        else:
            _, m, rows = e
            lines.append("game %d end %d" % (n, m))
            lines.extend(rows)
    return lines


# ---- replay_dump's output ----------------------------------------------------


def run_dump(prog, paths):
    """{path: [(game number, [events])]} from replay_dump, and the paths it
    could not read or crashed on ({path: message})."""
    result, unread = {}, {}
    for start in range(0, len(paths), 200):
        chunk = paths[start:start + 200]
        proc = subprocess.run([prog] + chunk, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
        parsed = parse_dump(proc.stdout.decode("utf-8", errors="replace"))
        result.update(parsed)
        if proc.returncode == 0:
            continue
        err = proc.stderr.decode("utf-8", errors="replace").strip()
        why = "exit status %d: %s" % (proc.returncode, err[-300:])
        if proc.returncode == 2:
            # a read error names its file; the others were read whole
            named = [p for p in chunk if p in err]
            for p in named or chunk:
                unread[p] = why
        else:
            # a crash: the file it was in and every file after it
            done = [p for p in chunk if p in parsed]
            for p in chunk[max(0, len(done) - 1):]:
                unread[p] = why
    return result, unread


def parse_dump(text):
    """{origin: [(game number, [events], (offset, length) or None)]}."""
    result = {}
    games = None
    lines = text.split("\n")
    i = 0
    current = None
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("file "):
            games = result.setdefault(line[5:], [])
            current = None
            continue
        if not line.startswith("game ") or games is None:
            continue
        f = line.split()
        n = int(f[1])
        if current is None or current[0] != n:
            current = (n, [], [None])
            games.append(current)
        if f[2] == "at":
            current[2][0] = (int(f[3]), int(f[4]))
            continue
        if f[2] == "none":
            current[1].append(("none",))
            continue
        j = i
        while j < len(lines) and lines[j] and lines[j][0] in ".XO":
            j += 1
        rows = lines[i:j]
        i = j
        if f[2] == "move":
            current[1].append(("move", int(f[3]),
                               BLACK if f[4] == "B" else WHITE,
                               int(f[5]), int(f[6]), rows))
        else:
            current[1].append(("end", int(f[3]), rows))
    return {k: [(n, ev, span[0]) for n, ev, span in v]
            for k, v in result.items()}


# ---- comparing -----------------------------------------------------------------


def describe(e):
    if e is None:
        return "(nothing)"
    if e[0] == "none":
        return "none"
    if e[0] == "move":
        return "move %d %s %d %d" % (e[1], "B" if e[2] == BLACK else "W",
                                     e[3], e[4])
    return "end %d" % e[1]


def side_by_side(a, b, left, right):
    ra = a[-1] if a and a[0] != "none" else []
    rb = b[-1] if b and b[0] != "none" else []
    width = max([len(r) for r in ra] + [len(left)])
    out = ["    %-*s   %s" % (width, left, right)]
    for k in range(max(len(ra), len(rb))):
        x = ra[k] if k < len(ra) else ""
        y = rb[k] if k < len(rb) else ""
        mark = "  " if x == y else " <"
        out.append("    %-*s %s %s" % (width, x, mark, y))
    return out


def first_difference(theirs, ours):
    for k in range(max(len(theirs), len(ours))):
        a = theirs[k] if k < len(theirs) else None
        b = ours[k] if k < len(ours) else None
        if a != b:
            return a, b
    return None


def read_list(args):
    paths = []
    rest = []
    verbose = False
    dump = gnugo = None
    every = 10
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--dump", "--gnugo", "--list", "--every") and i + 1 < len(args):
            v = args[i + 1]
            i += 2
            if a == "--dump":
                dump = v
            elif a == "--gnugo":
                gnugo = v
            elif a == "--every":
                every = max(1, int(v))
            else:
                with open(v, encoding="utf-8", errors="surrogateescape") as f:
                    paths.extend(line.rstrip("\n") for line in f if line.strip())
            continue
        if a == "-v":
            verbose = True
        elif a.startswith("-"):
            usage()
        else:
            rest.append(a)
        i += 1
    return paths + rest, dump, gnugo, every, verbose


def usage():
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


def compare(args):
    paths, dump, _, _, verbose = read_list(args)
    if not dump:
        usage()
    theirs_all, unread = run_dump(dump, paths)
    passed = failed = 0
    for path in paths:
        if path in unread or path not in theirs_all:
            print("FAIL %s: replay_dump: %s" %
                  (path, unread.get(path, "no output")))
            failed += 1
            continue
        try:
            data = read_file(path)
        except OSError as e:
            print("FAIL %s: %s" % (path, e))
            failed += 1
            continue
        for n, theirs, span in theirs_all[path]:
            # The game's bytes as sgfkit's reader framed them: where a
            # damaged file leaves room for doubt about where games start,
            # both replays read the same bytes (the framing is the
            # parser's, tested elsewhere; the tree and the replay are not
            # shared).
            if span is None:
                print("FAIL %s: game %d: replay_dump gave no span" % (path, n))
                failed += 1
                continue
            ours = list(replay_game(parse_span(data, span)))
            diff = first_difference(theirs, ours)
            if diff is None:
                passed += 1
                if verbose:
                    print("ok   %s: game %d (%d moves)" %
                          (path, n, sum(1 for e in ours if e[0] == "move")))
                continue
            failed += 1
            a, b = diff
            if describe(a) == describe(b):
                print("FAIL %s: game %d: the boards after %s differ" %
                      (path, n, describe(a)))
            else:
                print("FAIL %s: game %d: sgfkit %s, crosscheck.py %s" %
                      (path, n, describe(a), describe(b)))
            print("\n".join(side_by_side(a, b, "sgfkit", "crosscheck.py")))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def parse_span(data, span):
    """The tree of the game at data[offset:offset + length]."""
    chunk = data[span[0]:span[0] + span[1]]
    start = find_game_start(chunk, 0)
    if start is None:
        return None
    root, _ = parse_tree(chunk, start, len(chunk))
    return root


# ---- GNU Go --------------------------------------------------------------------

GTP_COLUMNS = "ABCDEFGHJKLMNOPQRST"


def gtp_board(blacks, whites, w, h):
    cells = [["."] * w for _ in range(h)]
    for color, vertices in (("X", blacks), ("O", whites)):
        for v in vertices:
            x = GTP_COLUMNS.index(v[0].upper())
            y = h - int(v[1:])
            cells[y][x] = color
    return ["".join(r) for r in cells]


def gnugo_boards(gnugo, path, numbers):
    """GNU Go's answers, three for each move number in numbers (or "end":
    the whole game): loadsgf, black stones, white stones; or (None, why)
    when GNU Go complained (a move it skipped, a file it refused)."""
    commands = []
    for m in numbers:
        arg = " %d" % (m + 1) if m != "end" else ""
        commands += ["loadsgf %s%s" % (path, arg), "list_stones black",
                     "list_stones white"]
    commands.append("quit")
    proc = subprocess.run([gnugo, "--mode", "gtp", "--quiet"],
                          input="\n".join(commands).encode() + b"\n",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.stderr.strip():
        return None, proc.stderr.decode(errors="replace").strip().split("\n")[0]
    answers = []
    for block in proc.stdout.decode(errors="replace").split("\n\n"):
        block = block.strip()
        if block:
            answers.append(block)
    if len(answers) != len(commands) or any(a.startswith("?") for a in answers):
        bad = [a for a in answers if a.startswith("?")]
        return None, "GTP answered %s" % (bad[0] if bad else
                                          "%d of %d" % (len(answers), len(commands)))
    return answers, None


def gnugo(args):
    paths, dump, gnugo_prog, every, verbose = read_list(args)
    if not dump or not gnugo_prog:
        usage()
    theirs_all, unread = run_dump(dump, paths)
    passed = failed = skipped = 0
    for path in paths:
        if path in unread or path not in theirs_all:
            print("FAIL %s: replay_dump: %s" % (path, unread.get(path, "no output")))
            failed += 1
            continue
        games = theirs_all[path]
        if len(games) != 1:
            print("skip %s: %d games (GNU Go reads one)" % (path, len(games)))
            skipped += 1
            continue
        n, events, _ = games[0]
        if events and events[0][0] == "none":
            print("skip %s: not a Go game for sgfkit" % path)
            skipped += 1
            continue
        end = events[-1]
        h = len(end[2])
        w = len(end[2][0]) if h else 0
        if w > 19 or h > 19 or w != h:
            print("skip %s: %dx%d (GNU Go: square boards up to 19x19)" % (path, w, h))
            skipped += 1
            continue
        # Boards after moves whose next node is not setup-only: GNU Go's
        # "before move M+1" takes in setup nodes between the two moves.
        setup_after = setup_after_moves(path)
        wanted = {}
        moves = [e for e in events if e[0] == "move"]
        for e in moves:
            m = e[1]
            if m % every == 0 and m not in setup_after:
                wanted[m] = e
        wanted["end"] = end
        keys = sorted(k for k in wanted if k != "end") + ["end"]
        # GTP reads a file name up to the first space, and GNU Go no gzip:
        # a plain copy with a plain name
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "game.sgf")
            with open(copy, "wb") as f:
                f.write(read_file(path))
            answers, why = gnugo_boards(gnugo_prog, copy, keys)
        if answers is None:
            print("skip %s: GNU Go: %s" % (path, why))
            skipped += 1
            continue
        bad = None
        for idx, k in enumerate(keys):
            blacks = answers[3 * idx + 1][1:].split()
            whites = answers[3 * idx + 2][1:].split()
            rows = gtp_board(blacks, whites, w, h)
            mine = wanted[k]
            if rows != mine[-1]:
                bad = (mine, mine[:-1] + (rows,))
                break
        if bad is None:
            passed += 1
            if verbose:
                print("ok   %s: %d boards agree" % (path, len(keys)))
        else:
            failed += 1
            print("FAIL %s: game %d: %s differs from GNU Go" % (path, n, describe(bad[0])))
            print("\n".join(side_by_side(bad[0], bad[1], "sgfkit", "GNU Go")))
    print("gnugo: %d skipped" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def setup_after_moves(path):
    """Move numbers after which a setup node comes before the next move."""
    games = parse_games(read_file(path))
    out = set()
    if not games:
        return out
    moves = 0
    for node in main_line(games[0]):
        ids = {i for i, _ in node.props}
        if ids & {"B", "W"}:
            moves += 1
        elif ids & {"AB", "AW", "AE"}:
            out.add(moves)
    return out


def main(argv):
    if len(argv) < 2:
        usage()
    mode, args = argv[1], argv[2:]
    if mode == "replay":
        for path in args:
            print("file %s" % path)
            for n, events in own_games(path):
                print("\n".join(format_game(n, events)))
        return 0
    if mode == "compare":
        return compare(args)
    if mode == "gnugo":
        return gnugo(args)
    usage()
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
