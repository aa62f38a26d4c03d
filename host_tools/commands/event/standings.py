"""Standings: wins first, then the tie-breaks the event chose, in its order.

A win counts 1, a shared first place (a drawn match) 1/2, a bye 1. Every
figure comes from the results recorded in the event file (and the byes
of its pairings); nothing is played out again.

The tie-breaks, as chess arbiters reckon them (FIDE's handbook, C.02):

- "buchholz": the sum of the scores of the opponents met. A round with no
  opponent (a bye, a round missed before a late entry) counts a virtual
  opponent: the entry's own score before that round, plus what it did not
  get from the round, plus a draw for every later completed round
  (Svon = SPR + (1 - SfPR) + 0.5 (n - R));
- "median": Buchholz without the best and the worst opponent (with three
  opponents or more);
- "sonneborn-berger": the sum of the scores of the opponents beaten, and
  half of those drawn with (a bye beats its virtual opponent);
- "direct": among entries still tied, the score of their matches against
  each other, when every one of them has met every other (else it leaves
  them tied);
- "points": card points won minus lost, summed over the matches;
- "hands": hands won minus lost.

In a Swiss or knockout event the rows are the entries (a pair, or a
player playing solo); in a club evening, the players, each with their
side's outcome (no rounds, so no virtual opponents). At a table of
three, a round's opponent score is the mean of the two opponents'.
"""

TIEBREAKS = ("buchholz", "median", "sonneborn-berger", "direct", "points", "hands")
LABELS = {"buchholz": "Buchholz", "median": "Median Buchholz", "sonneborn-berger": "Sonneborn-Berger",
          "direct": "Direct encounter", "points": "Points +/-", "hands": "Hands +/-"}


def match_scores(result):
    """The score each side of a result gets: 1 for sole first, 1/2 each for a shared first, else 0."""
    first = [s for s in result.sides if s.rank == 0]
    return [(1.0 / len(first) if s.rank == 0 else 0.0) for s in result.sides]


def order_text(tiebreaks):
    """'wins, then Buchholz, then Points +/-': the order the standings rank by."""
    return ", then ".join(["wins"] + [LABELS[t] for t in tiebreaks])


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
        # Per round (Swiss, knockout): (round, opponent key or None, score); club: (None, [keys], score).
        self.games = []
        self.values = {}
        self.place = 0
        # The last round played before withdrawing, or None.
        self.withdrawn = None

    @property
    def shown(self):
        """The label as the standings show it, with a withdrawal."""
        if self.withdrawn is None:
            return self.label
        return "%s (withdrew after round %d)" % (self.label, self.withdrawn)

    def value(self, name):
        """A tie-break's value (higher ranks first)."""
        return self.values[name] if name in self.values else getattr(self, name)


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
        for eid, after in event.withdrawn().items():
            rows[eid].withdrawn = after
    pairings = {p.id: p for p in event.pairings()}
    for p in pairings.values():
        if p.b is None:
            rows[p.a].byes += 1
            rows[p.a].wins += 1
            rows[p.a].games.append((p.round, None, 1.0))
    for r in event.results():
        entry_of_side = None
        rnd = None
        if r.pairing is not None and not club:
            p = pairings[r.pairing]
            entry_of_side = p.sides
            rnd = p.round
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
                # One opponent, or the list of them (a club's match, a table of three).
                row.games.append((rnd, opp_units[0] if entry_of_side and n == 2 else opp_units, scores[i]))
    completed = 0 if club else _completed(event, pairings)
    for row in rows.values():
        opp = _opponent_scores(row, rows, completed, club)
        row.values["buchholz"] = sum(s for s, _ in opp)
        ranked = sorted(s for s, _ in opp)
        row.values["median"] = sum(ranked[1:-1]) if len(ranked) >= 3 else sum(ranked)
        row.values["sonneborn-berger"] = sum(s * mine for s, mine in opp)
    return _rank(list(rows.values()), event.tiebreaks)


def _completed(event, pairings):
    """Rounds whose every table has a result."""
    done = {r.pairing for r in event.results()}
    rounds = {}
    for p in pairings.values():
        rounds.setdefault(p.round, []).append(p.b is None or p.id in done)
    n = 0
    while all(rounds.get(n + 1, [False])):
        n += 1
    return n


def _opponent_scores(row, rows, completed, club):
    """[(opponent's score, this row's score against it)], a virtual opponent for each round without one."""
    if club:
        return [(sum(rows[u].wins for u in opp) / len(opp), mine) for _, opp, mine in row.games if opp]
    out = []
    by_round = {rnd: (opp, mine) for rnd, opp, mine in row.games}
    last = max([completed] + list(by_round))
    before = 0.0
    for rnd in range(1, last + 1):
        opp, mine = by_round.get(rnd, (None, 0.0))
        if isinstance(opp, list):
            # A table of three: the round's opponent is the mean of the two met.
            out.append((sum(rows[u].wins for u in opp) / len(opp), mine))
        elif opp is not None:
            out.append((rows[opp].wins, mine))
        elif rnd in by_round or rnd <= completed:
            # FIDE's virtual opponent: the score before the round, what the round did not
            # give, and a draw in every later completed round.
            out.append((before + (1 - mine) + 0.5 * max(completed - rnd, 0), mine))
        before += mine
    return out


def _rank(rows, tiebreaks):
    """Order the rows by wins then each tie-break in turn, and give tied rows a shared place."""
    groups = [sorted(rows, key=lambda r: r.seed)]
    for name in ["wins"] + list(tiebreaks):
        split = []
        for g in groups:
            if name == "direct":
                _direct(g)
            split.extend(_split(g, lambda r: r.value(name)))
        groups = split
    order = []
    for g in groups:
        for r in g:
            r.place = len(order) + 1
        order.extend(g)
    return order


def _split(group, key):
    """A group in subgroups of equal ``key``, highest first (seed order kept within each)."""
    values = sorted({key(r) for r in group}, reverse=True)
    return [[r for r in group if key(r) == v] for v in values]


def _direct(group):
    """Direct encounter inside a tied group: the score against each other when all have met."""
    keys = {r.key for r in group}
    # A club's games have lists of opponents: no encounter of one row with another.
    among = {r.key: [(opp, mine) for _, opp, mine in r.games if not isinstance(opp, list) and opp in keys]
             for r in group}
    everyone = len(group) > 1 and all({o for o, _ in among[r.key]} >= keys - {r.key} for r in group)
    for r in group:
        r.values["direct"] = sum(mine for _, mine in among[r.key]) if everyone else 0.0


def wins_text(w):
    """1.5 -> '1½', 2.0 -> '2'."""
    whole = int(w)
    return str(whole) + ("½" if w - whole else "")
