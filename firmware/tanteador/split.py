"""Can the value cards of a hand be shared out so: the search of a hand's split.

The check of a hand's points (rules.check_points) asks it when three sides
or more share the cards, or when cards are left undrawn: two sides with the
whole deck in play need only the sum. So this module and its tables
(ruletables, 5 KB) are loaded by the first check that needs them, and a
match that never asks (two sides with the whole deck) leaves them out of
the heap and out of a reset. A match that may ask loads them as it is made
(match.Match), so that its first check, in the answer to a press, finds
them loaded.
"""

from micropython import const

from tanteador.ruletables import LM, LOWS, MC, PER, SIDE, SIDE6

_TOTAL = const(120)

# The search keeps the cards left in one int, packed as the tables' sets
# (see ruletables); bit 3 of each type's four stays set when a way of
# making points is taken away and fits (none of its types goes below zero).
_G = const(0x88888)
_FULL = const(0x1444444)


def few(x, k):
    """Can x points be at most k value cards? Exact for the few cards of an
    undrawn pile (k <= 3); beyond, only a bound that the split settles."""
    if x < 0 or x > _TOTAL or k < 0:
        return False
    if k < 4:
        return MC[x] <= k
    return MC[x] != 255 and x <= 11 * k


def refusal(pts, missing, undrawn, players, tricks):
    """Why no split of the value cards gives three sides or more the points
    ``pts`` (``missing`` of them in ``undrawn`` cards, the tricks as in
    rules.check_points): 'cards', 'tricks' when splits exist but every one
    needs more tricks than the hand has, or None when one gives them."""
    # The sides with points need (20 + sides * (players - 1)) // players
    # tricks at most (ceil(c / players) for c value cards each): when the
    # hand has that many, the tricks change nothing.
    if players and (20 + (len(pts) - pts.count(0)) * (players - 1)) // players <= tricks:
        players = 0
    if can_hold(pts, missing, undrawn, players, tricks):
        return None
    # Refused: for want of tricks only if some split exists at all.
    return "tricks" if players and can_hold(pts, missing, undrawn) else "cards"


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
    if sum(needs) + pile != _TOTAL:
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
