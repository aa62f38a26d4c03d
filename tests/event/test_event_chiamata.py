"""A Swiss evening of Briscola chiamata: tables of five players, each scoring alone."""

import itertools
import json

from event_helpers import event_of, run
from host_tools.commands.event import standings
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import MatchOptions

TEN = ["Ana", "Eva", "Jo", "Tom", "Lía", "Noa", "Sam", "Iker", "Rosa", "Pau"]


def test_a_chiamata_evening_at_tables_of_five(tmp_path, capsys):
    ev = tmp_path / "chiamata.db"
    rc, out, err = run(capsys, "event", "create", ev, "--name", "Chiamata", "--players", 5, "--goal", "hands",
                       "--target", 1, "--rounds", 2)
    assert rc == 0 and "chiamata, 5 players" in out, err
    assert run(capsys, "event", "add", ev, *TEN)[0] == 0
    firsts = {n: 0 for n in TEN}
    for rnd in (1, 2):
        rc, out, err = run(capsys, "event", "pair", ev)
        assert rc == 0, err
        e = event_of(ev)
        tables = [[e.entry_label(x) for x in p.sides] for p in e.pairings(rnd)]
        e.close()
        assert [len(t) for t in tables] == [5, 5] and sorted(itertools.chain(*tables)) == sorted(TEN)
        folder = tmp_path / ("dev%d" % rnd)
        for tbl, names in enumerate(tables, 1):
            assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", folder, "--force")[0] == 0
            pushed = json.loads((folder / "event.json").read_text("utf-8"))
            assert pushed["o"][1] == names
            m = Match(MatchOptions.from_list(pushed["o"]), event=tuple(pushed["ev"]))
            # The player in seat tbl calls, takes the one after as partner, and makes the bid.
            caller = tbl
            m.record(0, (caller, (caller + 1) % 5, 61, 70), 1000)
            assert m.over and m.winner == caller
            firsts[names[caller]] += 1
            (folder / ("h%04d.json" % tbl)).write_text(json.dumps(matchdoc.to_dict(m)), "utf-8")
        rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", folder)
        assert rc == 0 and "2 results recorded" in out and "missing" not in out
    e = event_of(ev)
    rows = {r.label: r for r in standings.table(e)}
    e.close()
    assert {n: r.wins for n, r in rows.items()} == firsts
    assert all(r.played == 2 for r in rows.values())
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    rc, out, _ = run(capsys, "event", "print", ev, "--out", tmp_path / "print")
    assert rc == 0
    assert "<th>Side E</th>" in (tmp_path / "print" / "pairings-round-2.html").read_text("utf-8")
    rc, _, err = run(capsys, "event", "correct", ev, "--round", 2, "--table", 1, "--winner", "Ana",
                     "--hands", "1-0-0-0-0", "--points", "2-1-1-1-1")
    assert rc == 2 and "a chiamata table's hands are calls" in err
