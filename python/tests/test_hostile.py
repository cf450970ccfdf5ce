"""Bad input never crashes the interpreter: hostile.py in a process of
its own (a crash or hang there fails this test, with its output) over
corpus/ and the folders of SGFKIT_FUZZ_CORPUS (colon-separated);
SGFKIT_HOSTILE_LOG=FILE keeps its output (.ci/run prints the counts);
it shares the inputs out among processes of its own (SGFKIT_HOSTILE_JOBS)."""
import os
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_hostile_inputs():
    dirs = [d for d in os.environ.get("SGFKIT_FUZZ_CORPUS", "").split(":")
            if d]
    # a session of its own: a hang kills hostile.py and the processes it
    # shares the inputs out to
    proc = subprocess.Popen([sys.executable, os.path.join(HERE, "hostile.py"),
                             *dirs], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=1800)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        stderr += "\nhostile.py: killed after 1800 s"
    log = os.environ.get("SGFKIT_HOSTILE_LOG")
    if log:
        with open(log, "w") as f:
            f.write(stdout + stderr)
    tail = (stdout + stderr)[-4000:]
    assert proc.returncode == 0, "exit status %d:\n%s" % (proc.returncode,
                                                       tail)
    assert " 0 failed" in stdout, tail
