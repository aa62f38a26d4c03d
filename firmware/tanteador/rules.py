"""Cards, points and what a real deal can produce.

A Spanish deck has 40 cards (48 with the 8s and 9s). Only five ranks are
worth points: ace 11, three 10, king 4, knight 3, jack 2; every hand holds
120 points in all.

Ranks are indexed 0..11 from the highest to the lowest, the same index in
both decks: ace, three, king, knight, jack, 9, 8, 7, 6, 5, 4, 2 (the 9 and the
8 exist only in the 48-card deck). A card is ``(rank_index, suit)``.
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

# Deck preparation hint codes (the screens translate them):
#   rm2      3 players, 40 cards: remove one 2 (39 cards)
#   undrawn1 3 players, 40 cards: leave the last card undrawn
#   rm89     5 players, 48 cards: remove three 8s or 9s (45 cards)
#   undrawn3 5 players, 48 cards: leave the last three cards undrawn
#   rm2s     6 players, 40 cards: remove the four 2s (36 cards)
HINTS = ("rm2", "undrawn1", "rm89", "undrawn3", "rm2s")

# The 20 value cards: four of each of these, processed one type at a time.
_VAL = (11, 10, 4, 3, 2)
# Points still held by the value types from index t on.
_REST = (120, 76, 36, 20, 8, 0)



def _masks():
    # Bit r of _OK[t] is set when one side can hold exactly r points with
    # value types t.. alone: a cheap test that prunes most dead ends.
    out = [1] * 6
    m = 1
    for t in range(4, -1, -1):
        v = _VAL[t]
        acc = m
        for _ in range(4):
            m = m << v
            acc |= m
        m = acc
        out[t] = m
    return tuple(out)


_OK = _masks()


class RulesError(ValueError):
    """A refused entry or setup. ``code`` is a short key the screens translate."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


class StateError(ValueError):
    """A saved document that cannot be loaded: 'json', 'shape', 'newer' or 'history'."""

    def __init__(self, code, detail=""):
        super().__init__(code + (": " + detail if detail else ""))
        self.code = code


def deck_ranks(deck):
    """Rank indexes present in a deck of 40 or 48 cards, highest first."""
    if deck == 48:
        return tuple(range(12))
    return (0, 1, 2, 3, 4, 7, 8, 9, 10, 11)


def prep_info(players, deck, prep):
    """``(hint, tricks, undrawn)`` for a table of ``players`` with a deck of 40/48.

    ``prep`` is options.PREP_REMOVE (0) or PREP_UNDRAWN (1); it only matters
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


def hand_winner(points, reverse=False):
    """Side with the most points (the fewest when ``reverse``), None on a tie."""
    best = None
    tie = False
    for i, p in enumerate(points):
        if best is None or (p < points[best] if reverse else p > points[best]):
            best = i
            tie = False
        elif p == points[best]:
            tie = True
    return None if tie else best


def capote_side(points):
    """Side that took all 120 points, else None."""
    for i, p in enumerate(points):
        if p == TOTAL:
            return i
    return None


def check_points(points, nsides, undrawn=0):
    """Validate one hand's points per side; return them as a tuple of ints.

    Raises RulesError: 'count' wrong number of entries, 'range' a value not
    an int in 0..120, 'one' 1 or 119 with two sides, 'total' the sum is not
    120 (or, with ``undrawn`` cards out of play, above 120 or below what
    they can hold), 'cards' no split of the 20 value cards gives these
    totals, 'undrawn' the missing points are not what the undrawn cards can
    hold.
    """
    try:
        pts = tuple(points)
    except TypeError:
        raise RulesError("count")
    if len(pts) != nsides:
        raise RulesError("count")
    for p in pts:
        if type(p) is not int or p < 0 or p > TOTAL:
            raise RulesError("range")
    missing = TOTAL - sum(pts)
    if nsides == 2:
        if pts[0] in (1, 119) or pts[1] in (1, 119):
            raise RulesError("one")
        if missing:
            raise RulesError("total")
        return pts
    if missing < 0 or missing > 11 * undrawn:
        raise RulesError("total")
    if missing and not can_hold((TOTAL - missing,), missing, undrawn):
        raise RulesError("undrawn")
    if not can_hold(pts, missing, undrawn):
        # Told apart: would the sides work if more cards could stay out?
        if missing and can_hold(pts, missing, 20):
            raise RulesError("undrawn")
        raise RulesError("cards")
    return pts


def can_hold(needs, pile=0, pile_cards=0):
    """True if the 20 value cards can be shared out so that side i holds
    exactly ``needs[i]`` points and the undrawn pile holds ``pile`` points in
    at most ``pile_cards`` value cards (every value card is somewhere).

    Exact search over the five value types, one type at a time; equal needs
    are interchangeable, so states are memoised as sorted tuples of what is
    still needed (packed into bytes to stay small on the device), and only
    failures are kept: the search stops at the first success. The set lives
    for one call; at worst it holds a few hundred short keys.
    """
    if sum(needs) + pile != TOTAL:
        return False
    ns = []
    for x in needs:
        if x < 0 or x == 1 or x == 119:
            return False
        if x:
            ns.append(x)
    ns.sort()
    return _types(0, tuple(ns), pile, pile_cards, set())


def _types(t, needs, pile, pc, bad):
    if t == 4:
        # Only the four jacks are left and they add up to what is needed.
        if pile & 1 or pile > 2 * pc:
            return False
        for x in needs:
            if x & 1:
                return False
        return True
    key = bytes((t, pile, pc) + needs)
    if key in bad:
        return False
    v = _VAL[t]
    rest = _REST[t + 1]
    ok_next = _OK[t + 1]
    n = len(needs)
    cap = [min(4, x // v) for x in needs]
    c = [0] * n
    s = 0
    while True:
        ok = True
        for i in range(n):
            if not (ok_next >> (needs[i] - c[i] * v)) & 1 or (i and needs[i] == needs[i - 1] and c[i] > c[i - 1]):
                ok = False
                break
        left = 4 - s
        if ok and left <= pc:
            p = pile - left * v
            if 0 <= p <= rest and (ok_next >> p) & 1:
                nxt = []
                for i in range(n):
                    r = needs[i] - c[i] * v
                    if r:
                        nxt.append(r)
                nxt.sort()
                if _types(t + 1, tuple(nxt), p, pc - left, bad):
                    return True
        # Next count vector with every count within its cap and a sum of at most 4.
        i = 0
        while i < n:
            if c[i] < cap[i] and s < 4:
                c[i] += 1
                s += 1
                break
            s -= c[i]
            c[i] = 0
            i += 1
        if i == n:
            break
    bad.add(key)
    return False
