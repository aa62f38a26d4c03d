"""Cards, points and what a real deal can produce.

A Spanish deck has 40 cards (48 with the 8s and 9s). Only five ranks are
worth points: ace 11, three 10, king 4, knight 3, jack 2; every hand holds
120 points in all.

Ranks are indexed 0..11 from the highest to the lowest, the same index in
both decks: ace, three, king, knight, jack, 9, 8, 7, 6, 5, 4, 2 (the 9 and the
8 exist only in the 48-card deck). A card is ``(rank_index, suit)``.

French-suited cards with the Portuguese ranking (matchoptions.CARDS_FRENCH)
use the same indexes for their own order: ace, 7, king, jack, queen, 9, 8,
6, 5, 4, 3, 2. Each index is worth the same there (the 7 is worth 10 like
the Spanish three, the queen 2 like the Spanish jack), so the points are
checked, and the first-dealer draw compares cards, alike in both styles.
"""

from micropython import const

OROS = const(0)
COPAS = const(1)
ESPADAS = const(2)
BASTOS = const(3)
SUITS = const(4)

TOTAL = const(120)

# Printed number of each rank on a Spanish card (jack 10, knight 11, king 12).
RANK_FACE = (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)
RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0)
# Face of each rank index on a French card (ace 1, jack 11, queen 12, king 13).
RANK_FACE_FR = (1, 7, 13, 11, 12, 9, 8, 6, 5, 4, 3, 2)

# Deck preparation hint codes (the screens translate them):
#   rm2      3 players, 40 cards: remove one 2 (39 cards)
#   undrawn1 3 players, 40 cards: leave the last card undrawn
#   rm89     5 players, 48 cards: remove three 8s or 9s (45 cards)
#   undrawn3 5 players, 48 cards: leave the last three cards undrawn
#   rm2s     6 players, 40 cards: remove the four 2s (36 cards)
# The cards they name are worth nothing in both card styles.
HINTS = ("rm2", "undrawn1", "rm89", "undrawn3", "rm2s")


# Tables written out rather than worked out at boot (that took tens of ms
# on the Pico); tests/engine/test_rules.py works each of them out again from the
# cards.
# The search keeps the cards left in one int, four bits a type (kings,
# knights, jacks, aces, threes, from bit 0) and the count of cards from bit
# 20; bit 3 of each type's four stays set when a way of making points is
# taken away and fits (none of its types goes below zero).
_G = const(0x88888)
_FULL = const(0x1444444)

# The fewest value cards worth x points (255: no set of cards is).
_MC = (
    b"\x00\xff\x01\x01\x01\x02\x02\x02\x02\x03\x01\x01\x02\x02\x02\x02\x03\x03\x03\x03"
    b"\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x03\x03\x03\x03\x04\x04\x04\x04\x05\x05"
    b"\x04\x04\x04\x04\x04\x05\x05\x05\x05\x06\x06\x05\x05\x05\x05\x06\x06\x06\x06\x07"
    b"\x07\x07\x06\x06\x06\x07\x07\x07\x07\x08\x08\x08\x08\x07\x07\x08\x08\x08\x08\x09"
    b"\x09\x09\x09\x0a\x08\x0a\x09\x09\x09\x0a\x0a\x0a\x0a\x0b\x0b\x0b\x0b\x0c\x0c\x0c"
    b"\x0c\x0d\x0d\x0d\x0e\x0e\x0e\x0f\x0f\x0f\x10\x10\x10\x11\x11\x12\x12\x13\x13\xff"
    b"\x14"
)

