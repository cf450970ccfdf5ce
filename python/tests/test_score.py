"""sgfkit.score: sgfscore's count, field for field (the same function
writes both)."""
import json
import os

import pytest

import sgfkit
from sgfkit._inputs import to_items
from conftest import run_tool


def test_every_game_as_sgfscore(corpus):
    out, _, _ = run_tool("sgfscore", "--format=json", "-j1", corpus)
    ref = [json.loads(line) for line in out.splitlines()]
    # a record without a tree is no game: the tool has no line for it
    games = [g for g in sgfkit.read(corpus, legality=False) if g.has_tree]
    assert len(games) == len(ref) > 200
    scored = 0
    for g, line in zip(games, ref):
        if "error" in line:
            with pytest.raises(sgfkit.ScoreError) as e:
                sgfkit.score(g)
            assert e.value.args[0].endswith(line["error"])
        else:
            assert sgfkit.score(g) == line
            scored += 1
    assert scored > 150


def test_inputs_as_sgfscore(corpus):
    """given inputs, the tool's lines whole, the unscored ones too"""
    path = os.path.join(corpus, "score")
    out, _, _ = run_tool("sgfscore", "--format=json", "-j1", path)
    ref = [json.loads(line) for line in out.splitlines()]
    assert len(ref) >= 5 and sgfkit.score(path) == ref


def test_options_as_sgfscore(corpus):
    path = os.path.join(corpus, "score")
    args = ["--rules=japanese", "--komi=0.5", "--dead=estimate", "--seed=7",
            "--playouts=50"]
    out, _, _ = run_tool("sgfscore", "--format=json", "-j1", *args, path)
    ref = [json.loads(line) for line in out.splitlines()]
    mine = [sgfkit.score(g, rules="japanese", komi=0.5, dead="estimate",
                         seed=7, playouts=50)
            for g in sgfkit.read(path, legality=False)]
    assert mine == ref
    out, _, _ = run_tool("sgfscore", "--format=json", "-j1", "--rules=all",
                         path)
    ref = [json.loads(line) for line in out.splitlines()]
    mine = [d for g in sgfkit.read(path, legality=False)
            for d in sgfkit.score(g, rules="all")]
    assert mine == ref and len(mine) == 8 * len(list(sgfkit.read(path)))


def test_not_scored():
    [g] = sgfkit.loads(b"(;GM[2]SZ[8];B[aa])")
    with pytest.raises(sgfkit.ScoreError, match="not a Go game"):
        sgfkit.score(g)
    [junk] = sgfkit.loads(b"just text")
    assert not junk.has_tree
    with pytest.raises(sgfkit.ScoreError, match="no game"):
        sgfkit.score(junk)
    with pytest.raises(ValueError):
        sgfkit.score(g, dead="guess")


def test_kept_game_scores_the_same(corpus):
    path = os.path.join(corpus, "score")
    now = [sgfkit.score(g) for g in sgfkit.read(path, legality=False)
           if g.has_tree]
    kept = [g for g in sgfkit.read(path, legality=False) if g.has_tree]
    assert [sgfkit.score(g) for g in kept] == now


# What the record leaves unsaid: the count says what it assumed and why.
KOMI_1933 = (b"(;FF[4]GM[1]SZ[9]DT[1933-05-12]RE[W+5]"
             b"AB[ea][eb][dc][dd][de][df][dg][dh][di]"
             b"AW[fa][fb][ec][ed][ee][ef][eg][eh][ei];B[];W[])")


def test_assumed_rules_and_komi():
    [g] = sgfkit.loads(KOMI_1933)
    d = sgfkit.score(g)
    assert d["komi"] == 0
    assert d["komi_source"] == "inferred from DT[1933-05-12]"
    assert d["rules"] == "chinese" and d["rules_source"] == "default"
    assert d["result"] == "W+5" and d["agreement"] == "match"
    assert d["illegal_moves"] == 0 and d["first_illegal_move"] is None
    given = sgfkit.score(g, rules="japanese", komi=6.5)
    assert given["rules_source"] == given["komi_source"] == "given"
    assert given["komi"] == 6.5
    # sgfcheck's report says the same
    c = sgfkit.check(g)
    assert (c["rules_source"], c["komi"], c["komi_source"]) == \
        ("default", 0, "inferred from DT[1933-05-12]")


