"""sgfkit.dask: frames partitioned over a cluster, and the tools' jobs run
there writing what the tool writes on one machine."""
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile

import pandas as pd
import pytest

import sgfkit
from conftest import CORPUS, run_tool

pytest.importorskip("dask.dataframe", reason="Debian: python3-dask")
pytest.importorskip("distributed", reason="Debian: python3-distributed")

import sgfkit.dask  # noqa: E402
from sgfkit.dask import _tasks  # noqa: E402


def dask_cli(*args, cwd=None):
    """python3 -m sgfkit.dask ...: (stdout, stderr, status)."""
    r = subprocess.run([sys.executable, "-m", "sgfkit.dask", *args],
                       capture_output=True, cwd=cwd, timeout=900)
    return r.stdout, r.stderr.decode("utf-8", "replace"), r.returncode


def dask_main(*args):
    """The same in this process (Dask imported once): what main() writes
    on its standard output and error, and its status."""
    from sgfkit.dask import _cli
    out, err = io.BytesIO(), io.StringIO()
    try:
        rc = _cli.main(list(args), out=out, err=err)
    except SystemExit as e:           # argparse's usage errors
        rc = e.code
    return out.getvalue(), err.getvalue(), rc


@pytest.fixture(scope="module")
def inputs(tmp_path_factory, corpus):
    """corpus/ with an archive of its own beside it: a directory, a zip
    whose members are cut into partitions, a tar.gz, a gzip file."""
    d = tmp_path_factory.mktemp("inputs")
    files = sorted(os.path.join(r, f) for r, _, fs in os.walk(corpus)
                   for f in fs if f.endswith(".sgf"))
    with zipfile.ZipFile(d / "some.zip", "w") as z:
        for f in files[::3]:
            z.write(f, os.path.relpath(f, corpus))
    with tarfile.open(d / "more.tar.gz", "w:gz") as t:
        for f in files[1::5]:
            t.add(f, os.path.relpath(f, corpus))
    (d / "one.sgf.gz").write_bytes(
        gzip.compress(open(files[0], "rb").read(), mtime=0))
    return [corpus, str(d / "some.zip"), str(d / "more.tar.gz"),
            str(d / "one.sgf.gz")]


def test_plan_is_one_run(inputs):
    """Partitions read in order give the games of one run, whatever the
    size of a partition and however the files travel."""
    from sgfkit._inputs import plan
    whole, _, _, _ = sgfkit._sgfkit.run("check", sgfkit._inputs.to_items(
        inputs), format="json")
    for size, ship in ((1, "paths"), (4096, "bytes"), (1 << 20, "paths")):
        parts = list(plan(inputs, part_bytes=size, ship=ship))
        assert len(parts) > (100 if size == 1 else 5 if size < 5000 else 0)
        outs = [sgfkit._sgfkit.run("check", p.items, format="json")[0]
                for p in parts]
        assert b"".join(outs) == whole
    kinds = {i[0] for p in plan(inputs, 1, "paths") for i in p.items}
    assert kinds == {"file", "member"}
    kinds = {i[0] for p in plan(inputs, 1, "bytes") for i in p.items}
    assert kinds == {"bytes", "member"}


def test_read_games_is_games_frame(inputs, client):
    ddf = sgfkit.dask.read_games(inputs, partition_size="4KB")
    assert ddf.npartitions > 5
    got = ddf.compute().reset_index(drop=True)
    # the same values and dtypes; a category's categories come in the
    # order the partitions met them
    pd.testing.assert_frame_equal(got, sgfkit.games_frame(*inputs),
                                  check_categorical=False)
    ddf = sgfkit.dask.read_moves(inputs, partition_size="64KB", ship="bytes")
    got = ddf.compute().reset_index(drop=True)
    want = sgfkit.moves_frame(*inputs)
    assert list(got.dtypes.astype(str)) == list(want.dtypes.astype(str))
    # the same game ids whatever partition or shipping read them
    got["game_id"] = got["game_id"].astype(str)
    want["game_id"] = want["game_id"].astype(str)
    pd.testing.assert_frame_equal(got, want)
    # a query as a notebook would write it
    by_status = ddf.groupby("color").size().compute()
    assert by_status.sum() == len(want)


