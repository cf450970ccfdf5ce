"""Games pickle (Dask ships them between processes): an unpickled Game is
read again from its record with the same options, so it has the same
values as the game it was made from."""
import pickle

import pytest

import sgfkit


def facts(g):
    return (g.origin, g.index, g.offset, g.line, g.column, g.info, g.moves,
            g.setup, g.diagnostics, g.properties, g.errors, g.warnings,
            g.notes, g.status, g.move_count, g.has_tree, g.raw)


def outcome(fn, *args):
    """What fn(*args) gives: its value, or the error it raises."""
    try:
        return fn(*args)
    except sgfkit.Error as e:
        return (type(e), str(e))


def test_every_record_of_the_corpus(corpus):
    """Every game of corpus/ (broken records, foreign formats, charsets,
    archives' records) through pickle, with legality on and off."""
    n = 0
    for legality in (True, False):
        for g in sgfkit.read(corpus, legality=legality):
            copy = pickle.loads(pickle.dumps(g))
            assert facts(copy) == facts(g), g.origin
            for write in (sgfkit.Game.to_sgf, sgfkit.Game.to_json,
                          sgfkit.check):
                assert outcome(write, copy) == outcome(write, g), g.origin
            n += 1
    assert n > 200


def test_read_options_travel():
    """Rules, charset and the replay's options are part of the pickle: a
    game read under Japanese rules stays one."""
    text = (b"(;GM[1]FF[4]SZ[5]RU[Chinese];B[aa];W[ba];B[ca];W[bb];B[ab]"
            b";W[aa])")
    for options in ({}, {"rules": "japanese"}, {"rules": "ing"},
                    {"rules": "koSITUATIONALscoreAREAtaxNONEsui1komi6"},
                    {"legality": False}, {"variations": True},
                    {"syntax_only": True}, {"charset": "cp1252"}):
        [g] = sgfkit.loads(text, **options)
        copy = pickle.loads(pickle.dumps(g, protocol=2))
        assert facts(copy) == facts(g), options
        assert sgfkit.check(copy) == sgfkit.check(g), options
        assert sgfkit.score(copy) == sgfkit.score(g), options


def test_bad_states_are_refused():
    """A state no Game pickles to raises, never crashes."""
    [g] = sgfkit.loads(b"(;GM[1]SZ[9];B[ee])", rules="japanese")
    restore, (state,) = g.__reduce__()
    assert restore(state).moves == g.moves
    bad = [(), (99,) + state[1:], state[:5], state[:-1] + ((b"x",),),
           state[:-1] + ((b"chinese", 9) + state[-1][2:],),
           state[:-3] + (1 << 20,) + state[-2:],
           state[:-2] + ("x" * 200,) + state[-1:]]
    for s in bad:
        with pytest.raises((ValueError, TypeError)):
            restore(s)