# From (K * 25 + N * 5 + J) * 5, five bytes: bit s set when some of K
# kings, N knights and J jacks are worth s points.
_LM = (
    b"\x01\x00\x00\x00\x00\x05\x00\x00\x00\x00\x15\x00\x00\x00\x00\x55\x00\x00\x00\x00"
    b"\x55\x01\x00\x00\x00\x09\x00\x00\x00\x00\x2d\x00\x00\x00\x00\xbd\x00\x00\x00\x00"
    b"\xfd\x02\x00\x00\x00\xfd\x0b\x00\x00\x00\x49\x00\x00\x00\x00\x6d\x01\x00\x00\x00"
    b"\xfd\x05\x00\x00\x00\xfd\x17\x00\x00\x00\xfd\x5f\x00\x00\x00\x49\x02\x00\x00\x00"
    b"\x6d\x0b\x00\x00\x00\xfd\x2f\x00\x00\x00\xfd\xbf\x00\x00\x00\xfd\xff\x02\x00\x00"
    b"\x49\x12\x00\x00\x00\x6d\x5b\x00\x00\x00\xfd\x7f\x01\x00\x00\xfd\xff\x05\x00\x00"
    b"\xfd\xff\x17\x00\x00\x11\x00\x00\x00\x00\x55\x00\x00\x00\x00\x55\x01\x00\x00\x00"
    b"\x55\x05\x00\x00\x00\x55\x15\x00\x00\x00\x99\x00\x00\x00\x00\xfd\x02\x00\x00\x00"
    b"\xfd\x0b\x00\x00\x00\xfd\x2f\x00\x00\x00\xfd\xbf\x00\x00\x00\xd9\x04\x00\x00\x00"
    b"\xfd\x17\x00\x00\x00\xfd\x5f\x00\x00\x00\xfd\x7f\x01\x00\x00\xfd\xff\x05\x00\x00"
    b"\xd9\x26\x00\x00\x00\xfd\xbf\x00\x00\x00\xfd\xff\x02\x00\x00\xfd\xff\x0b\x00\x00"
    b"\xfd\xff\x2f\x00\x00\xd9\x36\x01\x00\x00\xfd\xff\x05\x00\x00\xfd\xff\x17\x00\x00"
    b"\xfd\xff\x5f\x00\x00\xfd\xff\x7f\x01\x00\x11\x01\x00\x00\x00\x55\x05\x00\x00\x00"
    b"\x55\x15\x00\x00\x00\x55\x55\x00\x00\x00\x55\x55\x01\x00\x00\x99\x09\x00\x00\x00"
    b"\xfd\x2f\x00\x00\x00\xfd\xbf\x00\x00\x00\xfd\xff\x02\x00\x00\xfd\xff\x0b\x00\x00"
    b"\xd9\x4d\x00\x00\x00\xfd\x7f\x01\x00\x00\xfd\xff\x05\x00\x00\xfd\xff\x17\x00\x00"
    b"\xfd\xff\x5f\x00\x00\xd9\x6f\x02\x00\x00\xfd\xff\x0b\x00\x00\xfd\xff\x2f\x00\x00"
    b"\xfd\xff\xbf\x00\x00\xfd\xff\xff\x02\x00\xd9\x7f\x13\x00\x00\xfd\xff\x5f\x00\x00"
    b"\xfd\xff\x7f\x01\x00\xfd\xff\xff\x05\x00\xfd\xff\xff\x17\x00\x11\x11\x00\x00\x00"
    b"\x55\x55\x00\x00\x00\x55\x55\x01\x00\x00\x55\x55\x05\x00\x00\x55\x55\x15\x00\x00"
    b"\x99\x99\x00\x00\x00\xfd\xff\x02\x00\x00\xfd\xff\x0b\x00\x00\xfd\xff\x2f\x00\x00"
    b"\xfd\xff\xbf\x00\x00\xd9\xdd\x04\x00\x00\xfd\xff\x17\x00\x00\xfd\xff\x5f\x00\x00"
    b"\xfd\xff\x7f\x01\x00\xfd\xff\xff\x05\x00\xd9\xff\x26\x00\x00\xfd\xff\xbf\x00\x00"
    b"\xfd\xff\xff\x02\x00\xfd\xff\xff\x0b\x00\xfd\xff\xff\x2f\x00\xd9\xff\x37\x01\x00"
    b"\xfd\xff\xff\x05\x00\xfd\xff\xff\x17\x00\xfd\xff\xff\x5f\x00\xfd\xff\xff\x7f\x01"
    b"\x11\x11\x01\x00\x00\x55\x55\x05\x00\x00\x55\x55\x15\x00\x00\x55\x55\x55\x00\x00"
    b"\x55\x55\x55\x01\x00\x99\x99\x09\x00\x00\xfd\xff\x2f\x00\x00\xfd\xff\xbf\x00\x00"
    b"\xfd\xff\xff\x02\x00\xfd\xff\xff\x0b\x00\xd9\xdd\x4d\x00\x00\xfd\xff\x7f\x01\x00"
    b"\xfd\xff\xff\x05\x00\xfd\xff\xff\x17\x00\xfd\xff\xff\x5f\x00\xd9\xff\x6f\x02\x00"
    b"\xfd\xff\xff\x0b\x00\xfd\xff\xff\x2f\x00\xfd\xff\xff\xbf\x00\xfd\xff\xff\xff\x02"
    b"\xd9\xff\x7f\x13\x00\xfd\xff\xff\x5f\x00\xfd\xff\xff\x7f\x01\xfd\xff\xff\xff\x05"
    b"\xfd\xff\xff\xff\x17"
)

