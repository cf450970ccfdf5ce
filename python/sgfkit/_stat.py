"""sgfstat's map and reduce (--partial, --merge) over a run's items.

The statistics are sgfstat's own (bin/sgfstat), not a second copy: a
partition's items are laid out as files in a scratch folder (links to the
files, or their bytes), sgfstat --partial reads them, and the partial
file's origin lines get the items' names back (the partial file's format
is sgfstat's, doc/sgfstat.md).  A merge of such partials is the report
of one run over everything.
"""
import os
import re
import shutil
import subprocess
import tempfile

from . import _config


def tool(name):
    """The path of a tool of this build: $SGFKIT_BINDIR, the folder the
    module was built with, or PATH."""
    for d in (os.environ.get("SGFKIT_BINDIR"), _config.BINDIR):
        if d and os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(
            "%s not found (set SGFKIT_BINDIR to the tools' folder)" % name)
    return found


def stat_args(by=None, where=(), duplicates=False, legality=False,
              rules=None, charset=None):
    args = []
    if by:
        args.append("--by=" + by)
    for w in ([where] if isinstance(where, str) else where):
        args.append("--where=" + w)
    if duplicates:
        args.append("--duplicates")
    if legality:
        args.append("--legality")
    if rules:
        args.append("--rules=" + rules)
    if charset:
        args.append("--charset=" + charset)
    return args


def _escape(s):
    """A field of the partial file (stat-file.c's put_field)."""
    return (s.replace("\\", "\\\\").replace("\t", "\\t")
            .replace("\n", "\\n").replace("\r", "\\r"))


def _layout(tmp, items):
    """Each item as a file under tmp: [(path given to sgfstat, origin)]."""
    names = []
    for i, item in enumerate(items):
        kind = item[0]
        origin = item[1] if kind == "path" else item[2]
        d = os.path.join(tmp, "%d" % i)
        os.mkdir(d)
        base = re.sub(r"[/\\:]", "_", os.path.basename(
            origin.rsplit(":", 1)[-1] if kind == "member" else origin)) \
            or "input"
        path = os.path.join(d, base)
        if kind == "path":
            # read where it is: the run has the caller's folder
            names.append((item[1], item[1]))
            continue
        if kind == "file":
            os.symlink(item[1], path)
        else:
            with open(path, "wb") as f:
                f.write(item[1])
        names.append((path, origin))
    return names


def _restore(text, names):
    """Temporary paths in a message turned back into the items' names."""
    for path, origin in names:
        if path != origin:
            text = text.replace(path, origin)
    return text


def _restore_origin(field, names):
    """An origin field of the partial file: the item's name for its
    temporary path, or for "path:member" of an archive."""
    for path, origin in names:
        p = _escape(path)
        if path != origin and (field == p or field.startswith(p + ":")):
            return _escape(origin) + field[len(p):]
    return field


def partial(items, args):
    """sgfstat --partial over items: (partial file bytes, stderr, status)."""
    with tempfile.TemporaryDirectory(prefix="sgfkit-stat-") as tmp:
        names = _layout(tmp, items)
        out = os.path.join(tmp, "part.sgfstat")
        r = subprocess.run([tool("sgfstat"), "--progress=never", "-q", "-j1",
                            "--partial", "-o", out] + args
                           + [p for p, _ in names],
                           capture_output=True)
        err = _restore(r.stderr.decode("utf-8", "replace"), names)
        if r.returncode > 1 or not os.path.exists(out):
            return b"", err, max(r.returncode, 2)
        with open(out, "rb") as f:
            data = f.read().decode("utf-8", "surrogateescape")
    # only the origin lines name inputs; a partial is UTF-8 text
    lines = data.split("\n")
    for k, line in enumerate(lines):
        if line.startswith("origin\t"):
            lines[k] = "origin\t" + _restore_origin(line[7:], names)
    return ("\n".join(lines).encode("utf-8", "surrogateescape"), err,
            r.returncode)


def take_skips(err, prog="sgfstat"):
    """err as -q has it (no summary, no warnings), each "skipped" warning
    made an InputSkipped warning (doc/inputs.md)."""
    import warnings
    from ._sgfkit import InputSkipped
    kept = []
    for line in err.splitlines():
        if line.startswith(prog + ": warning: skipped '"):
            warnings.warn(InputSkipped(line[len(prog + ": warning: "):]),
                          stacklevel=3)
        elif not re.match(re.escape(prog) + r": (warning: |\d+ games?, )",
                          line):
            kept.append(line)
    return "\n".join(kept)


def failures_of(err):
    """(origin, message) of each "sgfstat: message" line."""
    out = []
    for line in err.splitlines():
        if line.startswith("sgfstat: "):
            msg = line[len("sgfstat: "):]
            m = re.match(r"cannot \w+ '(.*)'", msg)
            out.append((m.group(1) if m else "", msg))
    return out


def merge(partials, args, output=None):
    """sgfstat --merge of partial files' bytes: (stdout, stderr, status);
    with output, sgfstat writes there (-o) and stdout is empty."""
    with tempfile.TemporaryDirectory(prefix="sgfkit-merge-") as tmp:
        paths = []
        for i, data in enumerate(partials):
            p = os.path.join(tmp, "part%06d.sgfstat" % i)
            with open(p, "wb") as f:
                f.write(data)
            paths.append(p)
        cmd = [tool("sgfstat"), "--progress=never", "--merge"] + args
        if output:
            cmd += ["-o", output]
        r = subprocess.run(cmd + paths, capture_output=True)
    return r.stdout, r.stderr.decode("utf-8", "replace"), r.returncode
