"""`tanteador event` when things go wrong: bad documents, results that do not fit, a device
still playing, a killed command; and corrections by hand."""

import json
import os
import signal
import subprocess
import sys

import pytest

from app_helpers import boot, hand, play
from event_helpers import PAIRS, dump, event_of, play_pushed, run, tables
from fakeboard import FakeBoard
from host_tools import ROOT
from host_tools.support import link as linkmod
from tanteador import matchdoc
from tanteador.match import Match
from tanteador.matchoptions import PAIRS as SIDES_PAIRS
from tanteador.matchoptions import MatchOptions


@pytest.fixture
def fiesta(tmp_path, capsys):
    """A Swiss event of four pairs with round 1 paired; (event file, {table: (A, B)})."""
    ev = tmp_path / "fiesta.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--rounds", 2)[0] == 0
    assert run(capsys, "event", "add", ev, *PAIRS[:4])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    return ev, tables(ev, 1)


def pushed_and_played(capsys, ev, tbl, dev, hands="aa"):
    assert run(capsys, "event", "push", ev, "--table", tbl, "--flash", dev, "--force")[0] == 0
    play_pushed(dev, hands)


def a_match(names, event=(), hands=((70, 50), (70, 50))):
    m = Match(MatchOptions(players=4, sides=SIDES_PAIRS, names=names, target=2), event=event)
    for pts in hands:
        m.record(0, pts, 1000)
    return m


def test_a_damaged_or_foreign_document_is_refused_with_its_reason_and_set_aside(fiesta, tmp_path, capsys):
    ev, _ = fiesta
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "h0001.json").write_bytes(b'{"v": 4, "o": [')
    foreign = a_match(["Ana", "Jo", "Luis", "Bea"], event=(1, 1, "otherkey"))
    (dev / "h0002.json").write_text(json.dumps(matchdoc.to_dict(foreign)), "utf-8")
    (dev / "h0003.json").write_text('{"v": 99, "o": []}', "utf-8")
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 1
    lines = [l for l in out.splitlines() if l.startswith("refused:")]
    assert len(lines) == 3
    assert "h0001.json: not JSON" in lines[0]
    assert "h0002.json: a match of another event (key otherkey, table 1, round 1)" in lines[1]
    assert "h0003.json: not a match this version reads (newer)" in lines[2]
    e = event_of(ev)
    try:
        assert [a[3] for a in e.aside()] == ["h0001.json", "h0002.json", "h0003.json"]
        data = e.db.execute("SELECT data FROM set_aside WHERE file = 'h0001.json'").fetchone()[0]
        assert data == b'{"v": 4, "o": ['
        assert e.results() == []
    finally:
        e.close()


def test_unfinished_contradictory_and_missing_results_are_named_and_not_recorded(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev = tmp_path / "dev"
    # Table 1: pushed, one hand played, still in play.
    assert run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)[0] == 0
    play_pushed(dev, "a")
    # A match claiming table 2 with other names.
    e = event_of(ev)
    key = e.key
    e.close()
    wrong = a_match(["Ana", "Tom", "Luis", "Rita"], event=(2, 1, key))
    (dev / "h0007.json").write_text(json.dumps(matchdoc.to_dict(wrong)), "utf-8")
    nowhere = a_match(["Ana", "Tom", "Luis", "Rita"], event=(9, 1, key))
    (dev / "h0008.json").write_text(json.dumps(matchdoc.to_dict(nowhere)), "utf-8")
    before = dump(ev)
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 1
    assert "unfinished: table 1, round 1 (state.json): %s 1-0 %s, still in play; not recorded" % tabs[1] in out
    assert "contradictory: table 2, round 1 (h0007.json): Ana/Luis 2-0 Tom/Rita, but that table is %s v %s" \
        % tabs[2] in out
    assert "contradictory: table 9, round 1 (h0008.json): the event has no such table" in out
    assert "missing: table 1, round 1" in out and "missing: table 2, round 1" in out
    after = dump(ev)
    assert after["results"] == before["results"] == []
    assert after["set_aside"] == []