@pytest.mark.parametrize("job,tool,args,ship", [
    ("check", "sgfcheck", ["--format=json"], "paths"),
    ("check", "sgfcheck", ["--format=json"], "bytes"),
    ("check", "sgfcheck", ["--format=csv", "-W", "no-ko", "-v"], "paths"),
    ("check", "sgfcheck", [], "bytes"),
    ("score", "sgfscore", ["--format=json", "--strict"], "bytes"),
    ("score", "sgfscore", ["--format=csv", "--rules=japanese"], "paths"),
    ("stat", "sgfstat", ["--format=json", "--duplicates"], "paths"),
    ("stat", "sgfstat", ["--format=json", "--duplicates"], "bytes"),
    ("stat", "sgfstat", ["--by=year", "--where=moves>10"], "paths"),
])
def test_jobs_write_what_the_tool_writes(inputs, scheduler, job, tool, args,
                                         ship):
    size = ["--partition-size=4K"] if job != "stat" else \
        ["--partition-size=32K"]
    if job == "score":      # 5 ms a game: the score cases and the zip
        inputs = [os.path.join(inputs[0], "score"), inputs[1]]
    out, err, rc = dask_main(job, "--scheduler", scheduler, "--ship", ship,
                             *size, *args, *inputs)
    ref, ref_err, ref_rc = run_tool(tool, *args, *inputs)
    assert out == ref and len(out) > 1000, err
    assert rc == ref_rc, err


def test_output_file_and_local_cluster(inputs, tmp_path):
    """-o FILE, atomically; a LocalCluster of its own without
    --scheduler."""
    out = tmp_path / "report.jsonl"
    _, err, rc = dask_cli("check", "--workers", "2", "--format=json", "-o",
                          str(out), *inputs)
    ref, _, ref_rc = run_tool("sgfcheck", "--format=json", *inputs)
    assert out.read_bytes() == ref and rc == ref_rc
    assert "games" in err and os.listdir(tmp_path) == ["report.jsonl"]


def test_convert_parts_and_manifest(inputs, scheduler, tmp_path):
    for to, extra in (("jsonl", []), ("csv", ["--csv=moves"]),
                      ("xml", []), ("sgf", ["--gzip"])):
        d = tmp_path / to
        _, err, rc = dask_main("convert", "--scheduler", scheduler,
                               "--partition-size=8K", "-t", to, *extra,
                               "-o", str(d), *inputs)
        ref, _, ref_rc = run_tool("sgfconvert", "-t", to,
                                  *[e for e in extra if e != "--gzip"],
                                  *inputs)
        assert rc == ref_rc, err
        manifest = [json.loads(line) for line in
                    open(d / "manifest.jsonl", encoding="utf-8")]
        assert len(manifest) > 3
        assert sorted(os.listdir(d)) == sorted(
            [m["part"] for m in manifest] + ["manifest.jsonl"])
        parts = []
        for m in manifest:
            data = (d / m["part"]).read_bytes()
            parts.append(gzip.decompress(data) if to == "sgf" else data)
        assert sum(m["games"] for m in manifest) == \
            sum(g.has_tree for g in sgfkit.read(*inputs, legality=False))
        if to == "csv":
            # each part a whole CSV file: one header each
            head = parts[0].split(b"\r\n", 1)[0] + b"\r\n"
            assert all(p.startswith(head) for p in parts)
            joined = head + b"".join(p[len(head):] for p in parts)
        elif to == "xml":
            assert all(p.startswith(b"<?xml") for p in parts)
            continue
        else:
            joined = b"".join(parts)
        assert joined == ref, to


