"""Pushing a table's match to its device: the setup and the names as /tt/event.json.

The device takes the file when it starts (a board is reset for that; a
simulator takes it at its next start): it archives the match it held, starts
the pushed one with those names in the seats and says "Table N - Round R"
(see the firmware's matchload.from_push and resume._take_pushed). A device that
holds an unfinished match, or a pushed match it has not started yet, is not
written to without ``--force``: the organiser is asked first.
"""

import json
import os

from host_tools import UsageError, UserError
from host_tools.support.folders import check_writable
from host_tools.support.seats import side_label

TT = "/tt"
FILE = "event.json"
TMP = "event.tmp"


def document(event, pairing):
    """The event.json document of a pairing: setup, the seats' names (short forms), table, round,
    event key, and the table's key for its result code (codes.py)."""
    from host_tools.commands.event import codes

    from tanteador.matchoptions import MatchOptions

    # The device shows the short forms: unique in the event, so within the table too.
    names = event.shorts()
    entries = event.entries()
    o = MatchOptions.from_list(event.setup)
    seats = [""] * o.players
    for side, eid in enumerate(pairing.sides):
        for seat, pid in zip(o.side_seats(side), entries[eid]):
            seats[seat] = names[pid]
    o.names = seats
    o.validate()
    return {"v": 1, "o": o.to_list(), "ev": [pairing.tbl, pairing.round, event.key],
            "sk": codes.table_key(event, pairing.round, pairing.tbl)}


def encode(doc):
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def in_the_way(state, pending, doc):
    """Why writing ``doc`` needs --force, or None: the device's saved state
    (bytes or None) holds an unfinished match, or a pushed match not yet
    started (bytes or None) is another table's."""
    from host_tools.support.saves import read_match

    if pending is not None:
        try:
            ev = json.loads(pending.decode("utf-8")).get("ev")
        except (UnicodeDecodeError, ValueError, AttributeError):
            ev = None
        if ev != doc["ev"]:
            return "it holds a pushed match it has not started yet (%s)" % _table(ev)
    if state is None:
        return None
    try:
        m, _ = read_match("state.json", state)
    except ValueError:
        # The device sets a damaged save aside itself when it starts.
        return None
    if m is None or m.over or not m.hands:
        return None
    o = m.options
    labels = [side_label(o, i) for i in range(m.nsides)]
    return "it holds an unfinished match, %s %s after %d hands%s" % (
        " v ".join(labels), "-".join(str(w) for w in m.won), len(m.hands),
        "" if not m.event else " (%s)" % _table(list(m.event)))


def _table(ev):
    if isinstance(ev, list) and len(ev) == 3:
        return "table %s, round %s" % (ev[0], ev[1])
    return "unreadable"


def to_folder(folder, doc, force):
    """Write ``doc`` into a flash folder (a simulator's): the same checks, one atomic step."""
    from tanteador.flashfs import DirFS

    check_writable(folder, "--flash")
    why = in_the_way(_read(os.path.join(folder, "state.json")), _read(os.path.join(folder, FILE)), doc)
    if why and not force:
        raise UserError(_ask(folder, why))
    os.makedirs(folder, exist_ok=True)
    try:
        fs = DirFS(folder)
        f = fs.open(TMP, "wb")
        try:
            f.write(encode(doc))
        finally:
            f.close()
        fs.rename(TMP, FILE)
    except OSError as e:
        raise UserError("nothing pushed: cannot write in %s (%s)" % (folder, os.strerror(e.errno or 0)))
    return why


def to_board(link, doc, force):
    """Write ``doc`` on the board, read it back, reset the board so that it starts the match."""
    link.check()
    state = link.read(TT + "/state.json") if link.exists(TT + "/state.json") else None
    pending = link.read(TT + "/" + FILE) if link.exists(TT + "/" + FILE) else None
    why = in_the_way(state, pending, doc)
    if why and not force:
        raise UserError(_ask("the board on %s" % link.port, why))
    data = encode(doc)
    link.mkdir(TT)
    link.write(TT + "/" + TMP, data)
    link.rename(TT + "/" + TMP, TT + "/" + FILE)
    if link.read(TT + "/" + FILE) != data:
        raise UserError("event.json on the board does not read back as written; run the command again")
    link.reset()
    return why


def _ask(where, why):
    return ("nothing pushed: %s; %s. Pushing replaces it (the device archives it, it is not lost): "
            "run the command again with --force" % (where, why))


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise UsageError("cannot read %s (%s)" % (path, os.strerror(e.errno or 0)))
