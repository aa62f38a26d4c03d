"""The evening as it goes: late entries, withdrawals, a round paired again, rounds added or taken away."""

from event_helpers import PAIRS, dump, event_of, run, tables
from host_tools.commands.event import standings


def swiss(tmp_path, capsys, pairs, rounds=3):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E", "--rounds", rounds)[0] == 0
    assert run(capsys, "event", "add", ev, *pairs)[0] == 0
    return ev


def finish_round(capsys, ev, rnd):
    """Side A wins every table of round ``rnd`` 2-1."""
    for tbl, (a, b) in tables(ev, rnd).items():
        assert run(capsys, "event", "correct", ev, "--round", rnd, "--table", tbl, "--winner", a,
                   "--hands", "2-1", "--points", "190-170")[0] == 0


def test_a_late_entry_plays_from_the_next_round(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS[:7])
    assert "bye:" in run(capsys, "event", "pair", ev)[1]
    finish_round(capsys, ev, 1)
    rc, out, err = run(capsys, "event", "add", ev, "Zoe/Iris")
    assert rc == 0, err
    assert "they play from round 2; round 1 counts as not played" in out and "1 entry registered; 8 in all" in out
    rc, out, _ = run(capsys, "event", "pair", ev)
    assert rc == 0 and "bye" not in out
    assert any("Zoe/Iris" in t for t in tables(ev, 2).values())
    e = event_of(ev)
    rows = {r.label: r for r in standings.table(e)}
    e.close()
    assert rows["Zoe/Iris"].played == 0 and rows["Zoe/Iris"].wins == 0


def test_a_withdrawn_entry_is_not_paired_again_and_stays_in_the_standings(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS)
    assert run(capsys, "event", "pair", ev)[0] == 0
    finish_round(capsys, ev, 1)
    rc, out, err = run(capsys, "event", "withdraw", ev, "Raúl")
    assert rc == 0 and "Marta/Raúl withdrawn: not paired from round 2 on" in out, err
    rc, out, _ = run(capsys, "event", "pair", ev)
    assert rc == 0 and "Marta/Raúl" not in out and "bye:" in out
    rc, out, _ = run(capsys, "event", "standings", ev, "--out", tmp_path / "web")
    assert "Marta/Raúl (withdrew after round 1)" in out
    rc, _, err = run(capsys, "event", "withdraw", ev, "Marta/Raúl")
    assert rc == 2 and "has withdrawn already" in err


def test_a_round_without_results_is_paired_again_and_one_with_results_is_not(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS)
    assert run(capsys, "event", "pair", ev)[0] == 0
    finish_round(capsys, ev, 1)
    assert run(capsys, "event", "pair", ev)[0] == 0
    assert run(capsys, "event", "withdraw", ev, "Ana/Luis")[0] == 0
    rc, out, err = run(capsys, "event", "pair", ev, "--again")
    assert rc == 0, err
    assert "round 2 paired again" in out and "push every table of round 2 again" in out
    assert "Ana/Luis" not in out and "bye:" in out
    e = event_of(ev)
    assert [p.round for p in e.pairings()].count(2) == 4
    e.close()
    t = tables(ev, 2)[1]
    assert run(capsys, "event", "correct", ev, "--round", 2, "--table", 1, "--winner", t[0], "--hands", "2-0",
               "--points", "160-80")[0] == 0
    before = dump(ev)
    rc, out, err = run(capsys, "event", "pair", ev, "--again")
    assert rc == 1 and "round 2 has results already (table 1)" in err
    assert dump(ev) == before


def test_the_number_of_rounds_changes_down_to_the_rounds_paired(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS[:4], rounds=1)
    assert run(capsys, "event", "pair", ev)[0] == 0
    finish_round(capsys, ev, 1)
    assert run(capsys, "event", "pair", ev)[0] == 1
    before = dump(ev)
    rc, _, err = run(capsys, "event", "rounds", ev, 0)
    assert rc == 2 and "give 1 to 20 rounds" in err
    assert dump(ev) == before
    rc, out, _ = run(capsys, "event", "rounds", ev, 2)
    assert rc == 0 and "2 rounds (was 1), 1 paired" in out
    assert run(capsys, "event", "pair", ev)[0] == 0
    rc, _, err = run(capsys, "event", "rounds", ev, 1)
    assert rc == 2 and "2 rounds are paired already; give 2 or more" in err
    rc, _, err = run(capsys, "event", "add", ev, "Zoe/Iris")
    assert rc == 2 and "all 2 rounds are paired" in err


def test_show_names_the_withdrawn_and_the_short_forms(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS[:3] + ["Inmaculada Sánchez/Rosa"])
    assert run(capsys, "event", "pair", ev)[0] == 0
    finish_round(capsys, ev, 1)
    assert run(capsys, "event", "withdraw", ev, "Eva/Pau")[0] == 0
    rc, out, _ = run(capsys, "event", "show", ev)
    assert rc == 0
    assert "withdrawn after round 1: Eva/Pau" in out
    assert "on the devices: Inmaculada Sánchez (Inmaculada)" in out
    assert "4 entries:" in out and "3 rounds" in out.splitlines()[0]


def test_an_entry_withdraws_by_the_names_its_device_shows(tmp_path, capsys):
    ev = swiss(tmp_path, capsys, PAIRS[:3] + ["Inmaculada Sánchez/Rosa"])
    assert run(capsys, "event", "pair", ev)[0] == 0
    finish_round(capsys, ev, 1)
    rc, out, err = run(capsys, "event", "withdraw", ev, "Inmaculada/Rosa")
    assert rc == 0 and "Inmaculada Sánchez/Rosa withdrawn" in out, err
