"""`tanteador pull`: copies (never moves) the history, exports CSV/JSON/PNG, checks what came back."""

import csv
import json

import pytest

from fakeboard import FakeBoard
from host_tools import cli
from host_tools.support import link as linkmod
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import MatchOptions


def finished_match():
    m = Match(MatchOptions(players=2, names=["Ana", "Luis"], target=2))
    m.record(0, (70, 50), 300000)
    m.record(1, (40, 80), 240000)
    m.record(2, (90, 30), 280000)
    assert m.over
    return m


def match_in_play():
    m = Match(MatchOptions(players=2, names=["Eva", "Pau"], target=3))
    m.record(3, (61, 59), 100000)
    return m


@pytest.fixture
def board(tmp_path, monkeypatch):
    b = FakeBoard(tmp_path / "board")
    b.put("/tt/h/h0001.json", json.dumps(matchdoc.to_dict(finished_match())))
    b.put("/tt/state.json", json.dumps({"v": 1, "cfg": {"lang": "es"}, "m": matchdoc.to_dict(match_in_play()), "scr": "table"}))
    b.put("/tt/bad-1-state.json", b"{not json")
    b.put("/tt/names.json", '["Ana"]')
    b.put("/main.py", "run()")
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    return b


def test_pull_copies_and_exports(board, tmp_path, capsys):
    before = board.files()
    out = tmp_path / "out"
    assert cli.main(["pull", "--out", str(out)]) == 0
    assert board.files() == before  # nothing removed or changed on the board
    assert sorted(p.name for p in (out / "board").iterdir()) == ["bad-1-state.json", "h0001.json", "state.json"]
    assert (out / "board" / "bad-1-state.json").read_bytes() == b"{not json"
    records = json.loads((out / "matches.json").read_text("utf-8"))
    assert [r["file"] for r in records] == ["h0001.json", "state.json"]
    done, playing = records
    assert done["finished"] and done["end"] == "goal" and done["winner"] == "Ana"
    assert done["sides"] == ["Ana", "Luis"] and done["won"] == [2, 1]
    assert [h["points"] for h in done["hands"]] == [[70, 50], [40, 80], [90, 30]]
    assert [h["trump"] for h in done["hands"]] == ["oros", "copas", "espadas"]
    assert not playing["finished"] and playing["end"] is None and playing["sides"] == ["Eva", "Pau"]
    rows = list(csv.DictReader((out / "hands.csv").open(encoding="utf-8")))
    assert len(rows) == 4
    assert rows[2]["points1"] == "90" and rows[2]["won1"] == "2" and rows[2]["winner"] == "Ana"
    assert rows[3]["file"] == "state.json" and rows[3]["side2"] == "Pau"
    from PIL import Image

    img = Image.open(out / "charts" / "h0001.png")
    assert img.size == (1000, 600)
    assert len(img.getcolors(100000)) > 3  # lines and text were drawn
    assert sorted(p.name for p in (out / "charts").iterdir()) == ["h0001.png", "state.png", "summary.png"]
    msg = capsys.readouterr().out
    assert "3 files copied" in msg and "2 matches exported" in msg and "bad-*" in msg
    assert board.closed


def test_a_match_ended_early_is_told_from_one_played_to_its_goal(board, tmp_path):
    board.put("/tt/h/h0002.json", json.dumps(matchdoc.to_dict(match_in_play())))  # archived by End match
    out = tmp_path / "out"
    assert cli.main(["pull", "--out", str(out)]) == 0
    records = {r["file"]: r for r in json.loads((out / "matches.json").read_text("utf-8"))}
    assert (records["h0001.json"]["finished"], records["h0001.json"]["end"]) == (True, "goal")
    assert (records["h0002.json"]["finished"], records["h0002.json"]["end"]) == (False, "abandoned")
    assert (records["state.json"]["finished"], records["state.json"]["end"]) == (False, None)
    rows = {r["file"]: r for r in csv.DictReader((out / "hands.csv").open(encoding="utf-8"))}
    assert (rows["h0001.json"]["finished"], rows["h0001.json"]["end"]) == ("1", "goal")
    assert (rows["h0002.json"]["finished"], rows["h0002.json"]["end"]) == ("0", "abandoned")
    assert (rows["state.json"]["finished"], rows["state.json"]["end"]) == ("0", "")


