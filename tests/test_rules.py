"""Card points, hand legality and deck preparation. Seeds: 000 (Brisca rules,
French), 002 (long guide), 003 (Briscola), 004 (historical Briscan)."""

import pytest
from hypothesis import given, settings, strategies as st

from tanteador import rules
from tanteador.rules import RulesError, can_hold, check_points, prep_info

VALUE_CARDS = [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 4


@pytest.mark.parametrize("rank,points", [
    (0, 11), (1, 10), (2, 4), (3, 3), (4, 2), (5, 0), (6, 0), (7, 0), (11, 0),
])
def test_card_points_000_003_004(rank, points):
    assert rules.RANK_POINTS[rank] == points


def test_a_hand_holds_120_000_004():
    assert sum(rules.RANK_POINTS[r] for r in rules.deck_ranks(40)) * 4 == 120
    assert sum(rules.RANK_POINTS[r] for r in rules.deck_ranks(48)) * 4 == 120
    assert len(rules.deck_ranks(40)) * 4 == 40 and len(rules.deck_ranks(48)) * 4 == 48


@pytest.mark.parametrize("points,code", [
    ((0, 120), None),            # 002: count the smaller pile
    ((60, 60), None),            # 000: 60-60 exists (void)
    ((2, 118), None),
    ((118, 2), None),
    ((1, 119), "one"),           # no card subset sums to 1
    ((119, 1), "one"),
    ((121, -1), "range"),
    ((-1, 121), "range"),
    ((50, 60), "total"),
    ((60, 61), "total"),
    ((60,), "count"),
    ((40, 40, 40), "count"),
    ((60.0, 60), "range"),
])
def test_two_sides_000_004(points, code):
    if code is None:
        assert check_points(points, 2) == tuple(points)
    else:
        with pytest.raises(RulesError) as e:
            check_points(points, 2)
        assert e.value.code == code


@pytest.mark.parametrize("points,undrawn,code", [
    ((40, 40, 40), 0, None),              # 002: 3 players, one 2 removed
    ((120, 0, 0), 0, None),
    ((118, 2, 0), 0, None),
    ((40, 40, 39), 0, "total"),
    ((41, 40, 40), 0, "total"),
    ((117, 2, 1), 0, "one"),              # 1 point is never a pile
    ((3, 3, 3, 3, 3, 105), 0, "cards"),   # five sides of 3 need five knights
    ((2, 2, 2, 2, 2, 110), 0, "cards"),   # five jacks
    ((5, 5, 5, 5, 5, 95), 0, "cards"),
    ((3, 3, 3, 3, 108), 0, None),         # four knights exist
    ((20, 20, 20, 20, 20, 20), 0, None),
    ((19, 19, 19, 21, 21, 21), 0, None),
    # 002: 3 players leaving the last card undrawn: one card, 0..11 points
    ((40, 40, 40), 1, None),
    ((40, 40, 30), 1, None),              # a three stayed undrawn
    ((40, 40, 29), 1, None),              # an ace stayed undrawn
    ((40, 40, 28), 1, "missing"),         # 12 points cannot be one card
    ((40, 40, 39), 1, "undrawn"),         # 1 point is no card
    ((60, 30, 25), 1, "undrawn"),         # 5 points is no single card
    ((60, 30, 31), 1, "above"),
    # 002: 5 players, 48 cards, last three undrawn: up to 33 points
    ((20, 20, 20, 20, 7), 3, None),       # three aces undrawn
    ((20, 20, 20, 20, 6), 3, "missing"),
    ((20, 20, 20, 20, 39), 3, "undrawn"),
    ((12, 12, 31, 23, 12), 3, "cards"),   # 30 undrawn = three 3s, then only one 10 for three 12s
    ((12, 12, 31, 23, 12), 0, "total"),
])
def test_more_sides_002_004(points, undrawn, code):
    n = len(points)
    if code is None:
        assert check_points(points, n, undrawn) == points
    else:
        with pytest.raises(RulesError) as e:
            check_points(points, n, undrawn)
        assert e.value.code == code


@pytest.mark.parametrize("points,undrawn,code,side,nums", [
    # Three players, the last card undrawn: each refusal says what is wrong.
    ((41, 40, 40), 1, "above", None, (121,)),      # more than the whole deck
    ((41, 40, 20), 1, "missing", None, (19, 11)),  # one card holds 11 at most
    ((41, 40, 38), 1, "undrawn", None, (1,)),      # no card is worth 1
    ((41, 40, 40), 0, "total", None, (121,)),      # the whole deck: exactly 120
    ((60, 1, 59), 0, "one", 1, (1,)),              # the side at fault is named
    ((119, 0, 1), 0, "one", 0, (119,)),
    ((50, 60), 0, "total", None, (110,)),
    ((60, 121, 0), 0, "range", 1, ()),
])
def test_a_refusal_names_its_reason_side_and_numbers(points, undrawn, code, side, nums):
    with pytest.raises(RulesError) as e:
        check_points(points, len(points), undrawn)
    assert (e.value.code, e.value.side, e.value.nums) == (code, side, nums)


def test_the_refused_totals_of_the_issue_are_accepted_when_possible():
    assert check_points((41, 40, 37), 3, 1) == (41, 40, 37)   # a three left undrawn
    assert check_points((41, 40, 39), 3, 0) == (41, 40, 39)


def _pairs_oracle():
    # Every (a, b) that two of three sides can hold, by brute force over the 20 cards.
    states = {(0, 0)}
    for v in VALUE_CARDS:
        states = {s for a, b in states for s in ((a, b), (a + v, b), (a, b + v))}
    return states


def test_three_sides_match_brute_force():
    ok = _pairs_oracle()
    for a in range(121):
        for b in range(121 - a):
            assert can_hold((a, b, 120 - a - b)) == ((a, b) in ok), (a, b)


def test_one_undrawn_card_matches_brute_force():
    # 3 players, one card undrawn: any of the 40 (value or blank).
    ok = set()
    for k in range(len(VALUE_CARDS) + 1):
        rest = VALUE_CARDS[:k] + VALUE_CARDS[k + 1:]
        u = VALUE_CARDS[k] if k < len(VALUE_CARDS) else 0
        states = {(0, 0)}
        for v in rest:
            states = {s for a, b in states for s in ((a, b), (a + v, b), (a, b + v))}
        ok |= {(a, b, 120 - u - a - b) for a, b in states}
    for a in range(0, 121, 3):
        for b in range(0, 121 - a):
            for u in (0, 1, 2, 3, 4, 5, 10, 11):
                c = 120 - u - a - b
                if c < 0:
                    continue
                try:
                    check_points((a, b, c), 3, 1)
                    legal = True
                except RulesError:
                    legal = False
                assert legal == ((a, b, c) in ok), (a, b, c)


@given(st.integers(3, 6), st.integers(0, 3), st.randoms(use_true_random=False))
@settings(max_examples=300, deadline=None)
def test_any_real_deal_is_accepted(nsides, undrawn, rnd):
    pts = [0] * nsides
    pile, pile_cards = 0, 0
    for v in VALUE_CARDS:
        k = rnd.randrange(nsides + (1 if pile_cards < undrawn else 0))
        if k == nsides:
            pile += v
            pile_cards += 1
        else:
            pts[k] += v
    assert sum(pts) + pile == 120
    assert check_points(pts, nsides, undrawn) == tuple(pts)


@pytest.mark.parametrize("players,deck,prep,hint,tricks,undrawn", [
    (2, 40, 0, None, 20, 0),         # 000
    (2, 48, 0, None, 24, 0),         # 002
    (3, 40, 0, "rm2", 13, 0),        # 002, 003, 004: remove one 2
    (3, 40, 1, "undrawn1", 13, 1),   # 002, 004: leave the last card undrawn
    (3, 48, 0, None, 16, 0),
    (4, 40, 0, None, 10, 0),         # 000, 002
    (4, 48, 0, None, 12, 0),
    (5, 40, 0, None, 8, 0),
    (5, 48, 0, "rm89", 9, 0),        # 002: 48 less three
    (5, 48, 1, "undrawn3", 9, 3),    # 002: leave the last three
    (6, 40, 0, "rm2s", 6, 0),        # 004: remove the four 2s
    (6, 40, 1, "rm2s", 6, 0),
    (6, 48, 0, None, 8, 0),          # 002
])
def test_prep_and_tricks_002_004(players, deck, prep, hint, tricks, undrawn):
    assert prep_info(players, deck, prep) == (hint, tricks, undrawn)
    assert hint is None or hint in rules.HINTS


@pytest.mark.parametrize("points,reverse,winner", [
    ((61, 59), False, 0),            # 003: 61 wins
    ((60, 60), False, None),         # 000, 004: void
    ((30, 90), False, 1),
    ((30, 90), True, 0),             # 002: reverse brisca
    ((60, 60), True, None),
    ((50, 50, 20), False, None),     # tie for the top with more sides
    ((50, 50, 20), True, 2),
    ((20, 20, 80), True, None),
    ((20, 50, 50), False, None),
])
def test_hand_winner_000_002_003(points, reverse, winner):
    assert rules.hand_winner(points, reverse) == winner


@pytest.mark.parametrize("points,side", [((120, 0), 0), ((0, 120), 1), ((118, 2), None), ((0, 0, 120), 2)])
def test_capote(points, side):
    assert rules.capote_side(points) == side


def _oracle(needs, pile, pile_cards):
    # Brute force: every way of dealing the 20 value cards one by one to a
    # side or to the pile, never past what each is to hold.
    n = len(needs)
    states = {(0,) * n + (0, 0)}
    for v in VALUE_CARDS:
        nxt = set()
        for s in states:
            for k in range(n):
                if s[k] + v <= needs[k]:
                    nxt.add(s[:k] + (s[k] + v,) + s[k + 1:])
            if s[n] + v <= pile and s[n + 1] < pile_cards:
                nxt.add(s[:n] + (s[n] + v, s[n + 1] + 1))
        states = nxt
    return any(s[:n + 1] == tuple(needs) + (pile,) for s in states)


@given(st.integers(4, 6), st.sampled_from([0, 0, 1, 3, 20]), st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_more_sides_match_brute_force(nsides, pile_cards, rnd):
    # Near-equal splits with a few points moved: the hard cases to decide.
    pile = rnd.choice([0, rnd.randint(0, 11 * pile_cards)]) if pile_cards else 0
    rest = 120 - pile
    needs = [rest // nsides] * nsides
    needs[-1] += rest - sum(needs)
    for _ in range(rnd.randint(0, 5)):
        i, j = rnd.randrange(nsides), rnd.randrange(nsides)
        d = rnd.randint(1, 6)
        if needs[i] >= d:
            needs[i] -= d
            needs[j] += d
    assert can_hold(needs, pile, pile_cards) == _oracle(needs, pile, pile_cards), (needs, pile, pile_cards)
