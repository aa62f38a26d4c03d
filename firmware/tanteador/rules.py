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


# From t * 121: the fewest cards of the value types t.. alone (four of
# each) worth exactly x points, 255 when none are (t = 5: none left). It
# tells whether a side's rest can still be made, and how many cards (so
# tricks) it takes at least. Then, from 726, five bytes per (t, k) for
# k = 0..3 (at 726 + (t * 4 + k) * 5): bit x set when at most k cards of
# the types t.. make x (the undrawn pile: at most three cards, 33 points).
# Written out rather than worked out at boot, where it took about 75 ms on
# the Pico; tests/test_rules.py works it out again from the cards.
_MC = (
    b"\x00\xff\x01\x01\x01\x02\x02\x02\x02\x03\x01\x01\x02\x02\x02\x02\x03\x03\x03\x03"
    b"\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x03\x03\x03\x03\x04\x04\x04\x04\x05\x05"
    b"\x04\x04\x04\x04\x04\x05\x05\x05\x05\x06\x06\x05\x05\x05\x05\x06\x06\x06\x06\x07"
    b"\x07\x07\x06\x06\x06\x07\x07\x07\x07\x08\x08\x08\x08\x07\x07\x08\x08\x08\x08\x09"
    b"\x09\x09\x09\x0a\x08\x0a\x09\x09\x09\x0a\x0a\x0a\x0a\x0b\x0b\x0b\x0b\x0c\x0c\x0c"
    b"\x0c\x0d\x0d\x0d\x0e\x0e\x0e\x0f\x0f\x0f\x10\x10\x10\x11\x11\x12\x12\x13\x13\xff"
    b"\x14\x00\xff\x01\x01\x01\x02\x02\x02\x02\x03\x01\x03\x02\x02\x02\x03\x03\x03\x03"
    b"\x04\x02\x04\x03\x03\x03\x04\x04\x04\x04\x05\x03\x05\x04\x04\x04\x05\x05\x05\x05"
    b"\x06\x04\x06\x05\x05\x05\x06\x06\x06\x06\x07\x07\x07\x07\x08\x08\x08\x08\x09\x09"
    b"\x09\x0a\x0a\x0a\x0b\x0b\x0b\x0c\x0c\x0c\x0d\x0d\x0e\x0e\x0f\x0f\xff\x10\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\x00\xff\x01\x01\x01\x02\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x04\x05"
    b"\x05\x05\x06\x06\x06\x07\x07\x07\x08\x08\x08\x09\x09\x0a\x0a\x0b\x0b\xff\x0c\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\x00\xff\x01\x01\x02\x02\x02\x03\x03\x03\x04\x04\x04\x05\x05\x06\x06"
    b"\x07\x07\xff\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\x00\xff\x01\xff\x02\xff\x03\xff\x04\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\xff\xff\x01\x00\x00\x00\x00\x1d\x0c\x00\x00\x00\xfd\xfd\x70\x00"
    b"\x00\xfd\xff\xff\xc7\x03\x01\x00\x00\x00\x00\x1d\x04\x00\x00\x00\xfd\x75\x10\x00"
    b"\x00\xfd\xff\xd7\x41\x00\x01\x00\x00\x00\x00\x1d\x00\x00\x00\x00\xfd\x01\x00\x00"
    b"\x00\xfd\x1f\x00\x00\x00\x01\x00\x00\x00\x00\x0d\x00\x00\x00\x00\x7d\x00\x00\x00"
    b"\x00\xfd\x03\x00\x00\x00\x01\x00\x00\x00\x00\x05\x00\x00\x00\x00\x15\x00\x00\x00"
    b"\x00\x55\x00\x00\x00\x00\x01\x00\x00\x00\x00\x01\x00\x00\x00\x00\x01\x00\x00\x00"
    b"\x00\x01\x00\x00\x00\x00"
)
_W = [0] * 96


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


