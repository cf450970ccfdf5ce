"""python3 -m sgfkit.dask JOB ...: a tool's job on a Dask cluster.

The client lists the inputs (the library's walk), cuts archives into
members, groups files and members into partitions in input order, and
sends each partition to a worker, as paths when the workers see the
client's files and as bytes when they do not.  A worker runs the job with
the library's own report functions (check, score, convert) or sgfstat
--partial (stat); the client writes the results in partition order, so
the output is the tool's output on one machine.
"""
import argparse
import gzip
import json
import os
import sys
import tempfile
import time
import warnings

from .. import _inputs, _sgfkit, _stat, severity_table
from . import _tasks, parse_size

TOOLS = {"check": "sgfcheck", "score": "sgfscore", "convert": "sgfconvert",
         "stat": "sgfstat"}
EXTENSIONS = {"sgf": "sgf", "xml": "xml", "json": "json", "jsonl": "jsonl",
              "csv": "csv"}


class Usage(Exception):
    pass


class Streams:
    """Where the command writes: out (bytes, the tool's output), err (text,
    messages and the summary).  The process's own by default."""

    def __init__(self, out=None, err=None):
        self.out = out if out is not None else sys.stdout.buffer
        self.err = err if err is not None else sys.stderr

    def say(self, text):
        self.err.write(text + "\n")
        self.err.flush()


class SkipNotes:
    """The files the client's walks do not read (InputSkipped warnings,
    while the partitions are planned), printed as the tool prints them
    and counted; other warnings are shown as Python shows them."""

    def __init__(self, io, prog, quiet):
        self.io, self.prog, self.quiet = io, prog, quiet
        self.by_reason = {}
        self.saved = warnings.catch_warnings()

    def __enter__(self):
        self.saved.__enter__()
        warnings.simplefilter("always", _sgfkit.InputSkipped)
        self.show_other = warnings.showwarning
        warnings.showwarning = self.show
        return self

    def __exit__(self, *exc):
        return self.saved.__exit__(*exc)

    def show(self, message, category, filename, lineno, file=None,
             line=None):
        if not issubclass(category, _sgfkit.InputSkipped):
            self.show_other(message, category, filename, lineno, file, line)
            return
        reason = getattr(message, "reason", "")
        self.by_reason[reason] = self.by_reason.get(reason, 0) + 1
        if not self.quiet:
            self.io.say("%s: warning: %s" % (self.prog, message))


