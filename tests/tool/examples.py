#!/usr/bin/env python3
"""examples.py - every example of README.md and of the man pages runs.

The examples are read from the documents themselves, so a new one is picked
up without touching this file:
  - README.md: every fenced block.  A ```sh block holds commands (a line
    ending in |, \\, && or || goes on with the next); a ```python block is
    one program; a ```c block is the body of a main(argc, argv) that has
    paths and npaths (the arguments) and is written to mytool.c.
  - doc/*.1: the lines between .nf and .fi of the EXAMPLES section, roff
    escapes undone (\\- is -, \\(aq is ', \\e is \\).

Each example is run with sh, in document order, in a folder made for the
document from small records of corpus/ under the names the examples use
(games/, kgs-2017.tar.gz, db.zip, upload.sgf...: make_fixture), with the
tools of this build first on PATH (and under build/bin/, as the README
calls them).  tests/tool/examples.expect says, per example, the exit status
it must give and a key part of what it must write:

    $ sgfcheck --format=json kgs-2017.zip |
    >   jq -r 'select(.status == "errors") | .origin'
    exit 0
    stdout ^kgs-2017\\.zip:damaged\\.sgf$

"$ " is the example's first line as the reader sees it, "> " its next
lines; a python or c block is named "$ python: FIRST LINE".  Then:
    exit N              the exit status (required unless skipped)
    stdout REGEX        standard output matches (Python re, multiline)
    stderr REGEX        standard error matches
    file PATH [REGEX]   PATH exists (a folder, or a file whose text,
                        gunzipped, matches)
    lacks PATH REGEX    PATH is a file whose text does not match
    stdout-lacks REGEX  standard output does not match
A PATH with spaces is written in double quotes.
    needs PROGRAM       skipped, saying so, when PROGRAM is not on PATH
                        ("sgfkit-python": the module of this build;
                        "python:M,N": modules python3 must import)
    skip REASON         never run here, with the reason (printed)
An example without a stanza fails (write one), and so does a stanza whose
example is in no document (it was changed or removed).

--self-test runs the same machinery over planted documents and checks that
a broken example, a missing key output, an example without a stanza and a
stale stanza each fail, and that good ones pass (tests/tool/examples.sh runs
it before the real documents).

Usage: examples.py [--self-test] [--doc FILE]... [--expect FILE]
Environment: srcdir, builddir; SGFKIT_EXAMPLES_KEEP=1 keeps the folders the
examples ran in (their path is printed).  Prints PASS/FAIL/SKIP lines and ends with
"N passed, N failed"; exit status 1 when an example failed.
"""

import argparse
import glob
import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

TIMEOUT = 300          # seconds per example (sanitizer builds are slow)
TOOLS = ("sgfcheck", "sgfscore", "sgfconvert", "sgfstat")


class Example:
    def __init__(self, doc, line, lang, text):
        self.doc, self.line, self.lang, self.text = doc, line, lang, text

    @property
    def key(self):
        """The stanza's name: the command, or "LANG: first line"."""
        if self.lang == "sh":
            return self.text
        first = next(l for l in self.text.splitlines() if l.strip())
        return "%s: %s" % (self.lang, first.strip())

    def where(self):
        return "%s:%d" % (self.doc, self.line)


# ---- reading the documents ------------------------------------------------

CONTINUED = re.compile(r"(\||\\|&&|\|\|)\s*$")


def commands(lines, doc, first_line):
    """Logical command lines of a shell block: (line number, text)."""
    out, cur, start = [], [], 0
    for i, line in enumerate(lines):
        if not cur:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            start = first_line + i
        cur.append(line.rstrip())
        if not CONTINUED.search(line):
            out.append(Example(doc, start, "sh", "\n".join(cur)))
            cur = []
    if cur:
        out.append(Example(doc, start, "sh", "\n".join(cur)))
    return out


def markdown_examples(path, name):
    out = []
    lines = open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        lang, start = m.group(1) or "sh", i + 1
        j = start
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[start:j]
        if lang in ("sh", "shell", "bash", "console"):
            out += commands(body, name, start + 1)
        else:
            out.append(Example(name, start + 1, lang, "\n".join(body) + "\n"))
        i = j + 1
    return out


ROFF = [(r"\-", "-"), (r"\(aq", "'"), (r"\(dq", '"'), (r"\(ti", "~"),
        (r"\fB", ""), (r"\fI", ""), (r"\fR", ""), (r"\fP", ""), (r"\&", ""),
        (r"\e", "\\")]


