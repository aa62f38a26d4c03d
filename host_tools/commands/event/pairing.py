"""Pairing a round: Swiss by score (maximum-weight matching), or a knockout bracket.

Swiss: with an odd number of entries the bye goes first, to the lowest
placed entry that has had none; every other entry is a node of a complete
graph, and networkx's maximum-weight matching picks the round.
An edge's weight says how good a table it makes, in tiers that never
trade against each other: first no repeated opponents,
then the closest scores, then seat fairness (two entries that both sat
side A, who deals first, more often than side B are not put together, nor
two that sat B more often), and last the classic fold (the top
half of a score group against its bottom half). Knockout: a bracket of the
next power of two, seeds placed so that 1 and 2 can only meet in the final;
the missing seeds are byes for the top seeds.
"""

import itertools

import networkx

# Choices of who sits out tried before a round with a repeat is taken.
MAX_BYE_TRIES = 40

_REPEAT = 10 ** 12
_SCORE = 10 ** 7
_SEAT = 10 ** 5


class Record:
    """What pairing needs to know of an entry so far."""

    def __init__(self, eid, seed):
        self.id = eid
        self.seed = seed
        self.score = 0.0
        self.opponents = []
        self.byes = 0
        # Times on side A minus times on side B.
        self.seat = 0
        self.last_seat = None
        # Place in the standings so far (ties broken by the event's tie-breaks), 1 first.
        self.place = seed


def records(event):
    """{entry id: Record} from the event's pairings and results in effect."""
    from host_tools.commands.event import standings

    recs = {}
    for k, eid in enumerate(event.entries()):
        recs[eid] = Record(eid, k + 1)
    for row in standings.table(event):
        recs[row.key].place = row.place * len(recs) + recs[row.key].seed
    results = {r.pairing: r for r in event.results() if r.pairing is not None}
    for p in event.pairings():
        a = recs[p.a]
        if p.b is None:
            a.byes += 1
            a.score += 1
            continue
        table = [recs[x] for x in p.sides]
        for x in table:
            x.opponents.extend(y.id for y in table if y is not x)
        if len(table) == 2:
            b = table[1]
            a.seat += 1
            b.seat -= 1
            a.last_seat, b.last_seat = 0, 1
        else:
            # At a table of three the first seat deals first.
            a.seat += 1
        r = results.get(p.id)
        if r is not None:
            for x, score in zip(table, standings.match_scores(r)):
                x.score += score
    return recs


def bye_candidates(recs, count):
    """The entries that may sit out, as tuples of ``count``, in the order they are tried:
    the fewest byes first (none, until everyone has had one), then the lowest placed."""
    order = sorted(recs.values(), key=lambda r: (r.byes, r.score, -r.place))
    ids = [r.id for r in order]
    return list(itertools.combinations(ids, count))[:MAX_BYE_TRIES] if count else [()]


def swiss(recs):
    """[(a, b)] entry ids of the next Swiss round, side A first, best tables
    first; b is None for the bye.

    The bye goes to the lowest placed entry without one whose sitting out
    leaves a round without repeated opponents; when every choice repeats,
    to the lowest placed."""
    best = None
    for out in bye_candidates(recs, len(recs) % 2):
        tables = _matched({k: r for k, r in recs.items() if k not in out})
        if best is None:
            best = (tables, out)
        if not any(recs[a].opponents.count(b) for a, b in tables):
            best = (tables, out)
            break
    tables, out = best
    return tables + [(e, None) for e in out]


def _matched(recs):
    order = sorted(recs.values(), key=lambda r: (-r.score, r.place))
    rank = {r.id: i for i, r in enumerate(order)}
    groups = {}
    for r in order:
        groups.setdefault(r.score, []).append(r.id)
    g = networkx.Graph()
    ids = [r.id for r in order]
    for i, x in enumerate(ids):
        for y in ids[i + 1:]:
            g.add_edge(x, y, weight=_weight(recs[x], recs[y], rank, groups))
    matching = networkx.max_weight_matching(g, maxcardinality=True)
    tables = [_seat(recs[x], recs[y], rank) for x, y in matching]
    tables.sort(key=lambda t: min(rank[t[0]], rank[t[1]]))
    return tables