def test_usage_errors(inputs):
    _, err, rc = dask_main("check", "-W", "no-such-check", *inputs)
    assert rc == 2 and "unknown check" in err
    _, err, rc = dask_main("check", "--summary", *inputs)
    assert rc == 2
    _, err, rc = dask_main("convert", *inputs)
    assert rc == 2 and "-o DIR" in err


def test_convert_never_overwrites(tmp_path, corpus):
    """A folder that holds an earlier run's parts is refused, untouched."""
    (tmp_path / "part-00000.sgf").write_bytes(b"mine")
    _, err, rc = dask_main("convert", "-o", str(tmp_path), corpus)
    assert rc == 2 and "write into an empty or new folder" in err
    assert os.listdir(tmp_path) == ["part-00000.sgf"]
    assert (tmp_path / "part-00000.sgf").read_bytes() == b"mine"
    (tmp_path / "file").write_bytes(b"")
    _, err, rc = dask_main("convert", "-o", str(tmp_path / "file"), corpus)
    assert rc == 2 and "not a folder" in err


def test_unreadable_input(inputs, scheduler, tmp_path):
    missing = str(tmp_path / "missing.sgf")
    for ship in ("paths", "bytes"):
        out, err, rc = dask_main("check", "--scheduler", scheduler,
                                 "--ship", ship, "--format=json", inputs[0],
                                 missing)
        ref, ref_err, ref_rc = run_tool("sgfcheck", "--format=json",
                                        inputs[0], missing)
        assert out == ref and rc == ref_rc == 2
        assert "sgfcheck: cannot open '%s'" % missing in err


def test_workers_that_do_not_see_the_files(inputs, client, tmp_path):
    """auto ships bytes when a worker does not see the client's file."""
    f = tmp_path / "probe.sgf"
    f.write_bytes(b"(;GM[1])")
    mine = _tasks.fingerprint_of(str(f))
    assert all(client.run(_tasks.sees, str(f), mine).values())
    assert not any(client.run(_tasks.sees, str(f), (1, "x")).values())
    assert not any(client.run(_tasks.sees, str(tmp_path / "no"),
                              mine).values())


def test_damaged_archive(inputs, scheduler, tmp_path, corpus):
    """An archive with a member that cannot be read whole goes whole to a
    worker, which meets the damage where one run does."""
    rec = open(os.path.join(corpus, "clean", "modern-game.sgf"), "rb").read()
    path = tmp_path / "damaged.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.sgf", rec)
        z.writestr("b.sgf", rec * 20)
        z.writestr("c.sgf", rec)
    data = bytearray(path.read_bytes())
    start = data.find(b"b.sgf") + 5
    for i in range(start + 40, start + 60):
        data[i] ^= 0x55
    path.write_bytes(bytes(data))
    ref, ref_err, ref_rc = run_tool("sgfcheck", "--format=json", str(path))
    assert ref_rc == 2 and ref          # games before the damage, then 2
    for ship in ("paths", "bytes"):
        out, err, rc = dask_main("check", "--scheduler", scheduler,
                                 "--ship", ship, "--format=json", str(path))
        assert out == ref and rc == ref_rc, err


def test_skips_named_and_counted(scheduler, tmp_path):
    """The files and members a walk does not read are named as the tool
    names them, whether the client's walk or a worker skips them, and
    counted in the summary."""
    game = open(os.path.join(CORPUS, "clean", "modern-game.sgf"), "rb").read()
    (tmp_path / "a.sgf").write_bytes(game)
    (tmp_path / "notes.txt").write_text("notes\n")
    with zipfile.ZipFile(tmp_path / "z.zip", "w") as z:
        z.writestr("b.sgf", game)
        z.writestr("README", "read me\n")
    _, ref, ref_rc = run_tool("sgfcheck", str(tmp_path))
    for ship in ("paths", "bytes"):
        _, err, rc = dask_main("check", "--scheduler", scheduler, "--ship",
                               ship, str(tmp_path))
        lines = sorted(x for x in err.splitlines() if "skipped '" in x)
        assert lines == sorted(x for x in ref.splitlines()
                               if "skipped '" in x) and len(lines) == 2, err
        assert ", 2 inputs skipped (not a game record) in " in err, err
        assert rc == ref_rc, err


