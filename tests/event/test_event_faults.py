"""`tanteador event` facing faults: a file it cannot write, two commands at once, a reader that
goes away, spreadsheets' CSV files, and corrections no match can end with."""

import os
import sqlite3
import subprocess
import sys

import pytest

from event_helpers import PAIRS, dump, event_of, play_pushed, run
from host_tools import ROOT
from host_tools.commands.event import store
from host_tools.commands.event.store import Event


@pytest.fixture
def fiesta(tmp_path, capsys):
    """A Swiss event of four pairs with round 1 paired and table 1 played 2-0 on a device."""
    ev = tmp_path / "fiesta.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--rounds", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS[:4])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    dev = tmp_path / "dev"
    assert run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)[0] == 0
    play_pushed(dev, "aa")
    return ev, dev


def read_only(monkeypatch):
    """From now on event files open as SQLite opens a file it may not write (as a
    read-only file or folder does for a user who is not the superuser)."""
    def connect(path):
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True, isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    monkeypatch.setattr(store, "_connect", connect)


@pytest.mark.parametrize("argv", [
    ["pull", "{ev}", "--from-dir", "{dev}"],
    ["pair", "{ev}"],
    ["correct", "{ev}", "--round", "1", "--table", "2", "--winner", "Eva", "--hands", "2-1", "--points", "200-160"],
    ["push", "{ev}", "--table", "2", "--flash", "{dev2}"],
])
def test_a_read_only_event_file_is_one_clear_line_and_nothing_changes(fiesta, tmp_path, capsys, monkeypatch,
                                                                    argv):
    ev, dev = fiesta
    if argv[0] == "pair":
        for tbl in (1, 2):
            e = event_of(ev)
            winner = e.entry_label(e.pairing_at(1, tbl).a)
            e.close()
            assert run(capsys, "event", "correct", ev, "--round", 1, "--table", tbl, "--winner", winner,
                       "--hands", "2-0", "--points", "150-90")[0] == 0
    read_only(monkeypatch)
    before = dump(ev)
    rc, out, err = run(capsys, "event", *[a.format(ev=ev, dev=dev, dev2=tmp_path / "dev2") for a in argv])
    assert rc in (1, 2)
    assert "read-only" in err and "nothing changed" in err and err.count("\n") == 1, err
    assert dump(ev) == before
    # A push that cannot be noted in the event file leaves the device as it was.
    assert not (tmp_path / "dev2").exists()


def test_two_pairs_at_once_one_pairs_and_the_other_says_so(tmp_path, capsys, monkeypatch):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS)[0] == 0
    real = Event.last_round
    raced = []

    def other_command_first(self):
        # The other organiser's `pair` runs between this one's look and its change.
        seen = real(self)
        if not raced:
            raced.append(None)
            raced[0] = run(capsys, "event", "pair", ev)
        return seen

    monkeypatch.setattr(Event, "last_round", other_command_first)
    rc, out, err = run(capsys, "event", "pair", ev)
    assert raced[0][0] == 0 and "round 1 paired" in raced[0][1]
    assert rc == 1 and "round 1 was paired meanwhile by another command" in err and "Traceback" not in err
    e = event_of(ev)
    try:
        assert len(e.pairings(1)) == 4 and real(e) == 1
    finally:
        e.close()