def unroff(line):
    out, i = [], 0
    while i < len(line):
        for esc, text in ROFF:
            if line.startswith(esc, i):
                out.append(text)
                i += len(esc)
                break
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def man_examples(path, name):
    out, inside, block, start = [], False, None, 0
    for n, line in enumerate(open(path, encoding="utf-8").read().splitlines(),
                             1):
        if line.startswith(".SH"):
            inside = line.split(None, 1)[1:] == ["EXAMPLES"]
            continue
        if not inside:
            continue
        if line.startswith(".nf"):
            block, start = [], n + 1
        elif line.startswith(".fi") and block is not None:
            out += commands([unroff(l) for l in block], name, start)
            block = None
        elif block is not None:
            block.append(line)
    return out


def read_examples(docs, top):
    out = []
    for path in docs:
        name = os.path.relpath(path, top) if top else os.path.basename(path)
        if path.endswith(".md"):
            out += markdown_examples(path, name)
        else:
            out += man_examples(path, name)
    return out


# ---- expectations ---------------------------------------------------------

def read_expect(path):
    """{key: (line, [(word, rest)])} from the stanzas of path."""
    stanzas, key, checks, at = {}, None, None, 0
    for n, line in enumerate(open(path, encoding="utf-8").read().splitlines(),
                             1):
        if line.startswith("$ "):
            key, checks, at = line[2:], [], n
            stanzas[key] = (at, checks)
        elif line.startswith("> ") and key is not None and not checks:
            del stanzas[key]
            key += "\n" + line[2:]
            stanzas[key] = (at, checks)
        elif not line.strip() or line.startswith("#"):
            continue
        elif key is None:
            raise SystemExit("%s:%d: a check before any '$ ' line" % (path, n))
        else:
            word, _, rest = line.partition(" ")
            if word not in ("exit", "stdout", "stderr", "stdout-lacks",
                            "file", "lacks", "needs", "skip"):
                raise SystemExit("%s:%d: unknown check '%s'" % (path, n, word))
            checks.append((word, rest.strip()))
    return stanzas


# ---- the folder the examples run in ---------------------------------------

def wrap_c(body):
    """A README C fragment as a program: paths and npaths from argv."""
    return ("#include <stdio.h>\n#include <sgfkit.h>\n\n"
            "int main(int argc, char **argv)\n{\n"
            "    const char *const *paths = (const char *const *)argv + 1;\n"
            "    size_t npaths = (size_t)argc - 1;\n"
            + "".join("    " + l + "\n" if l.strip() else "\n"
                      for l in body.splitlines())
            + "    return 0;\n}\n")


def make_fixture(ws, srcdir, builddir, examples):
    """The records the examples name, made from corpus/."""
    corpus = os.path.join(srcdir, "corpus")

    def rec(rel):
        with open(os.path.join(corpus, rel), "rb") as f:
            return f.read()

    def put(rel, data):
        path = os.path.join(ws, rel)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)

    clean = rec("clean/modern-game.sgf")             # warning only
    damaged = rec("syntax/missing-close-paren.sgf")  # an error
    markup = rec("score/dead-markup.sgf")            # counts W+7.5
    counted = markup.replace(b"(;GM[1]", b"(;KM[7.5]RE[W+7.5]GM[1]", 1)
    miscounted = markup.replace(b"(;GM[1]", b"(;KM[7.5]RE[B+3]GM[1]", 1)
    lee = (clean.replace(b"PW[White Player]", b"PW[Lee Sedol]")
           .replace(b"RE[W+2.5]", b"RE[W+R]"))
    # games/: a collection in two halves; the clean record twice (a
    # duplicate across them), a damaged one, a count that agrees with RE[]
    # and one that does not
    put("games/a/clean.sgf", clean)
    put("games/a/damaged.sgf", damaged)
    put("games/a/counted.sgf", counted)
    put("games/b/clean-copy.sgf", clean)
    put("games/b/miscounted.sgf", miscounted)
    put("game.sgf", counted)
    put("upload.sgf", clean)
    put("collection.sgf", clean + rec("gameinfo/komi-fox.sgf"))
    put("fox/komi.sgf", rec("gameinfo/komi-fox.sgf"))
    put("fox/unknown.sgf", rec("properties/old-and-unknown.sgf"))
    put("old-nngs/clean.sgf", clean)
    put("old-nngs/damaged.sgf", damaged)
    put("old/commented.sgf", clean)
    put("old/markup.sgf", markup)
    put("old.sgf.gz", gzip.compress(rec("charset/gb2312-no-ca.sgf")))
    put("db/lee.sgf", lee)
    put("db/other.sgf", clean)
    put("kgs/counted.sgf", counted)
    put("kgs/miscounted.sgf", miscounted)
    # pro/: records that state no rules or komi (inferred from the rest)
    for name in ("infer-event", "infer-place", "infer-result"):
        put("pro/%s.sgf" % name, rec("rules/%s.sgf" % name))
    put("tygem-downloads/game.gib", rec("foreign/tygem-euc-kr.gib"))
    members = [("clean.sgf", clean), ("damaged.sgf", damaged),
               ("counted.sgf", counted)]
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    put("kgs-2017.tar.gz", buf.getvalue())
    for zname, zmembers in (("kgs-2017.zip", members),
                            ("db.zip", [("lee.sgf", lee),
                                        ("other.sgf", clean)])):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in zmembers:
                z.writestr(name, data)
        put(zname, buf.getvalue())
    # the source tree's records, as the README's Python example reads them
    os.symlink(corpus, os.path.join(ws, "corpus"))
    # the README's C fragment and an uninstalled sgfkit.pc for pkg-config
    c = [e for e in examples if e.lang == "c"]
    if c:
        put("mytool.c", wrap_c(c[0].text).encode())
    libs = os.path.join(builddir, "lib", ".libs")
    put("pkgconfig/sgfkit.pc", (
        "Name: sgfkit\nDescription: sgfkit, this build\nVersion: 0\n"
        "Cflags: -I%s\nLibs: -L%s -Wl,-rpath,%s -lsgfkit\n"
        % (os.path.join(srcdir, "lib"), libs, libs)).encode())


