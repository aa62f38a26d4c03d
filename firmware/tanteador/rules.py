"""Cards, points and what a real deal can produce.

A Spanish deck has 40 cards (48 with the 8s and 9s). Only five ranks are
worth points: ace 11, three 10, king 4, knight 3, jack 2; every hand holds
120 points in all.

Ranks are indexed 0..11 from the highest to the lowest, the same index in
both decks: ace, three, king, knight, jack, 9, 8, 7, 6, 5, 4, 2 (the 9 and the
8 exist only in the 48-card deck). A card is ``(rank_index, suit)``.

French-suited cards with the Portuguese ranking (options.CARDS_FRENCH)
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

# The 20 value cards: four of each of these, processed one type at a time.
_VAL = (11, 10, 4, 3, 2)


def _tables():
    # Bit x of the 16 bytes from t * 16 is set when one side can hold
    # exactly x points with the value types t.. alone (t = 5: none left): a
    # cheap test that prunes most dead ends. Bytes, not one big int per
    # type: testing a bit of a big int makes a new one on the device.
    out = bytearray(96)
    m = 1
    for t in range(5, -1, -1):
        if t < 5:
            acc = m
            for _ in range(4):
                m <<= _VAL[t]
                acc |= m
            m = acc
        for x in range(TOTAL + 1):
            if (m >> x) & 1:
                out[t * 16 + (x >> 3)] |= 1 << (x & 7)
    return bytes(out)


_OK = _tables()
del _tables  # needed once: no need to keep its code in the heap


class RulesError(ValueError):
    """A refused entry or setup. ``code`` is a short key the screens translate;
    ``side`` the side whose points are impossible (or None); ``nums`` the
    numbers the message shows."""

    def __init__(self, code, side=None, nums=()):
        super().__init__(code)
        self.code = code
        self.side = side
        self.nums = nums


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
    for i in range(len(points)):
        p = points[i]
        if best is None or (p < points[best] if reverse else p > points[best]):
            best = i
            tie = False
        elif p == points[best]:
            tie = True
    return None if tie else best


def capote_side(points):
    """Side that took all 120 points, else None."""
    for i in range(len(points)):
        if points[i] == TOTAL:
            return i
    return None


def check_points(points, nsides, undrawn=0):
    """Validate one hand's points per side; return them as a tuple of ints.

    Raises RulesError with the first real reason, the side at fault where
    one side's points are impossible on their own, and the numbers to show:
    'count' wrong number of entries; 'range' a value not an int in 0..120
    (side); 'one' 1 or 119, which no set of cards is worth (side, value);
    'total' the sum is not 120 with the whole deck in play (sum); 'above'
    the sum is over 120 with cards undrawn (sum); 'missing' more points
    missing than ``undrawn`` cards can hold (missing, most they hold);
    'undrawn' no ``undrawn`` cards are worth exactly the missing points
    (missing); 'cards' every number is possible alone but no split of the
    20 value cards gives them all.
    """
    try:
        pts = tuple(points)
    except TypeError:
        raise RulesError("count")
    if len(pts) != nsides:
        raise RulesError("count")
    for i in range(nsides):
        p = pts[i]
        if type(p) is not int or p < 0 or p > TOTAL:
            raise RulesError("range", i)
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
    elif missing and not can_hold((TOTAL - missing,), missing, undrawn):
        raise RulesError("undrawn", None, (missing,))
    if nsides > 2 and not can_hold(pts, missing, undrawn):
        raise RulesError("cards")
    return pts


def can_hold(needs, pile=0, pile_cards=0):
    """True if the 20 value cards can be shared out so that side i holds
    exactly ``needs[i]`` points and the undrawn pile holds ``pile`` points in
    at most ``pile_cards`` value cards (every value card is somewhere).

    Exact depth-first search: one value type at a time, how many of its four
    cards each side takes, biggest needs first. A side whose rest cannot be
    made of the smaller types ends the branch at once, and sides with equal
    needs are interchangeable, so they take their counts in non-increasing
    order. The search works in place on two short lists: nothing else is
    allocated, whatever the number of sides.
    """
    if sum(needs) + pile != TOTAL:
        return False
    st = []
    for x in needs:
        if x < 0 or x == 1 or x == 119:
            return False
        if x:
            st.append(x)
    st.sort()
    st.reverse()
    n = len(st)
    st.append(pile)
    st.append(pile_cards)
    return _deal(0, 0, 4, st, n, [0] * (4 * n))


def _ok(t, x):
    return x >= 0 and (_OK[t * 16 + (x >> 3)] >> (x & 7)) & 1


def _deal(t, i, left, st, n, cnt):
    # Side i takes some of the ``left`` cards of type t; st holds what each
    # side still needs, then the pile's points and cards; cnt[t * n + j] is
    # what side j took of type t.
    v = _VAL[t]
    if i == n:
        # The pile takes the rest of this type, within its card limit.
        p = st[n] - left * v
        k = st[n + 1] - left
        if k < 0 or not _ok(t + 1, p) or p > k * _VAL[t + 1]:
            return False
        if t == 3:
            # Only the jacks are left, and every side's rest is a few of them.
            return True
        st[n] = p
        st[n + 1] = k
        r = _deal(t + 1, 0, 4, st, n, cnt)
        st[n] += left * v
        st[n + 1] += left
        return r
    x = st[i]
    c = x // v
    if c > left:
        c = left
    b = t * n
    for j in range(i - 1, -1, -1):
        if st[j] + cnt[b + j] * v == x:
            if cnt[b + j] < c:
                c = cnt[b + j]
            break
    while c >= 0:
        if _ok(t + 1, x - c * v):
            st[i] = x - c * v
            cnt[b + i] = c
            if _deal(t, i + 1, left - c, st, n, cnt):
                st[i] = x
                return True
        c -= 1
    st[i] = x
    return False
