"""The virtual draw for the first deal (and, with 4 in pairs, for the teams).

Every player draws one card; the highest rank deals, whatever the suit
(ace, three, king, knight, jack, [9, 8,] 7, 6, 5, 4, 2). Players tied for a
place that matters draw again, among themselves, from a freshly shuffled
deck (the drawn cards go back each round), until the tie is broken.

With 4 players in pairs the draw also makes the teams and the seating, as in
the seeds: the two highest play against the two lowest; the highest deals
and takes seat 0, the partner sits opposite (seat 2) and the better of the
other pair sits at the dealer's right (seat 1), the last at seat 3. Every
place of that order matters, so every tie is redrawn.

Randomness comes in as ``rand_below(n)`` -> int in 0..n-1.
"""

from tanteador.rules import deck_ranks


class DrawResult:
    """Outcome of a draw.

    rounds: list of rounds, each a list of ``(who, card)`` with card =
    ``(rank_index, suit)``; ``who`` is the seat, or with 4 in pairs the
    player's index in the order the names were given (seats are not known yet).
    dealer: seat of the first dealer (0 with 4 in pairs).
    seats: list seat -> player index (identity unless 4 in pairs).
    teams: with 4 in pairs ``((dealer, partner), (other, other))`` as player
    indexes, else None.
    """

    def __init__(self, rounds, dealer, seats, teams=None):
        self.rounds = rounds
        self.dealer = dealer
        self.seats = seats
        self.teams = teams


def _draw(who, rand_below, ranks):
    # One card each from a freshly shuffled deck: a partial Fisher-Yates
    # shuffle over card codes (rank position * 4 + suit).
    pack = list(range(len(ranks) * 4))
    out = []
    for i in range(len(who)):
        j = i + rand_below(len(pack) - i)
        pack[i], pack[j] = pack[j], pack[i]
        out.append((who[i], (ranks[pack[i] >> 2], pack[i] & 3)))
    return out


def _groups(drawn):
    # Players grouped by the rank they drew, best rank first.
    out = []
    for who, card in sorted(drawn, key=lambda x: x[1][0]):
        if out and out[-1][0] == card[0]:
            out[-1][1].append(who)
        else:
            out.append((card[0], [who]))
    return [g for _, g in out]


def draw_for_dealer(players, rand_below, deck=40, pairs=False):
    """Draw for the first dealer; with ``pairs`` and 4 players also the teams and seats."""
    ranks = deck_ranks(deck)
    rounds = []
    if not (pairs and players == 4):
        tied = list(range(players))
        while len(tied) > 1:
            drawn = _draw(tied, rand_below, ranks)
            rounds.append(drawn)
            tied = _groups(drawn)[0]
        return DrawResult(rounds, tied[0], list(range(players)))
    order = [list(range(players))]
    while True:
        for k in range(len(order)):
            if len(order[k]) > 1:
                break
        else:
            break
        drawn = _draw(order[k], rand_below, ranks)
        rounds.append(drawn)
        order[k:k + 1] = _groups(drawn)
    p = [g[0] for g in order]
    return DrawResult(rounds, 0, [p[0], p[2], p[1], p[3]], ((p[0], p[1]), (p[2], p[3])))
