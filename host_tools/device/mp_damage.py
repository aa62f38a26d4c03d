"""The damage campaign: every file the firmware reads or writes, damaged every way, then a device's life.

Run through ``mp_driver.main`` on MicroPython and on CPython. ``cmd_damage``
puts a device's flash together (the files of ``a["base"]``), damages one
file of it (``a["file"]``, damage number ``a["damage"]`` of ``damages``),
and then boots as ``main.py`` does (the board file, the kept frame, the
app), plays (a hand, the end of the match, the names, a new match, a
hand), and boots again. It prints what it saw; the tests judge it.

``COVERED`` is the campaign's list of files: ``tests/test_damaged.py``
checks it against the files a device's life really reads and writes.
"""

import gc
import os
import sys
from binascii import crc32

from mp_driver import Rand, emit, fresh_dir

# What the firmware does with a damaged file: "aside", renamed to a
# bad-<n>-state.json with its bytes; "kept", ignored and left as it is;
# "cache", drawn again and rewritten (the kept frame); "torn", the leftover
# of a cut save, replaced by the next save; "journal", set aside unless it
# is what a cut append leaves (its whole lines replayed, the rest dropped:
# never shown). Numbered names are written with a "*" for the number; a
# name in the archive's folder with the folder ("h/"). "h*.json" is an ended
# match where an earlier firmware kept it, beside the save: kept, and moved
# into the folder at the next match end.
COVERED = {
    "state.json": "aside",
    "state.log": "journal",
    "state.tmp": "torn",
    "h/h.tmp": "torn",
    "h/h*.json": "kept",
    "h*.json": "kept",
    "bad-*-state.json": "kept",
    "names.json": "kept",
    "event.json": "aside",
    "frame.bin": "cache",
    "frame.tag": "cache",
    "tanteador_board.py": "kept",
}
BOARD_FILE = "tanteador_board.py"
_MP = sys.implementation.name == "micropython"
# More than any file the firmware reads whole may hold (store.MAX_STATE, 64 KB).
_LONG = 70000
_NOT_UTF8 = b"\xff\xfe"


def _numbers(g, new):
    """``g`` (JSON text) with every run of digits replaced by ``new(run)``."""
    out = bytearray()
    run = bytearray()
    for c in g:
        if 48 <= c <= 57:
            run.append(c)
            continue
        if run:
            out += new(bytes(run))
            run = bytearray()
        out.append(c)
    if run:
        out += new(bytes(run))
    return bytes(out)


def _not_utf8(g):
    """``g`` with two bytes that are no UTF-8 inside its first string, or in place of its last two."""
    i = g.find(b'"')
    if i < 0:
        return g[:-2] + _NOT_UTF8
    return g[:i + 1] + _NOT_UTF8 + g[i + 1:]


# The damages of every file, and those of a JSON file besides, by name.
DAMAGES = ("missing", "empty", "one byte", "half", "all but one byte", "twice", "too long",
           "random", "zeros", "not utf-8")
JSON_DAMAGES = ("a list", "an object", "a number", "a string", "null", "true", "deep",
                "huge numbers", "negative numbers", "fractions", "numbers as text", "numbers as null")


def _is_json(name):
    # The saves' temporary files hold JSON as the saves do.
    return name[-5:] == ".json" or name[-4:] == ".tmp"


def damages(is_json):
    """The names of the damages a file gets: a JSON file's (``is_json``) are more."""
    return DAMAGES + JSON_DAMAGES if is_json else DAMAGES