def parser():
    p = argparse.ArgumentParser(
        prog="python3 -m sgfkit.dask",
        description="Run an sgfkit tool's job over a Dask cluster and write "
                    "what the tool writes on one machine.")
    p.add_argument("--version", action="version",
                   version="sgfkit.dask (sgfkit) %s" % _sgfkit.LIBRARY_VERSION)
    sub = p.add_subparsers(dest="job", metavar="JOB", required=True)
    common = argparse.ArgumentParser(add_help=False)
    c = common.add_argument_group("cluster")
    c.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running scheduler (tcp://host:8786); without it, "
                        "a LocalCluster of --workers processes")
    c.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   metavar="N", help="LocalCluster workers (default: CPUs)")
    c.add_argument("--threads-per-worker", type=int, default=1, metavar="N")
    c.add_argument("--ship", choices=("auto", "paths", "bytes"),
                   default="auto",
                   help="how inputs reach the workers: paths (they see the "
                        "client's files), bytes, or auto (paths when every "
                        "worker sees the first input)")
    c.add_argument("--partition-size", metavar="SIZE",
                   help="bytes of records per task (8M; score 256K)")
    t = common.add_argument_group("the tool's options")
    t.add_argument("-o", "--output", metavar="FILE",
                   help="write to FILE (atomically) instead of stdout")
    t.add_argument("--rules", metavar="NAME",
                   help="auto (RU[], the default) or a rule set")
    t.add_argument("--charset", metavar="NAME",
                   help="charset when CA[] is absent and detection is unsure")
    t.add_argument("-W", dest="warn", action="append", default=[],
                   metavar="no-ID",
                   help="disable check ID; -W error=ID makes it an error")
    t.add_argument("-q", "--quiet", action="store_true",
                   help="errors only, no summary")
    t.add_argument("-v", "--verbose", action="store_true", help="notes too")
    t.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="files, directories, archives, gzip files")

    fmt = dict(choices=("text", "json", "csv"), default="text")
    s = sub.add_parser("check", parents=[common], help="sgfcheck")
    s.add_argument("--format", **fmt)
    s.add_argument("--syntax-only", action="store_true",
                   help="check the SGF file only, not the moves")
    s.add_argument("--variations", action="store_true",
                   help="replay and check every variation too")

    s = sub.add_parser("score", parents=[common], help="sgfscore")
    s.add_argument("--format", **fmt)
    s.add_argument("--dead", default="auto",
                   choices=("auto", "markup", "estimate", "none"),
                   help="auto (markup, else estimate), markup, estimate, "
                        "none")
    s.add_argument("--komi", type=float, metavar="POINTS",
                   help="komi in points, instead of KM[]")
    s.add_argument("--seed", type=int, default=0, metavar="N",
                   help="seed of the dead-stone estimate")
    s.add_argument("--playouts", type=int, default=0, metavar="N",
                   help="playouts per side to move first (0: the default)")
    s.add_argument("--strict", action="store_true",
                   help="exit 1 when a count disagrees with RE[]")
    s.add_argument("--diagram", action="store_true",
                   help="draw the final position, dead stones, territory")
    s.add_argument("--stones", action="store_true",
                   help="area results in Chinese stones too")

    s = sub.add_parser("convert", parents=[common], help="sgfconvert, one "
                       "output file per partition in -o DIR plus "
                       "manifest.jsonl")
    s.add_argument("--from", dest="source", default="auto",
                   choices=("auto", "sgf", "xml", "json"),
                   help="what the inputs are: auto (by name: .xml, .json, "
                        ".jsonl, .ndjson, also gzipped), sgf, xml, json")
    s.add_argument("-t", "--to", default="sgf",
                   choices=("sgf", "xml", "json", "jsonl", "csv"))
    s.add_argument("--xml", default="go", choices=("go", "raw"))
    s.add_argument("--csv", default="games", choices=("games", "moves"))
    s.add_argument("--main-line", action="store_true")
    s.add_argument("--strip", metavar="IDS")
    s.add_argument("--passes", default="keep",
                   choices=("keep", "empty", "tt"))
    s.add_argument("--drop-empty", action="store_true")
    s.add_argument("--no-repair", action="store_true",
                   help="write the tree as read (sgfconvert --no-repair)")
    s.add_argument("--gzip", action="store_true",
                   help="gzip each partition's file (NAME.gz)")

    s = sub.add_parser("stat", parents=[common], help="sgfstat, through "
                       "--partial on the workers and --merge here")
    s.add_argument("--format", **fmt)
    s.add_argument("--where", action="append", default=[], metavar="COND")
    s.add_argument("--by", metavar="FIELD")
    s.add_argument("--duplicates", action="store_true")
    s.add_argument("--legality", action="store_true")
    s.add_argument("--top", type=int, metavar="N")
    s.add_argument("--html", metavar="FILE")
    return p


# ---- options ----

def severities(warn):
    """-W no-ID, error=ID, warning=ID, note=ID as the C layer's table."""
    disable, levels = [], {}
    for w in warn:
        if w.startswith("no-"):
            disable.append(w[3:])
        elif "=" in w and w.split("=", 1)[0] in ("error", "warning", "note"):
            level, check = w.split("=", 1)
            levels[check] = level
        else:
            raise Usage("invalid -W '%s' (no-ID or error=ID)" % w)
    try:
        return severity_table(disable, levels)
    except ValueError as e:
        raise Usage(str(e))


