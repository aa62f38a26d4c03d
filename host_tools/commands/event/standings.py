"""Standings: wins first, then the tie-breaks the event chose.

A win counts 1, a shared first place (a drawn match) 1/2, a bye 1. The
tie-breaks: "points" (card points won minus lost, summed over the
matches), "hands" (hands won minus lost), "buchholz" (the sum of the
scores of the opponents met: who beat strong entries ranks higher). In a
Swiss or knockout event the rows are the entries (a pair, or a player
playing solo); in a club evening, the players, each with their side's
outcome.
"""


def match_scores(result):
    """The score each side of a result gets: 1 for sole first, 1/2 each for a shared first, else 0."""
    first = [s for s in result.sides if s.rank == 0]
    return [(1.0 / len(first) if s.rank == 0 else 0.0) for s in result.sides]


class Row:
    """One line of the standings."""

    def __init__(self, key, label, seed):
        self.key = key
        self.label = label
        self.seed = seed
        self.played = 0
        self.wins = 0.0
        self.losses = 0
        self.byes = 0
        self.points = 0
        self.hands = 0
        self.buchholz = 0.0
        self.opponents = []
        self.place = 0

    def value(self, name):
        """A tie-break's value (higher ranks first)."""
        return getattr(self, name)


def _units(result, side_index, entry_of_side):
    """The standings keys of a side: the entry (Swiss, knockout) or its players (club)."""
    if entry_of_side is not None:
        return [entry_of_side[side_index]]
    return result.sides[side_index].players


def table(event):
    """The standings rows, first place first."""
    names = event.players()
    rows = {}
    club = event.format == "club"
    if club:
        for pid, name in names.items():
            rows[pid] = Row(pid, name, pid)
    else:
        for k, (eid, members) in enumerate(event.entries().items()):
            rows[eid] = Row(eid, "/".join(names[p] for p in members), k + 1)
    pairings = {p.id: p for p in event.pairings()}
    for p in pairings.values():
        if p.b is None:
            rows[p.a].byes += 1
            rows[p.a].wins += 1
    for r in event.results():
        entry_of_side = None
        if r.pairing is not None and not club:
            p = pairings[r.pairing]
            entry_of_side = (p.a, p.b)
        scores = match_scores(r)
        n = len(r.sides)
        for i, s in enumerate(r.sides):
            others = [o for j, o in enumerate(r.sides) if j != i]
            opp_units = [u for j in range(n) if j != i for u in _units(r, j, entry_of_side)]
            for u in _units(r, i, entry_of_side):
                row = rows[u]
                row.played += 1
                row.wins += scores[i]
                row.losses += scores[i] == 0
                row.points += s.points * (n - 1) - sum(o.points for o in others)
                row.hands += s.hands * (n - 1) - sum(o.hands for o in others)
                row.opponents.append(opp_units)
    for row in rows.values():
        row.buchholz = sum(sum(rows[u].wins for u in opp) / len(opp) for opp in row.opponents if opp)
    order = sorted(rows.values(), key=lambda row: tuple([-row.wins] + [-row.value(t) for t in event.tiebreaks]
                                                        + [row.seed]))
    place = 0
    prev = None
    for k, row in enumerate(order):
        key = tuple([row.wins] + [row.value(t) for t in event.tiebreaks])
        if key != prev:
            place = k + 1
        prev = key
        row.place = place
    return order


def wins_text(w):
    """1.5 -> '1½', 2.0 -> '2'."""
    whole = int(w)
    return str(whole) + ("½" if w - whole else "")
