"""games_frame and moves_frame: the library's CSV with dtypes, the same
values as sgfconvert's CSV."""
import csv
import io
import os
import threading

import pandas as pd
import pytest

import sgfkit
from conftest import run_tool


def tool_rows(*args):
    out, _, rc = run_tool("sgfconvert", "-j1", "-t", "csv", *args)
    assert rc in (0, 1)
    return list(csv.DictReader(io.StringIO(out.decode("utf-8"),
                                           newline="")))


def test_games_dtypes(corpus):
    df = sgfkit.games_frame(corpus)
    want = {
        "game_id": "string",
        "origin": "string", "game": "Int32", "offset": "Int64",
        "width": "Int8", "height": "Int8", "black": "string",
        "date": "datetime64[ns]", "year": "Int16", "rules": "category",
        "komi": "Float64", "handicap": "Int16", "result": "string",
        "winner": "category", "margin": "Float64", "moves": "Int32",
        "status": "category", "errors": "Int32", "warnings": "Int32",
        "rules_source": "string", "komi_source": "string",
    }
    for col, dtype in want.items():
        assert str(df[col].dtype) == dtype, col
    assert list(df["winner"].cat.categories) == ["B", "W", "draw", "void",
                                                 "unknown"]
    assert list(df["status"].cat.categories) == ["ok", "warnings", "errors"]
    assert df.columns[df.columns.get_loc("date") + 1] == "year"


def test_games_values_are_sgfconvert(corpus):
    """Every cell, against sgfconvert --csv=games read as text."""
    df = sgfkit.games_frame(corpus, legality=False)
    rows = tool_rows("--csv=games", corpus)
    assert len(df) == len(rows) > 200
    assert [c for c in df.columns if c != "year"] == list(rows[0])
    for i, row in enumerate(rows):
        for col, text in row.items():
            v = df.at[i, col]
            if text == "":
                assert pd.isna(v), (i, col)
            elif col == "date":
                whole = len(text) == 10
                assert (v == pd.Timestamp(text)) if whole else pd.isna(v)
                assert df.at[i, "year"] == int(text[:4])
            elif col in ("komi", "margin"):
                assert v == float(text)
            elif str(df[col].dtype).startswith("Int"):
                assert v == int(text), (i, col)
            else:
                assert v == text, (i, col)


def test_legality_counts(corpus):
    path = os.path.join(corpus, "rules")
    with_replay = sgfkit.games_frame(path)
    without = sgfkit.games_frame(path, legality=False)
    assert with_replay["errors"].sum() > without["errors"].sum()


def test_text_that_looks_missing_stays_text():
    df = sgfkit.games_frame((
        "x.sgf", "(;GM[1]PB[NA]PW[null]EV[NaN]RE[?])(;GM[1]PB[None])"))
    assert list(df["black"]) == ["NA", "None"]
    assert df.at[0, "white"] == "null" and df.at[0, "event"] == "NaN"
    assert pd.isna(df.at[1, "white"])
    assert df.at[0, "winner"] == "unknown" and pd.isna(df.at[1, "winner"])


def test_moves(corpus):
    m = sgfkit.moves_frame(corpus)
    want = {"game_id": "category", "move": "Int32",
            "color": "category", "x": "Int8", "y": "Int8", "sgf": "string",
            "gtp": "string", "pass": "boolean", "captures": "Int16"}
    assert {c: str(m[c].dtype) for c in m.columns} == want
    assert list(m["color"].cat.categories) == ["B", "W"]
    rows = tool_rows("--csv=moves", corpus)
    assert len(m) == len(rows) > 500
    for i in range(0, len(rows), 7):
        r = rows[i]
        assert (m.at[i, "game_id"], m.at[i, "move"], m.at[i, "color"]) == \
            (r["game_id"], int(r["move"]), r["color"])
        assert m.at[i, "pass"] == (r["pass"] == "1")
        assert (pd.isna(m.at[i, "x"]) if r["x"] == ""
                else m.at[i, "x"] == int(r["x"]))
    # a pass has no point, and joins its game
    passes = m[m["pass"]]
    assert len(passes) and passes["x"].isna().all()
    games = sgfkit.games_frame(corpus)
    assert games["game_id"].is_unique
    joined = m.merge(games, on="game_id")
    assert len(joined) == len(m)
    # each game's moves, counted through the join, are its move count
    per_game = joined.groupby("game_id", observed=True).size()
    counts = games.set_index("game_id")["moves"]
    assert list(per_game) == list(counts[per_game.index.astype(str)])


def test_game_id_is_documented():
    """doc/json.md's game_id: FNV-1a 64 over the origin, a 0 byte and the
    game's number, in lowercase hex; the moves of a game carry it."""
    data = b"(;GM[1];B[aa];W[bb])(;GM[1];B[cc])"
    games = sgfkit.games_frame(("dir/x.sgf", data))
    moves = sgfkit.moves_frame(("dir/x.sgf", data))

    def fnv(origin, game):
        h = 0xcbf29ce484222325
        for b in origin.encode() + b"\0" + str(game).encode():
            h = ((h ^ b) * 0x100000001b3) % 2 ** 64
        return "%016x" % h
    assert list(games["game_id"]) == [fnv("dir/x.sgf", 1), fnv("dir/x.sgf", 2)]
    assert list(moves["game_id"]) == [fnv("dir/x.sgf", 1)] * 2 + \
        [fnv("dir/x.sgf", 2)]


def test_threads_give_the_same_frame(corpus):
    one = sgfkit.games_frame(corpus)
    two = sgfkit.games_frame(corpus, jobs=2)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(sgfkit.moves_frame(corpus),
                                  sgfkit.moves_frame(corpus, jobs=3))


def test_empty():
    df = sgfkit.games_frame()
    assert len(df) == 0 and str(df["game"].dtype) == "Int32"


def test_gil_released_while_reading(tmp_path, corpus):
    """The reading thread waits in C for a FIFO's writer; the writer is
    this thread, which runs only because the reader let the GIL go.  With
    the GIL held, this would hang (the join times out)."""
    rec = open(os.path.join(corpus, "clean", "modern-game.sgf"), "rb").read()
    for make in (lambda p: sgfkit.games_frame(p),
                 lambda p: [g.origin for g in sgfkit.read(p)],
                 lambda p: list(sgfkit.check(p))):
        fifo = str(tmp_path / "pipe.sgf")
        if os.path.exists(fifo):
            os.unlink(fifo)
        os.mkfifo(fifo)
        got = []
        t = threading.Thread(target=lambda: got.append(make(fifo)),
                             daemon=True)
        t.start()
        with open(fifo, "wb") as f:      # blocks until the reader opens
            for _ in range(50):
                f.write(rec)
        t.join(60)
        assert not t.is_alive(), "the reader kept the GIL"
        assert got


def test_one_reader_one_thread_at_a_time(tmp_path, corpus):
    """While one thread waits inside a reader, another using it is told
    so, not given a reader in the middle of a read."""
    rec = open(os.path.join(corpus, "clean", "modern-game.sgf"), "rb").read()
    fifo = str(tmp_path / "pipe.sgf")
    os.mkfifo(fifo)
    reader = sgfkit.read(fifo)
    got = []
    t = threading.Thread(target=lambda: got.append(next(reader)),
                         daemon=True)
    t.start()
    with open(fifo, "wb") as f:
        # open() returns once the reader has opened the FIFO: the thread is
        # inside next(), waiting for bytes
        with pytest.raises(RuntimeError, match="one thread at a time"):
            next(reader)
        f.write(rec)
    t.join(60)
    assert got and got[0].has_tree
