"""Fixtures of the sgfkit tests: the source and build folders, the tools of
this build (the reference every output is compared with), the corpora, and
one Dask cluster for the tests that need it."""
import os
import subprocess

import pytest

SRCDIR = os.environ.get("SGFKIT_SRCDIR") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
BUILDDIR = os.environ.get("SGFKIT_BUILDDIR") or os.path.join(SRCDIR, "build")
CORPUS = os.path.join(SRCDIR, "corpus")
SHARED = os.environ.get("SGFKIT_CORPUS") or os.path.join(
    SRCDIR, "..", "shared", "corpus")


def tool(name):
    return os.path.join(BUILDDIR, "bin", name)


def run_tool(name, *args, cwd=None):
    """A tool of this build: (stdout bytes, stderr text, exit status)."""
    r = subprocess.run([tool(name), "--progress=never", *args],
                       capture_output=True, cwd=cwd)
    return r.stdout, r.stderr.decode("utf-8", "replace"), r.returncode


@pytest.fixture(scope="session")
def corpus():
    return CORPUS


@pytest.fixture(scope="session")
def shared():
    if not os.path.isdir(SHARED):
        pytest.skip("no real corpus at %s (set SGFKIT_CORPUS)" % SHARED)
    return SHARED


@pytest.fixture(scope="session")
def scheduler():
    """The address of one LocalCluster of two worker processes, shared by
    the tests (starting one costs seconds)."""
    distributed = pytest.importorskip(
        "distributed", reason="Debian: python3-distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                       processes=True,
                                       dashboard_address=":0")
    yield cluster.scheduler_address
    cluster.close()


@pytest.fixture(scope="session")
def client(scheduler):
    distributed = pytest.importorskip("distributed")
    c = distributed.Client(scheduler)
    yield c
    c.close()


def pytest_configure(config):
    # the walks of corpus/ skip its .expect files, each an InputSkipped
    # warning; the tests of skips record them with filters of their own
    config.addinivalue_line("filterwarnings", "ignore::sgfkit.InputSkipped")
