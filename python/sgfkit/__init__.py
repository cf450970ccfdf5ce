"""sgfkit - Go game records in SGF, from Python.

    import sgfkit
    for game in sgfkit.read("games/", "kgs-2017.tar.gz"):
        print(game.origin, game.info.black, game.info.result.sgf,
              len(game.moves), game.status)

    df = sgfkit.games_frame("games/")          # pandas, one row per game
    sgfkit.score(game)                         # sgfscore's fields, a dict

The C library libsgfkit does the work (the tools sgfcheck, sgfscore,
sgfconvert and sgfstat are built on it); reading, checking and scoring
release the GIL, so threads use every core.  Bad input is normal input:
what is wrong with a record is in game.diagnostics; an input that cannot
be read at all raises InputError (or goes to on_error); a file or archive
member a walk does not read (README.txt, .git) is an InputSkipped warning.  sgfkit.dask runs
the tools' jobs on a Dask cluster.  doc/python.md has the whole story.
"""
import json
import os
import warnings

from . import _sgfkit
from ._sgfkit import (Diagnostic, Error, Game, Info, InputError,
                      InputSkipped, Move, Result, ScoreError, Stone)
from ._inputs import to_items

__all__ = [
    "read", "loads", "check", "score", "stats", "games_frame", "moves_frame",
    "checks", "rules_names", "Game", "Info", "Result", "Move", "Stone",
    "Diagnostic", "Error", "InputError", "InputSkipped", "ScoreError",
    "SGFError",
    "InputWarning", "__version__",
]

__version__ = _sgfkit.LIBRARY_VERSION


class SGFError(Error, ValueError):
    """A record holds an error (read(..., errors="raise")): the check id
    and where, as in `origin:line:column: error: message [check]`."""

    def __init__(self, diag):
        self.diagnostic = diag
        self.check = diag.check
        self.severity = diag.severity
        self.origin = diag.origin
        self.game = diag.game
        self.line = diag.line
        self.column = diag.column
        self.move = diag.move
        super().__init__("%s%s: %s: %s [%s]" % (
            diag.origin,
            ":%d:%d" % (diag.line, diag.column) if diag.line else "",
            diag.severity, diag.message, diag.check))


class InputWarning(UserWarning):
    """An input could not be read (read(..., on_error="warn"))."""


def _on_error(on_error):
    if on_error == "raise":
        return None
    if on_error == "warn":
        def warn(origin, message):
            warnings.warn(message, InputWarning, stacklevel=3)
        return warn
    if callable(on_error):
        return on_error
    raise ValueError('on_error: "raise", "warn" or a callable(origin, '
                     'message), not %r' % (on_error,))


def read(*inputs, rules="auto", legality=True, charset=None,
         variations=False, syntax_only=False, on_error="raise",
         errors="report"):
    """The games of inputs, one Game at a time, in the order the tools
    read them.

    inputs: paths (files, directories walked in sorted order, archives,
    gzip; "-" is standard input), bytes, file objects, (name, bytes).
    rules: "auto" (RU[] decides, Chinese when absent) or a rule set that
    replaces RU[] ("japanese", a KataGo string...).  legality: replay the
    main line and check every move (variations: every variation too);
    syntax_only: only the file itself.  charset: used when CA[] is absent
    and detection is unsure.  on_error: an input that cannot be read
    raises InputError ("raise"), warns ("warn"), or is handed to a
    callable(origin, message); reading goes on with the next input except
    after "raise".  errors="raise": a game with an error raises SGFError
    instead of being returned."""
    if errors not in ("report", "raise"):
        raise ValueError('errors: "report" or "raise", not %r' % (errors,))
    reader = _sgfkit.Reader(to_items(inputs), rules=rules, legality=legality,
                            charset=charset, variations=variations,
                            syntax_only=syntax_only,
                            on_error=_on_error(on_error))
    if errors == "report":
        return reader
    return _raising(reader)


def _raising(reader):
    for game in reader:
        if game.errors:
            for d in game.diagnostics:
                if d.severity == "error":
                    raise SGFError(d)
        yield game


def loads(data, name="<string>", **options):
    """The games of SGF text (str) or bytes, as a list: read((name, data))."""
    return list(read((name, data), **options))


def checks():
    """The check catalogue: [{"id", "severity", "summary"}, ...]."""
    names = ("note", "warning", "error")
    return [{"id": i, "severity": names[s], "summary": t}
            for i, t, s in _sgfkit.checks()]


def rules_names():
    """The named rule sets: "chinese", "japanese", ..."""
    return _sgfkit.rules_names()


