#!/usr/bin/env python3
"""dask_stat.py - sgfstat mapped over partitions of a corpus by a Dask
distributed cluster, the partial files merged, the result compared with
one run over everything (doc/sgfstat.md, "Distributed runs").

    dask_stat.py SGFSTAT INPUT... [--workers N] [--partitions K]
                 [--format text|json|csv] [-- SGFSTAT-OPTIONS...]

A LocalCluster of N worker processes (default 3) stands in for as many
machines.  The input files (directories walked) are dealt into K
partitions (default 2 * N); each partition is one task that runs
`sgfstat --partial -o PART` and returns the partial file's bytes (the
shape of a task on a machine that shares no disk with the client); the
client writes them out and runs `sgfstat --merge`.  Exits 0 when the merged
report equals the single run's byte for byte, 1 when it differs, 77 when
Dask is not installed (Debian: apt-get install python3-distributed).
"""
import os
import subprocess
import sys
import tempfile


def sgf_files(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d, dirs, files in os.walk(p):
                dirs.sort()
                out.extend(os.path.join(d, f) for f in sorted(files)
                           if f.lower().endswith((".sgf", ".sgfs")))
        else:
            out.append(p)
    return out


def map_partition(prog, options, files):
    """One task: the partial state of some files, as bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        part = os.path.join(tmp, "part.sgfstat")
        r = subprocess.run([prog, "--progress=never", "-q", "-j1", "--partial",
                            "-o", part] + options + files,
                           capture_output=True)
        if r.returncode > 1:
            raise RuntimeError(r.stderr.decode(errors="replace"))
        with open(part, "rb") as f:
            return f.read()


def main(argv):
    options = []
    if "--" in argv:
        options = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    workers, partitions, fmt, rest = 3, None, "json", []
    i = 0
    while i < len(argv):
        if argv[i] in ("--workers", "--partitions", "--format"):
            value = argv[i + 1]
            if argv[i] == "--workers":
                workers = int(value)
            elif argv[i] == "--partitions":
                partitions = int(value)
            else:
                fmt = value
            i += 2
        else:
            rest.append(argv[i])
            i += 1
    if len(rest) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    prog, inputs = os.path.abspath(rest[0]), rest[1:]
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("dask_stat.py: SKIP: Dask distributed is not installed "
              "(Debian: apt-get install python3-distributed)")
        return 77
    files = [os.path.abspath(f) for f in sgf_files(inputs)]
    if not files:
        print("dask_stat.py: no SGF files in %s" % " ".join(inputs),
              file=sys.stderr)
        return 2
    partitions = partitions or 2 * workers
    parts = [files[k::partitions] for k in range(partitions)]
    parts = [p for p in parts if p]

    single = subprocess.run([prog, "--progress=never", "-q",
                             "--format=" + fmt] + options + files,
                            capture_output=True)
    if single.returncode > 1:
        sys.stderr.write(single.stderr.decode(errors="replace"))
        return 2

    with LocalCluster(n_workers=workers, threads_per_worker=1,
                      processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        futures = [client.submit(map_partition, prog, options, p, pure=False)
                   for p in parts]
        partials = client.gather(futures)
        used = len(client.scheduler_info()["workers"])

    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for k, data in enumerate(partials):
            name = os.path.join(tmp, "part%d.sgfstat" % k)
            with open(name, "wb") as f:
                f.write(data)
            names.append(name)
        merge_options = [o for o in options if not o.startswith("--by")]
        merged = subprocess.run([prog, "--progress=never", "-q", "--merge",
                                 "--format=" + fmt] + merge_options + names,
                                capture_output=True)
    if merged.returncode > 1:
        sys.stderr.write(merged.stderr.decode(errors="replace"))
        return 2
    same = merged.stdout == single.stdout and single.stdout
    print("dask_stat.py: %d files in %d tasks on %d worker processes: merged "
          "report %s the single run (%d bytes)"
          % (len(files), len(parts), used,
             "equals" if same else "DIFFERS FROM", len(single.stdout)))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
