"""sgfkit on a Dask cluster.

    import sgfkit.dask
    ddf = sgfkit.dask.read_games(["kgs/", "gogod.zip"])   # dask.dataframe
    ddf.groupby("year").size().compute()

read_games and read_moves have the columns and dtypes of
sgfkit.games_frame and sgfkit.moves_frame, one partition per group of
input files or archive members, in the order of one run over the inputs.

    python3 -m sgfkit.dask check|score|convert|stat [--scheduler ADDRESS]
        [--workers N] [OPTIONS] INPUTS...

runs a tool's job on the cluster (a LocalCluster of N workers without
--scheduler) and writes what the tool writes on one machine: the same JSON
Lines, CSV or text in input order for check and score, sgfstat's merged
report (--partial on the workers, --merge here) for stat, one output per
partition plus manifest.jsonl for convert.  Workers that do not see the
client's files receive them as bytes (--ship).  `python3 -m sgfkit.dask
--help` lists the options; doc/python.md says more.
"""
from .. import _frames
from .._inputs import plan
from . import _tasks

__all__ = ["read_games", "read_moves", "parse_size"]


def parse_size(size):
    """"8MB", "256K", 1048576 -> bytes."""
    if isinstance(size, int):
        return size
    s = str(size).strip().upper().rstrip("B")
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if s and s[-1] in units:
        return int(float(s[:-1]) * units[s[-1]])
    return int(s)


def _read(kind, inputs, options, partition_size, ship):
    import dask
    import dask.dataframe as dd
    if isinstance(inputs, (str, bytes)) or not hasattr(inputs, "__iter__"):
        inputs = [inputs]
    from .. import _raise_failures
    parts = []
    for part in plan(list(inputs), part_bytes=parse_size(partition_size),
                     ship=ship):
        _raise_failures(part.failures)
        parts.append(part)
    meta = _frames.empty(kind)
    if not parts:
        return dd.from_pandas(meta, npartitions=1)
    delayed = [dask.delayed(_tasks.frame_part, pure=True)(kind, p.items,
                                                         options)
               for p in parts]
    return dd.from_delayed(delayed, meta=meta, verify_meta=False)


def read_games(inputs, *, legality=True, rules="auto", charset=None,
               partition_size="8MB", ship="paths"):
    """A dask.dataframe of games: the columns and dtypes of
    sgfkit.games_frame, partitioned by input files and archive members
    (about partition_size bytes of records each).  ship="bytes" puts the
    records in the task graph, for workers that do not see the files."""
    return _read("games", inputs, dict(legality=legality, rules=rules,
                                       charset=charset), partition_size, ship)


def read_moves(inputs, *, rules="auto", charset=None, partition_size="8MB",
               ship="paths"):
    """A dask.dataframe of main-line moves: sgfkit.moves_frame's columns."""
    return _read("moves", inputs, dict(legality=False, rules=rules,
                                       charset=charset), partition_size, ship)
