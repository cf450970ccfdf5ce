"""sgfkit.stats: sgfstat's report, for paths and for bytes."""
import json
import os
import warnings

import pytest

import sgfkit
from conftest import CORPUS, run_tool


def test_paths_are_sgfstat(corpus):
    out, _, _ = run_tool("sgfstat", "--format=json", "--by=year", corpus)
    assert sgfkit.stats(corpus, by="year") == json.loads(out)


def test_bytes_through_partial_and_merge(tmp_path, corpus):
    rec = open(os.path.join(corpus, "clean", "modern-game.sgf"), "rb").read()
    other = open(os.path.join(corpus, "ancient", "zuozi-white-first.sgf"),
                 "rb").read()
    (tmp_path / "a.sgf").write_bytes(rec + other)
    (tmp_path / "b.sgf").write_bytes(rec)
    out, _, rc = run_tool("sgfstat", "--format=json", "--duplicates",
                          "--where=moves>3", "a.sgf", "b.sgf", cwd=tmp_path)
    want = json.loads(out)
    got = sgfkit.stats(("a.sgf", rec + other), ("b.sgf", rec),
                       duplicates=True, where=["moves>3"])
    assert got == want
    assert "a.sgf" in json.dumps(got)        # the duplicates name them
    with pytest.raises(sgfkit.InputError):
        sgfkit.stats(str(tmp_path / "missing.sgf"))


def test_stats_names_skips(tmp_path):
    """sgfkit.stats over paths warns of the files its walk does not read,
    as read() does, and counts the rest."""
    src = open(os.path.join(CORPUS, "clean", "modern-game.sgf"), "rb").read()
    (tmp_path / "a.sgf").write_bytes(src)
    (tmp_path / "notes.txt").write_text("notes\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        doc = sgfkit.stats(str(tmp_path))
    assert [str(w.message) for w in caught
            if w.category is sgfkit.InputSkipped] == [
        "skipped '%s/notes.txt': not a game record (by its name)" % tmp_path]
    assert doc["groups"][0]["games"] == 1 and doc["groups"][0]["files"] == 1