def hand_winner(points, reverse=False, last=None):
    """Side with the most points (the fewest when ``reverse``), None on a tie.

    ``last``, the side that took the last trick, settles a tie (options.TIE_LAST):
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
    elif missing and not _few(0, missing, undrawn):
        raise RulesError("undrawn", None, (missing,))
    if nsides > 2:
        if players and not _bites(pts, players, tricks):
            players = 0
        if not can_hold(pts, missing, undrawn, players, tricks):
            # Refused: for want of tricks only if some split exists at all.
            if players and can_hold(pts, missing, undrawn):
                raise RulesError("tricks", None, (tricks,))
            raise RulesError("cards")
    return pts


def _bites(needs, players, tricks):
    # Can the sides with points need more tricks than the hand has? A side
    # with c of the 20 value cards needs ceil(c / players) tricks, so they
    # need (20 + sides * (players - 1)) // players at most.
    n = 0
    for x in needs:
        if x:
            n += 1
    return (20 + n * (players - 1)) // players > tricks


def can_hold(needs, pile=0, pile_cards=0, players=0, tricks=0):
    """True if the 20 value cards can be shared out so that side i holds
    exactly ``needs[i]`` points and the undrawn pile holds ``pile`` points in
    at most ``pile_cards`` value cards (every value card is somewhere); with
    ``players`` and ``tricks``, also so that the sides' tricks fit the hand:
    side i holding c_i value cards won ceil(c_i / players) tricks at least,
    and these add up to ``tricks`` at most. That is exact, not just a bound:
    every trick holds ``players`` cards and the cards worth nothing fill the
    rest, so any further tricks are won with those alone.

    Exact depth-first search over the aces, the threes and the kings: how
    many of the four cards of a type each side takes, biggest needs first,
    the undrawn pile the rest. A branch ends at once when a side's rest
    cannot be made of the smaller types, when the cards of a type (or of it
    and the next) do not fit where they can still go, or when the fewest
    cards the sides can still end with need too many tricks. Sides that can
    take none of a type are passed over, and a side alike to the one before
    it (same rest, same cards so far) takes no more than that one did. The
    knights and the jacks are then settled by counting (see _last_two). The
    search works in place on two short lists, one of them kept from call to
    call: nothing else is allocated.
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
    if not n:
        # No side holds a point: all twenty value cards are in the pile.
        return pile_cards >= 20
    if players and not _bites(st, players, tricks):
        players = 0
    st.append(pile)
    st.append(pile_cards)
    # Then the value cards each side holds so far, players, tricks (0: off),
    # the tricks the sides need at least and room for the next type.
    st.extend([0] * n)
    st.append(players)
    st.append(tricks if players else 0)
    st.append(0)
    st.append(0)
    # How many of the type each side took, then where its cards can go: a
    # list kept for the six sides a table has, as the check runs inside a
    # press (every entry is written before it is read).
    return _deal(0, 0, 4, st, n, _W if n <= 6 else [0] * (13 * n + 18))


def _ok(t, x):
    return 0 <= x <= TOTAL and _MC[t * 121 + x] != 255


