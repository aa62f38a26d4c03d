"""Helpers for the event tests: the command, and matches played on simulated devices."""

import sqlite3

from app_helpers import boot, hand, play
from host_tools import cli
from host_tools.commands.event.store import Event

# Player names of eight pairs (the device's letters, accents included).
PAIRS = ["Ana/Luis", "Eva/Pau", "Jo/Bea", "Tom/Rita", "Carla/Dani", "Lía/Sam", "Noa/Iker", "Marta/Raúl"]


def run(capsys, *argv):
    """Run `tanteador ...`; (exit status, stdout, stderr)."""
    rc = cli.main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def event_of(path):
    return Event.open(str(path))


def tables(path, rnd):
    """{table: (label A, label B)} of a round, from the event file."""
    ev = event_of(path)
    try:
        return {p.tbl: (ev.entry_label(p.a), ev.entry_label(p.b)) for p in ev.pairings(rnd) if p.b is not None}
    finally:
        ev.close()


def play_pushed(folder, hands):
    """Boot the device of flash folder ``folder`` (it takes the pushed match) and play
    ``hands``, one per letter: 'a' side A takes it 70-50, 'b' side B 50-70.
    Returns (names on the seats, the notice's text)."""
    board, app = boot(folder)
    notice = " ".join(app.stage.texts)
    names = app.stage.match.options.names
    play(app, board, "OK")
    for h in hands:
        if h == "a":
            hand(app, board, ups=10)
        else:
            hand(app, board, downs=10)
    return names, notice


def dump(path):
    """Every row of every table of the event file (to show that nothing changed)."""
    db = sqlite3.connect(str(path))
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {n: db.execute("SELECT * FROM %s ORDER BY 1" % n).fetchall() for n in names}
    finally:
        db.close()


def call_hand(app, board, caller, made=True, cappotto=False):
    """Play one Briscola chiamata hand from the table: oros on the table, ``caller`` wins the
    auction at 61 with the seat after them as partner (the entry's default), and their side
    takes 61 (made) or 59, or with ``cappotto`` all 120 or none. Returns (caller, partner)
    as the entry held them when the hand was counted."""
    play(app, board, "DOWN; OK")
    e = app.stage.screen
    assert e.NAME == "entry"
    for _ in range(app.stage.match.options.players):
        if e.vals[0] == caller:
            break
        play(app, board, "DOWN")
    assert e.vals[0] == caller
    play(app, board, "OK; OK; OK")             # the caller, the bid, the partner: on the points
    partner = e.vals[1]
    if cappotto:
        play(app, board, "long UP x6" if made else "long DOWN x6")
    elif not made:
        play(app, board, "DOWN x2")
    play(app, board, "OK")
    return caller, partner
