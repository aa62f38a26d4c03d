"""Smoke run of the match engine, no pytest: plays whole matches of every goal
type with 2 to 6 players, checks the figures and the round trip, prints OK.
Runs under MicroPython (e.g. with a Pico-sized heap) and CPython."""

import gc
import json

from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchdoc import dumps
from tanteador.matchload import loads
from tanteador.matchoptions import (GOAL_BESTOF, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, GOAL_WINS, MatchOptions,
                               PAIRS, SOLO, TRIOS)
from tanteador.rules import RulesError
from tanteador.firstdealer import draw_for_dealer

VALUES = (11, 11, 11, 11, 10, 10, 10, 10, 4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2)


class Lcg:
    """Small deterministic random source (the same numbers on every port)."""

    def __init__(self, seed):
        self.s = seed

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def deal(rnd, o):
    # A real deal: the cards in play, shuffled, make the hand's tricks of
    # one card per player, and each trick goes to a side; the last cards
    # stay undrawn.
    players = o.players
    tricks = o.tricks_per_hand
    cards = list(VALUES) + [0] * (players * tricks + o.undrawn_cards - len(VALUES))
    for i in range(len(cards) - 1, 0, -1):
        j = rnd.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    pts = [0] * o.nsides
    for t in range(tricks):
        pts[rnd.below(o.nsides)] += sum(cards[t * players:(t + 1) * players])
    return pts


def play(o, seed):
    rnd = Lcg(seed)
    m = Match(o)
    guard = 0
    while not m.over:
        guard += 1
        assert guard < 500, "no end"
        t = None if o.trump_cycle else rnd.below(4)
        m.record(t, deal(rnd, o), 60000 + rnd.below(600000))
        if rnd.below(5) == 0 and not m.over:
            m.undo()
            assert m.can_redo
            m.redo()
    assert m.winner is not None and m.end_reason
    try:
        m.record(0, deal(rnd, o))
        raise AssertionError("recorded after the end")
    except RulesError as e:
        assert e.code == "over"
    text = dumps(m)
    assert len(text) < 2048 or len(m.hands) > 30, len(text)
    m2 = loads(text)
    assert matchdoc.to_dict(m2) == matchdoc.to_dict(m) and m2.winner == m.winner and m2.totals == m.totals
    n = 0
    while m2.undo():
        n += 1
    assert n == len(m.hands) and not m2.hands
    while m2.redo():
        pass
    assert matchdoc.to_dict(m2) == matchdoc.to_dict(m)
    r = m.rematch()
    assert r.dealer == m.dealer and not r.hands
    return m


SETUPS = (
    dict(players=2, goal=GOAL_WINS, target=3),
    dict(players=2, goal=GOAL_BESTOF, target=5, capote=True),
    dict(players=3, goal=GOAL_HANDS, target=5, prep=1),
    dict(players=4, sides=PAIRS, goal=GOAL_POINTS, target=500, direction=1),
    dict(players=4, sides=SOLO, goal=GOAL_TIME, target=30, tie=1),
    dict(players=5, deck=48, prep=1, goal=GOAL_POINTS, target=200, reverse=True),
    dict(players=6, sides=TRIOS, goal=GOAL_WINS, target=4, trump_cycle=True),
    dict(players=6, sides=PAIRS, deck=48, goal=GOAL_HANDS, target=4),
    dict(players=6, goal=GOAL_TIME, target=20, reverse=True),
)

for i, kw in enumerate(SETUPS):
    for seed in (1, 2, 3):
        m = play(MatchOptions(**kw), seed * 7 + i)
    gc.collect()

d = draw_for_dealer(4, Lcg(9).below, pairs=True)
assert sorted(d.seats) == [0, 1, 2, 3] and d.dealer == 0
d = draw_for_dealer(5, Lcg(4).below, deck=48)
assert 0 <= d.dealer < 5

m = Match(MatchOptions(players=6, goal=GOAL_HANDS, target=40))
rnd = Lcg(5)
for _ in range(30):
    m.record(rnd.below(4), deal(rnd, m.options), 599999)
assert len(json.dumps(matchdoc.to_dict(m))) < 2048

if hasattr(gc, "mem_alloc"):
    # MicroPython: a long match stays a few bytes per hand in memory, and
    # refusing hard points with five sides leaves little garbage behind.
    from tanteador.rules import check_points

    m = Match(MatchOptions(players=4, sides=PAIRS, goal=GOAL_TIME, target=999))
    gc.collect()
    before = gc.mem_alloc()
    for i in range(500):
        m.record(i % 4, 40 + (i * 7) % 41, 61234)
    gc.collect()
    per_hand = (gc.mem_alloc() - before) // 500
    assert per_hand < 40, per_hand
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    try:
        check_points((12, 12, 31, 23, 12), 5, 3)
        raise AssertionError("accepted")
    except RulesError as e:
        assert e.code == "cards"
    garbage = gc.mem_alloc() - before
    gc.enable()
    assert garbage < 4096, garbage
print("OK")
