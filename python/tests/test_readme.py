"""The README's Python example runs as printed, from a fresh checkout's
point of view (corpus/ beside it), and draws its plot."""
import os
import re
import subprocess
import sys

import pytest

from conftest import SRCDIR

pytest.importorskip("matplotlib", reason="Debian: python3-matplotlib")


def test_readme_example(tmp_path):
    text = open(os.path.join(SRCDIR, "README.md"), encoding="utf-8").read()
    section = text.split("## Python", 1)[1].split("\n## ", 1)[0]
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    os.symlink(os.path.join(SRCDIR, "corpus"), tmp_path / "corpus")
    import sgfkit
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=os.path.dirname(
        os.path.dirname(os.path.abspath(sgfkit.__file__))))
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "agreement" in r.stdout or "year" in r.stdout
    assert (tmp_path / "points.png").stat().st_size > 1000