def test_komi_zero_set_aside(corpus):
    # KM[0] with RE[W+6.5]: the count uses the komi inferred, the game
    # information keeps KM[] as written
    [g] = sgfkit.read(os.path.join(corpus, "score", "komi-zero-half-point.sgf"))
    assert g.info.komi == 0
    d = sgfkit.score(g)
    assert d["komi"] == 6.5
    assert d["komi_source"] == \
        "inferred from DT[2017-11-11]; KM[0] set aside for RE[W+6.5]"
    assert d["result"] == "W+6.5" and d["agreement"] == "match"


def test_handicap_placed_and_inferred_rules(corpus):
    [g] = sgfkit.read(os.path.join(corpus, "score", "handicap-placed.sgf"))
    d = sgfkit.score(g)
    assert d["handicap"] == 2 and d["handicap_placed"] == 2
    assert d["rules_source"] == "inferred from PC[NNGS]"
    assert d["illegal_moves"] == 0


def test_other_order(corpus):
    # RE[] is the count with the other player first after the record's end
    [g] = sgfkit.read(os.path.join(corpus, "score", "other-order.sgf"))
    d = sgfkit.score(g)
    assert d["result"] == "W+0.5" and d["agreement"] == "other-order"
    assert sgfkit.score(g, dead="none")["agreement"] != "other-order"


def test_reversed_and_illegal():
    # the count is exact (no stone removed): W+5 against B+5 is reversed
    [g] = sgfkit.loads(KOMI_1933.replace(b"RE[W+5]", b"RE[B+5]"))
    assert sgfkit.score(g, dead="none")["agreement"] == "reversed"
    # a move on an occupied point: counted all the same, and said
    [g] = sgfkit.loads(b"(;GM[1]SZ[9]KM[0]RE[B+81];B[ee];W[ee];B[ee])",
                       legality=False)
    d = sgfkit.score(g, dead="none")
    assert d["illegal_moves"] == 2
    assert d["first_illegal_move"] == {"move": 2, "id": "occupied"}


def test_csv_row_for_every_game(tmp_path):
    path = tmp_path / "a.sgf"
    path.write_bytes(KOMI_1933 + b"(;GM[2]SZ[8];B[aa])")
    out, _, _, _ = sgfkit._sgfkit.run("score", to_items([str(path)]),
                                      format="csv")
    ref, _, _ = run_tool("sgfscore", "--format=csv", str(path))
    assert out == ref
    lines = ref.decode().splitlines()
    header = lines[0].split(",")
    assert header[-8:] == ["rules_source", "komi_source", "illegal_moves",
                           "first_illegal_move", "method_source",
                           "handicap_source", "not_scored", "recorded_result"]
    assert len(lines) == 3
    assert lines[1].split(",")[header.index("komi_source")] == \
        "inferred from DT[1933-05-12]"
    assert lines[1].split(",")[header.index("method_source")] == "default"
    assert lines[1].endswith(",W+5")
    assert lines[2].endswith(",not a Go game on a board SGF allows,")


def test_handicap_source(corpus):
    # HA[] states the handicap; Black's setup with White moving first
    # implies one; a problem's setup with Black to move is none
    want = {"handicap-3": (3, "record"), "handicap-placed": (2, "record"),
            "handicap-inferred":
                (3, "inferred from AB[] with White moving first"),
            "problem-not-handicap": (0, "default")}
    for name, (n, source) in want.items():
        [g] = sgfkit.read(os.path.join(corpus, "score", name + ".sgf"))
        d = sgfkit.score(g)
        assert (d["handicap"], d["handicap_source"]) == (n, source), name
