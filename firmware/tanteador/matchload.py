"""A saved match document read back (see matchdoc.py for its form).

Loading replays every action through the engine, so a document the rules
refuse never becomes a match. Only a boot (the saved match, its journal)
and a match an organiser's PC pushed read a document: the app unloads
this module with its other boot-only code (heap.py), so the match in
play does not carry it. A document without an event's keys loads as
before, and a firmware without them ignores the keys.
"""

import json

from micropython import const

from tanteador.match import EDIT, HEAD_BITS, VERSION, Match
from tanteador.matchoptions import MatchOptions
from tanteador.rules import RulesError


class StateError(ValueError):
    """A saved document that cannot be loaded: 'json', 'shape', 'newer' or 'history'."""

    def __init__(self, code, detail=""):
        super().__init__(code + (": " + detail if detail else ""))
        self.code = code


def from_dict(d):
    """Load a document from to_dict() (or version 1: ``{"v": 1, "o":
    [options without trump_cycle], "h": [[trump, p0, ..., elapsed_ms], ...]}``,
    migrated: its hands become the undo log). Every action is replayed
    and checked. A match saved by version 1 or 2 keeps their rules, so
    that it loads as it was played: any split of the cards goes, a
    capote is 120 points; it is saved as version 2 again (version 3 as
    3: version 4 plays by its rules). StateError:
    'shape' (not this layout, wrong types, impossible setup), 'newer' (a
    later version), 'history' (an entry or edit the rules refuse, or
    hands after the end of the match)."""
    if type(d) is not dict or type(d.get("v")) is not int:
        raise StateError("shape")
    v = d["v"]
    if v > VERSION:
        raise StateError("newer")
    if v == 1:
        o = d.get("o")
        if type(o) is not list or len(o) != 13 or type(d.get("h")) is not list:
            raise StateError("shape")
        d = {"v": 2, "o": o[:12] + [0] + o[12:], "a": d["h"]}
        v = 2
    elif v < 2:
        raise StateError("shape")
    ev = _event(d["ev"]) if "ev" in d else ()
    try:
        m = Match(MatchOptions.from_list(d.get("o")), v, ev)
    except ValueError:
        raise StateError("shape", "options")
    m.sign = _sign(d)
    acts = d.get("a")
    cur = d.get("c", len(acts) if type(acts) is list else 0)
    if type(acts) is not list or type(cur) is not int or cur < 0 or cur > len(acts):
        raise StateError("shape")
    _replay(m, acts)
    while m.cursor > cur:
        m.undo()
    return m


def _replay(m, acts):
    # Replay the document's actions on the new match ``m``, each checked
    # (StateError 'shape' or 'history').
    for a in acts:
        apply(m, a)
    if m.log_size != len(acts):
        raise StateError("history", "edit")


def apply(m, a):
    """Apply one action of a document (see to_dict) to Match ``m`` at its
    cursor, checked as a press is: StateError 'shape' (not an action of
    this match) or 'history' (the rules refuse it). The saved document
    and the journal (journal.py) both come back through here."""
    n = m.entry_width
    if type(a) is not list:
        raise StateError("shape")
    edit = len(a) == n + 3 and a[0] == EDIT
    if not edit and len(a) != n + 2:
        raise StateError("shape")
    for x in a[1:] if edit else a:
        if type(x) is not int:
            raise StateError("shape")
    # An int by now (checked above).
    t = int(a[2] if edit else a[0])
    if t < 0 or t > HEAD_BITS:
        raise StateError("shape")
    last = (t >> 2) - 1
    last = None if last < 0 else last
    try:
        if edit:
            m.edit(a[1], t & 3, a[3:], last)
        else:
            m.replay(t & 3, a[1:-1], a[-1], last)
    except RulesError as e:
        raise StateError("history", e.code)


# Highest table and round numbers of an event, and the longest event key.
_TABLES = const(999)
_ROUNDS = const(99)
_KEY_LEN = const(16)
_PUSH_VERSION = const(1)
# A table's key for its result code: 16 bytes in hex.
_SIGN_LEN = const(32)
_HEX = const("0123456789abcdef")


def _event(ev):
    """(table, round, key) from a document's "ev"; StateError('shape') if it is not one."""
    if type(ev) is not list or len(ev) != 3:
        raise StateError("shape")
    t, r, k = ev
    if type(t) is not int or type(r) is not int or type(k) is not str \
            or not 1 <= t <= _TABLES or not 1 <= r <= _ROUNDS or not 0 < len(k) <= _KEY_LEN:
        raise StateError("shape")
    return (t, r, k)


def _sign(d):
    """The table's key of a document's "sk" ("" without one); StateError('shape')
    if it is not _SIGN_LEN hex digits."""
    k = d.get("sk", "")
    if type(k) is not str or (k and (len(k) != _SIGN_LEN or k.strip(_HEX))):
        raise StateError("shape")
    return k


def from_push(d):
    """The match an organiser's PC pushed (``event.json``): ``{"v": 1, "o":
    options.to_list() with the seats' names, "ev": [table, round, key]}``
    and, from an event that signs results, ``"sk"``: the table's key
    -> a new Match carrying its event. StateError: 'newer', 'shape'."""
    if type(d) is not dict or type(d.get("v")) is not int:
        raise StateError("shape")
    if d["v"] > _PUSH_VERSION:
        raise StateError("newer")
    ev = _event(d.get("ev"))
    try:
        m = Match(MatchOptions.from_list(d.get("o")), VERSION, ev)
    except ValueError:
        raise StateError("shape", "options")
    m.sign = _sign(d)
    return m


def loads(text):
    """A Match from JSON text; StateError('json') when it does not parse."""
    try:
        d = json.loads(text)
    except (ValueError, RuntimeError):
        # RuntimeError: nesting too deep for the parser (RecursionError on CPython).
        raise StateError("json")
    return from_dict(d)
