"""What `tanteador pull` shows is what the device shows: the engine's totals, its labels, each match as itself.

Each test pulls a flash folder through the command, as a person does, and
reads the files and charts it writes.
"""

import csv
import json
import xml.etree.ElementTree as ET

from host_tools import cli
from host_tools.support import charts
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import GOAL_POINTS, PAIRS, MatchOptions

# Two unnamed players, first to 3 hands won, 60-60 void: two void hands and a
# last one that sets the winner. The device shows 280-200 points (the void
# hands' 60s do not count) where adding the hands up makes 400-320.
VOIDS = (70, 60, 60, 40, 90, 60, 80)


def void_match():
    m = Match(MatchOptions(players=2, target=3))
    for p in VOIDS:
        m.record(0, p, 60000)
    assert m.over and m.totals == [280, 200] and m.won == [3, 1]
    return m


def pull_folder(tmp_path, files, lang="en"):
    """Pull a flash folder holding ``files`` ({name: Match}) and, for the settings, a
    state.json in ``lang`` whose match is the one named state.json (or none);
    returns (records, csv rows, the output folder)."""
    flash = tmp_path / "flash"
    flash.mkdir()
    for name, m in files.items():
        if name != "state.json":
            (flash / name).write_text(json.dumps(matchdoc.to_dict(m)))
    playing = files.get("state.json")
    state = {"v": 1, "cfg": {"lang": lang}, "m": None if playing is None else matchdoc.to_dict(playing), "scr": "table"}
    (flash / "state.json").write_text(json.dumps(state))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    records = json.loads((out / "matches.json").read_text("utf-8"))
    rows = list(csv.DictReader((out / "hands.csv").open(encoding="utf-8")))
    return records, rows, out


def svg_text(fig, path):
    charts.save(fig, str(path))
    return [t.text or "" for t in ET.parse(path).iter() if t.tag.endswith("text")]


def side_lines(ax):
    return [line for line in ax.lines if line.get_marker() != "None"]


def test_a_chart_of_void_hands_shows_the_devices_totals(tmp_path):
    m = void_match()
    records, rows, _ = pull_folder(tmp_path, {"h0001.json": m})
    r = records[0]
    assert r["totals"] == [280, 200]
    points, won = charts.running(r)
    assert [p[-1] for p in points] == [280, 200] and [w[-1] for w in won] == [3, 1]
    # After each hand what the table showed then: a void hand adds nothing.
    assert points[0] == [0, 70, 70, 70, 110, 200, 200, 280]
    fig = charts.match_figure(r)
    assert [list(line.get_ydata()) for line in side_lines(fig.axes[0])] == points
    text = svg_text(fig, tmp_path / "voids.svg")
    assert "P1: 280" in text and "P2: 200" in text
    assert [(row["total1"], row["total2"]) for row in rows][-1] == ("280", "200")


def test_lines_are_drawn_at_their_values_never_moved_apart(tmp_path):
    m = Match(MatchOptions(players=4, sides=PAIRS, target=2))
    for p in ((60, 60), (70, 50), (30, 90), (80, 40)):
        m.record(0, p, 1000)
    records, _, _ = pull_folder(tmp_path, {"h0001.json": m})
    fig = charts.match_figure(records[0])
    points, won = charts.running(records[0])
    assert points[0][-1] == points[1][-1] == 180
    for ax, want in zip(fig.axes, (points, won)):
        assert [list(line.get_ydata()) for line in side_lines(ax)] == want
        widths = [line.get_linewidth() for line in side_lines(ax)]
        assert widths[0] > widths[1]   # the first, under the second, shows round it


def goal_room(ax, goal):
    low, high = ax.get_ylim()
    return (high - goal) / (high - low)


