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

from tanteador.ruletables import LM, LOWS, MC, PER, SIDE, SIDE6

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


# The search keeps the cards left in one int, packed as the tables' sets
# (see ruletables); bit 3 of each type's four stays set when a way of
# making points is taken away and fits (none of its types goes below zero).
_G = const(0x88888)
_FULL = const(0x1444444)


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
        return MC[x] <= k
    return MC[x] != 255 and x <= 11 * k


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
    (from the smallest need up; with tricks, see _held), each taking one
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
            and f <= 36 and LM[620 + (f >> 3)] >> (f & 7) & 1)


def _pile(lv, x, plim):
    # The pile (side 0, worth x, at most plim cards) takes no more aces and
    # threes than its cards -> the sums of the records from the pile on.
    h = SIDE[x] >> 8 & 255
    if h > plim:
        lv[0] -= (h - plim) << 8
    return lv[0]


# Side i takes each way of making its need out of R, the cards left, and
# the sides after it are served in turn -> True when one way serves them
# all. k is the search (see _plain and _tricks); u the tricks the sides
# before i used. A way is the cards taken, packed like R: c aces and
# threes, a of them aces, and the rest one of the written-out ways of
# kings, knights and jacks. The bounds drop the ways that leave the sides
# after i more aces or threes than they can take (ma, mb: the most of
# each; q: the fewest and the most points of them, 12 bits each), more
# cards than side i holds (lim) or than the tricks left hold; a bound that
# does not apply is given values that never bind. One function serves
# both searches and takes each way as it finds it: the ways of a side
# gathered by a call into a list first put the six players' check at
# 8.8 ms on a Pico (RP2040 estimate), against 6.7 ms so.
def _down(k, i, R, u):
    xs, lv, tc, hp, tops, mab, seen, np, plim, p, T, m, pair = k
    lm = ((R & 15) * 25 + (R >> 4 & 15) * 5 + (R >> 8 & 15)) * 5
    f = lv[i] >> 21
    if f and not LM[lm + (f >> 3)] >> (f & 7) & 1:
        return False
    j = i + 1
    v = tc[j]
    lim = plim if i < np else (T - u - (v & 255)) * p
    cn = -(v >> 8)
    v = lv[j]
    o = lv[i] - v
    rc, ra, rb = R >> 20, R >> 12 & 15, R >> 16 & 15
    d1, q, t1 = v >> 16 & 31, hp[j], tops[j] | _G
    ma, mb, g = mab[j] & 255, mab[j] >> 8, ra + rb
    # The bounds as ifs, not min and max: a call is dear on a Pico.
    c = g - (v & 255)
    c = o >> 8 & 255 if c > o >> 8 & 255 else c
    c = lim if c > lim else c
    cl = g - (v >> 8 & 255)
    cl = o & 255 if cl < o & 255 else cl
    x, rg = xs[i], R | _G
    while c >= cl:
        z, w = x - 10 * c, 10 * (g - c) + ra
        a = ra if c > ra else c
        a = z if a > z else a
        a = c - rb + mb if a > c - rb + mb else a
        a = w - (q & 4095) if a > w - (q & 4095) else a
        al = z - 36 if c - rb < z - 36 else c - rb
        al = ra - ma if al < ra - ma else al
        al = z - 4 * (lim - c) if al < z - 4 * (lim - c) else al
        al = w - (q >> 12) if al < w - (q >> 12) else al
        s, h = z - a, a << 12 | (c - a) << 16 | c << 20
        while a >= al and a >= 0:
            if LM[lm + (s >> 3)] >> (s & 7) & 1:
                for e in LOWS[s]:
                    t = h + e
                    w = t >> 20
                    if w > lim:
                        break
                    if (rg - t) & _G == _G:
                        v = u if i < np else u + (w + p - 1) // p
                        if j == m - 1:
                            if v + (rc - w + p - 1) // p <= T:
                                return True
                        elif rc - w <= cn + (T - v) * p:
                            n = R - t
                            if d1 > ra - a + (n >> 4 & 15) or (t1 - n) & _G != _G:
                                continue
                            if j == pair:
                                if _pair(xs[j], n, LM):
                                    return True
                            elif (v * m + j) << 20 | (n & 0xFFFFF) not in seen and _down(k, j, n, v):
                                return True
            a, s, h = a - 1, s + 1, h + 0xF000
        c -= 1
    seen.add((u * m + i) << 20 | (R & 0xFFFFF))
    return False


