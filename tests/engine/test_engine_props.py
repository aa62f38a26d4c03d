"""Properties: any sequence of legal entries, refused entries, edits, undos and
redos keeps the invariants; undo then redo is identity; to_dict/from_dict is
identity."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from tanteador import matchdoc, matchload
from tanteador import chiamata, goals, rotation
from tanteador.match import Match
from tanteador.matchoptions import CHIAMATA, MatchOptions, PAIRS, SOLO, TIE_SPLIT, TRIOS
from tanteador.rules import RulesError, check_points, hand_winner

VALUES = [11] * 4 + [10] * 4 + [4] * 4 + [3] * 4 + [2] * 4


@st.composite
def options(draw):
    players = draw(st.integers(2, 6))
    if players >= 5 and draw(st.booleans()):
        goal = draw(st.integers(2, 4))
        d = draw(st.integers(1, 9))
        return MatchOptions(players=players, sides=CHIAMATA, goal=goal,
                            target={2: draw(st.integers(1, 8)), 3: draw(st.integers(1, 30)),
                                    4: draw(st.integers(1, 60))}[goal],
                            direction=draw(st.integers(0, 1)), first_dealer=draw(st.integers(0, players - 1)),
                            call=[d, draw(st.integers(0, 3 * d // 2)), draw(st.integers(1, 9)),
                                  draw(st.integers(1, 4))]).validate()
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
                        goal=goal, target=target, tie=draw(st.integers(0, 2)), reverse=draw(st.booleans()),
                        capote=draw(st.booleans()), trump_cycle=draw(st.booleans()),
                        first_dealer=draw(st.integers(0, players - 1))).validate()


def legal_points(data, o, index=0):
    # A real deal: the cards in play, shuffled, make the hand's tricks of
    # one card per player, and each trick goes to a side; the last cards
    # stay undrawn. In chiamata: five play 8 tricks, and a call for hand
    # ``index`` by seats in play.
    if o.chiamata:
        cards = data.draw(st.permutations(VALUES + [0] * 20))
        pts = sum(sum(cards[t * 5:t * 5 + 5]) for t in range(8) if data.draw(st.booleans()))
        out = chiamata.sitting_out(o.players, rotation.dealer(o.players, o.first_dealer, o.direction, index))
        seats = [s for s in range(o.players) if s != out]
        return (data.draw(st.sampled_from(seats)), data.draw(st.sampled_from(seats)),
                data.draw(st.integers(61, 120)), pts)
    n = o.nsides
    cards = data.draw(st.permutations(VALUES + [0] * (o.players * o.tricks_per_hand + o.undrawn_cards - 20)))
    pts = [0] * n
    for t in range(o.tricks_per_hand):
        pts[data.draw(st.integers(0, n - 1))] += sum(cards[t * o.players:(t + 1) * o.players])
    return pts


def last_for(data, m, pts, index=None):
    # The side that took the last trick, when the tie rule asks it.
    return data.draw(st.integers(0, m.nsides - 1)) if m.needs_last(m.check(pts, index)) else None


def check_invariants(m):
    o = m.options
    n = m.nsides
    won = [0] * n
    tot = [0] * n
    ms = 0
    for i, h in enumerate(m.hands):
        assert h.number == i + 1
        assert h.dealer == rotation.dealer(o.players, o.first_dealer, o.direction, i)
        assert 0 <= h.trump < 4
        if o.trump_cycle:
            assert h.trump == i % 4
        if o.chiamata:
            # Every hand adds up to zero, the seat sitting out scores nothing.
            assert h.points == chiamata.scores(chiamata.check(h.entry, o.players, h.dealer), o.players, h.dealer,
                                               o.call)
            assert sum(h.points) == 0 and h.winner is None and h.last is None
            for k in range(n):
                won[k] += h.points[k] > 0
                tot[k] += h.points[k]
        else:
            assert check_points(h.points, n, o.undrawn_cards, o.players, o.tricks_per_hand) == h.points
            assert h.entry == h.points
            # The last trick is known exactly where it settles a tie.
            assert (h.last is not None) == (o.tie == 2 and hand_winner(h.points, o.reverse) is None)
            assert h.winner == hand_winner(h.points, o.reverse, h.last)
        if h.winner is not None:
            won[h.winner] += 1
        if not o.chiamata and (h.winner is not None or o.tie == TIE_SPLIT):
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
    d = matchdoc.to_dict(m)
    m2 = matchload.from_dict(json.loads(json.dumps(d, separators=(",", ":"))))
    assert matchdoc.to_dict(m2) == d == matchdoc.to_dict(m)


@pytest.mark.slow
@given(options(), st.data())
@settings(max_examples=120, deadline=None)
def test_any_sequence_keeps_invariants(o, data):
    m = Match(o)
    for _ in range(data.draw(st.integers(1, 25))):
        op = data.draw(st.sampled_from(["record", "record", "record", "bad", "undo", "redo", "edit"]))
        before = matchdoc.to_dict(m)
        if op == "record":
            pts = legal_points(data, o, len(m.hands))
            t = None if o.trump_cycle else data.draw(st.integers(0, 3))
            if m.over:
                try:
                    m.record(t, pts, 1)
                    raise AssertionError("recorded after the end")
                except RulesError as e:
                    assert e.code == "over"
            else:
                m.record(t, pts, data.draw(st.integers(0, 20 * 60000)), last_for(data, m, pts))
                assert m.cursor and not m.can_redo
                m.undo()
                assert m.can_redo
                m.redo()
                after = matchdoc.to_dict(m)
                m.undo()
                m.redo()
                assert matchdoc.to_dict(m) == after
        elif op == "bad":
            pts = [data.draw(st.integers(-5, 125)) for _ in range(4 if o.chiamata else m.nsides)]
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
                assert matchdoc.to_dict(m) == before
        elif op == "undo":
            if m.undo():
                mid = matchdoc.to_dict(m)
                assert m.redo() and matchdoc.to_dict(m) == before
                assert m.undo() and matchdoc.to_dict(m) == mid
            else:
                assert not m.cursor
        elif op == "redo":
            if m.redo():
                assert m.undo() and matchdoc.to_dict(m) == before
                assert m.redo()
        elif m.hands:
            i = data.draw(st.integers(0, len(m.hands) - 1))
            pts = legal_points(data, o, i)
            try:
                m.edit(i, points=pts, last=last_for(data, m, pts, i))
                assert tuple(m.hands[i].entry) == tuple(pts)
            except RulesError as e:
                assert e.code == "over" and matchdoc.to_dict(m) == before
        check_invariants(m)