def tool_dir(root, builddir):
    """Wrappers that run this build's tools, for PATH and build/bin/."""
    d = os.path.join(root, "tools")
    os.makedirs(d)
    for t in TOOLS:
        path = os.path.join(d, t)
        with open(path, "w") as f:
            f.write('#!/bin/sh\nexec "%s" "$@"\n'
                    % os.path.join(builddir, "bin", t))
        os.chmod(path, 0o755)
    return d


def asan_preload(builddir):
    """libasan, when this build's library has the sanitizers: programs
    built without them (python3, the C example) load it first."""
    so = os.path.join(builddir, "lib", ".libs", "libsgfkit.so")
    try:
        ldd = subprocess.run(["ldd", so], capture_output=True, text=True)
    except OSError:
        return None
    if "libasan" not in ldd.stdout:
        return None
    cc = os.environ.get("CC", "cc")
    return subprocess.run([cc, "-print-file-name=libasan.so"],
                          capture_output=True, text=True).stdout.strip()


# ---- running ----------------------------------------------------------------

class Runner:
    def __init__(self, srcdir, builddir):
        self.srcdir, self.builddir = srcdir, builddir
        self.passed = self.failed = 0
        self.skipped = []
        self.python_lib = os.path.join(builddir, "python", "lib")
        self.preload = asan_preload(builddir)

    def say(self, text):
        print(text, flush=True)

    def fail(self, what, why):
        self.failed += 1
        self.say("FAIL %s" % what)
        for line in why:
            self.say("  | " + line)

    def env(self, ws, tools, preload):
        env = dict(os.environ)
        env["PATH"] = tools + os.pathsep + env.get("PATH", "")
        env["PKG_CONFIG_PATH"] = os.path.join(ws, "pkgconfig")
        env["PYTHONPATH"] = self.python_lib
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["MPLBACKEND"] = "Agg"
        env.pop("SGFKIT_CORPUS", None)
        if self.preload and preload:
            # only where asked: under CI's ASAN_OPTIONS (detect_leaks=1:
            # abort_on_error=1) it would abort cc or sh; the last setting
            # wins
            env["LD_PRELOAD"] = self.preload
            opts = env.get("ASAN_OPTIONS")
            env["ASAN_OPTIONS"] = (opts + ":" if opts else "") + \
                "detect_leaks=0"
        return env

    def needs(self, what):
        if what == "sgfkit-python":
            if not os.path.exists(os.path.join(self.python_lib, ".built")):
                return "the Python module is not built"
            return None
        if what.startswith("python:"):
            mods = what[len("python:"):]
            p = subprocess.run([sys.executable, "-c", "import " + mods],
                               capture_output=True)
            return None if p.returncode == 0 else \
                "%s cannot import %s" % (sys.executable, mods)
        if shutil.which(what) is None:
            return "%s is not installed" % what
        return None

    def run_doc(self, examples, stanzas, ws, tools):
        for ex in examples:
            what = "%s: %s" % (ex.where(), ex.key.replace("\n", " "))
            if ex.key not in stanzas:
                self.fail(what, ["no stanza for this example in the "
                                 "expectations: add one ('$ %s')"
                                 % ex.key.split("\n")[0]])
                continue
            checks = stanzas[ex.key][1]
            reason = next((r for w, r in checks if w == "skip"), None)
            for w, r in checks:
                if w == "needs" and not reason:
                    reason = self.needs(r)
            if reason:
                self.skipped.append(what)
                self.say("SKIP %s (%s)" % (what, reason))
                continue
            self.run_one(ex, what, checks, ws, tools)

    def run_one(self, ex, what, checks, ws, tools):
        # (argv, preload): python3 and the C example's program load this
        # build's library, which may need libasan first (asan_preload)
        if ex.lang == "python":
            with open(os.path.join(ws, "example.py"), "w") as f:
                f.write(ex.text)
            steps = [([sys.executable, "example.py"], True)]
        elif ex.lang == "c":
            steps = [(["sh", "-c", "cc -o mytool mytool.c "
                       "$(pkg-config --cflags --libs sgfkit)"], False),
                     (["./mytool", "upload.sgf", "games"], True)]
        else:
            steps = [(["sh", "-c", ex.text],
                      bool(re.search(r"\bpython3\b", ex.text)))]
        for argv, preload in steps:
            try:
                p = subprocess.run(argv, cwd=ws,
                                   env=self.env(ws, tools, preload),
                                   stdin=subprocess.DEVNULL,
                                   capture_output=True, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.fail(what, ["timed out after %d s" % TIMEOUT])
                return
            rc, out, err = (p.returncode,
                            p.stdout.decode("utf-8", "replace"),
                            p.stderr.decode("utf-8", "replace"))
            if rc:
                break
        why = []
        if not any(w == "exit" for w, _ in checks):
            why.append("the stanza has no 'exit N' line")
        for word, rest in checks:
            if word == "exit" and str(rc) != rest:
                why.append("exit status %d, expected %s" % (rc, rest))
            elif word in ("stdout", "stderr"):
                text = out if word == "stdout" else err
                if not re.search(rest, text, re.M):
                    why.append("%s does not match /%s/" % (word, rest))
            elif word == "stdout-lacks" and re.search(rest, out, re.M):
                why.append("stdout matches /%s/" % rest)
            elif word in ("file", "lacks"):
                why += self.check_file(ws, rest, word == "lacks")
        if re.search(r"(ERROR|WARNING): [A-Za-z]*Sanitizer|runtime error:",
                     err):
            why.append("sanitizer report")
        if why:
            why += ["stdout: " + l for l in out.splitlines()[:15]]
            why += ["stderr: " + l for l in err.splitlines()[:15]]
            self.fail(what, why)
        else:
            self.passed += 1
            self.say("PASS %s" % what)

    @staticmethod
    def check_file(ws, spec, lacks):
        if spec.startswith('"'):
            name, _, pattern = spec[1:].partition('"')
            pattern = pattern.strip()
        else:
            name, _, pattern = spec.partition(" ")
        path = os.path.join(ws, name)
        if not os.path.exists(path):
            return ["%s was not written" % name]
        if os.path.isdir(path) or not pattern:
            return []
        with open(path, "rb") as f:
            data = f.read()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        found = re.search(pattern, data.decode("utf-8", "replace"), re.M)
        if lacks and found:
            return ["%s matches /%s/: %r" % (name, pattern, found.group(0))]
        if not lacks and not found:
            return ["%s does not match /%s/" % (name, pattern)]
        return []

    def run(self, docs, expect, top):
        examples = read_examples(docs, top)
        stanzas = read_expect(expect)
        keys = {e.key for e in examples}
        root = tempfile.mkdtemp(prefix="sgfkit-examples.")
        try:
            tools = tool_dir(root, self.builddir)
            for doc in dict.fromkeys(e.doc for e in examples):
                ws = os.path.join(root, re.sub(r"[^\w.-]", "_", doc))
                os.makedirs(ws)
                make_fixture(ws, self.srcdir, self.builddir, examples)
                os.makedirs(os.path.join(ws, "build"))
                os.symlink(tools, os.path.join(ws, "build", "bin"))
                self.run_doc([e for e in examples if e.doc == doc], stanzas,
                             ws, tools)
        finally:
            if os.environ.get("SGFKIT_EXAMPLES_KEEP"):
                self.say("examples: the folders are kept in %s" % root)
            else:
                shutil.rmtree(root, ignore_errors=True)
        for key, (line, _) in sorted(stanzas.items(), key=lambda s: s[1][0]):
            if key not in keys:
                self.fail("%s:%d: %s" % (os.path.basename(expect), line,
                                         key.replace("\n", " ")),
                          ["no document has this example any more: change "
                           "or remove the stanza"])
        return examples


# ---- the self-test --------------------------------------------------------

PLANTED_README = """# planted

```sh
sgfcheck upload.sgf
sgfcheck --no-such-option upload.sgf
sgfcheck -q games/
sgfcheck --format=json upload.sgf |
  grep -c origin
```
"""

PLANTED_MAN = r""".TH PLANTED 1
.SH EXAMPLES
.nf
sgfcheck \-q \-\-format=csv upload.sgf \(aqgames/\(aq
.fi
.SH SEE ALSO
"""

PLANTED_EXPECT = """# good: passes
$ sgfcheck upload.sgf
exit 0
stdout result-unsupported
# broken: an option that does not exist
$ sgfcheck --no-such-option upload.sgf
exit 0
# the key output is missing
$ sgfcheck -q games/
exit 1
stdout this text is in no output
# (sgfcheck --format=json ... has no stanza)
# from the man page, escapes undone
$ sgfcheck -q --format=csv upload.sgf 'games/'
exit 1
stdout ^games/a/damaged\\.sgf,1,3,1,0,error,missing-close-paren,
# stale: in no document
$ sgfcheck --gone
exit 0
"""

PLANTED_RESULT = {
    "PASS": ["planted.md:4: sgfcheck upload.sgf",
             "planted.1:4: sgfcheck -q --format=csv upload.sgf 'games/'"],
    "FAIL": ["planted.md:5: sgfcheck --no-such-option upload.sgf",
             "planted.md:6: sgfcheck -q games/",
             "planted.md:7: sgfcheck --format=json upload.sgf |   grep -c "
             "origin",
             "expect:18: sgfcheck --gone"],
}


def self_test(srcdir, builddir):
    """The runner over planted documents, in a child process: exactly the
    planted faults fail.  Returns (passed, failed) of this check."""
    d = tempfile.mkdtemp(prefix="sgfkit-examples-self.")
    try:
        for name, text in (("planted.md", PLANTED_README),
                           ("planted.1", PLANTED_MAN),
                           ("expect", PLANTED_EXPECT)):
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        p = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--expect",
             os.path.join(d, "expect"), "--doc",
             os.path.join(d, "planted.md"), "--doc",
             os.path.join(d, "planted.1")],
            capture_output=True, text=True, timeout=2 * TIMEOUT)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    got = {"PASS": [], "FAIL": []}
    for line in p.stdout.splitlines():
        word = line.split(" ", 1)
        if word[0] in got:
            got[word[0]].append(word[1])
    why = []
    for kind in ("PASS", "FAIL"):
        if sorted(got[kind]) != sorted(PLANTED_RESULT[kind]):
            why.append("%s lines: %s, expected %s"
                       % (kind, got[kind], PLANTED_RESULT[kind]))
    if p.returncode != 1:
        why.append("exit status %d, expected 1" % p.returncode)
    if not p.stdout.rstrip().endswith("2 passed, 4 failed"):
        why.append("the last line is not '2 passed, 4 failed'")
    what = ("self-test: over planted documents, a broken example, a missing "
            "key output, an example without a stanza and a stale stanza fail,"
            " good examples pass")
    if why:
        print("FAIL " + what)
        for line in why + p.stdout.splitlines() + p.stderr.splitlines():
            print("  | " + line)
        return 0, 1
    print("PASS " + what)
    return 1, 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doc", action="append")
    ap.add_argument("--expect")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    srcdir = os.path.abspath(os.environ.get("srcdir", "."))
    builddir = os.path.abspath(os.environ.get("builddir", "."))
    for t in TOOLS:
        if not os.access(os.path.join(builddir, "bin", t), os.X_OK):
            print("examples: %s/bin/%s is not built" % (builddir, t))
            print("0 passed, 1 failed")
            return 1
    passed = failed = 0
    if a.self_test:
        passed, failed = self_test(srcdir, builddir)
    r = Runner(srcdir, builddir)
    if a.doc:
        docs, top = a.doc, None
    else:
        docs = [os.path.join(srcdir, "README.md")] + sorted(
            glob.glob(os.path.join(srcdir, "doc", "*.1")))
        top = srcdir
    expect = a.expect or os.path.join(srcdir, "tests", "tool",
                                      "examples.expect")
    examples = r.run(docs, expect, top)
    if not a.doc:
        print("examples: %d in %d documents: %d passed, %d failed, %d skipped"
              % (len(examples), len(docs), r.passed, r.failed,
                 len(r.skipped)))
    passed += r.passed
    failed += r.failed
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
