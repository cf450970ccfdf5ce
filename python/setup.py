"""setup.py - builds the sgfkit package: the extension module over
libsgfkit (src/*.c, lib/sgfkit.h only) and the Python modules.

Built by make (python/python.am) against the build tree, or by hand
against an installed libsgfkit (pkg-config sgfkit):

    /usr/bin/python3 setup.py build --build-base DIR

Nothing is fetched: setuptools and python3-dev come from the system.
Environment (make sets them; without them pkg-config decides):
  SGFKIT_INCLUDE_DIRS, SGFKIT_LIBRARY_DIRS   ':'-separated folders
  SGFKIT_RPATH         where the module finds libsgfkit.so at run time
  SGFKIT_BINDIR        where the tools are (sgfkit.stats runs sgfstat)
  SGFKIT_CFLAGS, SGFKIT_LDFLAGS              extra flags (sanitizers)
"""
import os
import shlex
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
# setuptools takes paths relative to the current folder: make that this one
# whatever folder make runs from (the build tree); outputs go to --build-base.
os.chdir(HERE)


def env_list(name):
    return [p for p in os.environ.get(name, "").split(":") if p]


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args, "sgfkit"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return shlex.split(out)


include_dirs = env_list("SGFKIT_INCLUDE_DIRS")
library_dirs = env_list("SGFKIT_LIBRARY_DIRS")
if not include_dirs:
    include_dirs = [f[2:] for f in pkg_config("--cflags") if f.startswith("-I")]
if not library_dirs:
    library_dirs = [f[2:] for f in pkg_config("--libs") if f.startswith("-L")]
rpath = env_list("SGFKIT_RPATH") or library_dirs
sources = sorted(os.path.join("src", f) for f in os.listdir("src")
                 if f.endswith(".c"))
extension = Extension(
    "sgfkit._sgfkit",
    sources=sources,
    depends=[os.path.join("src", "ext.h")],
    include_dirs=include_dirs,
    library_dirs=library_dirs,
    runtime_library_dirs=rpath,
    libraries=["sgfkit"],
    extra_compile_args=["-std=c11", "-Wall", "-Wextra",
                        "-Wno-missing-field-initializers",
                        "-Wno-cast-function-type"]
    + shlex.split(os.environ.get("SGFKIT_CFLAGS", "")),
    extra_link_args=shlex.split(os.environ.get("SGFKIT_LDFLAGS", "")),
)


class build_py_with_config(build_py):
    """Writes sgfkit/_config.py: where this build's tools are."""

    def run(self):
        super().run()
        path = os.path.join(self.build_lib, "sgfkit", "_config.py")
        bindir = os.environ.get("SGFKIT_BINDIR", "")
        text = ('"""Made by setup.py: where the tools of this build are."""\n'
                "BINDIR = %r\n" % bindir)
        old = None
        if os.path.exists(path):
            with open(path) as f:
                old = f.read()
        if old != text:
            with open(path, "w") as f:
                f.write(text)


setup(
    name="sgfkit",
    version="0.1.0",
    description="Go game records in SGF: read, check, score and convert, "
                "with pandas frames and Dask jobs",
    packages=["sgfkit", "sgfkit.dask"],
    ext_modules=[extension],
    cmdclass={"build_py": build_py_with_config},
    python_requires=">=3.9",
)
