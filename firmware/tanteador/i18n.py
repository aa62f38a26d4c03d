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
TEAM = const(27)
DEALS = const(28)
AGAIN = const(29)
HAND = const(30)
DEALER = const(31)
CUT = const(32)
LEAD = const(33)
TRUMP = const(34)
SET_TRUMP = const(35)
ENTER = const(36)
POINTS = const(37)
LEFT = const(38)
CONFIRM = const(39)
WINS_HAND = const(40)
VOID = const(41)
CAPOTE_BY = const(42)
OK_NEXT = const(43)
MATCH_OVER = const(44)
WINS_MATCH = const(45)
NO_WINNER = const(46)
HANDS = const(47)
TIME = const(48)
REMATCH = const(49)
HISTORY = const(50)
NO_HANDS = const(51)
EDIT = const(52)
MENU = const(53)
UNDO = const(54)
REDO = const(55)
SETTINGS = const(56)
END_MATCH = const(57)
HWTEST = const(58)
ABOUT = const(59)
SURE = const(60)
LANGUAGE = const(61)
CONTRAST = const(62)
TIMEOUT = const(63)
SOUND = const(64)
MIN = const(65)
VERSION = const(66)
FREE_MEM = const(67)
ERROR = const(68)
KEPT = const(69)
BACK_TABLE = const(70)
RESUMED = const(71)
DAMAGED = const(72)
NEWER = const(73)
FULL = const(74)
IOFAIL = const(75)
NOTHING = const(76)
UNDONE = const(77)
REDONE = const(78)
E_RANGE = const(79)
E_ONE = const(80)
E_TOTAL = const(81)
E_CARDS = const(82)
E_UNDRAWN = const(83)
E_OVER = const(84)
E_OTHER = const(85)
E_SETUP = const(86)
R_GOAL = const(87)
R_TIME = const(88)
R_HANDS = const(89)
WON_BY = const(90)
AVG = const(91)
DURATION = const(92)
CHOOSE = const(93)
SIGNALS_ON = const(94)
H_RM2 = const(95)
H_UNDRAWN1 = const(96)
H_RM89 = const(97)
H_UNDRAWN3 = const(98)
H_RM2S = const(99)
FREE = const(100)


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