def test_a_malformed_archive_is_named_and_not_exported(board, tmp_path, capsys):
    board.put("/tt/h/h0002.json", '{"v": 2, "o": [2], "a": []}')
    out = tmp_path / "out"
    assert cli.main(["pull", "--out", str(out)]) == 1
    msg = capsys.readouterr().out
    assert "h0002.json is not a match this version reads (shape)" in msg
    assert (out / "board" / "h0002.json").exists()
    assert [r["file"] for r in json.loads((out / "matches.json").read_text("utf-8"))] == ["h0001.json", "state.json"]
    assert "/tt/h/h0002.json" in board.files()


@pytest.mark.parametrize("source", ["board", "folder"])
def test_matches_an_earlier_firmware_kept_beside_the_save_are_pulled_too(board, tmp_path, capsys, source):
    board.put("/tt/h0002.json", json.dumps(matchdoc.to_dict(match_in_play())))
    board.put("/tt/h0001.json", b"an older copy put back by hand")
    before = board.files()
    out = tmp_path / "out"
    where = ["--from-dir", str(tmp_path / "board" / "tt")] if source == "folder" else []
    assert cli.main(["pull", "--out", str(out)] + where) == 1          # a copy that differs: said
    assert board.files() == before
    assert sorted(p.name for p in (out / "board").iterdir()) == [
        "bad-1-state.json", "beside-h0001.json", "h0001.json", "h0002.json", "state.json"]
    assert (out / "board" / "h0001.json").read_bytes() == before["/tt/h/h0001.json"]
    assert (out / "board" / "beside-h0001.json").read_bytes() == b"an older copy put back by hand"
    records = {r["file"]: r for r in json.loads((out / "matches.json").read_text("utf-8"))}
    assert sorted(records) == ["h0001.json", "h0002.json", "state.json"]
    assert records["h0001.json"]["winner"] == "Ana" and records["h0002.json"]["end"] == "abandoned"
    said = capsys.readouterr().out
    assert "h0001.json is also in the folder h/ with other bytes: the copy beside the save is in board/ " \
           "as beside-h0001.json, raw, not exported" in said


@pytest.mark.parametrize("source", ["board", "folder"])
def test_a_copy_beside_the_save_that_is_the_folder_s_byte_for_byte_is_pulled_once(board, tmp_path, capsys,
                                                                                  source):
    board.put("/tt/h0001.json", board.files()["/tt/h/h0001.json"])
    out = tmp_path / "out"
    where = ["--from-dir", str(tmp_path / "board" / "tt")] if source == "folder" else []
    assert cli.main(["pull", "--out", str(out)] + where) == 0
    assert sorted(p.name for p in (out / "board").iterdir()) == ["bad-1-state.json", "h0001.json", "state.json"]
    assert "warning" not in capsys.readouterr().out


def test_a_garbled_transfer_writes_nothing(board, tmp_path, monkeypatch, capsys):
    real = board.fs_readfile

    def garbled(path, *a, **kw):
        data = real(path, *a, **kw)
        return data[:-1] + b"X" if path.endswith("h0001.json") else data

    monkeypatch.setattr(board, "fs_readfile", garbled)
    out = tmp_path / "out"
    assert cli.main(["pull", "--out", str(out)]) == 1
    assert "different from what it holds" in capsys.readouterr().err
    assert not out.exists()