def damaged(g, label):
    """The bytes of damage ``label`` of a file whose good bytes are ``g`` (None: no file at all)."""
    if label == "missing":
        return None
    simple = {"empty": b"", "a list": b"[]", "an object": b"{}", "a number": b"7", "a string": b'"x"',
              "null": b"null", "true": b"true"}
    if label in simple:
        return simple[label]
    if label == "one byte":
        return g[:1]
    if label == "half":
        return g[:len(g) // 2]
    if label == "all but one byte":
        return g[:-1]
    if label in ("twice", "too long"):
        return g + g
    if label == "random":
        r = Rand(len(g))
        return bytes(r.below(256) for _ in range(max(len(g), 16)))
    if label == "zeros":
        return bytes(len(g))
    if label == "not utf-8":
        return _not_utf8(g)
    if label == "deep":
        return b"[" * 3000 + b"]" * 3000
    new = {"huge numbers": lambda d: b"9" * 40, "negative numbers": lambda d: b"-" + d,
           "fractions": lambda d: d + b".5", "numbers as text": lambda d: b'"' + d + b'"',
           "numbers as null": lambda d: b"null"}[label]
    return _numbers(g, new)


def _put(path, g, label):
    """Write damage ``label`` of the good bytes ``g`` at ``path`` -> False if that is no file."""
    data = damaged(g, label)
    if data is None:
        return False
    f = open(path, "wb")
    try:
        f.write(data)
        if label == "too long":
            # Written a piece at a time: a Pico-sized heap holds no such file whole.
            pad = b" " * 1000
            for _ in range(_LONG // 1000):
                f.write(pad)
    finally:
        f.close()
    return True


def _print(path):
    """(size, CRC-32) of the file at ``path``, read a piece at a time; None if there is none."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    n = crc = 0
    try:
        while True:
            b = f.read(1024)
            if not b:
                return n, crc
            n += len(b)
            crc = crc32(b, crc)
    finally:
        f.close()


def _collect():
    # A reset's heap is empty on a Pico; CPython's collector is slow and needs none.
    if _MP:
        gc.collect()


def _read(path):
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        return f.read()
    finally:
        f.close()


def _write(path, data):
    f = open(path, "wb")
    try:
        f.write(data)
    finally:
        f.close()


def _files(folder):
    """The names of the files in ``folder``, those in its folders as "folder/name"."""
    out = []
    for n in os.listdir(folder):
        try:
            out += [n + "/" + m for m in os.listdir(folder + "/" + n)]
        except OSError:
            out.append(n)
    return out


def _lay(folder, base, name):
    """Make ``folder`` hold the files (and folders) of ``base`` but ``name``."""
    fresh_dir(folder)
    for n in os.listdir(base):
        try:
            os.listdir(base + "/" + n)
            os.mkdir(folder + "/" + n)
        except OSError:
            pass
    for n in _files(base):
        if n != name:
            _write(folder + "/" + n, _read(base + "/" + n))


class _Life:
    """One device on ``folder``: boots as main.py does, plays by watching the screen."""

    def __init__(self, folder, board_file):
        self.folder = folder
        self.board_file = board_file
        self.seen = []
        self.errors = []
        self.notices = []
        self.board = self.app = self.player = None

    def boot(self):
        from hostboard import HostBoard
        from script import Player
        from tanteador.heap import Heap

        self.board = self.app = self.player = None
        # The screens an earlier boot loaded go, as the app's own sweep unloads them.
        Heap().sweep([])
        for n in ("tanteador.wiring", "tanteador.boardfile"):
            if n in sys.modules:
                del sys.modules[n]
        _collect()
        from tanteador import wiring

        w = wiring.load(self.board_file)
        b = HostBoard(self.folder)
        # The Pico's board keeps what was wrong with the board file it read.
        b.problems = getattr(w, "problems", None)
        w = wiring = None
        _collect()
        from tanteador.start import kept_frame

        sizes = kept_frame(b)
        from tanteador.app import App

        self.board = b
        self.app = App(b, 0, sizes)
        self.player = Player(self.app, b)
        self.look()
        self.idle(600)
        while self.app.stage.screen.NAME == "notice":
            self.notices.append(" ".join(self.app.stage.texts))
            self.press("BACK")
        return self.app.stage.screen.NAME

    def look(self, *args):
        name = self.app.stage.screen.NAME
        if not self.seen or self.seen[-1] != name:
            self.seen.append(name)
        if name == "error":
            self.errors.append(" ".join(self.app.stage.texts))

    def press(self, text):
        from script import parse

        self.player.play(parse(text), self.look)
        self.look()

    def idle(self, ms):
        self.player.idle(ms)
        self.look()

    def hand(self):
        # Trump, entry, count: a save, then the tag once the buttons rest.
        if self.app.stage.screen.NAME == "table":
            self.press("DOWN; OK; OK")
            self.idle(600)

    def end_match(self):
        if self.app.stage.screen.NAME == "table":
            self.press("long OK; DOWN x4; OK; OK")
        # A match with hands shows its final standing first; OK goes on to the setup.
        if self.app.stage.screen.NAME == "matchend":
            self.press("OK")

    def names_and_start(self):
        """From a fresh setup: a name from the list for the first player, then a new match."""
        if self.app.stage.screen.NAME != "setup":
            return
        # The names are the third row from the end: up from the first row.
        self.press("UP x3; OK")
        if self.app.stage.screen.NAME == "names":
            self.press("OK")
            if self.app.stage.screen.NAME == "letters":
                # No list to pick from (a damaged one is set aside): a name typed, one letter.
                self.press("OK; long OK")
            else:
                self.press("DOWN; OK")
            if self.app.stage.screen.NAME == "notice":
                self.press("OK")        # the damaged list kept aside: said, and closed
            if self.app.stage.screen.NAME == "names":
                self.press("BACK")
        self.press("DOWN x3")
        for _ in range(6):
            if self.app.stage.screen.NAME == "table":
                break
            self.press("OK")


def cmd_damage_plan(a):
    """The campaign's plan: ``COVERED``, and the names of the damages of each file of ``a["files"]``."""
    plan = {}
    for name in a["files"]:
        plan[name] = damages(_is_json(name))
    emit({"k": "plan", "covered": COVERED, "damages": plan})


def cmd_damage(a):
    """Each case of ``a["cases"]`` in turn: one damaged file, a device's life on it.

    A case: "base" the folder of the device's files, "good" the good bytes
    of the file to damage, "file" its name, "damage" the index of the
    damage, "dir" the flash folder to play on, "board" where the board
    file goes. One result line a case (see the module docstring).
    """
    for case in a["cases"]:
        _case(case)
        _collect()


def _case(a):
    folder = a["dir"]
    name = a["file"]
    board_file = a["board"]
    label = damages(_is_json(name))[a["damage"]]
    good = _read(a["good"])
    if name == BOARD_FILE:
        _lay(folder, a["base"], "")
        path = board_file
    else:
        _lay(folder, a["base"], name)
        path = folder + "/" + name
    wrote = _put(path, good, label)
    good = None
    mark = _print(path) if wrote else None
    out = {"k": "case", "file": name, "damage": label}
    life = _Life(folder, board_file)
    try:
        out["first"] = life.boot()
        # Where the damaged bytes are after the first boot: nothing is lost.
        kept = []
        if mark is not None:
            for n in _files(folder):
                if _print(folder + "/" + n) == mark:
                    kept.append(n)
            if name == BOARD_FILE and _print(board_file) == mark:
                kept.append(BOARD_FILE)
        out["kept"] = kept
        life.hand()
        life.end_match()
        life.names_and_start()
        life.hand()
        out["again"] = life.boot()
        life.hand()
    except Exception as e:
        out["crash"] = "%s: %s" % (type(e).__name__, e)
    out["seen"] = life.seen
    out["errors"] = life.errors
    out["notices"] = life.notices
    app = life.app
    out["hands"] = len(app.stage.match.hands) if app is not None and app.stage.match is not None else -1
    out["files"] = sorted(os.listdir(folder))
    emit(out)
