"""Card points, hand legality and deck preparation. Seeds: 000 (Brisca rules,
French), 002 (long guide), 003 (Briscola), 004 (historical Briscan)."""

import pytest
from hypothesis import given, settings, strategies as st

from tanteador import rules, ruletables
from tanteador.matchoptions import MatchOptions, PAIRS, SOLO, TRIOS
from tanteador.rules import RulesError, check_points, prep_info
from tanteador.split import can_hold

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


def _oracle(needs, pile, pile_cards, players=0, tricks=0):
    # Brute force: every way of dealing the 20 value cards one by one to a
    # side or to the pile, never past what each is to hold, counting each
    # side's cards; with ``players``, a side holding c cards won at least
    # ceil(c / players) of the ``tricks`` tricks (the blank cards fill them).
    n = len(needs)
    states = {(0,) * (2 * n) + (0, 0)}
    for v in VALUE_CARDS:
        nxt = set()
        for s in states:
            for k in range(n):
                if s[k] + v <= needs[k]:
                    nxt.add(s[:k] + (s[k] + v,) + s[k + 1:n + k] + (s[n + k] + 1,) + s[n + k + 1:])
            if s[2 * n] + v <= pile and s[2 * n + 1] < pile_cards:
                nxt.add(s[:2 * n] + (s[2 * n] + v, s[2 * n + 1] + 1))
        states = nxt
    for s in states:
        if s[:n] == tuple(needs) and s[2 * n] == pile:
            if not players or sum(-(-c // players) for c in s[n:2 * n]) <= tricks:
                return True
    return False


def test_every_point_in_the_pile_whatever_was_checked_before():
    # The search keeps a work list from call to call: a check with no side
    # holding a point must not read what an earlier check left there.
    for before in ([30, 30, 30, 30], [60, 60], [20] * 6):
        can_hold(before)
        assert can_hold([0, 0, 0, 0], 120, 20) == _oracle([0, 0, 0, 0], 120, 20) is True
        assert can_hold([0, 0, 0], 120, 3) == _oracle([0, 0, 0], 120, 3) is False


@pytest.mark.parametrize("needs,pile,pile_cards", [
    ((60, 65), -5, 3),            # no pile is worth less than nothing
    ((40, 40, 39), 1, 1),         # no card is worth 1
    ((40, 40, 30), 10, 0),        # points in the pile need a card there
    ((6,) * 18 + (4,) * 3, 0, 0),  # more sides with points than value cards
])
def test_piles_and_sides_no_deal_gives(needs, pile, pile_cards):
    assert can_hold(needs, pile, pile_cards) is False


@pytest.mark.slow
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


@given(st.integers(7, 8), st.sampled_from([(0, 0), (8, 5), (7, 6)]), st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_more_sides_than_a_table_has_match_brute_force(nsides, tricks, rnd):
    # can_hold takes any number of sides: a real deal, some nudged by a
    # few points, with and without a trick limit that bites.
    needs = [0] * nsides
    for v in VALUE_CARDS:
        needs[rnd.randrange(nsides)] += v
    i, j, d = rnd.randrange(nsides), rnd.randrange(nsides), rnd.choice([0, 0, 1, 2, 3])
    if needs[i] >= d:
        needs[i] -= d
        needs[j] += d
    assert can_hold(needs, 0, 0, *tricks) == _oracle(needs, 0, 0, *tricks), (needs, tricks)


def _setups():
    # Every table the setup allows, as (sides, players, tricks, undrawn cards).
    out = set()
    for players in range(2, 7):
        for deck in (40, 48):
            for prep in (0, 1):
                for sides in (SOLO, PAIRS, TRIOS):
                    try:
                        o = MatchOptions(players=players, deck=deck, prep=prep, sides=sides).validate()
                    except RulesError:
                        continue
                    out.add((o.nsides, o.players, o.tricks_per_hand, o.undrawn_cards))
    return sorted(out)


SETUPS = _setups()


def test_every_table_is_a_setup():
    assert (6, 6, 6, 0) in SETUPS and (3, 3, 13, 1) in SETUPS and (5, 5, 9, 3) in SETUPS
    assert (2, 6, 6, 0) in SETUPS and (3, 6, 8, 0) in SETUPS
    assert len(SETUPS) == len({s[:3] + (s[3],) for s in SETUPS}) >= 12


def _legal(pts, players, tricks, undrawn):
    # What a deal can give, by brute force: the pile holds what is missing.
    pile = 120 - sum(pts)
    if min(pts) < 0 or pile < 0 or pile > 11 * undrawn or (pile and not undrawn):
        return False
    return _oracle(pts, pile, undrawn, players, tricks)


def _check(pts, players, tricks, undrawn):
    try:
        check_points(pts, len(pts), undrawn, players, tricks)
        return True
    except RulesError:
        return False


@st.composite
def _hands(draw):
    # A setup and points to try there: a real deal in whole tricks, a near
    # even split nudged, or one big side and small ones (where tricks bite).
    nsides, players, tricks, undrawn = draw(st.sampled_from(SETUPS))
    kind = draw(st.integers(0, 2))
    if kind == 0:
        cards = draw(st.permutations(VALUE_CARDS + [0] * (players * tricks + undrawn - 20)))
        pts = [0] * nsides
        for t in range(tricks):
            pts[draw(st.integers(0, nsides - 1))] += sum(cards[t * players:(t + 1) * players])
    elif kind == 1:
        total = 120 - draw(st.integers(0, 11 * undrawn))
        pts = [total // nsides] * nsides
        pts[0] += total - sum(pts)
        for _ in range(draw(st.integers(0, 5))):
            i, j, d = draw(st.integers(0, nsides - 1)), draw(st.integers(0, nsides - 1)), draw(st.integers(1, 6))
            if pts[i] >= d:
                pts[i] -= d
                pts[j] += d
    else:
        pts = [draw(st.sampled_from([0, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 21, 22]))
               for _ in range(nsides - 1)]
        pts.insert(draw(st.integers(0, nsides - 1)), 0)
        pts[pts.index(0)] = max(0, 120 - draw(st.integers(0, 11 * undrawn)) - sum(pts))
    return kind, (nsides, players, tricks, undrawn), tuple(pts)


@pytest.mark.slow
@given(_hands())
@settings(max_examples=400, deadline=None)
def test_every_setup_matches_a_deal_in_whole_tricks(case):
    kind, (nsides, players, tricks, undrawn), pts = case
    legal = _legal(pts, players, tricks, undrawn)
    assert _check(pts, players, tricks, undrawn) == legal, case
    if kind == 0:
        assert legal, case


@pytest.mark.parametrize("points,players,tricks,code", [
    # 6 players, 40 cards: 6 tricks of 6 cards. 112 points are 16 cards (3
    # tricks) and each 2-point side won a trick of its own: 7 tricks.
    ((112, 2, 2, 2, 2, 0), 6, 6, "tricks"),
    ((112, 2, 2, 2, 2, 0), 6, 8, None),           # 48 cards: 8 tricks
    ((112, 2, 2, 2, 2, 0), 0, 0, None),           # tricks not asked
    ((114, 2, 2, 2, 0, 0), 6, 6, None),           # 3 + 3 tricks
    ((20, 20, 20, 20, 20, 20), 6, 6, None),
    ((2, 2, 2, 2, 2, 110), 6, 6, "cards"),        # five jacks: no split at all
    ((29, 28, 19, 18, 17, 9), 6, 6, "cards"),
])
def test_the_tricks_of_a_hand_bound_the_points(points, players, tricks, code):
    if code is None:
        assert check_points(points, len(points), 0, players, tricks) == points
    else:
        with pytest.raises(RulesError) as e:
            check_points(points, len(points), 0, players, tricks)
        assert e.value.code == code
        if code == "tricks":
            assert e.value.nums == (tricks,) and e.value.side is None


@pytest.mark.slow
def test_six_players_forty_cards_every_total():
    # Every split of 120 among six players (in order of size): 346,486 are
    # some split of the value cards, and 41,160 of those cannot be dealt in
    # six tricks of six cards (the figures of a full enumeration of deals).
    def parts(total, k, most):
        if k == 1:
            yield (total,)
            return
        for x in range(min(total, most), (total + k - 1) // k - 1, -1):
            for rest in parts(total - x, k - 1, x):
                yield (x,) + rest

    cards = tricks = 0
    for p in parts(120, 6, 120):
        try:
            check_points(p, 6, 0, 6, 6)
        except RulesError as e:
            if e.code == "tricks":
                tricks += 1
                cards += 1
            continue
        cards += 1
    assert (cards, tricks) == (346486, 41160)


@pytest.mark.parametrize("points,undrawn,side", [
    ((120, 0, 0), 0, 0),
    ((109, 0, 0), 1, 0),          # 3 players, an ace undrawn: side 0 took every point in play
    ((0, 0, 120), 1, 2),
    ((0, 110, 0), 1, 1),
    ((0, 87, 0, 0, 0), 3, 1),     # three aces undrawn
    ((109, 0, 0), 0, None),       # the whole deck in play: 11 points are somewhere
    ((100, 9, 0), 1, None),
    ((0, 0, 0), 1, None),
])
def test_capote_with_undrawn_cards(points, undrawn, side):
    assert rules.capote_side(points, undrawn) == side


def test_the_card_tables_are_the_cards():
    # Every way of making each number out of the value cards (0..4 of each
    # value), and what the search's tables say about them, from the cards
    # alone.
    from itertools import product

    values = (11, 10, 4, 3, 2)
    field = (12, 16, 0, 4, 8)        # where each value's count sits in a packed int
    ways = [[] for _ in range(121)]
    for counts in product(range(5), repeat=5):
        ways[sum(c * v for c, v in zip(counts, values))].append(counts)

    assert list(ruletables.MC) == [min((sum(w) for w in ways[x]), default=255) for x in range(121)]

    for k, n, j in product(range(5), repeat=3):
        made = {4 * a + 3 * b + 2 * c for a in range(k + 1) for b in range(n + 1) for c in range(j + 1)}
        row = ruletables.LM[(k * 25 + n * 5 + j) * 5:(k * 25 + n * 5 + j + 1) * 5]
        assert {s for s in range(40) if row[s >> 3] >> (s & 7) & 1} == made, (k, n, j)

    for s in range(37):
        lows = [(k, n, j) for k, n, j in product(range(5), repeat=3) if 4 * k + 3 * n + 2 * j == s]
        lows.sort(key=lambda w: (sum(w), -w[0], -w[1]))
        assert ruletables.LOWS[s] == tuple(k | n << 4 | j << 8 | (k + n + j) << 20 for k, n, j in lows), s

    def record(x, ws):
        if not ws:
            return 15
        lo = min(w[0] + w[1] for w in ws)
        hi = max(w[0] + w[1] for w in ws)
        return lo | hi << 8 | (x & 1) << 16 | (0 if hi else x) << 21

    for x in range(121):
        six = [w for w in ways[x] if sum(w) <= 6]
        assert ruletables.SIDE[x] == record(x, ways[x]), x
        assert ruletables.SIDE6[x] == record(x, six), x
        high = [11 * w[0] + 10 * w[1] for w in ways[x]]
        high6 = [11 * w[0] + 10 * w[1] for w in six]
        top6 = sum(max((w[t] for w in six), default=0) << field[t] for t in range(5))
        top = sum(max((w[t] for w in ways[x]), default=0) << field[t] for t in range(5))
        assert list(ruletables.PER[x * 12:x * 12 + 12]) == [
            min(high, default=255), max(high, default=0), min(high6, default=255), max(high6, default=0),
            max((sum(w) for w in ways[x]), default=0), len(six),
            top6 & 255, top6 >> 8 & 255, top6 >> 16, top & 255, top >> 8 & 255, top >> 16], x


def test_the_split_search_counts_the_same_points_as_the_rules():
    """split keeps its own folded copy of the hand's points (it may not import rules, which imports it)."""
    from tanteador import split

    assert split._TOTAL == rules.TOTAL == 120
