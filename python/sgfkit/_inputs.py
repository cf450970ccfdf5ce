"""What the functions of sgfkit take as inputs, and how a run is split.

An input is a path (a file, a directory walked as the tools walk it, an
archive, a gzip file; "-" is standard input), bytes (the contents of such a
file), a file object (read whole), or a (name, bytes) pair.  The C layer
reads "items" (src/ext.h); inputs become items here.

plan() splits a run into partitions for threads or a Dask cluster: the
files of the walk in its order (the library lists them: sgf_inputs_next_file),
archives cut into their members, grouped by size.  Reading the partitions
one after another gives the games, origins and bytes of one run over the
inputs, in the same order.
"""
import os
import sys
from dataclasses import dataclass, field

from . import _sgfkit


def to_items(inputs):
    """Inputs as the C layer's items."""
    items = []
    unnamed = sum(1 for x in inputs if _is_data(x) or _is_file(x))
    n = 0
    for x in inputs:
        if isinstance(x, (str, os.PathLike)):
            items.append(("path", os.fspath(x)))
        elif isinstance(x, tuple) and len(x) == 2 and \
                (_is_data(x[1]) or isinstance(x[1], str)):
            items.append(("bytes", _data(x[1]), os.fspath(x[0])))
        elif _is_data(x) or _is_file(x):
            n += 1
            name = _name(x, n if unnamed > 1 else 0)
            items.append(("bytes", _data(x.read() if _is_file(x) else x),
                          name))
        else:
            raise TypeError("an input is a path, bytes, a file object or a "
                            "(name, bytes) pair, not %s" % type(x).__name__)
    return items


def _is_data(x):
    return isinstance(x, (bytes, bytearray, memoryview))


def _is_file(x):
    return hasattr(x, "read") and not isinstance(x, (str, bytes))


def _data(x):
    if isinstance(x, str):
        return x.encode("utf-8")
    return x


def _name(x, n):
    name = getattr(x, "name", None)
    if isinstance(name, str):
        return name
    kind = "<file" if _is_file(x) else "<bytes"
    return kind + (" %d>" % n if n else ">")


def _split(path, put, done):
    """An archive's members as items (done gets the partitions they fill);
    False, and nothing put, when a member cannot be read whole: the archive
    then goes whole to one worker, whose library meets the damage where
    one run would."""
    members, failures = _sgfkit.members(("path", path))
    if failures:
        return False
    for origin, data in members:
        d = put(("member", data, origin), origin, len(data))
        if d:
            done.append(d)
    return True


@dataclass
class Part:
    """A partition: items read in order, and what the client met before
    them (inputs it could not read: (origin, message))."""
    items: list = field(default_factory=list)
    origins: list = field(default_factory=list)
    nbytes: int = 0
    failures: list = field(default_factory=list)


def _is_archive(path):
    """Whether path holds members of its own (an archive), not one record
    (plain or gzipped): the first member's origin tells."""
    flags = _sgfkit.name_flags(path)
    if not flags & _sgfkit.NAME_PACKED:
        return False
    return _sgfkit.first_origin(path) not in (None, path)


def plan(inputs, part_bytes=8 << 20, ship="paths"):
    """Yields the Parts of a run over inputs, in order.

    ship="paths": files are named by their absolute path (workers that
    see the client's disk open them); "bytes": files travel as their
    bytes.  Archives are always cut into members, read here."""
    if ship not in ("paths", "bytes"):
        raise ValueError("ship: paths or bytes, not %r" % ship)
    part = Part()

    def add(item, origin, size):
        nonlocal part
        if part.items and part.nbytes + size > part_bytes:
            done, part = part, Part()
            return done
        return None

    def put(item, origin, size):
        nonlocal part
        done = add(item, origin, size)
        part.items.append(item)
        part.origins.append(origin)
        part.nbytes += size
        return done

    pending = []
    for item in to_items(inputs):
        if item[0] != "path":
            done = put(item, item[2], len(memoryview(item[1]).cast("B")))
            if done:
                yield done
            continue
        files, failures = _sgfkit.list_files([item[1]])
        part.failures.extend(failures)
        for path in files:
            if path == "-":
                data = sys.stdin.buffer.read()
                done = put(("bytes", data, "<stdin>"), "<stdin>", len(data))
            elif _is_archive(path) and _split(path, put, pending):
                while pending:
                    yield pending.pop(0)
                continue
            elif ship == "paths":
                try:
                    size = os.stat(path).st_size
                except OSError:
                    size = 0      # the worker says why it cannot read it
                done = put(("file", os.path.abspath(path), path), path, size)
            else:
                try:
                    with open(path, "rb") as f:
                        data = f.read()
                except OSError as e:
                    part.failures.append(
                        (path, "cannot open '%s': %s" % (path, e.strerror)))
                    continue
                done = put(("bytes", data, path), path, len(data))
            if done:
                yield done
    if part.items or part.failures:
        yield part
