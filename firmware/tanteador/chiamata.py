"""Briscola chiamata: what one hand's call and points give each player.

Five play: the caller, whose bid won the auction, names a card; its holder
is the secret partner (the caller may name a card of their own and play
alone). The caller's side must take at least the bid, 61 to 120 of the 120
card points. With six at the table the dealer deals to the other five and
sits the hand out, scoring nothing.

A hand is entered as ``(caller, partner, bid, points)``: seats, the bid,
and the card points of the caller's side; ``partner == caller`` is a caller
playing alone. The scores (matchoptions.CALL_DEFAULT) make every hand add up to
zero.
"""

from micropython import const

from tanteador.rules import TOTAL, RulesError, check_points

BID_MIN = const(61)


def sitting_out(players, dealer):
    """Seat sitting the hand out: the dealer with six players, else None."""
    return dealer if players == 6 else None


def check(entry, players, dealer):
    """Validate a chiamata entry; return it as a tuple of four ints.

    RulesError codes: 'count' not four values; 'caller' the caller is no
    seat in play (nums: the seat sitting out, if that is why); 'partner'
    the same for the partner; 'bid' under 61 or over 120 (bid); the
    points' codes of rules.check_points ('range', 'one') with side 0 for
    the caller's side.
    """
    try:
        e = tuple(entry)
    except TypeError:
        raise RulesError("count")
    if len(e) != 4:
        raise RulesError("count")
    for v in e:
        if type(v) is not int:
            raise RulesError("range")
    out = sitting_out(players, dealer)
    for i, code in ((0, "caller"), (1, "partner")):
        if e[i] < 0 or e[i] >= players:
            raise RulesError(code)
        if e[i] == out:
            raise RulesError(code, None, (out,))
    if e[2] < BID_MIN or e[2] > TOTAL:
        raise RulesError("bid", None, (e[2],))
    p = e[3]
    if p < 0 or p > TOTAL:
        raise RulesError("range", 0)
    # Two sides, five players, 8 tricks: every split the cards allow fits.
    check_points((p, TOTAL - p), 2)
    return e


def made(entry):
    """True when the caller's side took at least the bid."""
    return entry[3] >= entry[2]


def cappotto(entry):
    """True when one side took all 120 points."""
    return entry[3] in (0, TOTAL)


def scores(entry, players, dealer, call):
    """Each player's score for the hand, a tuple by seat (adds up to 0).

    ``call`` is options.call: [defender, partner, alone, cappotto].
    """
    caller, partner = entry[0], entry[1]
    mult = call[3] if cappotto(entry) else 1
    sign = 1 if made(entry) else -1
    if partner == caller:
        each = call[2]
        mine = 4 * each
        theirs = 0
    else:
        each = call[0]
        theirs = call[1]
        mine = 3 * each - theirs
    out = sitting_out(players, dealer)
    res = [0] * players
    for s in range(players):
        if s == caller:
            v = mine
        elif s == partner:
            v = theirs
        elif s == out:
            continue
        else:
            v = -each
        res[s] = sign * mult * v
    return tuple(res)