# Per rest s of 0..36, every way of making it with kings (4), knights (3)
# and jacks (2), four of each at most, packed like the cards left; fewest
# cards first.
_LOWS = (
    (0,),
    (),
    (1048832,),
    (1048592,),
    (1048577, 2097664),
    (2097424,),
    (2097409, 2097184, 3146496),
    (2097169, 3146256),
    (2097154, 3146241, 3146016, 4195328),
    (3146001, 3145776, 4195088),
    (3145986, 3145761, 4195073, 4194848),
    (3145746, 4194833, 4194608, 5243920),
    (3145731, 4194818, 4194593, 4194368, 5243905, 5243680),
    (4194578, 4194353, 5243665, 5243440),
    (4194563, 4194338, 5243650, 5243425, 5243200, 6292512),
    (4194323, 5243410, 5243185, 6292497, 6292272),
    (4194308, 5243395, 5243170, 5242945, 6292482, 6292257, 6292032),
    (5243155, 5242930, 6292242, 6292017, 7341104),
    (5243140, 5242915, 6292227, 6292002, 6291777, 7341089, 7340864),
    (5242900, 6291987, 6291762, 7341074, 7340849),
    (6291972, 6291747, 6291522, 7341059, 7340834, 7340609, 8389696),
    (6291732, 6291507, 7340819, 7340594, 8389681),
    (6291492, 7340804, 7340579, 7340354, 8389666, 8389441),
    (7340564, 7340339, 8389651, 8389426),
    (7340324, 7340099, 8389636, 8389411, 8389186, 9438273),
    (7340084, 8389396, 8389171, 9438258),
    (8389156, 8388931, 9438243, 9438018),
    (8388916, 9438228, 9438003),
    (8388676, 9437988, 9437763, 10486850),
    (9437748, 10486835),
    (9437508, 10486820, 10486595),
    (10486580,),
    (10486340, 11535427),
    (11535412,),
    (11535172,),
    (),
    (12584004,),
)

# Per need x, packed: the fewest and the most aces and threes of a way of
# making x (bits 0 and 8), 1 if x is odd (bit 16: it takes an odd count
# of aces and knights), and x itself if no way has an ace or a three (from
# bit 21).
_SIDE = (
    0, 15, 4194304, 6356992, 8388608, 10551296, 12582912, 14745600,
    16777216, 18939904, 256, 65792, 256, 65792, 256, 65792,
    256, 65792, 256, 65792, 512, 66048, 512, 66048,
    512, 66048, 512, 66048, 512, 66048, 768, 66304,
    768, 66304, 768, 66305, 768, 66305, 769, 66305,
    1025, 66561, 1025, 66561, 1025, 66561, 1025, 66561,
    1026, 66562, 1026, 66818, 1282, 66818, 1282, 66818,
    1282, 66818, 1282, 66819, 1283, 66819, 1539, 67075,
    1539, 67075, 1539, 67075, 1539, 67075, 1540, 67076,
    1540, 67332, 1796, 67332, 1796, 67332, 1796, 67332,
    1796, 67333, 1797, 67333, 2053, 67333, 2053, 67589,
    2053, 67589, 2053, 67590, 2054, 67590, 2054, 67590,
    2054, 67590, 2054, 67590, 2054, 67591, 2055, 67591,
    2055, 67591, 2055, 67591, 2055, 67591, 2055, 67592,
    2056, 67592, 2056, 67592, 2056, 67592, 2056, 15,
    2056,
)

# The same within six value cards (fewest 15 where no way fits).
_SIDE6 = (
    0, 15, 4194304, 6356992, 8388608, 10551296, 12582912, 14745600,
    16777216, 18939904, 256, 65792, 256, 65792, 256, 65792,
    256, 65792, 256, 65792, 512, 66048, 512, 66049,
    513, 66049, 513, 66049, 513, 66049, 769, 66306,
    770, 66306, 770, 66306, 770, 66306, 770, 66307,
    1027, 66563, 1027, 66563, 1027, 66563, 1028, 66564,
    1028, 66564, 1028, 66820, 1284, 66821, 1285, 66821,
    1285, 66821, 1285, 15, 15, 15, 1542, 67078,
    1542, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15,
    15,
)

