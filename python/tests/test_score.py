"""sgfkit.score: sgfscore's count, field for field (the same function
writes both)."""
import json
import os

import pytest

import sgfkit
from conftest import run_tool


def test_every_game_as_sgfscore(corpus):
    out, _, _ = run_tool("sgfscore", "--format=json", "-j1", corpus)
    ref = [json.loads(line) for line in out.splitlines()]
    games = list(sgfkit.read(corpus, legality=False))
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