def job_options(a):
    """The keywords of _sgfkit.run for a's job (check, score, convert)."""
    o = dict(rules=a.rules or "auto", charset=a.charset,
             severity=severities(a.warn),
             verbosity=-1 if a.quiet else 1 if a.verbose else 0)
    if a.rules and a.rules != "auto" and not (a.job == "score" and
                                              a.rules == "all"):
        if _sgfkit.rules_parse(a.rules) is None:
            raise Usage("unknown rules '%s'" % a.rules)
    if a.job == "check":
        o.update(format=a.format, syntax_only=a.syntax_only,
                 variations=a.variations, edges=False)
    elif a.job == "score":
        o.update(format=a.format, komi=a.komi, dead=a.dead, seed=a.seed,
                 playouts=a.playouts, diagram=a.diagram, stones=a.stones,
                 edges=False)
    elif a.job == "convert":
        o.update(to=a.to, xml=a.xml, csv=a.csv, main_line=a.main_line,
                 strip=a.strip, passes=a.passes, drop_empty=a.drop_empty,
                 repair=not a.no_repair, source=a.source,
                 edges=True)
    return o


def stat_options(a):
    """sgfstat's options: for --partial on the workers, for --merge here."""
    read = _stat.stat_args(by=a.by, where=a.where, duplicates=a.duplicates,
                           legality=a.legality, rules=a.rules,
                           charset=a.charset)
    read += ["-W" + w for w in a.warn]
    show = ["--format=" + a.format]
    if a.duplicates:
        show.append("--duplicates")
    if a.top is not None:
        show.append("--top=%d" % a.top)
    if a.html:
        show.append("--html=" + a.html)
    if a.quiet:
        show.append("-q")
    return read, show


# ---- the cluster ----

def connect(a):
    from dask.distributed import Client, LocalCluster
    if a.scheduler:
        return Client(a.scheduler), None
    cluster = LocalCluster(n_workers=a.workers,
                           threads_per_worker=a.threads_per_worker,
                           processes=True, dashboard_address=":0")
    return Client(cluster), cluster


def choose_ship(a, client, local):
    """paths when every worker sees the client's files, else bytes."""
    if a.ship != "auto":
        return a.ship
    if local:
        return "paths"
    probe = None
    for x in a.inputs:
        with warnings.catch_warnings():
            # a probe: the walk that plans the partitions names them
            warnings.simplefilter("ignore", _sgfkit.InputSkipped)
            files, _ = _sgfkit.list_files([x])
        probe = next((f for f in files if f != "-"), None)
        if probe:
            break
    if not probe:
        return "paths"
    path = os.path.abspath(probe)
    try:
        mine = _tasks.fingerprint_of(path)
    except OSError:
        return "bytes"
    seen = client.run(_tasks.sees, path, mine)
    return "paths" if seen and all(seen.values()) else "bytes"


def results(client, parts, submit, window):
    """(part, result) in partition order, at most window tasks running."""
    from collections import deque
    queue = deque()
    for part in parts:
        queue.append((part, submit(part)))
        while len(queue) >= window:
            p, f = queue.popleft()
            yield p, f.result()
            f.release()
    while queue:
        p, f = queue.popleft()
        yield p, f.result()
        f.release()


# ---- output ----

class Output:
    """stdout, or FILE written beside itself and renamed at the end."""

    def __init__(self, path, stdout):
        self.path = path if path not in (None, "-") else None
        if self.path:
            d = os.path.dirname(os.path.abspath(self.path))
            fd, self.tmp = tempfile.mkstemp(prefix=".sgfkit-", dir=d)
            new_file_mode(fd)
            self.f = os.fdopen(fd, "wb")
        else:
            self.f = stdout

    def write(self, data):
        self.f.write(data)

    def commit(self):
        self.f.flush()
        if self.path:
            os.fsync(self.f.fileno())
            self.f.close()
            os.replace(self.tmp, self.path)

    def abandon(self):
        if self.path:
            self.f.close()
            os.unlink(self.tmp)


