"""sgfkit.read and the Game: what the library reads, as Python values, the
same as the tools say."""
import bz2
import datetime
import gzip
import io
import json
import os
import tarfile
import warnings
import zipfile

import pytest

import sgfkit
from conftest import run_tool

GAME = b"""(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]HA[2]RU[Japanese]
PB[Black NA]BR[3d]PW[White]WR[2k]DT[2017-03-30,31]RE[W+3.5]EV[Cup]RO[2]
PC[Tokyo]AP[sgfkit:1]AB[dd][pp]C[root comment]
;W[dp];B[pd]C[x];W[];B[tt];W[zz])
"""


def check_lines(*args, cwd=None):
    out, _, _ = run_tool("sgfcheck", "--format=json", "-j1", *args, cwd=cwd)
    return [json.loads(line) for line in out.splitlines()]


def test_game_fields():
    [g] = sgfkit.loads(GAME, name="mem.sgf")
    assert g.origin == "mem.sgf" and g.index == 1 and g.offset == 0
    i = g.info
    assert (i.black, i.white, i.black_rank, i.white_rank) == \
        ("Black NA", "White", "3d", "2k")
    assert i.date == datetime.date(2017, 3, 30) and i.date_text == \
        "2017-03-30,31"
    assert (i.year, i.month, i.day) == (2017, 3, 30)
    assert i.komi == 6.5 and i.handicap == 2 and i.rules == "Japanese"
    assert (i.width, i.height, i.ff, i.gm) == (19, 19, 4, 1)
    assert (i.event, i.round, i.place, i.application) == \
        ("Cup", "2", "Tokyo", "sgfkit:1")
    r = i.result
    assert (r.winner, r.margin, r.kind, r.text, r.sgf) == \
        ("W", 3.5, "points", "W+3.5", "W+3.5")
    assert [(m.number, m.color, m.x, m.y, m.point, m.kind) for m in g.moves] \
        == [(1, "W", 3, 15, "dp", "move"), (2, "B", 15, 3, "pd", "move"),
            (3, "W", None, None, "", "pass"), (4, "B", None, None, "tt",
                                               "pass"),
            (5, "W", None, None, "zz", "off-board")]
    assert sorted(g.setup) == [("B", 3, 3), ("B", 15, 15)]
    assert g.properties["PB"] == ["Black NA"]
    assert g.properties["AB"] == ["dd", "pp"]
    assert g.properties["C"] == ["root comment"]
    assert g.move_count == 5 and g.has_tree
    assert g.raw == GAME.rstrip(b"\n") or g.raw.startswith(b"(;GM[1]")


def test_no_result_and_partial_date():
    [g] = sgfkit.loads("(;GM[1]SZ[9]DT[2017-03])")
    assert g.info.result.winner is None and g.info.result.sgf is None
    assert g.info.date is None and (g.info.year, g.info.month) == (2017, 3)
    assert g.info.komi is None and g.setup == []


def test_what_the_record_leaves_unsaid():
    """Rules and komi assumed, and the clue, as sgfcheck reports them."""
    [g] = sgfkit.loads("(;GM[1]SZ[19]EV[Oteai]DT[1935-05-29]RE[B+5];B[pd])")
    i = g.info
    assert (i.rules, i.komi) == (None, None)
    assert (i.rules_assumed, i.rules_source, i.rules_evidence) == \
        ("japanese", "inferred", "EV[Oteai]")
    assert (i.komi_assumed, i.komi_source, i.komi_evidence) == \
        (0.0, "inferred", "DT[1935-05-29]")
    assert len(i) == 22            # the tuple is as it was
    [g] = sgfkit.loads("(;GM[1]SZ[19]RU[Japanese]KM[6.5];B[pd])")
    i = g.info
    assert (i.rules_assumed, i.rules_source, i.rules_evidence) == \
        (None, "record", None)
    assert (i.komi_assumed, i.komi_source) == (None, "record")
    [g] = sgfkit.loads("(;GM[1]SZ[19];B[pd])")
    assert (g.info.rules_assumed, g.info.rules_source) == ("chinese", "default")
    assert (g.info.komi_assumed, g.info.komi_source) == (0.0, "default")


