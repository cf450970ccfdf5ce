"""hostile.py [DIR...] - bad input through every function of sgfkit, in a
process of its own so that a crash is a failure the caller sees, not a
dead test runner.

Inputs: every file of corpus/ (broken records on purpose), the records
mutated here (truncated, bytes flipped, brackets dropped or doubled,
chunks repeated: a fixed seed, the same inputs every run), containers
made from them (gzip cut short, zip and tar with damaged bytes, bzip2),
every 12th file of the real corpus when it is there and SGFKIT_REAL=1
(the sample tests/fuzz/run.sh seeds the fuzz targets with), and the files
of each DIR (a libFuzzer corpus or seed folder, say) whose bytes are not
already among the inputs; SGFKIT_HOSTILE_PER_DIR=N takes at most N of
them per DIR, evenly spaced in the sorted list (the same ones every run).
Each goes through read() with every Game attribute and writer, check,
score, the frames and the jobs of sgfkit.dask.  Exceptions sgfkit
documents are fine; any other is reported.  Prints "N passed, N failed".

The inputs are shared out among SGFKIT_HOSTILE_JOBS processes (default:
one a core), each hostile.py --shard=K/N over every Nth input from the
Kth; one that dies fails the run, with the end of its output.
"""
import bz2
import gzip
import hashlib
import io
import os
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import traceback
import zipfile

import sgfkit
from sgfkit import _sgfkit

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("SGFKIT_SRCDIR") or os.path.join(HERE, "..", "..")
SHARED = os.environ.get("SGFKIT_CORPUS") or os.path.join(
    SRCDIR, "..", "shared", "corpus")
ALLOWED = (sgfkit.Error, ValueError)
# make check: two damaged copies of each record; make check-real
# (SGFKIT_REAL=1): six, and the real corpus's sample
REAL = os.environ.get("SGFKIT_REAL") == "1"
MUTATIONS = int(os.environ.get("SGFKIT_HOSTILE_MUTATIONS") or
                (6 if REAL else 2))
PER_DIR = int(os.environ.get("SGFKIT_HOSTILE_PER_DIR") or 0)
STARTED = "in input "
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


def files_under(d, every=1):
    out = []
    for root, dirs, files in os.walk(d):
        dirs.sort()
        out.extend(os.path.join(root, f) for f in sorted(files))
    return out[::every]


def mutations(data, rng, n):
    """n damaged copies of a record."""
    out = []
    for _ in range(n):
        b = bytearray(data)
        kind = rng.randrange(6)
        if not b:
            b = bytearray(b"(;")
        if kind == 0:                               # cut short
            b = b[:rng.randrange(len(b) + 1)]
        elif kind == 1:                             # bytes flipped
            for _ in range(rng.randrange(1, 8)):
                b[rng.randrange(len(b))] = rng.randrange(256)
        elif kind == 2:                             # a bracket gone
            for c in b"[]();":
                i = b.find(bytes([c]), rng.randrange(len(b)))
                if i >= 0:
                    del b[i]
                    break
        elif kind == 3:                             # brackets doubled
            i = rng.randrange(len(b))
            b[i:i] = rng.choice([b"[[", b"]]", b"((", b"))", b";;", b"\\"])
        elif kind == 4:                             # a chunk repeated
            i = rng.randrange(len(b))
            j = min(len(b), i + rng.randrange(1, 200))
            b[j:j] = b[i:j] * rng.randrange(1, 20)
        else:                                       # deep nesting
            i = rng.randrange(len(b))
            k = rng.randrange(1, 3000)
            b[i:i] = b"(;" * k
        out.append(bytes(b))
    return out


