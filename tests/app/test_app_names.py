"""Names at the table: picked from the names list, or typed on the device
letter by letter (screens/names.py, screens/letters.py)."""

import json
import os

import pytest

from app_helpers import boot, play
from tanteador import fonts, textids
from tanteador.matchoptions import MAX_NAME_CHARS
from tanteador.screens import letters
from tanteador.store import MAX_NAME_COUNT
from tanteador.storeops import fold

# From a fresh setup: the Names row (three rows up from Start), OK opens it.
NAMES_SCREEN = "UP x3; OK"


def _names_file(folder):
    with open(os.path.join(str(folder), "names.json"), encoding="utf-8") as f:
        return json.load(f)


def _write_names(folder, names):
    os.makedirs(str(folder), exist_ok=True)
    with open(os.path.join(str(folder), "names.json"), "w", encoding="utf-8") as f:
        json.dump(names, f)


def type_name(app, board, name):
    """Type ``name`` on the open letters screen, the shortest way a press at a
    time (taps only), and end it with a long OK."""
    scr = app.stage.screen
    assert scr.NAME == "letters"
    n = len(letters.RING)
    for i, c in enumerate(name):
        want = letters.RING.index(fold(c))
        down = (want - scr.k) % n
        if down:
            play(app, board, "DOWN x%d" % down if down <= n - down else "UP x%d" % (n - down))
        assert scr.letter() == c, (name, i, scr.letter())
        if i < len(name) - 1:
            play(app, board, "OK")
    play(app, board, "long OK")


