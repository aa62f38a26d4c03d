"""The saved form of a match: its document, written and read back.

A match document is ``{"v": version, "o": options.to_list(), "a": [action,
...], "c": cursor}``, each action the log record of match.py in JSON form.
Loading replays every action through the engine, so a document the rules
refuse never becomes a match. These functions use the Match's public log
interface (log_size, cursor, entry_width, action, batches); they are a
module of their own so that the engine and its saving compile in two
smaller steps: match.py and this module as one do not compile in the
MicroPython lane's 190 KB heap from the sources.

A match pushed by an organiser's PC for an event also has ``"ev": [table,
round, event key]`` (see ``from_push``), and ``"sk"``, its table's key
for the result code, when the PC gave one; a document without them loads
as before, and a firmware without them ignores the keys.
"""

import json

from tanteador.match import DUMP_BATCH, EDIT, HEAD_BITS, VERSION, Match
from tanteador.matchoptions import MatchOptions
from tanteador.rules import RulesError


class StateError(ValueError):
    """A saved document that cannot be loaded: 'json', 'shape', 'newer' or 'history'."""

    def __init__(self, code, detail=""):
        super().__init__(code + (": " + detail if detail else ""))
        self.code = code


def to_dict(m):
    """Match ``m`` as a compact JSON-able document, version 4 (the version
    a match began under, 2 or 3, for an older one: the same layout):
    ``{"v": 4, "o": options.to_list(), "a": [action, ...], "c": cursor}``.
    A recorded hand is ``[trump, p0, p1, ..., elapsed_ms]``; an edit is
    ``["e", index, trump, p0, p1, ...]``; in chiamata the points are the
    call, ``caller, partner, bid, points``. The trump adds 4 * (1 + the
    side that took the last trick) when that settled a tie. "c" (how
    many actions are in effect; the rest can be redone) is left out
    when all are; "ev" (an event's table, round and key) when set."""
    n = m.log_size
    acts = [None] * n
    for k in range(n):
        acts[k] = m.action(k)
    d = {"v": m.version, "o": m.options.to_list(), "a": acts}
    if m.cursor != n:
        d["c"] = m.cursor
    if m.event:
        d["ev"] = list(m.event)
    if m.sign:
        d["sk"] = m.sign
    return d


def dump(m, write):
    """Write the document of to_dict() as compact JSON text through
    ``write(str)``, DUMP_BATCH actions at a time: saving a long match
    then never holds all its actions as lists, nor the whole text, in
    memory, and a save stays quick."""
    write('{"v":%d,"o":' % m.version)
    write(json.dumps(m.options.to_list(), separators=(",", ":")))
    write(',"a":[')
    n = m.log_size
    done = m.batches
    for k in range(0, n, DUMP_BATCH):
        b = k // DUMP_BATCH
        if b < len(done):
            text = done[b]
        else:
            text = ",".join([json.dumps(m.action(j), separators=(",", ":"))
                             for j in range(k, min(n, k + DUMP_BATCH))])
            if k + DUMP_BATCH <= n:
                # A full batch of the log never changes until it is cut.
                done.append(text)
        write(("," if k else "") + text)
    write("]")
    if m.cursor != n:
        write(',"c":%d' % m.cursor)
    if m.event:
        write(',"ev":' + json.dumps(list(m.event), separators=(",", ":")))
    if m.sign:
        write(',"sk":' + json.dumps(m.sign))
    write("}")


class Live:
    """Match ``m`` in a document being saved: ``store.dump`` writes its text
    with ``dump`` a batch at a time, so the document of a long match never
    sits whole in the heap."""

    def __init__(self, m):
        self.m = m

    def dump(self, write):
        """Write the match's document through ``write(str)`` (see ``dump``)."""
        dump(self.m, write)


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
_TABLES = 999
_ROUNDS = 99
_KEY_LEN = 16
PUSH_VERSION = 1
# A table's key for its result code: 16 bytes in hex.
_SIGN_LEN = 32
_HEX = "0123456789abcdef"


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
    if d["v"] > PUSH_VERSION:
        raise StateError("newer")
    ev = _event(d.get("ev"))
    try:
        m = Match(MatchOptions.from_list(d.get("o")), VERSION, ev)
    except ValueError:
        raise StateError("shape", "options")
    m.sign = _sign(d)
    return m


def dumps(match):
    """The match document as compact JSON text."""
    return json.dumps(to_dict(match), separators=(",", ":"))


def loads(text):
    """A Match from JSON text; StateError('json') when it does not parse."""
    try:
        d = json.loads(text)
    except (ValueError, RuntimeError):
        # RuntimeError: nesting too deep for the parser (RecursionError on CPython).
        raise StateError("json")
    return from_dict(d)