def test_a_second_different_result_for_a_table_is_named_and_the_first_is_kept(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev1, dev2 = tmp_path / "dev1", tmp_path / "dev2"
    pushed_and_played(capsys, ev, 1, dev1, "aa")
    assert run(capsys, "event", "pull", ev, "--from-dir", dev1)[0] == 0
    # The same table played again on another device, the other way.
    pushed_and_played(capsys, ev, 1, dev2, "bb")
    before = dump(ev)["results"]
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev2)
    assert rc == 1
    assert "duplicated: table 1, round 1 (state.json): %s 0-2 %s, but the table has a result already" % tabs[1] \
        in out
    assert dump(ev)["results"] == before
    # Pulling the first device again finds the same match: nothing new, nothing named.
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev1)
    assert rc == 0 and "1 recorded before" in out and "duplicated" not in out


def test_two_different_results_in_one_pull_record_neither(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev = tmp_path / "dev"
    pushed_and_played(capsys, ev, 2, dev, "aa")
    pushed_and_played(capsys, ev, 2, dev, "bb")  # a finished match needs no --force; the first is archived
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 1 and "duplicated: table 2, round 1: 2 different finished matches (h0001.json, state.json)" in out
    e = event_of(ev)
    try:
        assert e.results() == []
    finally:
        e.close()


def test_a_push_to_a_device_in_play_asks_first_and_the_replaced_match_is_archived(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev = tmp_path / "dev"
    board, app = boot(dev)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    in_play = matchdoc.to_dict(app.stage.match)
    files = sorted(os.listdir(dev))
    rc, out, err = run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)
    assert rc == 1 and err.count("\n") == 1
    assert "nothing pushed" in err and "unfinished match, P1 v P2 1-0 after 1 hands" in err and "--force" in err
    assert sorted(os.listdir(dev)) == files
    rc, out, err = run(capsys, "event", "push", ev, "--table", 1, "--flash", dev, "--force")
    assert rc == 0 and "archived there" in out
    names, notice = play_pushed(dev, "")
    assert "Table 1 - Round 1" in notice
    with open(dev / "h" / "h0001.json") as f:
        assert json.load(f) == in_play
    # A pushed match the device has not started yet is not replaced by another table's without asking.
    assert run(capsys, "event", "push", ev, "--table", 2, "--flash", dev, "--force")[0] == 0
    rc, _, err = run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)
    assert rc == 1 and "pushed match it has not started yet (table 2, round 1)" in err


def test_push_to_a_board_writes_event_json_and_restarts_it(fiesta, tmp_path, capsys, monkeypatch):
    ev, tabs = fiesta
    b = FakeBoard(tmp_path / "board")
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    rc, out, err = run(capsys, "event", "push", ev, "--table", 2, "--port", "fake0")
    assert rc == 0, err
    doc = json.loads(b.files()["/tt/event.json"])
    a, bb = tabs[2]
    assert doc["o"][1] == [a.split("/")[0], bb.split("/")[0], a.split("/")[1], bb.split("/")[1]]
    assert doc["ev"][:2] == [2, 1] and "/tt/event.tmp" not in b.files()
    assert b.resets == 1
    # The board's flash, as the device finds it at boot.
    names, notice = play_pushed(tmp_path / "board" / "tt", "")
    assert "Table 2 - Round 1" in notice


