"""Real names in an event: up to 24 characters, with the short form the device shows."""

import json

from event_helpers import dump, event_of, play_pushed, run, tables

LONG_PAIRS = ["María José Fernández/Francisca Gómez Ortega", "Francisca Gil Ortiz/Juan Carlos Pérez",
              "Ana/Luis", "Maximiliano Rodríguez/Inmaculada Sánchez"]


def test_full_names_register_with_short_forms_the_device_shows_and_results_come_back(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--rounds", 1)[0] == 0
    rc, out, err = run(capsys, "event", "add", ev, *LONG_PAIRS)
    assert rc == 0, err
    assert "4 entries registered" in out
    e = event_of(ev)
    try:
        names, shorts = e.players(), e.shorts()
    finally:
        e.close()
    assert "María José Fernández" in names.values() and "Inmaculada Sánchez" in names.values()
    assert all(len(s) <= 12 for s in shorts.values())
    assert len({s.casefold() for s in shorts.values()}) == len(shorts)
    by_name = {names[p]: shorts[p] for p in names}
    assert by_name["Ana"] == "Ana"
    assert by_name["María José Fernández"] == "María F."
    assert {by_name["Francisca Gómez Ortega"], by_name["Francisca Gil Ortiz"]} == {"Francisca O.", "Francisca"}
    assert "María José Fernández (María F.)" in out
    assert run(capsys, "event", "pair", ev)[0] == 0
    dev = tmp_path / "dev"
    assert run(capsys, "event", "push", ev, "--table", 1, "--flash", dev)[0] == 0
    pushed = json.loads((dev / "event.json").read_text("utf-8"))
    seats, _ = play_pushed(dev, "aa")
    assert all(n in shorts.values() for n in seats) and pushed["o"][1] == seats
    rc, out, _ = run(capsys, "event", "pull", ev, "--from-dir", dev)
    assert rc == 0 and "1 result recorded" in out
    # The organiser reads the full names, not the short forms the device showed.
    assert "recorded: table 1, round 1: %s 2-0 %s" % tables(ev, 1)[1] in out


def test_every_bad_name_is_named_at_once_and_nothing_is_registered(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    before = dump(ev)
    rc, out, err = run(capsys, "event", "add", ev, "Ana/Luis", "Bartolomé Esteban Murillo Sr/Eva",
                       "Straße/Pau", "Jo/Ana", "Rita/Sam=Ana")
    assert rc == 2 and err.count("\n") == 1, err
    assert "4 names cannot be used" in err
    assert "'Bartolomé Esteban Murillo Sr' is longer than 24 characters" in err
    assert "cannot show ß" in err
    assert "'Ana' is in the list twice" in err
    assert "the short form 'Ana' is another player's already" in err
    assert dump(ev) == before


def test_a_short_form_can_be_given(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    assert run(capsys, "event", "add", ev, "Francisco J. Domínguez=Paco/Eva")[0] == 0
    e = event_of(ev)
    try:
        assert sorted(e.shorts().values()) == ["Eva", "Paco"]
        assert "Francisco J. Domínguez" in e.players().values()
    finally:
        e.close()


def test_an_event_file_of_the_first_version_takes_long_names(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    e = event_of(ev)
    e.db.execute("ALTER TABLE players DROP COLUMN short")
    e.db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    e.close()
    assert run(capsys, "event", "add", ev, "Ana/Luis")[0] == 0
    assert run(capsys, "event", "add", ev, "Inmaculada Sánchez/Eva")[0] == 0
    e = event_of(ev)
    try:
        assert e.meta["schema"] == "2"
        assert sorted(e.shorts().values()) == ["Ana", "Eva", "Inmaculada", "Luis"]
    finally:
        e.close()


def test_an_evening_in_a_first_version_file_goes_on(tmp_path, capsys):
    ev = tmp_path / "old.db"
    assert run(capsys, "event", "create", ev, "--name", "Old")[0] == 0
    e = event_of(ev)
    for column in ("c", "d", "e", "f"):
        e.db.execute("ALTER TABLE pairings DROP COLUMN %s" % column)
    e.db.execute("ALTER TABLE players DROP COLUMN short")
    e.db.execute("DROP TABLE withdrawn")
    e.db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    e.close()
    assert run(capsys, "event", "add", ev, "Ana/Luis", "Eva/Pau", "Jo/Bea", "Tom/Rita", "Carla/Dani")[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    for tbl, (a, b) in tables(ev, 1).items():
        assert run(capsys, "event", "correct", ev, "--round", 1, "--table", tbl, "--winner", a, "--hands", "2-0",
                   "--points", "150-90")[0] == 0
    rc, out, err = run(capsys, "event", "withdraw", ev, "Tom")
    assert rc == 0, err
    assert run(capsys, "event", "pair", ev)[0] == 0
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert rc == 0 and "Tom/Rita (withdrew after round 1)" in out
    assert run(capsys, "event", "print", ev, "--out", tmp_path / "print")[0] == 0