def evenly(items, n):
    """At most n of items, spread evenly over the list (all when n is 0)."""
    if not n or len(items) <= n:
        return items
    return [items[i * len(items) // n] for i in range(n)]


def dir_inputs(dirs, inputs):
    """The files of each folder whose bytes are new, PER_DIR at most, and a
    line per folder saying how many."""
    def key(name, data):        # the name's suffix says how it is read
        return os.path.splitext(name)[1], hashlib.sha1(data).digest()
    seen = {key(name, data) for name, data in inputs}
    out, lines = [], []
    for d in dirs:
        files = files_under(d)
        new = []
        for p in files:
            with open(p, "rb") as f:
                data = f.read()
            k = key(p, data)
            if k not in seen:
                seen.add(k)
                new.append((p, data))
        taken = evenly(new, PER_DIR)
        out += taken
        lines.append("hostile.py: %s: %d files, %d new, %d taken"
                     % (d, len(files), len(new), len(taken)))
    return out, lines


def containers(records, rng):
    out = []
    for name, data in records[:20]:
        gz = gzip.compress(data, mtime=0)
        out.append((name + ".gz", gz[:rng.randrange(len(gz))]))
        out.append((name + ".gz", gz + b"\x00" * 10 + gz[:7]))
        out.append((name + ".bz2", bz2.compress(data)[:-3]))
    z = io.BytesIO()
    with zipfile.ZipFile(z, "w") as zf:
        for name, data in records[:8]:
            zf.writestr(os.path.basename(name), data)
    zb = bytearray(z.getvalue())
    out.append(("ok.zip", bytes(zb)))
    for _ in range(10):
        c = bytearray(zb)
        for _ in range(5):
            c[rng.randrange(len(c))] = rng.randrange(256)
        out.append(("bad.zip", bytes(c)))
    t = io.BytesIO()
    with tarfile.open(fileobj=t, mode="w:gz") as tf:
        for name, data in records[:8]:
            info = tarfile.TarInfo(os.path.basename(name))
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    tb = t.getvalue()
    out.append(("ok.tgz", tb))
    out.append(("cut.tgz", tb[:len(tb) // 2]))
    return out


def exercise(name, data, problems):
    """Everything sgfkit does, on one input."""
    def guard(what, fn):
        try:
            fn()
        except ALLOWED:
            pass
        except Exception:
            problems.append("%s: %s: %s" % (name, what,
                                            traceback.format_exc(limit=3)))

    seen = []

    def on_error(origin, message):
        seen.append(message)

    def each_game():
        for g in sgfkit.read((name, data), on_error=on_error):
            for attr in ("origin", "index", "offset", "line", "column",
                         "info", "moves", "setup", "diagnostics",
                         "properties", "errors", "warnings", "notes",
                         "status", "move_count", "has_tree", "raw"):
                getattr(g, attr)
            repr(g)
            for w in (g.to_sgf, g.to_json, g.to_jsonl, g.to_xml,
                      lambda: g.to_xml(form="raw"),
                      lambda: g.to_sgf(main_line=True, passes="tt")):
                guard("writer", w)
            guard("check", lambda: sgfkit.check(g))
            guard("score", lambda: sgfkit.score(g, playouts=10))
    guard("read", each_game)
    items = [("bytes", data, name)]
    guard("frames", lambda: (sgfkit.games_frame((name, data),
                                                on_error=on_error),
                             sgfkit.moves_frame((name, data),
                                                on_error=on_error)))
    for job, opts in (("check", dict(format="csv", variations=True)),
                      ("score", dict(format="json", playouts=10)),
                      ("convert", dict(to="xml"))):
        guard(job, lambda: _sgfkit.run(job, items, **opts))


def all_inputs(dirs):
    """Every input, in the same order on every run, and the folder lines."""
    rng = random.Random(1)
    corpus = os.path.join(SRCDIR, "corpus")
    records = [(os.path.relpath(p, corpus), open(p, "rb").read())
               for p in files_under(corpus) if p.endswith(".sgf")]
    inputs = list(records)
    for name, data in records:
        inputs += [(name, m) for m in mutations(data, rng, MUTATIONS)]
    inputs += containers(records, rng)
    if REAL and os.path.isdir(SHARED):
        inputs += [(os.path.relpath(p, SHARED), open(p, "rb").read())
                   for p in files_under(SHARED, every=12)]
    from_dirs, lines = dir_inputs(dirs, inputs)
    return inputs + from_dirs, len(from_dirs), lines


def run_shards(jobs, dirs):
    """hostile.py --shard=K/JOBS in JOBS processes at once: (passed, failed,
    what they printed); a process that dies is one failure more, shown with
    the end of its output."""
    # files, not pipes: a pipe read only after the processes before it have
    # ended would stop its writer when it fills
    outs = [tempfile.TemporaryFile("w+", errors="replace") for _ in range(jobs)]
    procs = [subprocess.Popen([sys.executable, os.path.abspath(__file__),
                               "--shard=%d/%d" % (k, jobs), *dirs],
                              stdout=outs[k], stderr=subprocess.STDOUT)
             for k in range(jobs)]
    passed, failed, texts = 0, 0, []
    for k, proc in enumerate(procs):
        proc.wait()
        outs[k].seek(0)
        out = outs[k].read()
        outs[k].close()
        counts = SUMMARY.findall(out)
        started = [line for line in out.splitlines()
                   if line.startswith(STARTED)]
        body = "\n".join(line for line in SUMMARY.sub("", out).splitlines()
                         if not line.startswith(STARTED)).strip()
        if counts:
            passed += int(counts[-1][0])
            failed += int(counts[-1][1])
        if proc.returncode != 0 and not (counts and int(counts[-1][1])):
            failed += 1
            texts.append("process %d of %d: exit status %d, %s:\n%s"
                         % (k + 1, jobs, proc.returncode,
                            started[-1] if started else "before any input",
                            body[-4000:]))
        elif body:
            texts.append(body)
    return passed, failed, texts


def main(argv):
    jobs = int(os.environ.get("SGFKIT_HOSTILE_JOBS") or
               len(os.sched_getaffinity(0)))
    shard = None
    dirs = []
    for arg in argv:
        if arg.startswith("--shard="):
            k, n = arg[len("--shard="):].split("/")
            shard = (int(k), int(n))
        else:
            dirs.append(arg)
    inputs, taken, lines = all_inputs(dirs)
    if shard:
        # one process's share: its problems and its counts, nothing else
        problems = []
        mine = inputs[shard[0]::shard[1]]
        for name, data in mine:
            # which input a process died in
            print(STARTED + name, flush=True)
            exercise(name, data, problems)
        for p in problems:
            print(p)
        print("%d passed, %d failed" % (len(mine) - len(problems),
                                        len(problems)))
        return 1 if problems else 0
    if jobs > 1:
        passed, failed, texts = run_shards(jobs, dirs)
    else:
        texts = []
        for name, data in inputs:
            exercise(name, data, texts)
        passed, failed = len(inputs) - len(texts), len(texts)
    for text in texts:
        print(text)
    for line in lines:
        print(line)
    print("hostile.py: %d inputs through every function, %d of them from "
          "the folders named, in %d process%s" % (
              len(inputs), taken, jobs, "es" if jobs > 1 else ""))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
