"""What a Dask worker runs for one partition (imported there by name)."""
from .. import _frames, _sgfkit, _stat


def run_part(job, items, options):
    """A tool's job over a partition: (output, stderr text, failures,
    counts), as _sgfkit.run returns them; the archive members it did not
    read are named in the stderr text, as the tool names them."""
    return _sgfkit.run(job, items, skips="err", **options)


def frame_part(kind, items, options):
    """A partition of sgfkit.dask.read_games / read_moves."""
    from .. import _raise_failures
    data, failures = _frames.csv_of(kind, items, options)
    _raise_failures(failures)
    return _frames.from_csv(data, _frames.GAME_DTYPES if kind == "games"
                            else _frames.MOVE_DTYPES)


def stat_part(items, args):
    """sgfstat --partial over a partition: (partial bytes, stderr, status)."""
    return _stat.partial(items, args)


def sees(path, fingerprint):
    """Whether this worker sees the client's file at path (a shared disk)."""
    try:
        return fingerprint_of(path) == fingerprint
    except OSError:
        return False


def fingerprint_of(path):
    import hashlib
    import os
    st = os.stat(path)
    with open(path, "rb") as f:
        head = hashlib.sha256(f.read(65536)).hexdigest()
    return (st.st_size, head)
