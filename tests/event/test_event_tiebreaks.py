"""Tie-breaks as arbiters count them, on small events whose figures are worked out by hand below."""

import csv

from event_helpers import event_of, run
from host_tools.commands.event import standings
from host_tools.commands.event.store import Side


def solo_event(tmp_path, capsys, names, tiebreaks):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--players", 2, "--rounds", 3,
               "--tiebreaks", tiebreaks)[0] == 0
    assert run(capsys, "event", "add", ev, *names)[0] == 0
    return ev


def play(e, rnd, tables):
    """Write round ``rnd`` as given: (a, b, winner, points of a, points of b), b None for a bye."""
    ids = {e.entry_label(x): x for x in e.entries()}
    players = e.entries()
    with e.change():
        e.add_round(rnd, [(ids[a], ids[b] if b else None) for a, b, *_ in tables])
        for a, b, winner, pa, pb in tables:
            if b is None:
                continue
            p = [q for q in e.pairings(rnd) if q.a == ids[a]][0]
            e.add_result([Side(players[ids[a]], 0 if winner == a else 1, 2 if winner == a else 1, pa),
                          Side(players[ids[b]], 0 if winner == b else 1, 2 if winner == b else 1, pb)],
                         pairing=p.id, source="test")


def test_byes_count_a_virtual_opponent_and_every_tie_break_is_as_counted_by_hand(tmp_path, capsys):
    ev = solo_event(tmp_path, capsys, ["A", "B", "C", "D", "E"], "buchholz,median,sonneborn-berger")
    e = event_of(ev)
    play(e, 1, [("A", "B", "A", 200, 160), ("C", "D", "C", 200, 160), ("E", None, None, 0, 0)])
    play(e, 2, [("A", "C", "A", 200, 160), ("E", "B", "E", 200, 160), ("D", None, None, 0, 0)])
    play(e, 3, [("A", "D", "A", 200, 160), ("C", "E", "E", 160, 200), ("B", None, None, 0, 0)])
    rows = {r.label: r for r in standings.table(e)}
    e.close()
    # Scores: A 3, E 3 (bye, B, C), B 1 (bye), C 1 (D), D 1 (bye).
    # E's round 1 bye: a virtual opponent of 0 before it, 0 not got, a draw in rounds 2 and 3: 1.
    # B's round 3 bye: 0 + 0 + 0; D's round 2 bye: 0 + 0 + 0.5 (round 3).
    want = {"A": (3, 3, 1, 3), "E": (3, 3, 1, 3), "B": (1, 6, 3, 0), "C": (1, 7, 3, 1), "D": (1, 4.5, 1, 0.5)}
    for name, (wins, bh, median, sb) in want.items():
        r = rows[name]
        assert (r.wins, r.value("buchholz"), r.value("median"), r.value("sonneborn-berger")) == \
            (wins, bh, median, sb), name
    assert [(r.label, r.place) for r in sorted(rows.values(), key=lambda r: (r.place, r.seed))] == \
        [("A", 1), ("E", 1), ("C", 3), ("B", 4), ("D", 5)]


def test_direct_encounter_ranks_by_the_match_between_the_tied(tmp_path, capsys):
    for order, second in (("direct,points", "A"), ("points,direct", "B")):
        folder = tmp_path / order.replace(",", "-")
        folder.mkdir()
        ev = solo_event(folder, capsys, ["A", "B", "C", "D"], order)
        e = event_of(ev)
        play(e, 1, [("A", "B", "A", 170, 190), ("C", "D", "C", 200, 160)])
        play(e, 2, [("A", "C", "C", 40, 200), ("B", "D", "B", 150, 90)])
        rows = standings.table(e)
        e.close()
        # A and B have one win each; A beat B, B has the better points (+80 against -180).
        assert [r.label for r in rows][:3] == ["C", second, "AB".replace(second, "")]


def test_the_order_is_written_on_every_output(tmp_path, capsys):
    ev = solo_event(tmp_path, capsys, ["A", "B", "C", "D"], "sonneborn-berger,direct,hands")
    order = "wins, then Sonneborn-Berger, then Direct encounter, then Hands +/-"
    assert order in run(capsys, "event", "show", ev)[1]
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0 and order in out
    assert order in (tmp_path / "web" / "standings.html").read_text("utf-8")
    head = next(csv.reader((tmp_path / "web" / "standings.csv").open(encoding="utf-8")))
    assert head[6:] == ["tie-break 1: sonneborn-berger", "tie-break 2: direct", "tie-break 3: hands", "points"]


def test_the_bye_goes_to_the_lowest_placed_entry_without_one(tmp_path, capsys):
    ev = solo_event(tmp_path, capsys, ["A", "B", "C", "D", "E"], "buchholz,points")
    rc, out, _ = run(capsys, "event", "pair", ev)
    assert "bye: E" in out
    e = event_of(ev)
    tabs = [(e.entry_label(p.a), e.entry_label(p.b)) for p in e.pairings(1) if p.b is not None]
    e.close()
    # Side A wins every table 2-0, so the losers are the lowest placed: of them, by points,
    # table 1's loser (-60 against -40), whatever the seeds say.
    for tbl, (a, b) in enumerate(tabs, 1):
        assert run(capsys, "event", "correct", ev, "--round", 1, "--table", tbl, "--winner", a,
                   "--hands", "2-0", "--points", "%d-%d" % (160 - 10 * tbl, 80 + 10 * tbl))[0] == 0
    e = event_of(ev)
    rows = standings.table(e)
    e.close()
    rc, out, _ = run(capsys, "event", "pair", ev)
    # The standings before round 2: the bye goes to the last row that has had none.
    lowest = [r.label for r in rows if r.byes == 0][-1]
    assert "bye: %s" % lowest in out and lowest == tabs[0][1]
