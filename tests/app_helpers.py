"""Helpers for the app tests: a host board in a temporary folder, scripted presses."""

import json
import os

from host_tools.device.hostboard import HostBoard
from host_tools.device.script import Player, parse

from tanteador.app import App
from tanteador.matchoptions import PAIRS, MatchOptions

# One hand from the table: the trump (oros) set on the table, OK opens the entry.
TRUMP_AND_ENTRY = "DOWN; OK"
# From the entry: OK records the hand and goes back to the table.
COUNT = "OK"


def boot(folder=None, board=None, fs=None):
    """Power on an App on a host board (flash folder ``folder``); returns (board, app)."""
    if board is None:
        board = HostBoard(str(folder), fs=fs)
    else:
        board.release_all()
    app = App(board, board.now)
    app.poll(board.now)
    return board, app


def reboot(board):
    """Power cycle: a new App on the same board and flash."""
    if hasattr(board.fs, "fs"):
        board.fs = board.fs.fs
    return boot(board=board)


def play(app, board, text):
    """Play a script (see host_tools/device/script.py) on the app."""
    Player(app, board).play(parse(text))


def saved(folder):
    """The saved document in the flash folder (None if none)."""
    p = os.path.join(str(folder), "state.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        return json.load(f)


class SaveCounter:
    """Wraps app.stage.store.save to count the saves (and keep the documents)."""

    def __init__(self, app):
        self.docs = []
        store = app.stage.store
        orig = store.save

        def save(doc, tag=None):
            # The app hands the store its live Match: record the plain document.
            self.docs.append(json.loads(json.dumps(app.stage.state())))
            return orig(doc, tag)

        store.save = save

    @property
    def n(self):
        return len(self.docs)


def hand(app, board, ups=0, downs=0, hold=None):
    """Play one two-sided hand from the table: trump, entry (+ups/-downs or a hold), count."""
    play(app, board, TRUMP_AND_ENTRY)
    assert app.stage.screen.NAME == "entry"
    if ups:
        play(app, board, "UP x%d" % ups)
    if downs:
        play(app, board, "DOWN x%d" % downs)
    if hold:
        play(app, board, hold)
    play(app, board, COUNT)


# The four players of the pushed pairs match below.
NAMES = ["Ana", "Eva", "Luis", "Pau"]


def pushed_doc(table=3, rnd=2, key="fiesta24", names=NAMES):
    """An event.json as `tanteador event push` writes it: a pairs match, first to 2, its table and round."""
    o = MatchOptions(players=4, sides=PAIRS, names=names, target=2)
    return {"v": 1, "o": o.to_list(), "ev": [table, rnd, key]}
