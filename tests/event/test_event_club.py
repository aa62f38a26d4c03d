"""Club evenings: every finished match of every device counts, and rates its players with openskill."""

import csv
import json
from html import escape as html_escape

from openskill.models import PlackettLuce

from event_helpers import event_of, run
from host_tools.support import charts
from host_tools.commands.event import page
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import PAIRS, SOLO, MatchOptions


def pairs(names, sides_hands):
    m = Match(MatchOptions(players=4, sides=PAIRS, names=names, target=2))
    for side in sides_hands:
        m.record(0, (70, 50) if side == 0 else (50, 70), 1000)
    assert m.over
    return m


def three(names, winner_hands):
    m = Match(MatchOptions(players=3, sides=SOLO, names=names, target=1))
    pts = [[60, 40, 20], [20, 60, 40], [40, 20, 60]][winner_hands]
    m.record(0, pts, 1000)
    assert m.over
    return m


def put(folder, *matches, unfinished=None):
    folder.mkdir(parents=True)
    for k, m in enumerate(matches):
        (folder / ("h%04d.json" % (k + 1))).write_text(json.dumps(matchdoc.to_dict(m)), "utf-8")
    state = {"v": 1, "cfg": {}, "m": None if unfinished is None else matchdoc.to_dict(unfinished), "scr": "table"}
    (folder / "state.json").write_text(json.dumps(state), "utf-8")


def test_two_club_evenings_from_three_devices_rate_every_player_as_openskill_does(tmp_path, capsys):
    ev = tmp_path / "club.db"
    assert run(capsys, "event", "create", ev, "--name", "Círculo de Brisca", "--format", "club")[0] == 0
    assert run(capsys, "event", "add", ev, "Ana", "Luis")[0] == 0
    # Evening 1, two devices; evening 2, one device whose archive still holds an evening-1 match.
    m1 = pairs(["Ana", "Eva", "Luis", "Pau"], [0, 0])
    m2 = three(["Jo", "Bea", "Tom"], 1)
    m3 = pairs(["Ana", "Jo", "Eva", "Bea"], [1, 0, 1])
    m4 = pairs(["Luis", "Tom", "Pau", "Jo"], [0, 1, 0])
    nameless = Match(MatchOptions(players=2, target=1))
    nameless.record(0, (70, 50), 1000)
    put(tmp_path / "d1", m1, nameless)
    put(tmp_path / "d2", m2, unfinished=Match(MatchOptions(players=2, names=["Ana", "Eva"])))
    put(tmp_path / "d3", m1, m3, m4)
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "d1", "--evening", "2024-05-03")
    assert rc == 1 and "has seats without a name" in out and "1 result recorded" in out
    assert run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "d2", "--evening", "2024-05-03")[0] == 0
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "d3", "--evening", "2024-05-10")
    assert rc == 0 and "2 results recorded" in out and "1 recorded before" in out

    model = PlackettLuce()
    r = {}

    def rate(teams, ranks):
        new = model.rate([[r.setdefault(p, model.rating(name=p)) for p in t] for t in teams], ranks=ranks)
        for t, rated in zip(teams, new):
            for p, x in zip(t, rated):
                r[p] = x

    rate([["Ana", "Luis"], ["Eva", "Pau"]], [0, 1])
    rate([["Jo"], ["Bea"], ["Tom"]], [1, 0, 1])
    rate([["Ana", "Eva"], ["Jo", "Bea"]], [1, 0])
    rate([["Luis", "Pau"], ["Tom", "Jo"]], [0, 1])

    e = event_of(ev)
    try:
        rows = page.rating_rows(e)
    finally:
        e.close()
    got = {name: (mu, sigma) for name, _, mu, sigma, _, _ in rows}
    assert set(got) == set(r)
    for name, x in r.items():
        assert got[name] == (x.mu, x.sigma)
    assert {name: n for name, _, _, _, n, _ in rows}["Jo"] == 3

    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0 and "Rating" in out
    table = {row["name"]: row for row in csv.DictReader((tmp_path / "web" / "standings.csv").open(encoding="utf-8"))}
    assert float(table["Luis"]["wins"]) == 2 and int(table["Luis"]["played"]) == 2
    assert float(table["Bea"]["wins"]) == 2 and float(table["Tom"]["wins"]) == 0
    assert round(float(table["Ana"]["rating"]), 2) == round(r["Ana"].ordinal(), 2)
    html = (tmp_path / "web" / "standings.html").read_text("utf-8")
    assert "Círculo de Brisca" in html and "<details><summary>Ana:" in html and "2024-05-10" in html


def test_the_page_says_why_it_has_no_charts_without_matplotlib(tmp_path, capsys, monkeypatch):
    ev = tmp_path / "club.db"
    assert run(capsys, "event", "create", ev, "--name", "Club", "--format", "club")[0] == 0
    put(tmp_path / "d", pairs(["Ana", "Eva", "Luis", "Pau"], [0, 0]))
    assert run(capsys, "event", "pull", ev, "--from-dir", tmp_path / "d")[0] == 0
    monkeypatch.setattr(charts, "available", lambda: False)
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0 and "no charts: they need matplotlib" in out
    html = (tmp_path / "web" / "standings.html").read_text("utf-8")
    assert html_escape(page.NO_CHARTS) in html and "data:image/png" not in html and "Ana" in html