def new_file_mode(fd):
    """A new output's permissions as open() would give them (mkstemp's
    are 0600): 0666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    os.fchmod(fd, 0o666 & ~umask)


def save_atomically(path, data):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".sgfkit-", dir=d)
    try:
        new_file_mode(fd)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def earlier_parts(folder):
    """Usage error when folder holds what a run writes there: a part or a
    manifest is never overwritten (as sgfconvert --split's files)."""
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise Usage("-o %s: not a folder" % folder)
    found = [n for n in names if n == "manifest.jsonl" or
             n.startswith("part-")]
    if found:
        raise Usage("%s already holds %s: write into an empty or new folder"
                    % (os.path.join(folder, found[0]),
                       "a run's parts" if len(found) > 1 else "a file of a "
                       "run"))


def skips_text(by_reason):
    """"3 inputs skipped (2 not a game record, 1 hidden)", as the tools
    say it: the reasons in the library's order."""
    total = sum(by_reason.values())
    shown = [r for r in _sgfkit.SKIP_REASONS if by_reason.get(r)]
    shown += sorted(r for r in by_reason if r not in shown and by_reason[r])
    parts = ["%d %s" % (by_reason[r], r) for r in shown] \
        if len(shown) > 1 else shown
    return "%d %s (%s)" % (total, "input skipped" if total == 1
                           else "inputs skipped", ", ".join(parts))


def summary(io, prog, counts, failed, elapsed, verbose, skipped=None):
    def n(v, one, many):
        return "%d %s" % (v, one if v == 1 else many)
    text = ", ".join([n(counts["games"], "game", "games"),
                      n(counts["errors"], "error", "errors"),
                      n(counts["warnings"], "warning", "warnings")]
                     + ([n(counts["notes"], "note", "notes")] if verbose
                        else [])
                     + ([n(failed, "input not read", "inputs not read")]
                        if failed else [])
                     + ([skips_text(skipped)] if skipped else []))
    rate = counts["games"] / max(elapsed, 1e-9)
    io.say("%s: %s in %.2f s (%.0f games/s)" % (prog, text, elapsed, rate))


# ---- the jobs ----

def run_tool_job(a, client, parts, window, io):
    """check, score, convert: the library's output of each partition,
    written in order."""
    prog = TOOLS[a.job]
    options = job_options(a)
    counts = dict.fromkeys(("games", "errors", "warnings", "notes",
                            "not-scored", "disagree", "skipped",
                            "unwritten"), 0)
    counts["agreement"] = {}
    counts["inputs-skipped"] = {}
    failed = 0
    manifest = []
    out = None
    if a.job == "convert":
        os.makedirs(a.output, exist_ok=True)
    else:
        out = Output(a.output, io.out)
        head, _, _, _ = _sgfkit.run(a.job, [], **dict(options, edges=True))
        out.write(head)

    def submit(part):
        items = part.items
        if any(i[0] != "file" for i in items):
            [items] = client.scatter([items], hash=False)
        return client.submit(_tasks.run_part, a.job, items, options,
                             pure=False)

    try:
        for k, (part, (data, err, failures, c)) in enumerate(
                results(client, parts, submit, window)):
            for origin, message in part.failures + failures:
                io.say("%s: %s" % (prog, message))
            failed += len(part.failures) + len(failures)
            if err:
                io.err.write(err.decode("utf-8", "surrogateescape"))
            for key, n in c.items():
                if key in ("agreement", "inputs-skipped"):
                    for kind, m in n.items():
                        counts[key][kind] = counts[key].get(kind, 0) + m
                else:
                    counts[key] += n
            if out:
                out.write(data)
                continue
            name = "part-%05d.%s%s" % (k, EXTENSIONS[a.to],
                                       ".gz" if a.gzip else "")
            if a.gzip:
                data = gzip.compress(data, mtime=0)
            save_atomically(os.path.join(a.output, name), data)
            manifest.append({"part": name, "games": c["games"],
                             "bytes": len(data), "inputs": part.origins})
    except BaseException:
        if out:
            out.abandon()
        raise
    if out:
        out.commit()
    else:
        save_atomically(os.path.join(a.output, "manifest.jsonl"), b"".join(
            (json.dumps(m, ensure_ascii=False) + "\n").encode(
                "utf-8", "surrogateescape") for m in manifest))
    return counts, failed


def run_stat(a, client, parts, window, io):
    """sgfstat --partial per partition on the workers, --merge here."""
    read, show = stat_options(a)
    failed = 0
    partials = []

    def submit(part):
        items = part.items
        if any(i[0] != "file" for i in items):
            [items] = client.scatter([items], hash=False)
        return client.submit(_tasks.stat_part, items, read, pure=False)

    for part, (data, err, rc) in results(client, parts, submit, window):
        for origin, message in part.failures:
            io.say("sgfstat: %s" % message)
        failed += len(part.failures) + len(_stat.failures_of(err))
        if err:
            io.err.write(err)
        if rc > 1 and not data:
            raise RuntimeError("sgfstat --partial failed on a worker")
        partials.append(data)
    stdout, err, rc = _stat.merge(partials, show, a.output)
    io.out.write(stdout)
    io.out.flush()
    io.err.write(err)
    return rc, failed


def main(argv=None, out=None, err=None):
    """The command: its exit status.  out (bytes) and err (text) replace
    standard output and standard error."""
    io = Streams(out, err)
    p = parser()
    a = p.parse_args(argv)
    prog = TOOLS[a.job]
    if a.job != "stat" and a.job != "score" and a.rules == "all":
        p.error("--rules=all: sgfscore only")
    try:
        if a.job == "stat":
            stat_options(a)
            if a.rules:
                job_options(a)      # the rules must be readable
        else:
            job_options(a)
        size = parse_size(a.partition_size or
                          ("256K" if a.job == "score" else "8M"))
        if a.job == "convert" and (not a.output or a.output == "-"):
            raise Usage("convert writes one file per partition: -o DIR")
        if a.job == "convert":
            earlier_parts(a.output)
    except (Usage, ValueError) as e:
        io.say("%s: %s" % (prog, e))
        return 2
    start = time.monotonic()
    client, cluster = connect(a)
    with SkipNotes(io, prog, a.quiet) as skips:
        try:
            ship = choose_ship(a, client, cluster is not None)
            workers = max(1, len(client.scheduler_info()["workers"]))
            window = 2 * workers * a.threads_per_worker + 2
            parts = _inputs.plan(a.inputs, part_bytes=size, ship=ship)
            if a.job == "stat":
                rc, failed = run_stat(a, client, parts, window, io)
                return 2 if failed else rc
            counts, failed = run_tool_job(a, client, parts, window, io)
        except Usage as e:
            io.say("%s: %s" % (prog, e))
            return 2
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    if not a.quiet:
        if a.job == "score":
            # sgfscore's line; kinds a newer library counts come after
            agree = dict(counts["agreement"])
            shown = ["%d %s" % (agree.pop(k, 0), k.replace("-", " "))
                     for k in ("match", "other-order", "winner-only",
                               "mismatch", "reversed", "not-comparable")]
            shown += ["%d %s" % (n, k.replace("-", " "))
                      for k, n in sorted(agree.items())]
            io.say("%s: %s, %d not scored" % (prog, ", ".join(shown),
                                              counts["not-scored"]))
        summary(io, prog, counts, failed, time.monotonic() - start,
                a.verbose, {r: skips.by_reason.get(r, 0) +
                            counts["inputs-skipped"].get(r, 0)
                            for r in set(skips.by_reason) |
                            set(counts["inputs-skipped"])})
    if failed:
        return 2
    found = (counts["errors"] > 0 if a.job == "check"
             else a.strict and counts["disagree"] > 0 if a.job == "score"
             else counts["skipped"] > 0)
    return 1 if found else 0
