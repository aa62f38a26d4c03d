"""Screen texts: one language module loaded at a time.

Strings are looked up by small integer ids (below), so no table of string
keys stays in memory; ``load`` imports only the chosen language module and
drops the previous one, which keeps the heap small on the device.
"""

import sys
from array import array

from micropython import const

LANGS = ("en", "es", "it", "pt", "fr")

LANG = const(0)
SUITS = const(1)
RANKS = const(2)
NEW_MATCH = const(3)
START = const(4)
PLAYERS = const(5)
SIDES = const(6)
SIDE_VALS = const(7)
GOAL = const(8)
GOAL_VALS = const(9)
TARGET = const(10)
DECK = const(11)
PREP = const(12)
PREP_VALS = const(13)
DIRECTION = const(14)
DIR_VALS = const(15)
TIE = const(16)
TIE_VALS = const(17)
REVERSE = const(18)
CAPOTE = const(19)
CYCLE = const(20)
SIGNALS = const(21)
NAMES = const(22)
FIRST = const(23)
DRAW = const(24)
ONOFF = const(25)
PLAYER = const(26)
DEALS = const(27)
HAND = const(28)
TRUMP = const(29)
POINTS = const(30)
CONFIRM = const(31)
WINS_HAND = const(32)
VOID = const(33)
CAPOTE_BY = const(34)
MATCH_OVER = const(35)
WINS_MATCH = const(36)
NO_WINNER = const(37)
HANDS = const(38)
TIME = const(39)
REMATCH = const(40)
HISTORY = const(41)
NO_HANDS = const(42)
EDIT = const(43)
MENU = const(44)
UNDO = const(45)
REDO = const(46)
SETTINGS = const(47)
END_MATCH = const(48)
HWTEST = const(49)
ABOUT = const(50)
SURE = const(51)
LANGUAGE = const(52)
CONTRAST = const(53)
TIMEOUT = const(54)
SOUND = const(55)
MIN = const(56)
VERSION = const(57)
FREE_MEM = const(58)
ERROR = const(59)
KEPT = const(60)
BACK_TABLE = const(61)
RESUMED = const(62)
DAMAGED = const(63)
NEWER = const(64)
FULL = const(65)
IOFAIL = const(66)
NOTHING = const(67)
UNDONE = const(68)
REDONE = const(69)
E_RANGE = const(70)  # then E_ONE, E_TOTAL, E_CARDS, E_UNDRAWN, E_OVER (entry.reason)
E_OTHER = const(76)
E_SETUP = const(77)
H_RM2 = const(78)  # then H_UNDRAWN1, H_RM89, H_UNDRAWN3, H_RM2S (rules.HINTS order)
HOLD_BACK = const(83)
DIR_FIXED = const(84)


class Texts:
    """The texts of one language: ``texts[id]`` is one line of the module's string."""

    def __init__(self, s):
        self.s = s
        off = [0]
        i = s.find("\n")
        while i >= 0:
            off.append(i + 1)
            i = s.find("\n", i + 1)
        self.off = array("H", off)

    def __getitem__(self, i):
        return self.s[self.off[i]:self.off[i + 1] - 1]

    def __len__(self):
        return len(self.off) - 1


def load(code):
    """Return the Texts of language ``code`` (English if unknown).

    The module of any other language is removed from ``sys.modules`` first
    so that only one set of strings lives on the heap.
    """
    if code not in LANGS:
        code = "en"
    pkg = sys.modules.get("tanteador.lang")
    for other in LANGS:
        if other != code:
            name = "tanteador.lang." + other
            if name in sys.modules:
                del sys.modules[name]
                if pkg is not None and hasattr(pkg, other):
                    delattr(pkg, other)
    mod = __import__("tanteador.lang." + code, None, None, ("S",))
    return Texts(mod.S)
