"""Whether a result entered by hand is one a table's match can end with.

A correction claims a winner, the hands each side won and the card points
each side made. The device's engine is the judge: a run of hands that
gives exactly those figures is built and recorded into a firmware Match
with the event's setup, hand after hand, as the scorer would have entered
them. The claim stands when the engine takes every hand (each one's points
pass its check), ends the match at the last one (not before, not later)
and gives it to the claimed winner with those hands and points. Nothing
of the match's rules is worked out here.

Only figures matter, not which hands came first: a few orders of the
hands are tried (the loser's first, the winner's first, in turn). With
the last-trick tie rule a hand of 60-60 goes to the side that took the
last trick, and is among the hands tried.
"""

from host_tools import UsageError

TOTAL = 120
HALF = TOTAL // 2


def check(setup, winner, hands, points):
    """The firmware Match, played through, that ends with side ``winner``
    (0 or 1, None for a draw) winning, ``hands`` (a, b) won and ``points``
    (a, b) made under ``setup`` (a MatchOptions list); UsageError with the
    reason when no match does."""
    from tanteador.matchoptions import TIE_SPLIT, MatchOptions

    o = MatchOptions.from_list(setup)
    if winner is None:
        raise UsageError("no match of this setup ends drawn: the device plays on until one side wins")
    if len(hands) > 2:
        return _many(o, winner, hands, points)
    voids = 0
    total = sum(points)
    if o.tie == TIE_SPLIT and total > TOTAL * sum(hands) and not (total - TOTAL * sum(hands)) % TOTAL:
        # Split hands (60-60) count in the points and in no side's hands won.
        voids = (total - TOTAL * sum(hands)) // TOTAL
    if total != TOTAL * (sum(hands) + voids):
        raise UsageError("--points %d-%d cannot come from %d-%d in hands: every hand shares out its %d card "
                         "points (%d in all)" % (points[0], points[1], hands[0], hands[1], TOTAL,
                                                 TOTAL * sum(hands)))
    unshared = "--points %d-%d cannot be shared out over %d-%d in hands (a hand won takes more than %d)" % (
        points[0], points[1], hands[0], hands[1], HALF)
    return _first_replayed(o, _orders(hands, winner, voids), lambda order: _points(o, order, points[0] - HALF * voids),
                           unshared, winner, hands, points)


def _many(o, winner, hands, points):
    """check() at a table of three sides or more: each hand's points shared out so that
    its winner has the most, the others' hands first."""
    if o.chiamata:
        raise UsageError("a chiamata table's hands are calls, not points shared out: its result comes from "
                         "its device (`event pull`)")
    if o.reverse:
        raise UsageError("a reverse match of more than two sides is corrected from its device (`event pull`)")
    n = len(hands)
    if sum(points) != TOTAL * sum(hands):
        raise UsageError("--points %s cannot come from %s in hands: every hand shares out its %d card points "
                         "(%d in all)" % ("-".join(map(str, points)), "-".join(map(str, hands)), TOTAL,
                                          TOTAL * sum(hands)))
    others = [s for s in range(n) if s != winner for _ in range(hands[s])]
    mine = [winner] * hands[winner]
    unshared = "--points %s cannot be shared out so that each hand's winner has the most" % (
        "-".join(map(str, points)))
    return _first_replayed(o, (others + mine, mine[:-1] + others + mine[-1:]), lambda order: _share(order, points, n),
                           unshared, winner, hands, points)


def _first_replayed(o, orders, share, unshared, winner, hands, points):
    """The match of the first order of hands whose points ``share(order)`` shares
    out and the engine takes; UsageError with the last reason (``unshared`` when
    no order could be shared out)."""
    why = None
    for order in orders:
        per_hand = share(order)
        if per_hand is None:
            why = why or unshared
            continue
        m, reason = _replay(o, order, per_hand, winner, hands, points)
        if reason is None:
            return m
        why = reason
    raise UsageError(why)


