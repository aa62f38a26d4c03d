"""Who deals, cuts and leads each hand.

Seats are numbered counterclockwise. Counterclockwise (the default, the
seeds' "to the right"): the deal passes to the dealer's right (seat + 1), the
player at the dealer's left (seat - 1) cuts and the one at the dealer's
right leads. Clockwise mirrors it. The deal passes after every hand, void
hands included. With two players the other player both cuts and leads.
"""

from tanteador.matchoptions import CCW


def step(direction):
    """+1 counterclockwise, -1 clockwise: the seat offset of the next player."""
    return 1 if direction == CCW else -1


def dealer(players, first, direction, index):
    """Dealer of hand ``index`` (0-based) when ``first`` dealt the first hand."""
    return (first + step(direction) * index) % players


def cutter(players, dealer_seat, direction):
    """Seat that cuts: the dealer's left (counterclockwise play)."""
    return (dealer_seat - step(direction)) % players


def leader(players, dealer_seat, direction):
    """Seat that leads the first trick: the dealer's right (counterclockwise play)."""
    return (dealer_seat + step(direction)) % players


def order(players, first_seat, direction):
    """Seats in play order starting at ``first_seat`` (deal order from the leader)."""
    d = step(direction)
    return tuple((first_seat + d * i) % players for i in range(players))
