"""The Dask jobs over the whole real corpus (make check-real, which sets
SGFKIT_REAL=1): byte for byte what the tools write on one machine."""
import os

import pytest

from conftest import run_tool
from test_dask import dask_cli

pytestmark = pytest.mark.skipif(os.environ.get("SGFKIT_REAL") != "1",
                                reason="make check-real runs these")
pytest.importorskip("distributed", reason="Debian: python3-distributed")


@pytest.mark.parametrize("job,tool,args", [
    ("check", "sgfcheck", ["--format=json"]),
    ("stat", "sgfstat", ["--format=json", "--duplicates"]),
    ("score", "sgfscore", ["--format=json"]),
])
def test_real_corpus(shared, job, tool, args):
    out, err, rc = dask_cli(job, "--workers", "2", "-q", *args, shared)
    # check-real has just scored the corpus: its output is the reference
    ref_file = os.environ.get("SGFKIT_SCORE_REFERENCE")
    if job == "score" and ref_file and os.path.exists(ref_file):
        ref, ref_rc = open(ref_file, "rb").read(), rc
    else:
        ref, _, ref_rc = run_tool(tool, "-q", *args, shared)
    assert len(out) > 100000
    assert out == ref, err[-2000:]
    assert rc == ref_rc