def test_same_games_and_diagnostics_as_sgfcheck(corpus):
    """Every game of corpus/, in sgfcheck's order, with its diagnostics."""
    games = list(sgfkit.read(corpus))
    ref = check_lines(corpus)
    assert len(games) == len(ref) > 200
    for g, line in zip(games, ref):
        assert (g.origin, g.index, g.offset) == \
            (line["origin"], line["game"], line["offset"])
        assert g.status == line["status"] and g.move_count == line["moves"]
        mine = [(d.severity, d.check, d.line, d.column, d.move, d.message)
                for d in g.diagnostics]
        theirs = [(d["severity"], d["id"], d["line"], d["column"],
                   d["move"], d["message"]) for d in line["diagnostics"]]
        assert mine == theirs, g.origin
        assert sgfkit.check(g) == line


def test_kept_games_read_again_the_same(corpus):
    """A game kept past the next one gives its arena back and is read
    again when asked: the same values as while it was current."""
    now = []
    for g in sgfkit.read(corpus):
        now.append((g.info, g.moves, g.setup, g.diagnostics, g.properties))
    kept = list(sgfkit.read(corpus))
    later = [(g.info, g.moves, g.setup, g.diagnostics, g.properties)
             for g in kept]
    assert later == now


def test_writers_are_sgfconvert(corpus):
    path = os.path.join(corpus, "clean", "modern-game.sgf")
    [g] = list(sgfkit.read(path, legality=False))   # as sgfconvert reads
    for args, text in [((), g.to_sgf()), (("-t", "json"), g.to_json()),
                       (("-t", "jsonl"), g.to_jsonl()),
                       (("-t", "xml"), g.to_xml()),
                       (("-t", "xml", "--xml=raw"), g.to_xml(form="raw")),
                       (("--main-line", "--passes=tt"),
                        g.to_sgf(main_line=True, passes="tt"))]:
        out, _, rc = run_tool("sgfconvert", "-j1", *args, path)
        assert rc == 0 and out.decode("utf-8") == text, args


def test_inputs_of_every_kind(tmp_path, corpus):
    rec = open(os.path.join(corpus, "clean", "modern-game.sgf"), "rb").read()
    two = rec + b"\n" + rec
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.sgf").write_bytes(rec)
    (tmp_path / "d" / "b.sgf.gz").write_bytes(gzip.compress(rec, mtime=0))
    (tmp_path / "d" / "skip.txt").write_bytes(rec)
    zbuf = io.BytesIO()
    with zipfile.ZipFile(zbuf, "w") as z:
        z.writestr("g/x.sgf", rec)
        z.writestr("g/y.sgf", two)
    tbuf = io.BytesIO()
    with tarfile.open(fileobj=tbuf, mode="w:gz") as t:
        info = tarfile.TarInfo("t.sgf")
        info.size = len(rec)
        t.addfile(info, io.BytesIO(rec))
    (tmp_path / "d" / "c.zip").write_bytes(zbuf.getvalue())
    origins = [(g.origin, g.index) for g in sgfkit.read(
        str(tmp_path / "d"), two, io.BytesIO(rec), ("named.sgf", rec),
        ("z.zip", zbuf.getvalue()), ("t.tgz", tbuf.getvalue()),
        ("b.bz2", bz2.compress(rec)), ("g.gz", gzip.compress(two)))]
    d = str(tmp_path / "d")
    assert origins == [
        (d + "/a.sgf", 1), (d + "/b.sgf.gz", 1),
        (d + "/c.zip:g/x.sgf", 1), (d + "/c.zip:g/y.sgf", 1),
        (d + "/c.zip:g/y.sgf", 2),
        ("<bytes 1>", 1), ("<bytes 1>", 2), ("<file 2>", 1),
        ("named.sgf", 1), ("z.zip:g/x.sgf", 1), ("z.zip:g/y.sgf", 1),
        ("z.zip:g/y.sgf", 2), ("t.tgz:t.sgf", 1), ("b.bz2", 1),
        ("g.gz", 1), ("g.gz", 2)]