# Twelve bytes per x: the fewest and the most points of aces and threes in
# a way of making x, the same within six cards, the most cards of a way,
# the number of ways within six cards, and (three bytes each, packed like
# the cards left) the most of each type within six cards and in any way.
_PER = (
    b"\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\xff\x00\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x01\x01\x00\x01\x00\x00\x01\x00\x00\x00\x00\x00\x01\x01\x10\x00\x00\x10\x00\x00"
    b"\x00\x00\x00\x00\x02\x02\x01\x02\x00\x01\x02\x00\x00\x00\x00\x00\x02\x01\x10\x01\x00\x10\x01\x00"
    b"\x00\x00\x00\x00\x03\x03\x21\x03\x00\x21\x03\x00\x00\x00\x00\x00\x03\x02\x11\x02\x00\x11\x02\x00"
    b"\x00\x00\x00\x00\x04\x04\x22\x04\x00\x22\x04\x00\x00\x00\x00\x00\x04\x03\x31\x03\x00\x31\x03\x00"
    b"\x00\x0a\x00\x0a\x04\x05\x22\x03\x01\x22\x03\x01\x00\x0b\x00\x0b\x05\x05\x32\x14\x00\x32\x14\x00"
    b"\x00\x0a\x00\x0a\x05\x07\x43\x04\x01\x43\x04\x01\x00\x0b\x00\x0b\x05\x06\x32\x13\x01\x32\x13\x01"
    b"\x00\x0b\x00\x0b\x06\x09\x43\x14\x01\x43\x14\x01\x00\x0b\x00\x0b\x06\x08\x33\x14\x01\x33\x14\x01"
    b"\x00\x0b\x00\x0b\x06\x0b\x44\x14\x01\x44\x14\x01\x00\x0b\x00\x0b\x07\x09\x33\x13\x01\x33\x14\x01"
    b"\x00\x0b\x00\x0b\x07\x0b\x44\x14\x01\x44\x14\x01\x00\x0b\x00\x0b\x07\x0a\x34\x14\x01\x34\x14\x01"
    b"\x00\x14\x00\x14\x08\x0b\x44\x13\x02\x44\x14\x02\x00\x15\x00\x15\x08\x0b\x34\x14\x01\x34\x14\x01"
    b"\x00\x16\x00\x16\x08\x0d\x44\x24\x02\x44\x24\x02\x00\x15\x0a\x15\x08\x0c\x43\x14\x02\x44\x14\x02"
    b"\x00\x16\x0a\x16\x09\x0d\x43\x23\x02\x44\x24\x02\x00\x16\x0a\x16\x09\x0c\x43\x23\x02\x44\x24\x02"
    b"\x00\x16\x0a\x16\x09\x0d\x44\x23\x02\x44\x24\x02\x00\x16\x0a\x16\x09\x0c\x44\x23\x02\x44\x24\x02"
    b"\x00\x16\x0a\x16\x0a\x0d\x34\x24\x02\x44\x24\x02\x00\x16\x0a\x16\x0a\x0c\x34\x24\x02\x44\x24\x02"
    b"\x00\x1e\x0b\x1e\x0a\x0d\x34\x24\x03\x44\x24\x03\x00\x1f\x14\x1f\x0a\x0b\x32\x23\x02\x44\x24\x02"
    b"\x00\x20\x14\x20\x0b\x0d\x43\x23\x03\x44\x24\x03\x00\x21\x14\x21\x0b\x0c\x43\x32\x03\x44\x34\x03"
    b"\x00\x20\x14\x20\x0b\x0c\x43\x22\x03\x44\x24\x03\x0a\x21\x14\x21\x0a\x0a\x33\x32\x03\x44\x34\x03"
    b"\x00\x21\x14\x21\x0c\x0b\x24\x33\x03\x44\x34\x03\x0a\x21\x15\x21\x0a\x0a\x24\x33\x03\x44\x34\x03"
    b"\x0a\x21\x16\x21\x0b\x0a\x24\x33\x03\x44\x34\x03\x0a\x21\x1e\x21\x0b\x0a\x32\x33\x03\x44\x34\x03"
    b"\x0a\x28\x1e\x28\x0b\x0a\x32\x32\x04\x44\x34\x04\x0a\x29\x1e\x29\x0b\x09\x32\x32\x03\x44\x34\x03"
    b"\x0a\x2a\x1e\x2a\x0c\x08\x33\x31\x04\x44\x34\x04\x0a\x2b\x1f\x2b\x0c\x07\x23\x31\x04\x44\x34\x04"
    b"\x0a\x2c\x20\x2c\x0c\x07\x13\x42\x04\x44\x44\x04\x0b\x2b\x21\x2b\x0c\x06\x13\x32\x04\x44\x34\x04"
    b"\x0a\x2c\x28\x2c\x0d\x07\x21\x42\x04\x44\x44\x04\x0b\x2c\x28\x2c\x0d\x07\x21\x42\x04\x44\x44\x04"
    b"\x14\x2c\x28\x2c\x0c\x07\x22\x42\x04\x44\x44\x04\x14\x2c\x29\x2c\x0c\x05\x22\x41\x03\x44\x44\x04"
    b"\x14\x2c\x2a\x2c\x0c\x04\x22\x41\x02\x44\x44\x04\x14\x33\x2b\x33\x0c\x03\x12\x40\x04\x44\x44\x04"
    b"\x14\x34\x2c\x34\x0d\x02\x02\x40\x03\x44\x44\x04\x14\x35\x33\x35\x0d\x02\x00\x31\x04\x44\x44\x04"
    b"\x14\x36\x33\x36\x0d\x03\x10\x41\x04\x44\x44\x04\x15\x35\x33\x35\x0d\x03\x11\x31\x04\x44\x44\x04"
    b"\x14\x36\x34\x36\x0e\x03\x11\x41\x03\x44\x44\x04\x15\x36\x35\x36\x0e\x02\x11\x40\x02\x44\x44\x04"
    b"\x16\x36\x36\x36\x0e\x01\x01\x40\x01\x44\x44\x04\x1e\x36\xff\x00\x0d\x00\x00\x00\x00\x44\x44\x04"
    b"\x1e\x36\xff\x00\x0d\x00\x00\x00\x00\x44\x44\x04\x1e\x36\xff\x00\x0d\x00\x00\x00\x00\x44\x44\x04"
    b"\x1e\x3e\x3e\x3e\x0e\x01\x00\x20\x04\x44\x44\x04\x1e\x3f\x3f\x3f\x0e\x01\x00\x30\x03\x44\x44\x04"
    b"\x1e\x40\x40\x40\x0e\x01\x00\x40\x02\x44\x44\x04\x1f\x3f\xff\x00\x0e\x00\x00\x00\x00\x44\x44\x04"
    b"\x1e\x40\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04\x1f\x40\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04"
    b"\x20\x40\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04\x21\x40\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04"
    b"\x28\x40\xff\x00\x0e\x00\x00\x00\x00\x44\x44\x04\x28\x40\xff\x00\x0e\x00\x00\x00\x00\x44\x44\x04"
    b"\x28\x40\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04\x28\x49\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04"
    b"\x28\x4a\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04\x29\x49\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04"
    b"\x28\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x29\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x2a\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x2b\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x2c\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x33\x4a\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04"
    b"\x33\x4a\xff\x00\x0f\x00\x00\x00\x00\x44\x44\x04\x33\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x33\x54\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x33\x4a\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x34\x54\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x33\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x34\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x35\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x36\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x3e\x54\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x3e\x54\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04\x3e\x54\xff\x00\x10\x00\x00\x00\x00\x44\x44\x04"
    b"\x3e\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x3e\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x3e\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x3f\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x3e\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x3f\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04"
    b"\x40\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x49\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x49\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x49\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04"
    b"\x49\x54\xff\x00\x11\x00\x00\x00\x00\x44\x44\x04\x49\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04"
    b"\x49\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x49\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04"
    b"\x4a\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x49\x54\xff\x00\x13\x00\x00\x00\x00\x44\x44\x04"
    b"\x4a\x54\xff\x00\x13\x00\x00\x00\x00\x44\x44\x04\x54\x54\xff\x00\x11\x00\x00\x00\x00\x34\x44\x04"
    b"\x54\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x54\x54\xff\x00\x12\x00\x00\x00\x00\x34\x44\x04"
    b"\x54\x54\xff\x00\x12\x00\x00\x00\x00\x44\x44\x04\x54\x54\xff\x00\x12\x00\x00\x00\x00\x34\x43\x04"
    b"\x54\x54\xff\x00\x13\x00\x00\x00\x00\x44\x44\x04\x54\x54\xff\x00\x13\x00\x00\x00\x00\x34\x44\x04"
    b"\x54\x54\xff\x00\x13\x00\x00\x00\x00\x44\x43\x04\xff\x00\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x54\x54\xff\x00\x14\x00\x00\x00\x00\x44\x44\x04"
)


