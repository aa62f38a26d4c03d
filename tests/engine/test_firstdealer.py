"""Sides and the virtual draw. Seeds: 000 and 004 (draw, 4 in pairs), 002 (sides for 4 and 6)."""

import random

import pytest

from tanteador.matchoptions import MatchOptions, PAIRS, SOLO, TRIOS
from tanteador.rules import RulesError
from tanteador.firstdealer import draw_for_dealer


class Script:
    """rand_below that plays given values first, then a seeded generator."""

    def __init__(self, values, seed=0):
        self.values = list(values)
        self.rnd = random.Random(seed)

    def __call__(self, n):
        if self.values:
            v = self.values.pop(0)
            assert 0 <= v < n
            return v
        return self.rnd.randrange(n)


@pytest.mark.parametrize("players,sides,expected", [
    (2, SOLO, [(0,), (1,)]),
    (3, SOLO, [(0,), (1,), (2,)]),
    (4, PAIRS, [(0, 2), (1, 3)]),              # 000, 002: partners face to face
    (6, PAIRS, [(0, 3), (1, 4), (2, 5)]),      # 002
    (6, TRIOS, [(0, 2, 4), (1, 3, 5)]),        # 002, 004: alternating
    (5, SOLO, [(0,), (1,), (2,), (3,), (4,)]),
])
def test_side_seats_000_002_004(players, sides, expected):
    o = MatchOptions(players=players, sides=sides).validate()
    assert o.nsides == len(expected)
    assert [o.side_seats(i) for i in range(o.nsides)] == expected


@pytest.mark.parametrize("players,sides", [
    (2, PAIRS), (3, PAIRS), (5, PAIRS), (4, TRIOS), (3, TRIOS), (2, 7),
])
def test_impossible_sides_are_refused(players, sides):
    with pytest.raises(RulesError) as e:
        MatchOptions(players=players, sides=sides).validate()
    assert e.value.code == "sides"


def test_draw_highest_deals_000_002():
    # Player 0 draws the ace of oros, player 1 (j = 1 + 4) the three of copas.
    r = draw_for_dealer(2, Script([0, 4]))
    assert r.rounds == [[(0, (0, 0)), (1, (1, 1))]]
    assert r.dealer == 0 and r.seats == [0, 1] and r.teams is None


def test_draw_ties_are_redrawn_among_the_tied_000():
    # Round 1: players 0 and 2 tie with aces, player 1 a king; round 2 among 0 and 2 only.
    r = draw_for_dealer(3, Script([0, 7, 0, 4, 0]))
    first = r.rounds[0]
    assert [c[0] for _, c in first] == [0, 2, 0]
    assert [w for w, _ in r.rounds[1]] == [0, 2]
    assert r.rounds[1][0][1][0] == 1 and r.rounds[1][1][1][0] == 0
    assert r.dealer == 2


def test_draw_48_deck_has_8_and_9():
    seen = set()
    rnd = random.Random(5)
    for _ in range(300):
        r = draw_for_dealer(6, rnd.randrange, deck=48)
        for rnd_ in r.rounds:
            seen |= {c[0] for _, c in rnd_}
    assert {5, 6} <= seen
    seen40 = set()
    for _ in range(300):
        for rnd_ in draw_for_dealer(6, rnd.randrange, deck=40).rounds:
            seen40 |= {c[0] for _, c in rnd_}
    assert not seen40 & {5, 6}


def test_four_in_pairs_seating_000_004():
    # p0 ace, p1 three, p2 king, p3 knight: 0+1 against 2+3; 0 deals at seat 0,
    # partner 1 opposite (seat 2), 2 (best of the others) at the dealer's right (seat 1).
    r = draw_for_dealer(4, Script([0, 4, 8, 12]), pairs=True)
    assert len(r.rounds) == 1
    assert r.dealer == 0
    assert r.teams == ((0, 1), (2, 3))
    assert r.seats == [0, 2, 1, 3]


def test_four_in_pairs_every_tie_that_matters_is_redrawn_000():
    # Round 1: p0 and p1 both aces, p2 and p3 both kings (everything tied).
    # Then p0/p1 redraw (p1 wins with an ace against a three), then p2/p3 (p3 wins).
    r = draw_for_dealer(4, Script([0, 0, 8, 8, 4, 0, 4, 0]), pairs=True)
    assert len(r.rounds) == 3
    assert [w for w, _ in r.rounds[1]] == [0, 1]
    assert [w for w, _ in r.rounds[2]] == [2, 3]
    assert r.teams == ((1, 0), (3, 2))
    assert r.seats == [1, 3, 0, 2]


def test_draw_is_a_function_of_the_random_source():
    for seed in range(50):
        for players in range(2, 7):
            a = draw_for_dealer(players, random.Random(seed).randrange, pairs=players == 4)
            b = draw_for_dealer(players, random.Random(seed).randrange, pairs=players == 4)
            assert (a.rounds, a.dealer, a.seats, a.teams) == (b.rounds, b.dealer, b.seats, b.teams)
            # The dealer drew the best card of the last round.
            last = a.rounds[-1]
            best = min(c[0] for _, c in last)
            if players == 4:
                assert sorted(a.seats) == [0, 1, 2, 3]
                assert a.teams[0][0] == a.seats[0] and a.teams[0][1] == a.seats[2]
            else:
                assert [c for w, c in last if w == a.dealer][0][0] == best
            for rnd_ in a.rounds:
                cards = [c for _, c in rnd_]
                assert len(set(cards)) == len(cards)