def _plain_sums(xs, np, plim):
    # From each side on: the packed sums of the sides' records, and the most
    # aces and the most threes they take (bits 0 and 8) -> (sums, most), or
    # None when the whole hand fails its checks.
    m = len(xs)
    lv = [0] * m
    mab = [0] * m
    acc = plo = phi = ma = mb = 0
    for j in range(m - 1, -1, -1):
        x = xs[j]
        o = x * 12
        acc += SIDE[x]
        lv[j] = acc
        plo += PER[o]
        phi += PER[o + 1]
        ma += PER[o + 10] >> 4
        mb += PER[o + 11] & 15
        mab[j] = ma | mb << 8
    if np:
        acc = _pile(lv, xs[0], plim)
    if not _root(acc, plo, phi) or ma < 4 or mb < 4:
        return None
    return lv, mab


def _plain(xs, np, plim):
    # The search without tricks: xs[0] is the pile when np is 1 (at most
    # plim cards), then the sides from the smallest need up. _down runs it
    # as a search with tricks that never bind: 32 cards a trick and 21
    # tricks, so each side uses one and a state's tricks are its level.
    sums = _plain_sums(xs, np, plim)
    if sums is None:
        return False
    lv, mab = sums
    m = len(xs)
    if m == 1:
        return True
    # The level of the two last sides (none when the pile is one of them).
    pair = m - 2 if m - 1 > np else -1
    if pair == 0:
        return _pair(xs[0], _FULL, LM)
    k = (xs, lv, [0] * m, [0xFFF000] * m, [0x77777] * m, mab, set(), np, plim, 32, 21, m, pair)
    return _down(k, 0, _FULL, 0)


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


def _held(xs, p, T):
    # The sides that may hold more than six value cards go first, then
    # those held to six by their number of ways within six cards, the needs
    # too small for an ace or a three last (they take what the others
    # leave): xs marked (bit 8) and sorted so. A side needs ceil(fewest
    # cards / p) tricks at least -> False when the tricks cannot hold them.
    least = 0
    for x in xs:
        least += (MC[x] + p - 1) // p
    if least > T:
        return False
    # Held to six: p * (T - least + its own least) <= 6, that is its fewest
    # cards at most q.
    q = (6 // p - T + least) * p
    for j in range(len(xs)):
        x = xs[j]
        if MC[x] <= q:
            xs[j] = (PER[x * 12 + 5] + (64 if x < 10 else 0)) << 9 | 256 | x
        else:
            xs[j] = x
    xs.sort()
    return True


def _trick_sums(xs, np, plim, p):
    # From each side on (xs as _held marked them; the marks go): the packed
    # sums of the sides' records (within six cards for those held to six),
    # the least tricks and (beyond p cards a side) the fewer cards than p a
    # side can hold at most, the fewest and the most points of aces and
    # threes, and the most of each type -> the four lists, or None when the
    # whole hand fails its checks.
    m = len(xs)
    lv = [0] * m
    tc = [0] * m
    hp = [0] * m
    tops = [0] * m
    acc = plo = phi = t = top = 0
    for j in range(m - 1, -1, -1):
        k = xs[j]
        x = xs[j] = k & 0xFF
        o = x * 12
        if k & 256:
            acc += SIDE6[x]
            plo += PER[o + 2]
            phi += PER[o + 3]
        else:
            acc += SIDE[x]
            plo += PER[o]
            phi += PER[o + 1]
        lv[j] = acc
        hp[j] = plo | phi << 12
        if j >= np:
            c = PER[o + 4]
            t += (MC[x] + p - 1) // p + ((p - c if c < p else 0) << 8)
        tc[j] = t
        o += 9 if k & 256 else 12
        top += PER[o - 3] | PER[o - 2] << 8 | PER[o - 1] << 16
        c = top & 0x88888
        if c:
            # Past seven is no bound at all: keep the field at seven.
            top = (top & ~(c | c >> 1 | c >> 2 | c >> 3)) | (c - (c >> 3))
        tops[j] = top
    if np:
        acc = _pile(lv, xs[0], plim)
    if not _root(acc, plo, phi) or ((top | _G) - _FULL) & _G != _G:
        return None
    return lv, tc, hp, tops


def _tricks(xs, pile, plim, p, T):
    # The search with tricks. A side needs ceil(fewest cards / p) tricks at
    # least, so it holds p * (T - the others' least tricks) cards at most.
    if not _held(xs, p, T):
        return False
    np = 0
    if pile:
        xs.insert(0, pile)
        np = 1
    sums = _trick_sums(xs, np, plim, p)
    if sums is None:
        return False
    lv, tc, hp, tops = sums
    m = len(xs)
    if m == 1:
        return True
    # The most aces and threes of the sides after each are not bounds here.
    k = (xs, lv, tc, hp, tops, [0x6363] * m, set(), np, plim, p, T, m, -1)
    return _down(k, 0, _FULL, 0)