def test_nothing_to_pull(tmp_path, monkeypatch, capsys):
    b = FakeBoard(tmp_path / "board")
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, "fake0"))
    assert cli.main(["pull", "--out", str(tmp_path / "out")]) == 0
    assert "nothing to pull" in capsys.readouterr().out
    assert not (tmp_path / "out").exists()


def test_pull_from_a_flash_folder(board, tmp_path):
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(tmp_path / "board" / "tt"), "--out", str(out)]) == 0
    assert len(json.loads((out / "matches.json").read_text("utf-8"))) == 2


def test_a_french_suited_match_names_its_trumps_in_its_style(tmp_path):
    from tanteador.matchoptions import CARDS_FRENCH

    m = Match(MatchOptions(players=2, names=["Rui", "Inês"], cards=CARDS_FRENCH))
    for t in range(4):
        m.record(t, (60, 60), 60000)
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "h0001.json").write_text(json.dumps(matchdoc.to_dict(m)))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    records = json.loads((out / "matches.json").read_text("utf-8"))
    assert [h["trump"] for h in records[0]["hands"]] == ["diamonds", "hearts", "spades", "clubs"]
    rows = list(csv.DictReader((out / "hands.csv").open(encoding="utf-8")))
    assert [r["trump"] for r in rows] == ["diamonds", "hearts", "spades", "clubs"]


