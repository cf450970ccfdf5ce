"""python3 -m sgfkit.dask: a tool's job on a Dask cluster (_cli.py)."""
import sys

from ._cli import main

sys.exit(main())
