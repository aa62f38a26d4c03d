"""Properties: any sequence of legal entries, refused entries, edits, undos and
redos keeps the invariants; undo then redo is identity; to_dict/from_dict is
identity."""

import json

from hypothesis import given, settings, strategies as st

from tanteador import goals, rotation
from tanteador.match import Match
from tanteador.options import MatchOptions, PAIRS, SOLO, TIE_VOID, TRIOS
from tanteador.rules import RulesError, check_points

VALUES = [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 4


@st.composite
def options(draw):
    players = draw(st.integers(2, 6))
    sides = [SOLO]
    if players in (4, 6):
        sides.append(PAIRS)
    if players == 6:
        sides.append(TRIOS)
    goal = draw(st.integers(0, 4))
    target = {0: draw(st.integers(1, 6)), 1: draw(st.sampled_from([1, 3, 5])), 2: draw(st.integers(1, 8)),
              3: draw(st.integers(60, 700)), 4: draw(st.integers(1, 60))}[goal]
    return MatchOptions(players=players, sides=draw(st.sampled_from(sides)), deck=draw(st.sampled_from([40, 48])),
                        prep=draw(st.integers(0, 1)), direction=draw(st.integers(0, 1)),
                        goal=goal, target=target, tie=draw(st.integers(0, 1)), reverse=draw(st.booleans()),
                        capote=draw(st.booleans()), trump_cycle=draw(st.booleans()),
                        first_dealer=draw(st.integers(0, players - 1))).validate()


def legal_points(data, o):
    # A real deal: the cards in play, shuffled, make the hand's tricks of
    # one card per player, and each trick goes to a side; the last cards
    # stay undrawn.
    n = o.nsides
    cards = data.draw(st.permutations(VALUES + [0] * (o.players * o.tricks_per_hand + o.undrawn_cards - 20)))
    pts = [0] * n
    for t in range(o.tricks_per_hand):
        pts[data.draw(st.integers(0, n - 1))] += sum(cards[t * o.players:(t + 1) * o.players])
    return pts


def check_invariants(m):
    o = m.options
    n = m.nsides
    won = [0] * n
    tot = [0] * n
    ms = 0
    for i, h in enumerate(m.hands):
        assert h.number == i + 1
        assert h.dealer == rotation.dealer(o.players, o.first_dealer, o.direction, i)
        assert check_points(h.points, n, o.undrawn_cards, o.players, o.tricks_per_hand) == h.points
        assert 0 <= h.trump < 4
        if o.trump_cycle:
            assert h.trump == i % 4
        if h.winner is not None:
            won[h.winner] += 1
            best = (min if o.reverse else max)(h.points)
            assert h.points[h.winner] == best and h.points.count(best) == 1
        if h.winner is not None or o.tie != TIE_VOID:
            for k in range(n):
                tot[k] += h.points[k]
        ms += h.elapsed_ms
        # The match never goes on after it was decided.
        verdict = goals.decide(o, won, tot, i + 1, ms, h.capote)
        if i < len(m.hands) - 1:
            assert verdict is None
        else:
            assert (verdict is not None) == m.over
            if verdict:
                assert (m.winner, m.end_reason) == verdict
    assert (m.won, m.totals, m.play_ms) == (won, tot, ms)
    assert m.dealer == rotation.dealer(o.players, o.first_dealer, o.direction, len(m.hands))
    assert m.hand_no == len(m.hands) + 1
    d = m.to_dict()
    m2 = Match.from_dict(json.loads(json.dumps(d, separators=(",", ":"))))
    assert m2.to_dict() == d and m2 == m


@given(options(), st.data())
@settings(max_examples=120, deadline=None)
def test_any_sequence_keeps_invariants(o, data):
    m = Match(o)
    for _ in range(data.draw(st.integers(1, 25))):
        op = data.draw(st.sampled_from(["record", "record", "record", "bad", "undo", "redo", "edit"]))
        before = m.to_dict()
        if op == "record":
            pts = legal_points(data, o)
            t = None if o.trump_cycle else data.draw(st.integers(0, 3))
            if m.over:
                try:
                    m.record(t, pts, 1)
                    raise AssertionError("recorded after the end")
                except RulesError as e:
                    assert e.code == "over"
            else:
                m.record(t, pts, data.draw(st.integers(0, 20 * 60000)))
                assert m.can_undo and not m.can_redo
                m.undo()
                assert m.can_redo
                m.redo()
                after = m.to_dict()
                m.undo()
                m.redo()
                assert m.to_dict() == after
        elif op == "bad":
            pts = [data.draw(st.integers(-5, 125)) for _ in range(m.nsides)]
            try:
                m.check(pts)
                legal = True
            except RulesError:
                legal = False
            if not legal:
                try:
                    m.record(0, pts)
                except RulesError:
                    pass
                assert m.to_dict() == before
        elif op == "undo":
            if m.undo():
                mid = m.to_dict()
                assert m.redo() and m.to_dict() == before
                assert m.undo() and m.to_dict() == mid
            else:
                assert not m.can_undo
        elif op == "redo":
            if m.redo():
                assert m.undo() and m.to_dict() == before
                assert m.redo()
        elif m.hands:
            i = data.draw(st.integers(0, len(m.hands) - 1))
            pts = legal_points(data, o)
            try:
                m.edit(i, points=pts)
                assert tuple(m.hands[i].points) == tuple(pts)
            except RulesError as e:
                assert e.code == "over" and m.to_dict() == before
        check_invariants(m)
