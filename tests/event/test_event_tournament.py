"""Whole events through the commands: an 8-pair, 3-round Swiss evening and a 6-pair knockout,
each match pushed to a simulated device, played on it, and pulled back."""

import csv
import itertools

from event_helpers import PAIRS, event_of, play_pushed, run, tables


def outcome(rnd, tbl, a, b):
    """The hands of a table as the test decides them: the earlier registered pair wins,
    except at every third table; 2-0 at odd tables, 2-1 at even ones."""
    a_wins = (PAIRS.index(a) < PAIRS.index(b)) != ((rnd + tbl) % 3 == 0)
    w, l = ("a", "b") if a_wins else ("b", "a")
    return w + w if tbl % 2 else w + l + w


def tally(played):
    """The standings by hand: {pair: [wins, points +/-, opponents]}."""
    t = {p: [0, 0, []] for p in PAIRS}
    for a, b, hands in played:
        pa = sum(70 if h == "a" else 50 for h in hands)
        pb = sum(50 if h == "a" else 70 for h in hands)
        winner = a if hands.count("a") == 2 else b
        t[winner][0] += 1
        t[a][1] += pa - pb
        t[b][1] += pb - pa
        t[a][2].append(b)
        t[b][2].append(a)
    return t


def test_an_eight_pair_swiss_evening_on_two_devices(tmp_path, capsys):
    ev = tmp_path / "fiesta.db"
    devices = [tmp_path / "dev1", tmp_path / "dev2"]
    rc, out, _ = run(capsys, "event", "create", ev, "--name", "Fiesta de San Roque", "--format", "swiss",
                     "--rounds", 3, "--players", 4, "--goal", "wins", "--target", 2)
    assert rc == 0 and "3 rounds" in out
    assert run(capsys, "event", "add", ev, *PAIRS)[0] == 0
    played = []
    for rnd in (1, 2, 3):
        rc, out, _ = run(capsys, "event", "pair", ev)
        assert rc == 0 and "round %d paired" % rnd in out
        tabs = tables(ev, rnd)
        assert sorted(tabs) == [1, 2, 3, 4]
        assert sorted(itertools.chain(*tabs.values())) == sorted(PAIRS)
        for tbl, (a, b) in sorted(tabs.items()):
            dev = devices[tbl % 2]
            rc, out, err = run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev)
            assert rc == 0, err
            hands = outcome(rnd, tbl, a, b)
            names, notice = play_pushed(dev, hands)
            assert "Table %d - Round %d" % (tbl, rnd) in notice
            assert names == [a.split("/")[0], b.split("/")[0], a.split("/")[1], b.split("/")[1]]
            played.append((a, b, hands))
            if tbl <= 2:
                # Half the tables are collected as the round goes on: the rest are missing yet.
                rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
                assert rc == 0 and "recorded: table %d, round %d" % (tbl, rnd) in out
                if tbl == 2:
                    assert "missing: table 3, round %d" % rnd in out
        rc, out, _ = run(capsys, "event", "pair", ev)
        if rnd < 3:
            assert rc == 1 and "round %d is not complete" % rnd in _
        for dev in devices:
            rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
            assert rc == 0
        assert "missing" not in out
    assert run(capsys, "event", "pair", ev)[0] == 1  # all three rounds are paired

    # Swiss: nobody met the same pair twice, and nobody sat side A three times.
    t = tally(played)
    for p in PAIRS:
        assert len(set(t[p][2])) == 3
    sides = [a for a, _, _ in played]
    assert all(sides.count(p) in (1, 2) for p in PAIRS)

    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0
    rows = list(csv.DictReader((tmp_path / "web" / "standings.csv").open(encoding="utf-8")))
    assert len(rows) == 8
    for r in rows:
        wins, diff, opps = t[r["name"]]
        assert float(r["wins"]) == wins and int(r["tie-break 4: points"]) == diff and int(r["played"]) == 3
        assert float(r["tie-break 1: buchholz"]) == sum(t[o][0] for o in opps)
    keys = [tuple(-float(r[k]) for k in ("wins", "tie-break 1: buchholz", "tie-break 2: median",
                                         "tie-break 3: sonneborn-berger", "tie-break 4: points")) for r in rows]
    assert keys == sorted(keys)
    page = (tmp_path / "web" / "standings.html").read_text("utf-8")
    assert "Fiesta de San Roque" in page and "data:image/png;base64," in page and "Raúl" in page
    assert 'name="viewport"' in page


def test_a_six_pair_knockout_with_byes(tmp_path, capsys):
    ev = tmp_path / "torneo.db"
    six = PAIRS[:6]
    assert run(capsys, "event", "create", ev, "--name", "Torneo", "--format", "knockout")[0] == 0
    assert run(capsys, "event", "add", ev, *six)[0] == 0
    dev = tmp_path / "dev"
    # A bracket of 8: seeds 1 and 2 (Ana/Luis, Eva/Pau) have byes, then meet the winners of 4 v 5 and 3 v 6.
    rounds = [
        ({("Tom/Rita", "Carla/Dani"), ("Jo/Bea", "Lía/Sam")}, ["Ana/Luis", "Eva/Pau"]),
        ({("Ana/Luis", "Tom/Rita"), ("Eva/Pau", "Jo/Bea")}, []),
        ({("Tom/Rita", "Jo/Bea")}, []),
    ]
    winners = {"Tom/Rita", "Jo/Bea"}
    for rnd, (want, byes) in enumerate(rounds, 1):
        rc, out, _ = run(capsys, "event", "pair", ev)
        assert rc == 0
        assert all("bye: %s" % b in out for b in byes)
        got = tables(ev, rnd)
        assert {frozenset(t) for t in got.values()} == {frozenset(t) for t in want}
        for tbl, (a, b) in sorted(got.items()):
            assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev)[0] == 0
            play_pushed(dev, "aa" if a in winners and (rnd < 3 or a == "Jo/Bea") else "bb")
        assert run(capsys, "event", "pull", ev, "--from-dir", dev)[0] == 0
    rc, out, err = run(capsys, "event", "pair", ev)
    assert rc == 1 and "final has been played" in err
    e = event_of(ev)
    try:
        final = e.pairings(3)[0]
        r = e.result_of(final.id)
        champion = (final.a, final.b)[[s.rank for s in r.sides].index(0)]
        assert e.entry_label(champion) == "Jo/Bea"
    finally:
        e.close()
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0
    rows = list(csv.DictReader((tmp_path / "web" / "standings.csv").open(encoding="utf-8")))
    assert [(r["name"], float(r["wins"])) for r in rows[:2]] == [("Jo/Bea", 3), ("Tom/Rita", 2)]
    byes = {r["name"]: int(r["byes"]) for r in rows}
    assert byes == {"Ana/Luis": 1, "Eva/Pau": 1, "Jo/Bea": 0, "Tom/Rita": 0, "Carla/Dani": 0, "Lía/Sam": 0}
