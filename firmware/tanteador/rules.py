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
    elif missing:
        from tanteador.split import few

        if not few(missing, undrawn):
            raise RulesError("undrawn", None, (missing,))
    if nsides > 2:
        from tanteador.split import refusal

        why = refusal(pts, missing, undrawn, players, tricks)
        if why is not None:
            raise RulesError(why, None, (tricks,) if why == "tricks" else ())
    return pts
