"""Presses needed to enter a two-sided hand score (holds count as one press)."""

from tanteador.screens.entry import START, step


def _one_press(v):
    """Values a single press or hold of UP or DOWN can stop at, from v."""
    out = set()
    for up in (True, False):
        x = step(v, up, 0)
        out.add(x)
        for n in range(1, 40):
            x = step(x, up, n)
            out.add(x)
    return out


def presses():
    """Fewest presses from the start value to every legal score of side 0."""
    dist = {START: 0}
    todo = [START]
    while todo:
        nxt = []
        for v in todo:
            for w in _one_press(v):
                if w not in dist:
                    dist[w] = dist[v] + 1
                    nxt.append(w)
        todo = nxt
    return dist


def test_every_legal_score_is_reachable_quickly():
    d = presses()
    legal = [v for v in range(121) if v not in (1, 119)]
    assert sorted(d) == legal
    counts = [d[v] for v in legal]
    mean = sum(counts) / len(counts)
    # Every score is one hold, or one hold and a press: the entry's share of a
    # five-press hand (trump and two OKs take the rest).
    assert max(counts) <= 2 and mean < 1.45


def test_steps():
    assert step(60, True, 0) == 61
    assert step(64, True, 4) == 65
    assert step(69, True, 10) == 70               # fine for the first ten repeats
    assert step(70, True, 11) == 72               # then by two
    assert step(50, False, 11) == 48
    assert step(0, True, 0) == 2 and step(2, False, 0) == 0
    assert step(120, False, 0) == 118 and step(118, True, 0) == 120
    assert step(120, True, 9) == 120 and step(0, False, 9) == 0
    assert step(0, True, 0, two=False) == 1
