"""The saved form of a match: its document, written.

A match document is ``{"v": version, "o": options.to_list(), "a": [action,
...], "c": cursor}``, each action the log record of match.py in JSON form.
These functions use the Match's public log interface (log_size, cursor,
entry_width, action, batches); they are a module of their own so that the
engine and its saving compile in two smaller steps: match.py and this
module as one do not compile in the MicroPython lane's 190 KB heap from
the sources. Reading a document back is matchload.py's: only a boot and
a pushed match need it, so it leaves the heap while the match is played.

A match pushed by an organiser's PC for an event also has ``"ev": [table,
round, event key]`` (see ``matchload.from_push``), and ``"sk"``, its table's
key for the result code, when the PC gave one.
"""

import json

from tanteador.match import DUMP_BATCH


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


def dumps(match):
    """The match document as compact JSON text."""
    return json.dumps(to_dict(match), separators=(",", ":"))