def _start(t, st, n, w):
    # A new type: False if its cards and the next type's cannot all be
    # placed, if the fewest cards the sides can end with need too many
    # tricks, if no count of it suits a side (its rest made of the smaller
    # types, in the cards its tricks can hold) or the pile, or if its four
    # cards cannot all be placed. Else note in w, from 4n + 3t(n + 2), the fewest
    # and the most of the type sides i.. and the pile can take between them
    # (i = n: the pile alone), for i = 0..n, then n + 2 spare; then about the
    # most of the next type they can take after their fewest of this one;
    # and in st the tricks the sides need at least.
    v = _VAL[t]
    nv = _VAL[t + 1]
    # The eight cards of this type and the next: a holder of x points takes
    # at most x // nv of them (the pile no more than its cards), so each
    # takes at least its most less what the others cannot absorb (slack).
    k = st[n + 1]
    slack = -8
    for j in range(n, -1, -1):
        c = st[j] // nv
        slack += c if c < k else k
        k = 20
    if slack < 0:
        return False
    mc = _MC
    tr = st[2 * n + 3]
    if tr:
        # The tricks the sides need at least; what is left over (spare) is
        # all any one side can win beyond its own least.
        p = st[2 * n + 2]
        o = t * 121
        need = 0
        for j in range(n):
            need += (st[n + 2 + j] + mc[o + st[j]] + p - 1) // p
        if need > tr:
            return False
        st[2 * n + 4] = need
        spare = tr - need
    b = 4 * n + 3 * t * (n + 2)
    o = (t + 1) * 121
    lo = hi = nxt = 0
    k = st[n + 1]
    for j in range(n, -1, -1):
        x = st[j]
        c = x // v
        if c > k:
            c = k
        if c > 4:
            c = 4
        # Holding at least ``least`` of the eight, at most so many of this type.
        least = x // nv
        if least > k:
            least = k
        least -= slack
        if least > 0 and (x - least * nv) // (v - nv) < c:
            c = (x - least * nv) // (v - nv)
        m = 0
        if j == n and not k:
            # No undrawn cards: nothing for the pile.
            if x:
                return False
        elif j == n:
            while m <= c and not _few(t + 1, x - m * v, k - m):
                m += 1
            while c >= m and not _few(t + 1, x - c * v, k - c):
                c -= 1
        else:
            # The cards side j can still take: with tricks, those its most
            # tricks hold (255 when the rest cannot be made at all).
            most = 254
            if tr:
                most = st[n + 2 + j]
                most = p * ((most + mc[o - 121 + x] + p - 1) // p + spare) - most
            while m <= c and mc[o + x - m * v] > most - m:
                m += 1
            while c >= m and mc[o + x - c * v] > most - c:
                c -= 1
        if c < m:
            return False
        lo += m
        hi += c
        w[b + j] = lo
        w[b + n + 2 + j] = hi
        x -= m * v
        c = x // nv
        if c > k - m:
            c = k - m
        if c > 4:
            c = 4
        if c and j < n and mc[o + 121 + x - c * nv] == 255:
            c -= 1
        nxt += c
        w[b + 2 * n + 4 + j] = nxt
        k = 20
    if lo > 4 or hi < 4 or nxt < 4:
        return False
    st[2 * n + 5] = 0
    return True


def _few(t, x, k):
    # Can x points be at most k cards of the types t..? Exact for the few
    # cards of an undrawn pile (k <= 3), a bound beyond, which the end of
    # the search makes exact.
    if x < 0 or k < 0:
        return False
    if k < 4 and x < 40:
        return (_MC[726 + (t * 4 + k) * 5 + (x >> 3)] >> (x & 7)) & 1
    return _ok(t, x) and (t == 5 or x <= k * _VAL[t])


def _last_two(st, n):
    # Only the knights (3) and the jacks (2) are left, four of each. A
    # holder of r points takes h knights with h = r mod 2, 3h <= r and at
    # most four jacks, (r - 3h) / 2 (the pile: its cards hold (r - h) / 2 of
    # them). Each holder's counts run from its fewest to its most in steps of
    # two, so their sums reach every even number in between (the rests add
    # up to 20: the sums are even): the knights fit when 4 is in reach, and
    # the jacks follow. Each two knights more a side takes instead of its
    # fewest is a card less; at most two such steps are free to place.
    lo = hi = 0
    tr = st[2 * n + 3]
    p = st[2 * n + 2]
    # The most one step saves, the second most on another side, and the
    # most two steps on one side save.
    need = one = two = both = 0
    for j in range(n + 1):
        r = st[j]
        a = (r - 6) // 3
        if j == n and r - 2 * st[n + 1] > a:
            a = r - 2 * st[n + 1]
        if a < 0:
            a = 0
        a += (a ^ r) & 1
        b = r // 3
        if b > 4:
            b = 4
        b -= (b ^ r) & 1
        if a > b:
            return False
        lo += a
        hi += b
        if tr and j < n:
            # This side's cards with its fewest knights, its tricks, and the
            # tricks one or two steps would save.
            c = st[n + 2 + j] + (r - a) // 2
            k = (c + p - 1) // p
            need += k
            if b > a:
                g = k - (c + p - 2) // p
                if g > one:
                    one, g = g, one
                if g > two:
                    two = g
                if b > a + 2 and k - (c + p - 3) // p > both:
                    both = k - (c + p - 3) // p
    if lo > 4 or hi < 4:
        return False
    if not tr:
        return True
    free = (4 - lo) // 2
    if free == 1:
        need -= one
    elif free == 2:
        need -= one + two if one + two > both else both
    return need <= tr


def _deal(t, i, left, st, n, w):
    # Side i takes some of the ``left`` cards of type t, and after the last
    # side the pile takes the rest; st holds what each side still needs, the
    # pile's points and cards, each side's cards so far, players, tricks and
    # the tricks needed at least; w[t * n + j] is what side j took of type
    # t, then the bounds _start noted.
    if i == 0 and not _start(t, st, n, w):
        return False
    v = _VAL[t]
    nv = _VAL[t + 1]
    x = st[i]
    e = n + n
    d = 4 * n + 3 * t * (n + 2) + n + 2
    b = d - n - 2 + i
    # About the most of the next type the sides before i can take, and
    # those after it at best: side i must leave room for its four cards.
    r0 = st[e + 5]
    room = 4 - r0 - w[b + e + 5]
    # Side i's own bounds, and what the others after it leave open.
    c = w[b + n + 2] - w[b + n + 3]
    lo = w[b] - w[b + 1]
    if left - w[b + 1] < c:
        c = left - w[b + 1]
    if left - w[b + n + 3] > lo:
        lo = left - w[b + n + 3]
    b = t * n + i
    ci = n + 2 + i
    cards = st[ci]
    if i:
        # The side before, if it was the same as this one when the type began.
        j = w[b - 1]
        if j < c and st[i - 1] + j * v == x and st[ci - 1] - j == cards:
            c = j
    mc = _MC
    o = (t + 1) * 121
    tr = st[e + 3]
    if tr:
        # The tricks needed at least, without this side's share.
        p = st[e + 2]
        base = st[e + 4] - (cards + mc[o - 121 + x] + p - 1) // p
    # The next side that can take any of this type: those after side i
    # that can take none are skipped (their tricks bound stays a bound).
    nxt = i + 1
    had = r0
    while nxt < n and w[d + nxt] == w[d + nxt + 1]:
        w[b - i + nxt] = 0
        had += w[d + n + 2 + nxt] - w[d + n + 3 + nxt]
        nxt += 1
    o2 = o + 121
    while c >= lo:
        y = x - c * v
        if mc[o + y] != 255:
            # The most of the next type side i could then take (one step
            # down when that many leave a rest no smaller types make: still
            # a bound).
            k = y // nv
            if k > 4:
                k = 4
            if k and mc[o2 + y - k * nv] == 255:
                k -= 1
            if k < room:
                c -= 1
                continue
            st[e + 5] = had + k
            if tr:
                need = base + (cards + c + mc[o + y] + p - 1) // p
                if need > tr:
                    c -= 1
                    continue
                st[e + 4] = need
            st[i] = y
            st[ci] = cards + c
            w[b] = c
            if nxt < n:
                r = _deal(t, nxt, left - c, st, n, w)
            else:
                # The pile takes the rest of this type, within its card limit.
                q = left - c
                r = not q and not st[n + 1]
                if r or _few(t + 1, st[n] - q * v, st[n + 1] - q):
                    st[n] -= q * v
                    st[n + 1] -= q
                    r = _last_two(st, n) if t == 2 else _deal(t + 1, 0, 4, st, n, w)
                    st[n] += q * v
                    st[n + 1] += q
            if r:
                st[i] = x
                st[ci] = cards
                return True
        c -= 1
    st[i] = x
    st[ci] = cards
    st[e + 5] = r0
    if tr:
        st[e + 4] = base + (cards + mc[o - 121 + x] + p - 1) // p
    return False
