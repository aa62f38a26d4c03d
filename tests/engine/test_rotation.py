"""Who deals, cuts and leads. Seeds: 000 (cut at the dealer's left, lead at the
right), 002 (everything passes to the right, counterclockwise), 001 (another
direction: a setting)."""

import pytest

from tanteador import rotation
from tanteador.match import Match
from tanteador.matchoptions import CCW, CW, MatchOptions


@pytest.mark.parametrize("players,first,direction,dealers", [
    (2, 0, CCW, [0, 1, 0, 1]),
    (4, 0, CCW, [0, 1, 2, 3, 0]),
    (4, 2, CW, [2, 1, 0, 3, 2]),
    (3, 1, CCW, [1, 2, 0, 1]),
    (6, 5, CCW, [5, 0, 1, 2]),
    (5, 0, CW, [0, 4, 3, 2, 1, 0]),
])
def test_dealer_passes_002(players, first, direction, dealers):
    assert [rotation.dealer(players, first, direction, i) for i in range(len(dealers))] == dealers


@pytest.mark.parametrize("players,dealer,direction,cutter,leader", [
    (4, 0, CCW, 3, 1),   # 000: left cuts, right leads; seats run counterclockwise
    (4, 0, CW, 1, 3),    # mirrored
    (2, 0, CCW, 1, 1),   # 003: with two the opponent cuts and leads
    (2, 1, CW, 0, 0),
    (6, 5, CCW, 4, 0),
    (3, 0, CCW, 2, 1),
])
def test_cut_and_lead_000(players, dealer, direction, cutter, leader):
    assert rotation.cutter(players, dealer, direction) == cutter
    assert rotation.leader(players, dealer, direction) == leader


def test_play_order():
    assert rotation.order(4, 1, CCW) == (1, 2, 3, 0)
    assert rotation.order(4, 1, CW) == (1, 0, 3, 2)


def test_match_passes_the_deal_after_every_hand_void_included_000():
    m = Match(MatchOptions(players=4, first_dealer=2, target=10))
    seen = []
    for pts in [(60, 60, 0, 0), (30, 30, 30, 30), (120, 0, 0, 0)]:
        seen.append((m.dealer, m.cutter, m.leader))
        m.record(0, pts)
    seen.append((m.dealer, m.cutter, m.leader))
    assert seen == [(2, 1, 3), (3, 2, 0), (0, 3, 1), (1, 0, 2)]
    assert [h.dealer for h in m.hands] == [2, 3, 0]
    assert m.hands[0].winner is None and m.hands[1].winner is None