def severity_table(disable=(), severity=None):
    """The check severities as the C layer takes them (sgfcheck's -W):
    disable: check ids to leave out; severity: {id: "error"|"warning"|
    "note"}.  None when nothing changes."""
    if not disable and not severity:
        return None
    cat = _sgfkit.checks()
    index = {c[0]: i for i, c in enumerate(cat)}
    table = [c[2] for c in cat]
    levels = {"note": 0, "warning": 1, "error": 2}
    for check in disable:
        if check not in index:
            raise ValueError("unknown check '%s'" % check)
        table[index[check]] = -1
    for check, level in (severity or {}).items():
        if check not in index:
            raise ValueError("unknown check '%s'" % check)
        if level not in levels:
            raise ValueError("severity: error, warning or note, not %r"
                             % (level,))
        table[index[check]] = levels[level]
    return bytes(v & 0xFF for v in table)


def check(*inputs, rules="auto", charset=None, syntax_only=False,
          variations=False, disable=(), severity=None, on_error="raise"):
    """sgfcheck's report as dicts, one per game (the fields of
    `sgfcheck --format=json`: origin, game, offset, status, moves, rules,
    rules_detail, rules_source, komi, komi_source, recorded_rules,
    diagnostics).  Given one Game, its report; otherwise an iterator over
    the games of inputs."""
    table = severity_table(disable, severity)
    if len(inputs) == 1 and isinstance(inputs[0], Game):
        return json.loads(inputs[0]._report("json", table, 0))
    games = read(*inputs, rules=rules, charset=charset,
                 syntax_only=syntax_only, variations=variations,
                 on_error=on_error)
    return (json.loads(g._report("json", table, 0)) for g in games)


def score(game, *, rules=None, komi=None, dead="auto", seed=0, playouts=0):
    """A game counted as sgfscore counts it: the fields of
    `sgfscore --format=json` as a dict (the same function writes both).

    rules: None (the rules the game was read under: RU[] or read()'s
    rules), a rule set, or "all" (a list, one count per rule set).
    komi: points instead of KM[].  dead: "auto" (the record's TB/TW
    markup, else an estimate), "markup", "estimate", "none".  seed,
    playouts: the estimate's.  Raises ScoreError for a record that holds
    no Go game on a board SGF allows.

    Given inputs (paths, bytes...) instead of a Game: a list with a dict
    per game, as sgfscore's JSON Lines (a game not scored has "error")."""
    if isinstance(game, Game):
        out = _sgfkit.score_game(game, rules=rules, komi=komi, dead=dead,
                                 seed=seed, playouts=playouts)
        docs = [json.loads(line) for line in out.splitlines()]
        return docs if rules == "all" else docs[0]
    inputs = game if isinstance(game, (list, tuple)) else (game,)
    out, _, failures, _ = _sgfkit.run(
        "score", to_items(inputs), rules=rules or "auto", format="json",
        komi=komi, dead=dead, seed=seed, playouts=playouts)
    _raise_failures(failures)
    return [json.loads(line) for line in out.splitlines()]


def _raise_failures(failures, on_error="raise"):
    handler = _on_error(on_error)
    for origin, message in failures:
        if handler is None:
            e = InputError(message)
            e.origin, e.message = origin, message
            raise e
        handler(origin, message)


def stats(*inputs, by=None, where=(), duplicates=False, legality=False,
          top=10, rules=None, charset=None):
    """sgfstat's report as a dict (`sgfstat --format=json`): sizes, rules,
    komi, results, lengths, years, players, openings, check status; by:
    group by a field ("year", "PB"...); where: conditions ("PW~^Lee",
    "moves>100"); duplicates: find records of the same game.  Runs the
    sgfstat program of this build (through --partial and --merge, so
    bytes and file objects are inputs too)."""
    from . import _stat
    from ._inputs import plan
    args = _stat.stat_args(by=by, where=where, duplicates=duplicates,
                           legality=legality, rules=rules, charset=charset)
    print_args = ["--format=json", "--top=%d" % top]
    if all(isinstance(x, (str, os.PathLike)) for x in inputs):
        import subprocess
        r = subprocess.run([_stat.tool("sgfstat"), "--progress=never"]
                           + args + print_args
                           + [os.fspath(x) for x in inputs],
                           capture_output=True)
        # what the walk did not read: warned as read() warns it
        err = _stat.take_skips(r.stderr.decode("utf-8", "replace"))
        _raise_failures(_stat.failures_of(err))
        if r.returncode > 1:
            raise Error("sgfstat failed: %s" % err.strip())
        return json.loads(r.stdout)
    partials = []
    # one partition: paths are read where they are, bytes laid out as files
    for part in plan(inputs, part_bytes=1 << 62, ship="paths"):
        _raise_failures(part.failures)
        data, err, rc = _stat.partial(part.items, args)
        _raise_failures(_stat.failures_of(err))
        if rc > 1:
            raise Error("sgfstat failed: %s" % err.strip())
        partials.append(data)
    out, err, rc = _stat.merge(partials, print_args + (
        ["--duplicates"] if duplicates else []))
    if rc > 1:
        raise Error("sgfstat --merge failed: %s" % err.strip())
    return json.loads(out)


from ._frames import games_frame, moves_frame  # noqa: E402
