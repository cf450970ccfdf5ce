"""The Dask jobs over the whole real corpus (make check-real, which sets
SGFKIT_REAL=1): byte for byte what the tools write on one machine.
SGFKIT_REAL_PLAYOUTS=N gives both sides of the score job N playouts (the
same options, so the same bytes; CI's check-real-dask uses 8)."""
import os

import pytest

from conftest import run_tool
from test_dask import dask_cli

pytestmark = pytest.mark.skipif(os.environ.get("SGFKIT_REAL") != "1",
                                reason="make check-real runs these")
pytest.importorskip("distributed", reason="Debian: python3-distributed")
PLAYOUTS = "--playouts=%d" % int(os.environ.get("SGFKIT_REAL_PLAYOUTS") or 0)
# The folders the score job reads when check-real's sgfscore output is the
# reference (SGFKIT_SCORE_REFERENCE): the archives, the broken records and
# the finished server games, 12,600 games; the other jobs read everything.
SCORE_PART = ("2-online", "4-software-tests", "5-malformed-odd", "6-archives")


@pytest.mark.parametrize("job,tool,args", [
    ("check", "sgfcheck", ["--format=json"]),
    ("stat", "sgfstat", ["--format=json", "--duplicates"]),
    ("score", "sgfscore", ["--format=json", PLAYOUTS]),
])
def test_real_corpus(shared, job, tool, args):
    # check-real has just scored the whole corpus with the same playouts:
    # its lines for SCORE_PART are the reference
    ref_file = os.environ.get("SGFKIT_SCORE_REFERENCE")
    if job == "score" and ref_file and os.path.exists(ref_file):
        paths = [os.path.join(shared, d) for d in SCORE_PART
                 if os.path.isdir(os.path.join(shared, d))]
        out, err, rc = dask_cli(job, "--workers", "2", "-q", *args, *paths)
        heads = tuple(b'{"origin":"' + p.encode() + b"/" for p in paths)
        with open(ref_file, "rb") as f:
            ref = b"".join(line for line in f if line.startswith(heads))
        ref_rc = rc
    else:
        out, err, rc = dask_cli(job, "--workers", "2", "-q", *args, shared)
        ref, _, ref_rc = run_tool(tool, "-q", *args, shared)
    assert len(out) > 100000
    assert out == ref, err[-2000:]
    assert rc == ref_rc


def test_real_corpus_convert(shared, tmp_path):
    """convert's parts, joined, are sgfconvert's one file."""
    _, err, rc = dask_cli("convert", "--workers", "2", "-q", "-t", "jsonl",
                          "-o", str(tmp_path), shared)
    ref, _, ref_rc = run_tool("sgfconvert", "-q", "-t", "jsonl", shared)
    parts = sorted(p for p in os.listdir(tmp_path) if p.startswith("part-"))
    out = b"".join(open(os.path.join(tmp_path, p), "rb").read()
                   for p in parts)
    assert len(parts) > 1 and len(out) > 100000
    assert out == ref, err[-2000:]
    assert rc == ref_rc