def _share(order, points, n):
    """Each hand's points per side, the hand's winner with the most, summing to ``points``; or None.

    Each hand starts with all its points to its winner; then whoever has
    too few takes from the hands others won, as much as keeps each of those
    hands' winner strictly ahead and no lower than its own total needs."""
    hands = [[TOTAL if j == s else 0 for j in range(n)] for s in order]
    have = [sum(h[j] for h in hands) for j in range(n)]
    for j in range(n):
        for h, s in zip(hands, order):
            need = points[j] - have[j]
            if need <= 0:
                break
            if s == j:
                continue
            ahead = max(h[k] for k in range(n) if k != s and k != j)
            t = min(need, (h[s] - h[j] - 1) // 2, h[s] - ahead - 1, have[s] - points[s])
            if 1 in (h[j] + t, h[s] - t) or TOTAL - 1 in (h[j] + t, h[s] - t) or need - t == 1:
                # No cards are worth 1 point (nor 119): one point less here, and never a single
                # point left for another hand to give.
                t -= 1
            if t > 0 and 1 not in (h[j] + t, h[s] - t):
                h[s] -= t
                h[j] += t
                have[s] -= t
                have[j] += t
    return [tuple(h) for h in hands] if have == list(points) else None


def _orders(hands, winner, voids):
    """Orders of the hands to try: each a list of the side that won it (None: a split hand)."""
    loser = 1 - winner
    w = [winner] * hands[winner]
    lo = [loser] * hands[loser]
    alt = []
    for k in range(max(len(w), len(lo))):
        alt += lo[k:k + 1] + w[k:k + 1]
    return [lo + [None] * voids + w, [None] * voids + alt, w[:-1] + lo + [None] * voids + w[-1:]]


def _points(o, order, side_a):
    """Side A's points for each hand of ``order`` summing to ``side_a``, or None."""
    from tanteador.matchoptions import TIE_LAST

    win = [x for x in range(HALF + 1, TOTAL + 1) if x != TOTAL - 1]
    if o.reverse:
        win = [TOTAL - x for x in win]
    if o.tie == TIE_LAST:
        # 60-60 goes to whoever took the last trick (the other side, reversed).
        win.append(HALF)
    if o.capote and not o.reverse:
        # A capote would end the match there and then; the last hand may be one.
        win_early = [x for x in win if x != TOTAL]
    else:
        win_early = win
    choices = []
    for k, side in enumerate(order):
        if side is None:
            choices.append([HALF])
            continue
        mine = win if k == len(order) - 1 else win_early
        choices.append(sorted(mine if side == 0 else [TOTAL - x for x in mine]))
    rest = side_a - sum(c[0] for c in choices)
    if rest < 0:
        return None
    got = []
    # Each hand as high as the rest allows, in the allowed values; what a gap leaves over goes on.
    for c in choices:
        v = max(x for x in c if x - c[0] <= rest)
        rest -= v - c[0]
        got.append(v)
    return got if rest == 0 else None


def _replay(o, order, per_hand, winner, hands, points):
    """(the match, None) if the engine, given these hands (``order``: who won each), ends it
    exactly as claimed; else (None, the reason)."""
    from tanteador.match import Match
    from tanteador.rules import RulesError

    m = Match(o.copy())
    for side, a in zip(order, per_hand):
        if m.over:
            return None, "the match is over before that: %s" % _state(m)
        pts = a if isinstance(a, tuple) else (a, TOTAL - a)
        last = None
        if m.needs_last(pts):
            # The side that took the last trick: the hand's winner, or in reverse the other one.
            last = side if not o.reverse else 1 - side
        try:
            m.record(None if o.trump_cycle else 0, pts, 0, last)
        except RulesError as e:
            return None, "the device refuses a hand of %s on the way (%s)" % ("-".join(map(str, pts)), e.args[0])
    if not m.over:
        return None, "the match is not over at %s in hands: %s" % ("-".join(map(str, m.won)), _goal(o))
    if m.winner != winner or list(m.won) != list(hands) or list(m.totals) != list(points):
        return None, "the device ends such a match otherwise: %s" % _state(m)
    return m, None


def _state(m):
    return "%s, %s in hands, %s in points, won by side %s" % (
        _goal(m.options), "-".join(map(str, m.won)), "-".join(map(str, m.totals)), "ABCDEF"[m.winner])


def _goal(o):
    from host_tools.commands.event.cli import describe_setup

    return describe_setup(o.to_list()).split(", ")[-1]
