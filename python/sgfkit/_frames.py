"""pandas frames of games and moves.

The columns are the library's: the C layer writes the CSV of
`sgfconvert --csv=games` or `--csv=moves` (lib/export/csv.c, doc/json.md), and
the frame is that CSV read with dtypes: numbers as numbers, nullable
integers where a value can be missing, categorical colours, winners and
statuses, dates as datetimes where the record gives a whole date.  A
column the library adds later arrives as text until it is given a dtype
here.  sgfkit.dask builds its partitions with the same functions, so the
columns and dtypes are the same.
"""
import io
import threading

from . import _sgfkit
from ._inputs import to_items

# the fixed vocabularies (doc/json.md); a value outside one is an error
# (never a silent NaN)
WINNERS = ["B", "W", "draw", "void", "unknown"]
STATUSES = ["ok", "warnings", "errors"]
COLORS = ["B", "W"]

GAME_DTYPES = {
    "game_id": "string",
    "origin": "string", "game": "Int32", "offset": "Int64",
    "width": "Int8", "height": "Int8",
    "black": "string", "black_rank": "string",
    "white": "string", "white_rank": "string",
    "date": "string", "event": "string", "round": "string", "place": "string",
    "rules": "category", "rules_text": "string",
    "komi": "Float64", "handicap": "Int16",
    "result": "string", "winner": WINNERS, "margin": "Float64",
    "moves": "Int32", "dyer": "string", "moves_hash": "string",
    "status": STATUSES, "errors": "Int32", "warnings": "Int32",
    "rules_source": "string", "komi_source": "string",
}

MOVE_DTYPES = {
    # a game's id on each of its rows: categorical, one string per game
    "game_id": "category", "move": "Int32",
    "color": COLORS, "x": "Int8", "y": "Int8",
    "sgf": "string", "gtp": "string", "pass": "boolean",
    "captures": "Int16",
}


def from_csv(data, dtypes):
    """A frame from the library's CSV (bytes, with its header line)."""
    import pandas as pd
    header = data.split(b"\r\n", 1)[0].decode("utf-8").split(",")
    read_as = {}
    for col in header:
        t = dtypes.get(col, "string")
        read_as[col] = ("string" if isinstance(t, list) or t == "boolean"
                        else t)
        if t == "boolean":
            read_as[col] = "Int8"
    # keep_default_na=False: a player called "NA" or "null" stays one;
    # only an empty field is missing
    df = pd.read_csv(io.BytesIO(data), dtype=read_as, keep_default_na=False,
                     na_values=[""], encoding="utf-8", engine="c")
    for col in header:
        t = dtypes.get(col)
        if isinstance(t, list):
            known = df[col].isna()
            df[col] = df[col].astype(pd.CategoricalDtype(t))
            lost = df[col].isna() & ~known
            if lost.any():
                raise ValueError("column %s: unexpected value %r" % (
                    col, df.loc[lost.idxmax(), col]))
        elif t == "boolean":
            df[col] = df[col].astype("boolean")
    if "date" in df.columns and dtypes is GAME_DTYPES:
        text = df["date"]
        at = df.columns.get_loc("date")
        # a whole date only ("2017", "2017-03" say less); before 1677 or
        # after 2262 no datetime64[ns] holds it, and year still does
        whole = text.str.fullmatch(r"\d{4}-\d{2}-\d{2}").fillna(False)
        df["date"] = pd.to_datetime(text.where(whole), format="%Y-%m-%d",
                                    errors="coerce")
        df.insert(at + 1, "year", pd.to_numeric(text.str.slice(0, 4))
                  .astype("Int16"))
    return df


def empty(kind):
    """The frame of no game: the columns and dtypes (Dask's meta)."""
    out, _, _, _ = _sgfkit.run(kind, [])
    return from_csv(out, GAME_DTYPES if kind == "games" else MOVE_DTYPES)


def csv_of(kind, items, options):
    """The C layer's CSV of items: (bytes, failures)."""
    out, _, failures, _ = _sgfkit.run(kind, items, **options)
    return out, failures


def _shares(inputs, n):
    """The run's items cut into n contiguous shares: each input file of
    the walk one item (an archive whole), in order."""
    items, failures = [], []
    for item in to_items(inputs):
        if item[0] == "path":
            files, fails = _sgfkit.list_files([item[1]])
            items += [("path", f) for f in files]
            failures += fails
        else:
            items.append(item)
    size = -(-len(items) // n) if items else 1
    return [items[k:k + size] for k in range(0, len(items), size)], failures


def _run_threads(kind, inputs, options, jobs):
    """The CSV of inputs, read by `jobs` threads over contiguous shares of
    the run (the GIL is released while C reads), joined in order: the same
    bytes as one thread."""
    shares, failures = _shares(inputs, jobs)
    results = [None] * len(shares)
    errors = []

    def work(k):
        try:
            results[k] = csv_of(kind, shares[k], options)
        except BaseException as e:      # re-raised in the caller
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,))
               for k in range(len(shares))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    if not results:
        return csv_of(kind, [], options)
    head = results[0][0].split(b"\r\n", 1)[0] + b"\r\n"
    body = [head] + [out[len(head):] for out, _ in results]
    return b"".join(body), failures + [f for _, fs in results for f in fs]


def frame(kind, inputs, options, jobs=1, on_error="raise"):
    from . import _raise_failures
    if jobs > 1:
        data, failures = _run_threads(kind, inputs, options, jobs)
    else:
        data, failures = csv_of(kind, to_items(inputs), options)
    _raise_failures(failures, on_error)
    return from_csv(data, GAME_DTYPES if kind == "games" else MOVE_DTYPES)


def games_frame(*inputs, legality=True, rules="auto", charset=None, jobs=1,
                on_error="raise"):
    """One row per game: the columns of `sgfconvert --csv=games`
    (doc/json.md) with dtypes, plus `year` after `date`.  date is a
    datetime where the record gives a whole date (NaT otherwise; year is
    there when DT gives one).  legality: the replay's checks count in
    status, errors and warnings.  jobs: threads reading in parallel.
    Inputs named *.xml, *.json, *.jsonl, *.ndjson (also .gz) are read as
    sgfconvert reads them: XML or JSON trees turned into SGF."""
    return frame("games", inputs, dict(legality=legality, rules=rules,
                                       charset=charset), jobs, on_error)


def moves_frame(*inputs, rules="auto", charset=None, jobs=1,
                on_error="raise"):
    """One row per main-line move: the columns of `sgfconvert
    --csv=moves` (game_id, move, color, x, y, sgf, gtp, pass, captures)
    with dtypes; game_id joins games_frame, which holds the origin:
    moves.merge(games, on="game_id")."""
    return frame("moves", inputs, dict(legality=False, rules=rules,
                                       charset=charset), jobs, on_error)