def test_a_correction_by_hand_replaces_a_result_and_the_history_keeps_both(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev = tmp_path / "dev"
    pushed_and_played(capsys, ev, 1, dev, "aa")
    assert run(capsys, "event", "pull", ev, "--from-dir", dev)[0] == 0
    a, b = tabs[1]
    rc, out, _ = run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", b,
                     "--hands", "1-2", "--points", "170-190", "--note", "wrong side pressed")
    assert rc == 0
    e = event_of(ev)
    try:
        p = e.pairing_at(1, 1)
        r = e.result_of(p.id)
        assert [s.rank for s in r.sides] == [1, 0] and [s.hands for s in r.sides] == [1, 2]
        assert r.source == "by hand" and r.note == "wrong side pressed"
        history = [h for h in e.history() if h[1] == "correct"]
        assert len(history) == 1
        assert "%s 2-0 %s, %s wins" % (a, b, a) in history[0][2] and "-> %s 1-2 %s, %s wins" % (a, b, b) \
            in history[0][2] and "wrong side pressed" in history[0][2]
        # The device's result is still in the file, marked as replaced.
        assert e.db.execute("SELECT COUNT(*) FROM results WHERE replaced_by IS NOT NULL").fetchone()[0] == 1
    finally:
        e.close()
    rc, _, err = run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", "Nobody")
    assert rc == 2 and "is neither" in err


KILL = """
import os, signal, sys
sys.path[:0] = [%(fw)r, %(root)r]
from host_tools.commands.event import store
from host_tools import cli
real = store.Event.add_result
def add_then_die(self, *a, **k):
    real(self, *a, **k)
    os.kill(os.getpid(), signal.SIGKILL)
store.Event.add_result = add_then_die
cli.main(["event", "pull", %(ev)r, "--from-dir", %(dev)r])
"""


def test_a_killed_pull_leaves_the_event_file_as_it_was(fiesta, tmp_path, capsys):
    ev, tabs = fiesta
    dev = tmp_path / "dev"
    pushed_and_played(capsys, ev, 1, dev, "aa")
    before = dump(ev)
    code = KILL % {"fw": os.path.join(ROOT, "firmware"), "root": ROOT, "ev": str(ev), "dev": str(dev)}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert dump(ev) == before
    e = event_of(ev)
    try:
        assert e.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        e.close()
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 0 and "1 result recorded" in out


@pytest.mark.parametrize("argv, words", [
    (["create", "{ev}", "--name", "X", "--players", "2", "--play", "pairs"], "refuses this setup"),
    (["create", "{ev}", "--name", "X", "--format", "knockout", "--rounds", "3"], "--rounds is for a Swiss"),
    (["create", "{ev}", "--name", "X", "--tiebreaks", "luck"], "luck is not one of"),
    (["add", "{ev}", "Ana/Luis/Eva"], "an entry here has 2 players (pairs, 4 players, 40 cards, first to 2 hands); 'Ana/Luis/Eva' has 3"),
    (["add", "{ev}", "Ana/Luis", "Eva/Ana"], "'Ana' is in the list twice"),
    (["add", "{ev}", "Straße/Luis"], "cannot show ß"),
    (["push", "{ev}", "--table", "1", "--flash", "x"], "no round is paired yet"),
    (["pair", "{ev}"], "register at least two entries"),
    (["show", "{missing}"], "no event file"),
])
def test_bad_input_is_one_line_with_exit_2_and_changes_nothing(tmp_path, capsys, argv, words):
    ev = tmp_path / "e.db"
    if argv[0] != "create":
        assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    before = dump(ev) if ev.exists() else None
    rc, out, err = run(capsys, "event", *[a.format(ev=ev, missing=tmp_path / "none.db") for a in argv])
    assert rc == 2 and words in err and err.count("\n") == 1, err
    assert (dump(ev) if ev.exists() else None) == before


def test_every_subcommand_has_help_with_an_example(capsys):
    for sub in ("create", "add", "pair", "push", "pull", "correct", "standings", "show", "withdraw", "rounds", "print"):
        with pytest.raises(SystemExit) as e:
            run(capsys, "event", sub, "--help")
        assert e.value.code == 0
        assert "example: tanteador event %s" % sub in capsys.readouterr().out


def test_registration_from_csv(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    (tmp_path / "pairs.csv").write_text("Ana,Luis\n\nJoão , Françoise\n", "utf-8")
    assert run(capsys, "event", "add", ev, "--csv", tmp_path / "pairs.csv")[0] == 0
    e = event_of(ev)
    try:
        assert [e.entry_label(x) for x in e.entries()] == ["Ana/Luis", "João/Françoise"]
    finally:
        e.close()
