"""The module over part of ../shared/corpus, when it is there (make check;
make check-real runs it all): the malformed and odd records and the
archives read as sgfcheck reads them, the KGS games of one folder as
sgfconvert's CSV, the archives checked on a Dask cluster."""
import csv
import io
import json
import os

import pytest

import sgfkit
from conftest import run_tool


@pytest.fixture(scope="module")
def odd(shared):
    return [os.path.join(shared, "5-malformed-odd"),
            os.path.join(shared, "6-archives")]


def test_read_as_sgfcheck(odd):
    out, _, _ = run_tool("sgfcheck", "--format=json", "-j1", *odd)
    ref = [json.loads(line) for line in out.splitlines()]
    n = 0
    for g, line in zip(sgfkit.read(*odd, on_error=lambda o, m: None), ref):
        assert sgfkit.check(g) == line
        n += 1
    assert n == len(ref) > 1000


def test_frame_as_sgfconvert(shared):
    path = os.path.join(shared, "2-online", "vftens__RocAlphaGo.data")
    df = sgfkit.games_frame(path, legality=False)
    out, _, _ = run_tool("sgfconvert", "-j1", "-t", "csv", path)
    rows = list(csv.DictReader(io.StringIO(out.decode("utf-8"), newline="")))
    assert len(df) == len(rows) > 500
    assert list(df["moves_hash"]) == [r["moves_hash"] for r in rows]
    assert list(df["moves"]) == [int(r["moves"]) for r in rows]


def test_archives_on_dask(odd, scheduler):
    from test_dask import dask_main
    ref, _, ref_rc = run_tool("sgfcheck", "--format=json", odd[1])
    for ship in ("paths", "bytes"):
        out, err, rc = dask_main("check", "--scheduler", scheduler,
                                 "--ship", ship, "--format=json", odd[1])
        assert out == ref and rc == ref_rc, err