def groups(recs, size, budget=20000):
    """[(a, b, c, ...)] entry ids of the next Swiss round at tables of ``size`` sides
    (three players alone, five at Briscola chiamata...), best tables first, the first
    seat to whoever has sat it least; (x, None) for each bye.

    The byes (when the number is not a multiple of ``size``) go to the
    lowest placed entries without one whose sitting out leaves tables where
    nobody meets anybody again, as ``swiss`` gives its bye. The tables are
    searched in standings order: each takes the highest placed entry left
    and the closest to it that it has not met, backtracking when that leaves
    the rest without such a table; after ``budget`` steps, or when no round
    avoids them, the tables take the fewest repeats in turn."""
    best = None
    for out in bye_candidates(recs, len(recs) % size):
        rest = {k: r for k, r in recs.items() if k not in out}
        tables = _grouped(rest, size, budget, False)
        if tables is not None:
            best = (tables, out)
            break
        if best is None:
            best = (_grouped(rest, size, budget, True), out)
    tables, out = best
    ids = [r.id for r in sorted(recs.values(), key=lambda r: (-r.score, r.place))]
    seated = [tuple(sorted(t, key=lambda e: (recs[e].seat, ids.index(e)))) for t in tables]
    return seated + [(e, None) for e in out]


def _grouped(recs, size, budget, repeats_allowed):
    """Tables of ``size`` over ``recs`` in standings order, or None (see groups)."""
    ids = [r.id for r in sorted(recs.values(), key=lambda r: (-r.score, r.place))]
    steps = [0]

    def repeats(table):
        return sum(recs[x].opponents.count(y) for x, y in itertools.combinations(table, 2))

    def search(left):
        if not left:
            return []
        steps[0] += 1
        x, rest = left[0], left[1:]
        options = []
        for others in itertools.combinations(rest, size - 1):
            rep = repeats((x,) + others)
            if rep and not repeats_allowed:
                continue
            options.append((rep, sum(abs(recs[x].score - recs[y].score) for y in others),
                            sum(ids.index(y) for y in others), others))
        options.sort()
        for _, _, _, others in options:
            if steps[0] > budget and not repeats_allowed:
                return None
            found = search([e for e in rest if e not in others])
            if found is not None:
                return [(x,) + others] + found
        return None

    return search(ids)


def _weight(x, y, rank, groups):
    w = _REPEAT * 4
    w -= _REPEAT * x.opponents.count(y.id)
    w -= _SCORE * int(2 * abs(x.score - y.score)) ** 2
    if (x.seat > 0 and y.seat > 0) or (x.seat < 0 and y.seat < 0):
        w -= _SEAT * min(abs(x.seat), abs(y.seat))
    if x.score == y.score:
        group = groups[x.score]
        half = len(group) // 2
        w -= (abs(group.index(x.id) - group.index(y.id)) - half) ** 2
    return w


def _seat(x, y, rank):
    """(side A, side B): A to whoever has sat it less; on a tie, away from the side sat last,
    else the higher ranked."""
    if x.seat != y.seat:
        return (x.id, y.id) if x.seat < y.seat else (y.id, x.id)
    if x.last_seat != y.last_seat and None not in (x.last_seat, y.last_seat):
        return (x.id, y.id) if x.last_seat == 1 else (y.id, x.id)
    return (x.id, y.id) if rank[x.id] < rank[y.id] else (y.id, x.id)


def bracket_order(size):
    """Seed numbers in bracket order for a bracket of ``size`` (a power of two):
    8 -> [1, 8, 4, 5, 2, 7, 3, 6]; neighbours meet first."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for k in order for s in (k, n + 1 - k)]
    return order


def knockout_rounds(n):
    """Rounds a knockout of ``n`` entries takes."""
    r = 0
    while (1 << r) < n:
        r += 1
    return r


def knockout_first(seeded):
    """[(a, b)] of round one for entry ids in seed order; b None for a bye."""
    size = 1 << knockout_rounds(len(seeded))
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in bracket_order(size)]
    tables = []
    for k in range(0, size, 2):
        a, b = slots[k], slots[k + 1]
        tables.append((a, b) if a is not None else (b, a))
    return tables


def knockout_next(previous, winner_of):
    """[(a, b)] of the next round from the previous round's tables in bracket
    order: the winners of neighbouring tables meet. ``winner_of((a, b))`` is
    the entry that went through (a itself for a bye)."""
    won = [winner_of(t) for t in previous]
    return [(won[k], won[k + 1]) for k in range(0, len(won), 2)]
