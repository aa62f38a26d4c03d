"""Steps to enter a two-sided hand score: a tap moves by 1, a long press by 10."""

from tanteador.screens.entry import START
from tanteador.screens.fields import move, step


def _one_step(v):
    """Values one tap or one long press of UP or DOWN leaves, from v."""
    out = set()
    for up in (True, False):
        out.add(move(v, up, 0, None))
        # A long press: the press steps by 1, its first repeat jumps from where it was.
        out.add(move(move(v, up, 0, None), up, 1, v))
    return out


def steps():
    """Fewest steps from the start value to every legal score of side 0."""
    dist = {START: 0}
    todo = [START]
    while todo:
        nxt = []
        for v in todo:
            for w in _one_step(v):
                if w not in dist:
                    dist[w] = dist[v] + 1
                    nxt.append(w)
        todo = nxt
    return dist


def test_every_legal_score_is_a_few_steps_away():
    d = steps()
    legal = [v for v in range(121) if v not in (1, 119)]
    assert sorted(d) == legal
    counts = [d[v] for v in legal]
    # Tens by long presses, units by taps: the entry's share of a ten-step hand
    # (the trump and two OKs take the rest).
    assert max(counts) <= 10 and sum(counts) / len(counts) < 6


def test_a_long_press_moves_by_ten_from_where_it_started():
    assert move(60, True, 0, None) == 61
    assert move(61, True, 1, 60) == 70            # not 71: the press's step is taken back
    assert move(70, True, 2, 60) is None          # held on: nothing more to time
    assert move(59, False, 1, 60) == 50
    assert move(4, False, 1, 5) == 0 and move(116, True, 1, 115) == 120
    # With two sides no score of 1 or 119: the jump goes past them.
    assert move(10, False, 1, 11) == 0 and move(110, True, 1, 109) == 120
    assert move(10, False, 1, 11, two=False) == 1


def test_steps():
    assert step(60, True) == 61
    assert step(0, True) == 2 and step(2, False) == 0
    assert step(120, False) == 118 and step(118, True) == 120
    assert step(120, True) == 120 and step(0, False) == 0
    assert step(0, True, two=False) == 1
    assert step(55, True, d=10) == 65
