"""The screen texts' ids, by name: line numbers in a language module.

The firmware never imports this module. A name at a module's top level
costs heap on the device (a dictionary entry, and its string for as long as
the device runs), and a module's private constant costs nothing: each
module that shows a text folds the ids it uses as ``_T_<NAME> =
const(<id>)``. tests/engine/test_folded_ids.py holds every such constant to
this list, and tests/engine/test_catalogue.py each language module's lines
to these names. A new text: a name here (the next number, COUNT one up) and
a tagged line at the same place in all five language modules.
"""

from micropython import const

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
WINS_HAND = const(31)
VOID = const(32)
CAPOTE_BY = const(33)
MATCH_OVER = const(34)
WINS_MATCH = const(35)
NO_WINNER = const(36)
HANDS = const(37)
TIME = const(38)
REMATCH = const(39)
HISTORY = const(40)
NO_HANDS = const(41)
EDIT = const(42)
MENU = const(43)
UNDO = const(44)
REDO = const(45)
SETTINGS = const(46)
END_MATCH = const(47)
HWTEST = const(48)
ABOUT = const(49)
SURE = const(50)
LANGUAGE = const(51)
CONTRAST = const(52)
TIMEOUT = const(53)
SOUND = const(54)
MIN = const(55)
VERSION = const(56)
FREE_MEM = const(57)
ERROR = const(58)
KEPT = const(59)
BACK_TABLE = const(60)
RESUMED = const(61)
DAMAGED = const(62)
NEWER = const(63)
FULL = const(64)
IOFAIL = const(65)
NOTHING = const(66)
UNDONE = const(67)
REDONE = const(68)
E_RANGE = const(69)
E_ONE = const(70)
E_TOTAL = const(71)
E_CARDS = const(72)
E_UNDRAWN = const(73)
E_OVER = const(74)
E_OTHER = const(75)
E_SETUP = const(76)
# How to prepare the deck (matchoptions.MatchOptions.prep_hint): one id per code
# of rules.HINTS, in its order, from H_RM2 (the stage counts from there).
H_RM2 = const(77)
H_UNDRAWN1 = const(78)
H_RM89 = const(79)
H_UNDRAWN3 = const(80)
H_RM2S = const(81)
HOLD_BACK = const(82)
DIR_FIXED = const(83)
E_ABOVE = const(84)
E_MISSING = const(85)
END_ASK = const(86)
DEFAULTS = const(87)
CARDS = const(88)  # the setup row of the card style; CARDS_VALS by matchoptions.CARDS_*
CARDS_VALS = const(89)
SUITS_FR = const(90)  # French suits in suit-number order: diamonds, hearts, spades, clubs
RANKS_FR = const(91)  # French faces by rank index (rules.RANK_FACE_FR)
SEATS_PAIRS = const(92)
E_TRICKS = const(93)
CALLER = const(94)
BID = const(95)
PARTNER = const(96)
ALONE = const(97)
CALL_MADE = const(98)
CALL_DOWN = const(99)
CAPPOTTO = const(100)
LAST_TRICK = const(101)
E_CALLER = const(102)
E_PARTNER = const(103)
E_BID = const(104)
E_LAST = const(105)
DEFENDERS = const(106)  # the chiamata score rows of the setup
ALONE_ROW = const(107)
CAPPOTTO_ROW = const(108)
CALLER_SHARE = const(109)  # a score row's value with the caller's share
ALONE_SHORT = const(110)  # a history row's caller alone, in few letters
# What each field of the chiamata entry asks (screens/callentry.py).
ASK_CALLER = const(111)
ASK_BID = const(112)
ASK_PARTNER = const(113)
# A match pushed by an organiser's PC: its table and round.
TABLE_ROUND = const(114)
# What a long press of UP/DOWN does on a number (the entries' titles).
HOLD_TEN = const(115)
# The board file was refused: the device runs on the default wiring (tanteador.boardfile).
BOARD_REFUSED = const(116)
# A name typed on the device (screens/names.py, screens/letters.py).
NEW_NAME = const(117)
HOLD_JUMP = const(118)
LETTER_KEYS = const(119)
NAME_TAKEN = const(120)
NAMES_FULL = const(121)
# An edit refused: the match would have ended before the hands after it.
E_ENDS_AT = const(122)
# A damaged names list set aside as a name typed on the device started a new one.
NAMES_ASIDE = const(123)
# The match end's choice that shows an event's signed result (screens/resultqr.py).
RESULT_CODE = const(124)
# Number of texts in a language module.
COUNT = const(125)
