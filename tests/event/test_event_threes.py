"""A Swiss evening at tables of three players alone: grouped in threes, byes when the number
does not divide, matches pulled from the devices, standings counted."""

import itertools
import json

from event_helpers import event_of, run
from host_tools.commands.event import standings
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import MatchOptions

SEVEN = ["Ana", "Eva", "Jo", "Tom", "Lía", "Noa", "Sam"]


def played_on_device(capsys, ev, tbl, folder, winner_seat):
    """Push table ``tbl`` to a flash folder and save there the match its device would
    finish: the side in seat ``winner_seat`` takes two hands 80-20-20."""
    assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", folder, "--force")[0] == 0
    pushed = json.loads((folder / "event.json").read_text("utf-8"))
    m = Match(MatchOptions.from_list(pushed["o"]), event=tuple(pushed["ev"]))
    for _ in range(2):
        m.record(0, tuple(80 if k == winner_seat else 20 for k in range(3)), 1000)
    assert m.over
    (folder / ("h%04d.json" % tbl)).write_text(json.dumps(matchdoc.to_dict(m)), "utf-8")
    return pushed["o"][1]


def test_a_swiss_evening_at_tables_of_three(tmp_path, capsys):
    ev = tmp_path / "tres.db"
    rc, out, err = run(capsys, "event", "create", ev, "--name", "Tres", "--players", 3, "--rounds", 3)
    assert rc == 0, err
    assert run(capsys, "event", "add", ev, *SEVEN)[0] == 0
    wins = {n: 0 for n in SEVEN}
    met = []
    for rnd in (1, 2, 3):
        rc, out, err = run(capsys, "event", "pair", ev)
        assert rc == 0, err
        e = event_of(ev)
        rows = e.pairings(rnd)
        labels = [[e.entry_label(x) for x in p.sides] for p in rows]
        e.close()
        tables = [t for t in labels if len(t) == 3]
        byes = [t[0] for t in labels if len(t) == 1]
        assert len(tables) == 2 and len(byes) == 1
        assert sorted(itertools.chain(*labels)) == sorted(SEVEN)
        for b in byes:
            wins[b] += 1
        folder = tmp_path / ("dev%d" % rnd)
        folder.mkdir()
        for tbl, names in enumerate(tables, 1):
            seats = played_on_device(capsys, ev, tbl, folder, winner_seat=tbl - 1)
            assert seats == names
            wins[names[tbl - 1]] += 1
            met.extend(frozenset(p) for p in itertools.combinations(names, 2))
        rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", folder)
        assert rc == 0 and "2 results recorded" in out and "missing" not in out
    # Seven players meet 18 times in three rounds. Round 1 makes two tables of three;
    # with one bye in round 2 one of them is whole again, and its three players
    # share two tables: one pair meets again, and only one.
    assert len(met) == 18 and len(set(met[:12])) == 11
    assert max(met.count(p) for p in met) == 2
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0
    e = event_of(ev)
    got = {r.label: r.wins for r in standings.table(e)}
    e.close()
    assert got == wins
    rc, out, _ = run(capsys, "event", "print", ev, "--out", tmp_path / "print")
    assert rc == 0
    assert "<th>Side C</th>" in (tmp_path / "print" / "pairings-round-3.html").read_text("utf-8")
    slips = (tmp_path / "print" / "slips-round-3.html").read_text("utf-8")
    assert slips.count("<tr><td>C</td>") == 2
    assert "<th>Seats A to C</th>" in (tmp_path / "web" / "standings.html").read_text("utf-8")
    e = event_of(ev)
    a, b, c = [e.entry_label(x) for x in e.pairing_at(3, 1).sides]
    e.close()
    rc, _, err = run(capsys, "event", "correct", ev, "--round", 3, "--table", 1, "--winner", b,
                     "--hands", "2-0", "--points", "160-80")
    assert rc == 2 and "--hands 2-0: give 3 numbers, side A first, e.g. 2-1-0 (side A %s, side B %s, side C %s)" % (
        a, b, c) in err
    rc, _, err = run(capsys, "event", "correct", ev, "--round", 3, "--table", 1, "--winner", b,
                     "--hands", "0-3-0", "--points", "60-240-60")
    assert rc == 2 and "the match is over before that" in err
    rc, out, err = run(capsys, "event", "correct", ev, "--round", 3, "--table", 1, "--winner", b,
                       "--hands", "1-2-0", "--points", "130-190-40", "--note", "slip")
    assert rc == 0, err
    assert "%s 1-2-0 %s v %s, %s wins, points 130-190-40" % (a, b, c, b) in out
    e = event_of(ev)
    rows = {r.label: r for r in standings.table(e)}
    e.close()
    # The correction moved round 3, table 1's win from the first seat to the second.
    assert rows[a].wins == wins[a] - 1 and rows[b].wins == wins[b] + 1


def test_tables_of_three_are_for_a_swiss_event(tmp_path, capsys):
    rc, _, err = run(capsys, "event", "create", tmp_path / "k.db", "--name", "K", "--players", 3,
                     "--format", "knockout")
    assert rc == 2 and "tables of more than two sides (3 players solo) are for a Swiss event" in err