class RulesError(ValueError):
    """A refused entry or setup. ``code`` is a short key the screens translate;
    ``side`` the side whose points are impossible (or None); ``nums`` the
    numbers the message shows."""

    def __init__(self, code, side=None, nums=()):
        super().__init__(code)
        self.code = code
        self.side = side
        self.nums = nums


def deck_ranks(deck):
    """Rank indexes present in a deck of 40 or 48 cards, highest first."""
    if deck == 48:
        return tuple(range(12))
    return (0, 1, 2, 3, 4, 7, 8, 9, 10, 11)


def prep_info(players, deck, prep):
    """``(hint, tricks, undrawn)`` for a table of ``players`` with a deck of 40/48.

    ``prep`` is matchoptions.PREP_REMOVE (0) or PREP_UNDRAWN (1); it only matters
    where the seeds offer the choice (3 players with 40 cards, 5 with 48).
    ``undrawn`` is the number of cards left out of play that may hold points.
    Removed cards are 2s, 8s or 9s, which are worth nothing.
    """
    if players == 3 and deck == 40:
        return ("undrawn1", 13, 1) if prep else ("rm2", 13, 0)
    if players == 5 and deck == 48:
        return ("undrawn3", 9, 3) if prep else ("rm89", 9, 0)
    if players == 6 and deck == 40:
        return ("rm2s", 6, 0)
    return (None, deck // players, 0)


def hand_winner(points, reverse=False, last=None):
    """Side with the most points (the fewest when ``reverse``), None on a tie.

    ``last``, the side that took the last trick, settles a tie (matchoptions.TIE_LAST):
    that trick counts as half a point more. So at 60-60 its side wins, or,
    reversed, the other one; a tie it has no part in stays a tie.
    """
    best = None
    tie = False
    for i in range(len(points)):
        p = points[i] * 2 + (i == last)
        b = None if best is None else points[best] * 2 + (best == last)
        if b is None or (p < b if reverse else p > b):
            best = i
            tie = False
        elif p == b:
            tie = True
    return None if tie else best


def capote_side(points, undrawn=0):
    """Side that took every point in play, else None: all 120 with the whole
    deck in play; with ``undrawn`` cards out of play, every point entered
    while the other sides have none (the undrawn cards hold the rest, at
    most 11 points each)."""
    side = None
    for i in range(len(points)):
        if points[i]:
            if side is not None:
                return None
            side = i
    if side is None or points[side] < TOTAL - 11 * undrawn:
        return None
    return side


def check_points(points, nsides, undrawn=0, players=0, tricks=0):
    """Validate one hand's points per side; return them as a tuple of ints.

    ``players`` and ``tricks`` (the cards of a trick and the tricks of a
    hand, see prep_info) make the check know the tricks: a side holding c
    value cards won ceil(c / players) tricks at least. Left at 0, any split
    of the cards goes.

    Raises RulesError with the first real reason, the side at fault where
    one side's points are impossible on their own, and the numbers to show:
    'count' wrong number of entries; 'range' a value not an int in 0..120
    (side); 'one' 1 or 119, which no set of cards is worth (side, value);
    'total' the sum is not 120 with the whole deck in play (sum); 'above'
    the sum is over 120 with cards undrawn (sum); 'missing' more points
    missing than ``undrawn`` cards can hold (missing, most they hold);
    'undrawn' no ``undrawn`` cards are worth exactly the missing points
    (missing); 'cards' every number is possible alone but no split of the
    20 value cards gives them all; 'tricks' splits exist, but every one
    needs more tricks than the hand has (tricks).
    """
    try:
        pts = tuple(points)
    except TypeError:
        raise RulesError("count")
    if len(pts) != nsides:
        raise RulesError("count")
    i = 0
    t = type
    n = int
    for p in pts:
        if t(p) is not n or p < 0 or p > TOTAL:
            raise RulesError("range", i)
        i += 1
    if 1 in pts or 119 in pts:
        for i in range(nsides):
            if pts[i] in (1, 119):
                raise RulesError("one", i, (pts[i],))
    got = sum(pts)
    missing = TOTAL - got
    if not undrawn:
        if missing:
            raise RulesError("total", None, (got,))
    elif missing < 0:
        raise RulesError("above", None, (got,))
    elif missing > 11 * undrawn:
        raise RulesError("missing", None, (missing, 11 * undrawn))
    elif missing and not _few(missing, undrawn):
        raise RulesError("undrawn", None, (missing,))
    if nsides > 2:
        # The sides with points need (20 + sides * (players - 1)) // players
        # tricks at most (ceil(c / players) for c value cards each): when
        # the hand has that many, the tricks change nothing.
        if players and (20 + (nsides - pts.count(0)) * (players - 1)) // players <= tricks:
            players = 0
        if not can_hold(pts, missing, undrawn, players, tricks):
            # Refused: for want of tricks only if some split exists at all.
            if players and can_hold(pts, missing, undrawn):
                raise RulesError("tricks", None, (tricks,))
            raise RulesError("cards")
    return pts


def _few(x, k):
    # Can x points be at most k value cards? Exact for the few cards of an
    # undrawn pile (k <= 3); beyond, only a bound that the split settles.
    if x < 0 or x > TOTAL or k < 0:
        return False
    if k < 4:
        return _MC[x] <= k
    return _MC[x] != 255 and x <= 11 * k


def can_hold(needs, pile=0, pile_cards=0, players=0, tricks=0):
    """True if the 20 value cards can be shared out so that side i holds
    exactly ``needs[i]`` points and the undrawn pile holds ``pile`` points in
    at most ``pile_cards`` value cards (every value card is somewhere); with
    ``players`` and ``tricks``, also so that the sides' tricks fit the hand:
    side i holding c_i value cards won ceil(c_i / players) tricks at least,
    and these add up to ``tricks`` at most. That is exact, not just a bound:
    every trick holds ``players`` cards and the cards worth nothing fill the
    rest, so any further tricks are won with those alone.

    Exact depth-first search side by side: the pile first, then the sides
    (from the smallest need up; with tricks, see _tricks), each taking one
    way of making its points out of the cards still left: its aces and
    threes, then its rest from a written-out list of the ways kings, knights
    and jacks make it. The last side takes whatever is
    left, which is worth its points by the sum; without tricks the two last
    sides are settled at once from what the kings, knights and jacks left
    can make. A branch ends as soon as the sides still to serve cannot take
    the aces and threes left between them, an odd need finds no ace or
    knight left, the needs too small for an ace or a three are no set of the
    kings, knights and jacks left, or (with tricks) the cards left do not fit
    the tricks left or one type is more than those sides can hold; a state
    (side, cards left, tricks used) that failed once is not searched again.
    """
    if sum(needs) + pile != TOTAL:
        return False
    xs = []
    keep = xs.append
    for x in needs:
        if x < 0 or x == 1 or x == 119:
            return False
        if x:
            keep(x)
    if not xs:
        # No side holds a point: all twenty value cards are in the pile.
        return pile_cards >= 20
    if len(xs) > 20 or pile < 0 or pile and (pile == 1 or pile_cards < 1):
        # Every side with points holds a value card; a pile with points too.
        return False
    if players and (20 + len(xs) * (players - 1)) // players > tricks:
        # The tricks can matter (see check_points).
        return _tricks(xs, pile, pile_cards, players, tricks)
    xs.sort()
    if pile:
        xs.insert(0, pile)
    return _plain(xs, 1 if pile else 0, pile_cards)


def _root(acc, plo, phi):
    # The checks of the whole hand on the sums from side 0: the aces and
    # threes, their points, the odd needs, the needs made of kings, knights
    # and jacks alone.
    f = acc >> 21
    return (acc & 255 <= 8 <= acc >> 8 & 255 and plo <= 84 <= phi and acc >> 16 & 31 <= 8
            and f <= 36 and _LM[620 + (f >> 3)] >> (f & 7) & 1)


def _plain(xs, np, plim):
    # The search without tricks: xs[0] is the pile when np is 1 (at most
    # plim cards), then the sides from the smallest need up.
    per = _PER
    lmt = _LM
    lows = _LOWS
    m = len(xs)
    last = m - 1
    sd = _SIDE
    # From each side on: the packed sums of the sides' records, and the most
    # aces and the most threes they take.
    lv = [0] * m
    mab = [0] * m
    acc = plo = phi = ma = mb = 0
    for j in range(last, -1, -1):
        x = xs[j]
        o = x * 12
        acc += sd[x]
        lv[j] = acc
        plo += per[o]
        phi += per[o + 1]
        ma += per[o + 10] >> 4
        mb += per[o + 11] & 15
        mab[j] = ma | mb << 8
    if np:
        # The pile takes no more aces and threes than its cards.
        h = sd[xs[0]] >> 8 & 255
        if h > plim:
            acc -= (h - plim) << 8
            lv[0] = acc
    if not _root(acc, plo, phi) or ma < 4 or mb < 4:
        return False
    if not last:
        return True
    # The level of the two last sides (none when the pile is one of them).
    pair = last - 1 if last > np else -1
    x2 = xs[last - 1]
    seen = set()

    def rec(i, R):
        # Side i takes a way of making xs[i] out of R, the cards left; R
        # has passed the bounds of the sides from i on.
        lm = ((R & 15) * 25 + (R >> 4 & 15) * 5 + (R >> 8 & 15)) * 5
        f = lv[i] >> 21
        if f and not lmt[lm + (f >> 3)] >> (f & 7) & 1:
            return False
        x = xs[i]
        ra = R >> 12 & 15
        rb = R >> 16 & 15
        g = ra + rb
        j = i + 1
        v = lv[j]
        d1 = v >> 16 & 31
        ma = mab[j]
        mb = ma >> 8
        ma &= 255
        # Side i takes c aces and threes: between its own fewest and most,
        # and leaving the sides after it between their fewest and most.
        o = lv[i] - v
        c = g - (v & 255)
        if c > o >> 8 & 255:
            c = o >> 8 & 255
        cl = g - (v >> 8 & 255)
        if cl < (o & 255):
            cl = o & 255
        kl = (plim + 1) << 20 if i < np else 0x7FFFFFF
        rg = R | _G
        while c >= cl:
            # a aces and c - a threes, the rest z - a at most 36 points.
            z = x - 10 * c
            a = c
            if a > ra:
                a = ra
            if a > z:
                a = z
            al = c - rb
            if al < z - 36:
                al = z - 36
            if al < ra - ma:
                al = ra - ma
            if a > c - rb + mb:
                a = c - rb + mb
            s = z - a
            while a >= al and a >= 0:
                if lmt[lm + (s >> 3)] >> (s & 7) & 1:
                    h = a << 12 | (c - a) << 16 | c << 20
                    rh = rg - h
                    k = kl - h
                    for e in lows[s]:
                        if e >= k:
                            break
                        if (rh - e) & _G == _G:
                            if j == last:
                                return True
                            n = R - h - e
                            # The odd needs after side i: an ace or a knight each.
                            if d1 > ra - a + (n >> 4 & 15):
                                continue
                            if j == pair:
                                if _pair(x2, n, lmt):
                                    return True
                            elif n | j << 25 not in seen and rec(j, n):
                                return True
                a -= 1
                s += 1
            c -= 1
        seen.add(R | i << 25)
        return False

    if pair == 0:
        return _pair(x2, _FULL, lmt)
    return rec(0, _FULL)


def _pair(x, R, lmt):
    # The two last sides: the first takes its aces and threes out of R and
    # its rest out of the kings, knights and jacks left (some of them are
    # worth it); the last side takes all the rest.
    ra = R >> 12 & 15
    rb = R >> 16 & 15
    lm = ((R & 15) * 25 + (R >> 4 & 15) * 5 + (R >> 8 & 15)) * 5
    a = x // 11
    if a > ra:
        a = ra
    while a >= 0:
        y = x - 11 * a
        b = y // 10
        if b > rb:
            b = rb
        s = y - 10 * b
        if s > 36:
            break
        while b >= 0 and s <= 36:
            if lmt[lm + (s >> 3)] >> (s & 7) & 1:
                return True
            b -= 1
            s += 10
        a -= 1
    return False


def _tricks(xs, pile, plim, p, T):
    # The search with tricks. A side needs ceil(fewest cards / p) tricks at
    # least, so it holds p * (T - the others' least tricks) cards at most.
    # The sides that may hold more than six go first, then those held to
    # six by their number of ways within six cards, the needs too small for
    # an ace or a three last (they take what the others leave).
    per = _PER
    mc = _MC
    lmt = _LM
    lows = _LOWS
    least = 0
    for x in xs:
        least += (mc[x] + p - 1) // p
    if least > T:
        return False
    # Held to six: p * (T - least + its own least) <= 6, that is its fewest
    # cards at most q.
    q = (6 // p - T + least) * p
    for j in range(len(xs)):
        x = xs[j]
        if mc[x] <= q:
            xs[j] = (per[x * 12 + 5] + (64 if x < 10 else 0)) << 9 | 256 | x
        else:
            xs[j] = x
    xs.sort()
    np = 0
    if pile:
        xs.insert(0, pile)
        np = 1
    m = len(xs)
    last = m - 1
    # From each side on: the packed sums of the sides' records (within six
    # cards for those held to six), the least tricks and (beyond p cards a
    # side) the fewer cards than p a side can hold at most, the fewest and
    # the most points of aces and threes, and the most of each type.
    sd = _SIDE
    s6 = _SIDE6
    lv = [0] * m
    tc = [0] * m
    hp = [0] * m
    tops = [0] * m
    acc = plo = phi = t = top = 0
    for j in range(last, -1, -1):
        k = xs[j]
        x = xs[j] = k & 0xFF
        o = x * 12
        if k & 256:
            acc += s6[x]
            plo += per[o + 2]
            phi += per[o + 3]
        else:
            acc += sd[x]
            plo += per[o]
            phi += per[o + 1]
        lv[j] = acc
        hp[j] = plo | phi << 12
        if j >= np:
            c = per[o + 4]
            t += (mc[x] + p - 1) // p + ((p - c if c < p else 0) << 8)
        tc[j] = t
        o += 9 if k & 256 else 12
        top += per[o - 3] | per[o - 2] << 8 | per[o - 1] << 16
        c = top & 0x88888
        if c:
            # Past seven is no bound at all: keep the field at seven.
            top = (top & ~(c | c >> 1 | c >> 2 | c >> 3)) | (c - (c >> 3))
        tops[j] = top
    if np:
        # The pile takes no more aces and threes than its cards.
        h = sd[xs[0]] >> 8 & 255
        if h > plim:
            acc -= (h - plim) << 8
            lv[0] = acc
    if not _root(acc, plo, phi):
        return False
    if ((top | _G) - _FULL) & _G != _G:
        return False
    if not last:
        return True
    seen = set()

    def rec(i, R, u):
        # Side i takes a way of making xs[i] out of R within its tricks; u
        # is the tricks the sides before it used. R has passed the bounds
        # of the sides from i on.
        lm = ((R & 15) * 25 + (R >> 4 & 15) * 5 + (R >> 8 & 15)) * 5
        f = lv[i] >> 21
        if f and not lmt[lm + (f >> 3)] >> (f & 7) & 1:
            return False
        x = xs[i]
        j = i + 1
        v = tc[j]
        if i < np:
            lim = plim
        else:
            lim = (T - u - (v & 255)) * p
        cn = -(v >> 8)
        rc = R >> 20
        ra = R >> 12 & 15
        rb = R >> 16 & 15
        g = ra + rb
        w = hp[j]
        q0 = w & 4095
        q1 = w >> 12
        v = lv[j]
        d1 = v >> 16 & 31
        t1 = tops[j] | _G
        o = lv[i] - v
        c = g - (v & 255)
        if c > o >> 8 & 255:
            c = o >> 8 & 255
        if c > lim:
            c = lim
        cl = g - (v >> 8 & 255)
        if cl < (o & 255):
            cl = o & 255
        rg = R | _G
        kl = (lim + 1) << 20
        while c >= cl:
            # As in _plain; the rest also takes a card per four points at
            # least, within the cards side i can hold.
            z = x - 10 * c
            a = c
            if a > ra:
                a = ra
            if a > z:
                a = z
            al = c - rb
            if al < z - 36:
                al = z - 36
            if al < z - 4 * (lim - c):
                al = z - 4 * (lim - c)
            # The points of the aces and threes left to the sides after i.
            w = 10 * (g - c) + ra
            if a > w - q0:
                a = w - q0
            if al < w - q1:
                al = w - q1
            s = z - a
            while a >= al and a >= 0:
                if lmt[lm + (s >> 3)] >> (s & 7) & 1:
                    h = a << 12 | (c - a) << 16 | c << 20
                    rh = rg - h
                    k = kl - h
                    for e in lows[s]:
                        if e >= k:
                            break
                        if (rh - e) & _G == _G:
                            w = c + (e >> 20)
                            v = u if i < np else u + (w + p - 1) // p
                            if j == last:
                                if v + (rc - w + p - 1) // p <= T:
                                    return True
                            elif rc - w <= cn + (T - v) * p:
                                n = R - h - e
                                if d1 > ra - a + (n >> 4 & 15) or (t1 - n) & _G != _G:
                                    continue
                                if (v * m + j) << 20 | (n & 0xFFFFF) not in seen and rec(j, n, v):
                                    return True
                a -= 1
                s += 1
            c -= 1
        seen.add((u * m + i) << 20 | (R & 0xFFFFF))
        return False

    return rec(0, _FULL, 0)