@pytest.fixture(scope="module")
def other_formats(tmp_path_factory, corpus):
    """What sgfconvert reads besides SGF: XML of both forms and JSON trees
    it wrote from corpus/ (one gzipped, one made by hand with a value the
    checks report, one cut short), and Tygem, WBaduk and PandaNet records
    named, gzipped and in a zip."""
    d = tmp_path_factory.mktemp("formats")
    records = [os.path.join(corpus, x) for x in ("clean", "convert")]
    for name, args in (("go.xml", ["-t", "xml"]),
                       ("raw.xml", ["-t", "xml", "--xml=raw"]),
                       ("trees.json", ["-t", "json"])):
        _, err, rc = run_tool("sgfconvert", "-q", *args, "-o",
                              str(d / name), *records)
        assert rc == 0, err
    (d / "trees.jsonl.gz").write_bytes(
        gzip.compress((d / "trees.json").read_bytes(), mtime=0))
    (d / "bad-komi.json").write_text(
        '{"nodes":[[["GM",["1"]],["SZ",["9"]],\n'
        '  ["KM",["seven"]]],[["B",["ee"]]],[["W",["cc"]]]]}\n')
    go = (d / "go.xml").read_bytes()
    (d / "cut.xml").write_bytes(go[:len(go) // 2])
    foreign = sorted(os.path.join(corpus, "foreign", f) for f in
                     os.listdir(os.path.join(corpus, "foreign"))
                     if f.endswith((".gib", ".ngf", ".ugf", ".ugi")))
    with zipfile.ZipFile(d / "foreign.zip", "w") as z:
        for f in foreign:
            z.write(f, os.path.basename(f))
    (d / "tygem.gib.gz").write_bytes(gzip.compress(
        open(os.path.join(corpus, "foreign", "tygem-euc-kr.gib"),
             "rb").read(), mtime=0))
    return [str(d / n) for n in ("go.xml", "raw.xml", "trees.json",
                                 "trees.jsonl.gz", "bad-komi.json",
                                 "cut.xml", "foreign.zip", "tygem.gib.gz")
            ] + foreign


def diagnostics(err):
    """The lines of a convert run's stderr, its summary left out."""
    return sorted(x for x in err.splitlines()
                  if not re.match(r"sgfconvert: \d+ games?, ", x))


@pytest.mark.parametrize("to,ship", [("jsonl", "paths"), ("sgf", "bytes"),
                                     ("csv", "bytes")])
def test_convert_other_formats(other_formats, scheduler, tmp_path, to,
                               ship):
    """XML, JSON and the foreign formats: the parts are what sgfconvert
    writes, its diagnostics (in the XML's and JSON's lines) and failures
    the same, the same exit status."""
    d = tmp_path / "out"
    _, err, rc = dask_main("convert", "--scheduler", scheduler, "--ship",
                           ship, "--partition-size=2K", "-t", to, "-o",
                           str(d), *other_formats)
    ref, ref_err, ref_rc = run_tool("sgfconvert", "-t", to, *other_formats)
    manifest = [json.loads(line) for line in
                open(d / "manifest.jsonl", encoding="utf-8")]
    assert len(manifest) > 3
    parts = [(d / m["part"]).read_bytes() for m in manifest]
    if to == "csv":
        head = parts[0].split(b"\r\n", 1)[0] + b"\r\n"
        parts = [head] + [p[len(head):] for p in parts]
    assert b"".join(parts) == ref and len(ref) > 5000
    assert rc == ref_rc == 2, err
    assert diagnostics(err) == diagnostics(ref_err)
    # the JSON's own line and column
    assert "bad-komi.json:2:4: error: KM[seven] is not a number" in ref_err
    assert "cut.xml: not a game record in XML" in ref_err
    # the zip's members travelled as members, each its own input
    assert any(o.endswith("foreign.zip:tygem-euc-kr.gib")
               for m in manifest for o in m["inputs"])


def test_read_games_other_formats(other_formats, client):
    """read_games, read_moves and the frames read them as sgfconvert's
    CSV does."""
    readable = [f for f in other_formats if not f.endswith("cut.xml")]
    want = sgfkit.games_frame(*readable, legality=False)
    ref, _, _ = run_tool("sgfconvert", "-t", "csv", *readable)
    assert len(want) == ref.count(b"\r\n") - 1 > 20
    zip_ = next(f for f in readable if f.endswith("foreign.zip"))
    assert set(want["origin"]) >= {zip_ + ":tygem-euc-kr.gib",
                                   readable[0], readable[3]}
    got = sgfkit.dask.read_games(readable, legality=False,
                                 partition_size="2KB", ship="bytes")
    assert got.npartitions > 3
    pd.testing.assert_frame_equal(got.compute().reset_index(drop=True),
                                  want, check_categorical=False)
    moves = sgfkit.dask.read_moves(readable, partition_size="2KB")
    got = moves.compute().reset_index(drop=True)
    want = sgfkit.moves_frame(*readable)
    got["origin"] = got["origin"].astype(str)
    want["origin"] = want["origin"].astype(str)
    pd.testing.assert_frame_equal(got, want)
    with pytest.raises(sgfkit.InputError, match="not a game record in XML"):
        sgfkit.games_frame(*other_formats)


def test_games_travel_to_workers(client, corpus):
    """Games pickle: a worker process reads the same values from them."""
    import operator
    games = list(sgfkit.read(os.path.join(corpus, "rules"),
                             rules="japanese"))
    futures = client.map(operator.attrgetter("info", "moves", "setup",
                                             "diagnostics"), games,
                         pure=False)
    assert client.gather(futures) == [(g.info, g.moves, g.setup,
                                       g.diagnostics) for g in games]
    assert len(games) > 5


def test_convert_parts_named_in_order_after_skips(scheduler, tmp_path):
    """A worker that skips an archive's member (an archive under another
    name is read whole there) still writes its part under its own number:
    no part overwrites another."""
    game = open(os.path.join(CORPUS, "clean", "modern-game.sgf"), "rb").read()
    names = []
    for i in range(4):
        (tmp_path / ("g%d.sgf" % i)).write_bytes(game)
        names.append(str(tmp_path / ("g%d.sgf" % i)))
    with zipfile.ZipFile(tmp_path / "games.pack", "w") as z:
        z.writestr("a.sgf", game)
        z.writestr("README", "read me\n")
        z.writestr("b.sgf", game)
    # third: its one skip must not rename it part 1
    names.insert(2, str(tmp_path / "games.pack"))
    out = tmp_path / "out"
    _, err, rc = dask_main("convert", "--scheduler", scheduler,
                           "--partition-size=1", "-t", "jsonl", "-o",
                           str(out), *names)
    ref, ref_err, ref_rc = run_tool("sgfconvert", "-t", "jsonl", *names)
    manifest = [json.loads(line) for line in
                open(out / "manifest.jsonl", encoding="utf-8")]
    assert [m["part"] for m in manifest] == \
        ["part-%05d.jsonl" % k for k in range(len(names))]
    umask = os.umask(0)
    os.umask(umask)
    for m in manifest:
        assert (out / m["part"]).read_bytes().count(b"\n") == m["games"]
        # as open() makes a file, not mkstemp's 0600
        assert os.stat(out / m["part"]).st_mode & 0o777 == 0o666 & ~umask
    assert b"".join((out / m["part"]).read_bytes() for m in manifest) == ref
    assert rc == ref_rc, err
    assert "skipped '%s:README'" % names[2] in ref_err
    assert "skipped '%s:README'" % names[2] in err
