"""Bad input never crashes the interpreter: hostile.py in a process of
its own (a crash or hang there fails this test, with its output) over
corpus/ and the folders of SGFKIT_FUZZ_CORPUS (colon-separated);
SGFKIT_HOSTILE_LOG=FILE keeps its output (.ci/run prints the counts)."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_hostile_inputs():
    dirs = [d for d in os.environ.get("SGFKIT_FUZZ_CORPUS", "").split(":")
            if d]
    r = subprocess.run([sys.executable, os.path.join(HERE, "hostile.py"),
                        *dirs], capture_output=True, text=True, timeout=1800)
    log = os.environ.get("SGFKIT_HOSTILE_LOG")
    if log:
        with open(log, "w") as f:
            f.write(r.stdout + r.stderr)
    tail = (r.stdout + r.stderr)[-4000:]
    assert r.returncode == 0, "exit status %d:\n%s" % (r.returncode, tail)
    assert " 0 failed" in r.stdout, tail