def test_show_into_a_reader_that_stops_early_ends_quietly(fiesta):
    ev, _ = fiesta
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "firmware"), ROOT]))
    code = "import sys; from host_tools import cli; sys.exit(cli.main(sys.argv[1:]))"
    reader = subprocess.Popen(["head", "-n", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    p = subprocess.run([sys.executable, "-c", code, "event", "show", str(ev), "--history"],
                       stdout=reader.stdin, stderr=subprocess.PIPE, text=True, timeout=120)
    reader.stdin.close()
    reader.wait()
    assert "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr, p.stderr
    assert p.returncode == 0


@pytest.mark.parametrize("text", ["Ana;Leo\nEva;Pau\n", "Ana\tLeo\nEva\tPau\n", "Ana,Leo\nEva,Pau\n",
                                  "Jugador;Jugador\nAna;Leo\nEva;Pau\n"])
def test_a_solo_event_reads_the_separator_and_skips_a_header(tmp_path, capsys, text):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--players", 2)[0] == 0
    (tmp_path / "players.csv").write_text(text, "utf-8")
    rc, out, err = run(capsys, "event", "add", ev, "--csv", tmp_path / "players.csv")
    assert rc == 0, err
    assert "4 entries registered" in out
    assert ("header row skipped: Jugador, Jugador" in out) == text.startswith("Jugador")
    e = event_of(ev)
    try:
        assert [e.entry_label(x) for x in e.entries()] == ["Ana", "Leo", "Eva", "Pau"]
    finally:
        e.close()


def test_pairs_from_a_semicolon_csv_with_a_header(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    (tmp_path / "pairs.csv").write_text("Player 1;Player 2\nAna;Luis\nEva;Pau\n", "utf-8")
    rc, out, _ = run(capsys, "event", "add", ev, "--csv", tmp_path / "pairs.csv")
    assert rc == 0 and "2 entries registered" in out and "header row skipped" in out
    rc, out, _ = run(capsys, "event", "add", ev, "Jo/Bea")
    assert rc == 0 and "1 entry registered; 3 in all" in out


def test_the_standings_csv_is_safe_in_a_spreadsheet_and_counts_in_whole_numbers(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--rounds", 1)[0] == 0
    assert run(capsys, "event", "add", ev, "=1+1/Luis", "Eva/Pau")[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    assert run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", "Eva", "--hands", "0-2",
               "--points", "80-160")[0] == 0
    out = tmp_path / "out"
    assert run(capsys, "event", "standings", ev, "--out", out)[0] == 0
    lines = (out / "standings.csv").read_text("utf-8").splitlines()
    assert lines[1] == "1,Eva/Pau,1,1,0,0,0,0,0,80,2"
    assert lines[2] == "2,'=1+1/Luis,1,0,1,0,1,1,0,-80,-2"


@pytest.mark.parametrize("extra, words", [
    # The result in effect is 2-0 for side A: naming side B alone keeps 2-0.
    (["--winner", "{b}"], "the device ends such a match otherwise"),
    (["--winner", "{a}", "--hands", "5-0", "--points", "600-0"], "the match is over before that"),
    (["--winner", "{a}", "--points", "500-10"], "every hand shares out its 120 card points"),
    (["--winner", "draw"], "no match of this setup ends drawn"),
    (["--winner", "{a}", "--hands", "2-2", "--points", "240-240"], "the match is over before that"),
    (["--winner", "{b}", "--hands", "1-1", "--points", "120-120"], "the match is not over at 1-1"),
])
def test_a_correction_no_match_can_end_with_is_refused_and_changes_nothing(fiesta, capsys, extra, words):
    ev, dev = fiesta
    assert run(capsys, "event", "pull", ev, "--from-dir", dev)[0] == 0
    e = event_of(ev)
    p = e.pairing_at(1, 1)
    a, b = e.entry_label(p.a), e.entry_label(p.b)
    e.close()
    before = dump(ev)
    rc, out, err = run(capsys, "event", "correct", ev, "--round", 1, "--table", 1,
                       *[x.format(a=a, b=b) for x in extra])
    assert rc == 2 and "nothing corrected" in err and words in err and err.count("\n") == 1, err
    # "won by side A" in the engine's reason, and the figures side A first: the refusal says which is which.
    assert "(side A %s, side B %s)" % (a, b) in err, err
    assert dump(ev) == before


def test_a_correction_the_engine_can_end_with_is_recorded(fiesta, capsys):
    ev, _ = fiesta
    e = event_of(ev)
    p = e.pairing_at(1, 2)
    b = e.entry_label(p.b)
    e.close()
    rc, out, err = run(capsys, "event", "correct", ev, "--round", 1, "--table", 2, "--winner", b,
                       "--hands", "1-2", "--points", "150-210")
    assert rc == 0, err
    assert "1-2 %s, %s wins, points 150-210" % (b, b) in out


def test_two_corrections_of_one_table_at_once_leave_one_result_in_effect(fiesta, capsys, monkeypatch):
    ev, _ = fiesta
    e = event_of(ev)
    p = e.pairing_at(1, 2)
    a, b = e.entry_label(p.a), e.entry_label(p.b)
    e.close()
    real = Event.result_of
    raced = []

    def other_command_first(self, pid):
        seen = real(self, pid)
        if not raced:
            raced.append(None)
            raced[0] = run(capsys, "event", "correct", ev, "--round", 1, "--table", 2, "--winner", a,
                           "--hands", "2-0", "--points", "150-90")
        return seen

    monkeypatch.setattr(Event, "result_of", other_command_first)
    rc, out, err = run(capsys, "event", "correct", ev, "--round", 1, "--table", 2, "--winner", b,
                       "--hands", "0-2", "--points", "90-150")
    assert raced[0][0] == 0
    assert rc == 1 and "another command changed the result of round 1, table 2 meanwhile" in err
    e = event_of(ev)
    try:
        in_effect = [r for r in e.results() if r.pairing == p.id]
        assert len(in_effect) == 1 and [s.rank for s in in_effect[0].sides] == [0, 1]
    finally:
        e.close()


def test_a_correction_with_hands_settled_by_the_last_trick(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--tie", "last")[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS[:2])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    # Two hands of 60-60, each taken by side A with the last trick.
    rc, out, err = run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", "Ana",
                       "--hands", "2-0", "--points", "120-120")
    assert rc == 0, err
    assert "2-0" in out and "Ana/Luis wins, points 120-120" in out


def test_only_a_row_recorded_twice_at_once_is_called_a_race():
    race = store.refusal("f.db", sqlite3.IntegrityError("UNIQUE constraint failed: pairings.round, pairings.slot"))
    assert "another command changed f.db at the same time" in race
    # A missing player is the command's own fault: said as it is, not blamed on another command.
    bug = store.refusal("f.db", sqlite3.IntegrityError("NOT NULL constraint failed: result_players.player"))
    assert "another command" not in bug and "NOT NULL constraint failed: result_players.player" in bug
