"""Swiss and knockout pairing on their own: repeats avoided, byes and seats fair, brackets right."""

import itertools

from host_tools.commands.event import pairing


def play_swiss(n, rounds, beats):
    """Pair ``rounds`` Swiss rounds of ``n`` entries; ``beats(a, b)`` decides each table."""
    recs = {e: pairing.Record(e, e) for e in range(1, n + 1)}
    history = []
    for _ in range(rounds):
        tables = pairing.swiss(recs)
        history.append(tables)
        for a, b in tables:
            ra = recs[a]
            if b is None:
                ra.byes += 1
                ra.score += 1
                continue
            rb = recs[b]
            ra.opponents.append(b)
            rb.opponents.append(a)
            ra.seat += 1
            rb.seat -= 1
            ra.last_seat, rb.last_seat = 0, 1
            winner = recs[a] if beats(a, b) else recs[b]
            winner.score += 1
    return recs, history


def test_seven_entries_five_rounds_no_repeats_one_bye_each_at_most():
    recs, history = play_swiss(7, 5, lambda a, b: a < b)
    for tables in history:
        assert sum(1 for _, b in tables if b is None) == 1
        assert sorted(x for t in tables for x in t if x is not None) == list(range(1, 8))
    for r in recs.values():
        assert len(r.opponents) == len(set(r.opponents))
        assert r.byes <= 1
        assert abs(r.seat) <= 2  # as in chess Swiss systems: a difference of two at most
    # The byes go to the bottom of the standings, not to the leader.
    byes = [b_less[0] for b_less in ([a for a, b in t if b is None] for t in history)]
    assert 1 not in byes


def test_round_one_folds_the_field_and_later_rounds_pair_equal_scores():
    recs, history = play_swiss(8, 2, lambda a, b: a < b)
    assert sorted(tuple(sorted(t)) for t in history[0]) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    # After round 1 the four winners (1-4) meet each other, the four losers too.
    for a, b in history[1]:
        assert (a <= 4) == (b <= 4)


def test_a_repeat_is_made_only_when_nothing_else_is_possible():
    # Four entries, four rounds: after three rounds everyone has met everyone.
    recs, history = play_swiss(4, 4, lambda a, b: a < b)
    for r in recs.values():
        assert len(set(r.opponents[:3])) == 3


def test_brackets():
    assert pairing.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert pairing.knockout_rounds(6) == 3 and pairing.knockout_rounds(8) == 3 and pairing.knockout_rounds(9) == 4
    first = pairing.knockout_first(["s1", "s2", "s3", "s4", "s5"])
    assert first == [("s1", None), ("s4", "s5"), ("s2", None), ("s3", None)]
    assert pairing.knockout_next(first, lambda t: t[0]) == [("s1", "s4"), ("s2", "s3")]


def test_nine_players_at_tables_of_three_never_meet_twice_in_four_rounds():
    recs = {e: pairing.Record(e, e) for e in range(1, 10)}
    met = []
    for _ in range(4):
        tables = pairing.groups(recs, 3)
        assert sorted(e for t in tables for e in t) == list(range(1, 10))
        for t in tables:
            for x in t:
                recs[x].opponents.extend(y for y in t if y != x)
            recs[t[0]].score += 1
            met.extend(frozenset(p) for p in itertools.combinations(t, 2))
    assert len(met) == 36 and len(set(met)) == 36


def test_the_bye_goes_where_the_rest_can_pair_without_a_repeat():
    # Five entries, none with a bye: 1 has met 2, 3 and 4. With 5 (the lowest placed)
    # out, 1 would meet one of them again: 4, the next lowest, sits out instead.
    recs = {e: pairing.Record(e, e) for e in range(1, 6)}
    for a, b in ((1, 2), (1, 3), (1, 4)):
        recs[a].opponents.append(b)
        recs[b].opponents.append(a)
    tables = pairing.swiss(recs)
    pairs = [frozenset(t) for t in tables if t[1] is not None]
    assert not any(recs[a].opponents.count(b) for a, b in (tuple(p) for p in pairs))
    assert [t[0] for t in tables if t[1] is None] == [4]