def chiamata_match():
    from tanteador.matchoptions import CHIAMATA, GOAL_POINTS

    m = Match(MatchOptions(players=6, sides=CHIAMATA, goal=GOAL_POINTS, target=9,
                           names=["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]))
    m.record(0, (1, 2, 70, 80), 300000)          # dealer Ana sits out; Beto and Carla make 70
    m.record(1, (3, 3, 90, 0), 300000)           # dealer Beto sits out; Dani alone, cappotto against
    m.record(2, (4, 0, 61, 50), 300000)          # dealer Carla sits out; Eva and Ana go down
    return m


def test_a_chiamata_match_exports_the_roles_and_every_players_score(tmp_path):
    m = chiamata_match()
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "h0001.json").write_text(json.dumps(matchdoc.to_dict(m)))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    rec = json.loads((out / "matches.json").read_text("utf-8"))[0]
    assert rec["game"] == "chiamata" and rec["call_scores"] == {"defender": 1, "partner": 1, "alone": 1,
                                                               "cappotto": 2}
    assert rec["sides"] == ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"] and rec["totals"] == m.totals
    assert rec["hands"][1]["call"] == {"caller": "Dani", "partner": None, "bid": 90, "points": 0, "made": False,
                                       "cappotto": True, "sits_out": "Beto"}
    rows = list(csv.DictReader((out / "hands.csv").open(encoding="utf-8")))
    assert [r["game"] for r in rows] == ["chiamata"] * 3
    got = [(r["dealer"], r["caller"], r["partner"], r["alone"], r["bid"], r["call_points"], r["made"], r["sits_out"])
           for r in rows]
    assert got == [("Ana", "Beto", "Carla", "0", "70", "80", "1", "Ana"),
                   ("Beto", "Dani", "", "1", "90", "0", "0", "Beto"),
                   ("Carla", "Eva", "Ana", "0", "61", "50", "0", "Carla")]
    scores = [[int(r["points%d" % i]) for i in range(1, 7)] for r in rows]
    assert scores == [list(h.points) for h in m.hands]
    assert scores[0] == [0, 2, 1, -1, -1, -1] and scores[1] == [2, 0, 2, -8, 2, 2]
    assert all(sum(s) == 0 for s in scores)
    # The players who took all 120 against Dani alone; the hands that gained each player.
    assert rows[1]["capote"] == "Ana/Carla/Eva/Fede" and rows[0]["capote"] == ""
    assert [rows[2]["won%d" % i] for i in range(1, 7)] == ["1", "2", "2", "1", "1", "2"]
    assert rows[0]["winner"] == "" and rows[0]["last"] == ""
    assert (out / "charts" / "h0001.png").exists()


def test_a_tie_settled_by_the_last_trick_names_who_took_it(tmp_path):
    from tanteador.matchoptions import TIE_LAST

    m = Match(MatchOptions(players=2, names=["Ana", "Luis"], tie=TIE_LAST))
    m.record(0, (60, 60), 60000, last=1)
    m.record(1, (70, 50), 60000)
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "h0001.json").write_text(json.dumps(matchdoc.to_dict(m)))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    rows = list(csv.DictReader((out / "hands.csv").open(encoding="utf-8")))
    assert [(r["game"], r["winner"], r["last"]) for r in rows] == [("brisca", "Luis", "Luis"), ("brisca", "Ana", "")]
    assert [(r["won1"], r["won2"]) for r in rows] == [("0", "1"), ("1", "1")]
    assert all(r["caller"] == "" and r["bid"] == "" for r in rows)


def test_the_readme_install_brings_the_charts():
    import re
    import tomllib

    from host_tools import ROOT

    with open("%s/pyproject.toml" % ROOT, "rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    assert any(re.match(r"matplotlib\b", d) for d in deps)
    with open("%s/Makefile" % ROOT, encoding="utf-8") as f:
        assert "pip install -e .\n" in f.read()   # make sim and make web install the project itself


def test_without_matplotlib_pull_says_how_to_get_the_charts(board, tmp_path, monkeypatch, capsys):
    import sys

    from host_tools.support import charts

    monkeypatch.setattr(charts, "available", lambda: False)
    out = tmp_path / "out"
    assert cli.main(["pull", "--out", str(out)]) == 0
    msg = capsys.readouterr().out
    assert "%s -m pip install \"matplotlib>=3.7\"" % sys.executable in msg
    assert (out / "hands.csv").exists() and not (out / "charts").exists()


def test_with_no_match_won_yet_pull_says_so_instead_of_an_empty_chart(tmp_path, capsys):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "state.json").write_text(json.dumps({"v": 1, "m": matchdoc.to_dict(match_in_play())}))
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    assert sorted(p.name for p in (out / "charts").iterdir()) == ["state.png"]
    assert "no summary chart yet: no match has been played to its goal" in capsys.readouterr().out


def test_pull_reads_the_match_in_play_with_its_journal(tmp_path):
    """A device cut between a hand's journal line and its whole save shows that
    hand after a boot: pull reports it too, and copies the journal raw."""
    flash = tmp_path / "flash"
    flash.mkdir()
    m = match_in_play()
    (flash / "state.json").write_text(json.dumps({"v": 1, "cfg": {"lang": "en"}, "m": matchdoc.to_dict(m),
                                                  "scr": "table", "n": 4}))
    k = m.cursor
    m.record(0, (80, 40), 2000)
    journal = b"4\n" + json.dumps([k, None, m.action(k)], separators=(",", ":")).encode() + b"\n"
    (flash / "state.log").write_bytes(journal)
    out = tmp_path / "out"
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(out)]) == 0
    (playing,) = json.loads((out / "matches.json").read_text("utf-8"))
    assert [h["points"] for h in playing["hands"]] == [[61, 59], [80, 40]]
    assert (out / "board" / "state.log").read_bytes() == journal
    # A journal that follows an older save is inside it: nothing added.
    (flash / "state.log").write_bytes(b"3" + journal[1:])
    assert cli.main(["pull", "--from-dir", str(flash), "--out", str(tmp_path / "out2")]) == 0
    (playing,) = json.loads((tmp_path / "out2" / "matches.json").read_text("utf-8"))
    assert [h["points"] for h in playing["hands"]] == [[61, 59]]


def test_the_pc_names_the_ended_matches_folder_as_the_firmware_does():
    from host_tools.commands import flash
    from host_tools.support import saves
    from tanteador import store

    assert saves.ARCH == flash.ENDED_DIR == store.ARCH
    assert saves.TT == flash.SAVES_DIR