def test_the_goal_line_is_inside_the_chart_with_room_above_it(tmp_path):
    wins = void_match()
    points = Match(MatchOptions(players=2, goal=GOAL_POINTS, target=200))
    points.record(0, 70, 1000)
    points.record(0, 90, 1000)
    points.record(0, 40, 1000)
    # Both ended on their goal: the highest line meets the goal's line.
    assert points.over and points.totals == [200, 160]
    records, _, _ = pull_folder(tmp_path, {"h0001.json": wins, "h0002.json": points})
    bottom = charts.match_figure(records[0]).axes[1]
    assert goal_room(bottom, 3) >= 0.05
    top = charts.match_figure(records[1]).axes[0]
    assert goal_room(top, 200) >= 0.05


def test_a_title_says_which_match_its_setup_and_its_players(tmp_path):
    m = Match(MatchOptions(players=4, sides=PAIRS, names=["Ana", "Bea", "", "Dani"], target=2))
    m.record(0, (70, 50), 1000)
    records, _, _ = pull_folder(tmp_path, {"h0007.json": m, "state.json": void_match()})
    title, = [t.get_text() for t in charts.match_figure(records[0]).texts]
    assert title == "Match 7: 4 players in pairs, first to 2 hands won, ties void\nAna/P3 vs Bea/Dani"
    assert "h0007" not in title
    title, = [t.get_text() for t in charts.match_figure(records[1]).texts]
    assert title.startswith("Current match: 2 players, first to 3 hands won") and "json" not in title


def test_the_summary_never_takes_seats_of_different_matches_for_one_player(tmp_path):
    def won_by_seat_0(names=None):
        m = Match(MatchOptions(players=2, names=names, target=1))
        m.record(0, 70, 1000)
        return m

    records, _, _ = pull_folder(tmp_path, {"h0001.json": won_by_seat_0(), "h0002.json": won_by_seat_0(),
                                           "h0003.json": won_by_seat_0(["Ana", "Luis"]),
                                           "h0004.json": won_by_seat_0(["Ana", ""])})
    wins = charts.wins_per_player(records)
    assert wins == {"P1 (match 1)": 1, "P2 (match 1)": 0, "P1 (match 2)": 1, "P2 (match 2)": 0,
                    "Ana": 2, "Luis": 0, "P2 (match 4)": 0}


def test_unnamed_seats_carry_the_devices_own_label_in_its_language(tmp_path):
    from host_tools.device.hostboard import HostBoard
    from tanteador.app import App

    m = Match(MatchOptions(players=4, target=2))
    for p in ((60, 20, 20, 20), (0, 0, 0, 120), (0, 0, 0, 120)):
        m.record(0, p, 1000)
    records, rows, _ = pull_folder(tmp_path, {"h0001.json": m, "state.json": Match(MatchOptions(players=4))},
                                   lang="it")
    assert records[0]["sides"] == ["G1", "G2", "G3", "G4"] and records[0]["winner"] == "G4"
    assert [row["dealer"] for row in rows] == ["G1", "G2", "G3"] and rows[1]["winner"] == "G4"
    # The labels are those the Italian device draws for the same seats.
    board = HostBoard(str(tmp_path / "flash"))
    app = App(board, board.now)
    app.poll(board.now)
    assert app.stage.cfg["lang"] == "it"
    assert [app.stage.side_name(i) for i in range(4)] == records[1]["sides"] == records[0]["sides"]


def test_without_a_readable_setting_unnamed_seats_are_labelled_in_english(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    m = Match(MatchOptions(players=2, target=1))
    m.record(0, 70, 1000)
    (flash / "h0001.json").write_text(json.dumps(matchdoc.to_dict(m)))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    assert json.loads((out / "matches.json").read_text("utf-8"))[0]["sides"] == ["P1", "P2"]


def test_a_name_on_both_seats_of_a_winning_pair_is_one_match_won(tmp_path):
    m = Match(MatchOptions(players=4, sides=PAIRS, names=["Ana", "Bea", "Ana", "Dani"], target=1))
    m.record(0, (70, 50), 1000)
    records, _, _ = pull_folder(tmp_path, {"h0001.json": m})
    assert records[0]["sides"] == ["Ana/Ana", "Bea/Dani"] and records[0]["winner_side"] == 0
    assert charts.wins_per_player(records) == {"Ana": 1, "Bea": 0, "Dani": 0}