def test_a_table_without_a_names_list_types_its_names(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    assert app.stage.screen.NAME == "letters"
    type_name(app, board, "Ana")
    assert app.stage.screen.NAME == "names"
    assert app.stage.screen.setup.names == ["Ana", ""]
    play(app, board, "DOWN; OK")
    type_name(app, board, "Mª José")
    assert app.stage.screen.setup.names == ["Ana", "Mª José"]
    # The names typed join the device's list, the last one first.
    assert _names_file(tmp_path) == ["Mª José", "Ana"]
    play(app, board, "BACK")
    assert "Ana, Mª José" in app.stage.texts
    play(app, board, "DOWN x3; OK")  # Start: the draw of the first dealer names them
    assert "Ana" in app.stage.texts and "Mª José" in app.stage.texts


def test_a_name_typed_once_is_one_press_away_next_time(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    type_name(app, board, "Chiara")
    play(app, board, "BACK; OK")
    # A new match: the setup again, its seats unnamed.
    board, app = boot(tmp_path / "other")
    _write_names(tmp_path / "other", _names_file(tmp_path))
    play(app, board, NAMES_SCREEN + "; OK; DOWN")
    assert app.stage.screen.setup.names[0] == "Chiara"


def test_down_walks_the_names_list_forwards(tmp_path):
    _write_names(tmp_path, ["Ana", "Beto", "Carla"])
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; DOWN")
    assert app.stage.screen.setup.names[0] == "Ana"
    play(app, board, "DOWN")
    assert app.stage.screen.setup.names[0] == "Beto"
    play(app, board, "UP")
    assert app.stage.screen.setup.names[0] == "Ana"


def test_up_from_the_default_offers_a_new_name(tmp_path):
    _write_names(tmp_path, ["Ana"])
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; UP")
    assert app.stage.t(textids.NEW_NAME) in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen.NAME == "letters"
    type_name(app, board, "Luis")
    assert app.stage.screen.setup.names[0] == "Luis"
    assert _names_file(tmp_path) == ["Luis", "Ana"]


def test_the_name_row_of_the_setup_tells_the_names_given(tmp_path):
    _write_names(tmp_path, ["Ana", "Beto"])
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; DOWN; OK; DOWN; OK; DOWN; OK; BACK")
    assert app.stage.screen.NAME == "setup"
    assert "Ana, Beto" in app.stage.texts


def test_a_name_at_another_seat_is_refused_and_nothing_is_lost(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    type_name(app, board, "Ana")
    # The only listed name is at seat 1: OK opens the letters at once.
    play(app, board, "DOWN; OK")
    type_name(app, board, "Ana")
    assert app.stage.screen.NAME == "letters"
    assert app.stage.t(textids.NAME_TAKEN) in app.stage.texts
    assert app.stage.screen.shown() == "Ana"
    # BACK takes the last letter back to change it.
    play(app, board, "BACK")
    assert app.stage.screen.text == "A" and app.stage.screen.letter() == "n"
    play(app, board, "DOWN; long OK")
    assert app.stage.screen.setup.names == ["Ana", "Ar"]


def test_back_on_an_empty_name_leaves_the_seat_as_it_was(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; OK; BACK; BACK")
    assert app.stage.screen.NAME == "names"
    assert app.stage.screen.setup.names == ["", ""]
    assert not os.path.exists(os.path.join(str(tmp_path), "names.json"))


def test_a_name_stops_at_the_longest_the_device_takes(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    play(app, board, "OK x%d" % (MAX_NAME_CHARS - 1))
    assert len(app.stage.screen.shown()) == MAX_NAME_CHARS
    play(app, board, "OK")
    assert app.stage.screen.NAME == "names"
    assert len(app.stage.screen.setup.names[0]) == MAX_NAME_CHARS


def test_a_damaged_names_list_is_set_aside_before_a_name_joins_it(tmp_path):
    os.makedirs(str(tmp_path), exist_ok=True)
    with open(os.path.join(str(tmp_path), "names.json"), "wb") as f:
        f.write(b'["Ana", "Be')
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    type_name(app, board, "Eva")
    # Said, and kept until a press: the names of the list are gone from the device.
    assert app.stage.screen.NAME == "notice" and app.stage.screen.sid == textids.NAMES_ASIDE
    play(app, board, "wait 10s")
    assert app.stage.screen.NAME == "notice"
    play(app, board, "OK")
    assert app.stage.screen.NAME == "names" and app.stage.screen.setup.names[0] == "Eva"
    assert _names_file(tmp_path) == ["Eva"]
    bad = [n for n in os.listdir(str(tmp_path)) if n.startswith("bad-")]
    assert len(bad) == 1
    with open(os.path.join(str(tmp_path), bad[0]), "rb") as f:
        assert f.read() == b'["Ana", "Be'


def test_a_full_names_list_keeps_the_name_for_this_match_and_says_so(tmp_path):
    full = ["N%d" % i for i in range(MAX_NAME_COUNT)]
    _write_names(tmp_path, full)
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; UP; OK")
    type_name(app, board, "Eva")
    assert app.stage.screen.NAME == "notice"
    assert app.stage.screen.sid == textids.NAMES_FULL
    play(app, board, "BACK")
    assert app.stage.screen.setup.names[0] == "Eva"
    assert _names_file(tmp_path) == full


def test_a_name_already_listed_is_not_written_twice(tmp_path):
    _write_names(tmp_path, ["Ana"])
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; UP; OK")
    type_name(app, board, "Ana")
    assert app.stage.screen.setup.names[0] == "Ana"
    assert _names_file(tmp_path) == ["Ana"]


@pytest.mark.parametrize("name", ["Ana", "José", "Chiara", "João", "François", "Niccolò", "Íñigo", "Zoë"])
def test_the_names_of_the_five_languages_can_be_typed(tmp_path, name):
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK")
    type_name(app, board, name)
    assert app.stage.screen.setup.names[0] == name


def test_every_letter_is_in_the_small_font_and_in_the_ring_once():
    small = fonts.SMALL
    first, count, extra = small[3], small[4], small[5]
    assert len(set(letters.RING)) == len(letters.RING)
    for c in letters.RING + "".join(letters.upper(c) for c in letters.RING):
        assert first <= ord(c) < first + count or c in extra, c
    # A held button jumps from group to group, round the ring both ways.
    assert letters.jump(0, 1) == letters.STARTS[1]
    assert letters.jump(0, -1) == letters.STARTS[-1]
    assert letters.jump(letters.STARTS[2] + 1, -1) == letters.STARTS[2]


def test_a_name_picked_from_the_list_is_one_press_away_next_time(tmp_path):
    _write_names(tmp_path, ["Ana", "Beto", "Carla", "Dani"])
    board, app = boot(tmp_path)
    play(app, board, NAMES_SCREEN + "; OK; DOWN x4; OK; DOWN; OK; DOWN x2; OK")
    assert app.stage.screen.setup.names == ["Dani", "Beto"]
    play(app, board, "BACK")
    assert _names_file(tmp_path) == ["Dani", "Beto", "Ana", "Carla"]
    # Another setup on the same list: one DOWN names the seat.
    board, app = boot(tmp_path / "again")
    _write_names(tmp_path / "again", _names_file(tmp_path))
    play(app, board, NAMES_SCREEN + "; OK; DOWN")
    assert app.stage.screen.setup.names[0] == "Dani"


def test_leaving_the_names_in_the_lists_order_writes_nothing(tmp_path):
    _write_names(tmp_path, ["Ana", "Beto"])
    before = os.stat(os.path.join(str(tmp_path), "names.json")).st_mtime_ns
    board, app = boot(tmp_path)
    writes = []
    write = app.stage.store.write_atomic
    app.stage.store.write_atomic = lambda *a: writes.append(a[1]) or write(*a)
    play(app, board, NAMES_SCREEN + "; OK; DOWN; OK; BACK")
    assert app.stage.screen.names[0] == "Ana" and "names.json" not in writes
    assert os.stat(os.path.join(str(tmp_path), "names.json")).st_mtime_ns == before