def test_unreadable_inputs(tmp_path, corpus):
    good = os.path.join(corpus, "clean", "modern-game.sgf")
    missing = str(tmp_path / "missing.sgf")
    with pytest.raises(sgfkit.InputError) as e:
        list(sgfkit.read(missing, good))
    assert e.value.origin == missing and "No such file" in e.value.message
    assert isinstance(e.value, OSError)
    # the games before it come first; after it, "raise" stops the run
    r = sgfkit.read(good, missing, good)
    assert next(r).origin == good
    with pytest.raises(sgfkit.InputError):
        next(r)
    seen = []
    games = list(sgfkit.read(good, missing, good,
                             on_error=lambda o, m: seen.append((o, m))))
    assert len(games) == 2 and seen[0][0] == missing
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert len(list(sgfkit.read(missing, good, on_error="warn"))) == 1
    assert w and issubclass(w[0].category, sgfkit.InputWarning)
    # a corrupt gzip stream: the games before the damage, then the error
    data = gzip.compress(open(good, "rb").read() * 3)
    bad = data[:len(data) // 2] + b"\xff" * 40
    seen = []
    list(sgfkit.read(("cut.gz", bad), on_error=lambda o, m: seen.append(m)))
    assert seen and seen[0].startswith("cut.gz: ")


def test_errors_raise_with_check_and_position():
    text = b"(;GM[1]FF[4]SZ[9];B[ee];W[ee])"
    [g] = sgfkit.loads(text, name="x.sgf")
    assert g.errors == 1
    with pytest.raises(sgfkit.SGFError) as e:
        list(sgfkit.read(("x.sgf", text), errors="raise"))
    err = e.value
    assert (err.check, err.origin, err.game, err.line, err.column,
            err.move) == ("occupied", "x.sgf", 1, 1, 25, 2)
    assert str(err).startswith("x.sgf:1:25: error: ")
    assert str(err).endswith("[occupied]")
    assert isinstance(err, ValueError)


def test_options_reach_the_reader():
    text = b"(;GM[1]FF[4]SZ[5]RU[Japanese];B[aa];W[ba];B[ca];W[bb];B[ab])"
    [g] = sgfkit.loads(text)
    assert sgfkit.check(g)["rules"] == "japanese"
    [g] = sgfkit.loads(text, rules="chinese")
    assert sgfkit.check(g)["rules"] == "chinese"
    [g] = sgfkit.loads(text, legality=False)
    assert sgfkit.check(g)["rules"] is None
    with pytest.raises(ValueError):
        sgfkit.loads(text, rules="no such rules")


def test_check_reports_disable_and_severity(corpus):
    path = os.path.join(corpus, "rules")
    ref = check_lines("-W", "no-ko", "-W", "warning=occupied", path)
    mine = list(sgfkit.check(path, disable=["ko"],
                             severity={"occupied": "warning"}))
    assert mine == ref
    with pytest.raises(ValueError):
        list(sgfkit.check(path, disable=["no-such-check"]))


def test_catalogues():
    ids = [c["id"] for c in sgfkit.checks()]
    assert "occupied" in ids and len(ids) == len(set(ids))
    assert "chinese" in sgfkit.rules_names()


def test_one_reader_one_thread():
    r = sgfkit.read(b"(;GM[1])")
    assert iter(r) is r
    assert [g.index for g in r] == [1]


def skipped(caught):
    return sorted(str(w.message) for w in caught
                  if w.category is sgfkit.InputSkipped)


def test_skips_are_named(tmp_path):
    """What a walk does not read is an InputSkipped warning each, worded as
    the tools word it; the rest is read; a file named is always read."""
    (tmp_path / "a.sgf").write_bytes(GAME)
    (tmp_path / "notes.txt").write_text("notes\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_bytes(GAME)
    with zipfile.ZipFile(tmp_path / "z.zip", "w") as z:
        z.writestr("b.sgf", GAME)
        z.writestr("2005-11", "75803708\t;B[qd];W[dp]\n")
    want = [
        "skipped '%s/.git': hidden (a folder whose name starts with '.': "
        "not walked)" % tmp_path,
        "skipped '%s/notes.txt': not a game record (by its name)" % tmp_path,
        "skipped '%s/z.zip:2005-11': not a game record (its name has no "
        "suffix, and its first bytes are no record's)" % tmp_path,
    ]
    _, err, _ = run_tool("sgfcheck", str(tmp_path))
    assert sorted(line.split(": warning: ", 1)[1] for line in err.splitlines()
                  if ": warning: skipped " in line) == want
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = list(sgfkit.read(str(tmp_path)))
    assert [g.origin for g in games] == [str(tmp_path / "a.sgf"),
                                         str(tmp_path / "z.zip") + ":b.sgf"]
    assert skipped(caught) == want
    for jobs in (1, 2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            df = sgfkit.games_frame(str(tmp_path), jobs=jobs)
        assert len(df) == 2 and skipped(caught) == want, jobs
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        [g] = sgfkit.read(str(tmp_path / "notes.txt"))
    assert skipped(caught) == [] and g.diagnostics[0].check == "no-game"
