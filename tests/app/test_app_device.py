"""The device side of the app: resume, damaged and failed saves, sleep, errors, languages."""

import sys

from app_helpers import SaveCounter, boot, hand, play, reboot, saved

from tanteador import matchdoc
from tanteador import app as app_mod


def test_resume_after_reboot_on_the_table_of_the_next_hand(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    play(app, board, "DOWN; OK; UP x5; OK")   # hand 2 counted, its result on the table
    assert app.stage.screen.NAME == "table"
    assert "P1 wins" in app.stage.texts
    before = matchdoc.to_dict(app.stage.match)
    board, app = reboot(board)
    assert app.stage.screen.NAME == "notice"
    assert "Match resumed" in app.stage.texts
    assert matchdoc.to_dict(app.stage.match) == before
    play(app, board, "wait 3s")
    assert app.stage.screen.NAME == "table" and "Hand 3" in app.stage.texts


def test_resume_on_the_settings_screen(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK; long OK; DOWN x3; OK; DOWN x3; OK; DOWN; OK")  # screen off after 30 min
    assert app.stage.cfg["timeout"] == 1800
    board, app = reboot(board)
    assert app.stage.cfg["timeout"] == 1800
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "settings"
    play(app, board, "BACK; BACK")
    assert app.stage.screen.NAME == "table"


def test_damaged_save_is_kept_aside_and_said(tmp_path):
    (tmp_path / "state.json").write_text('{"v": 1, "m": {"v": 2, "o": [2, nul')
    board, app = boot(tmp_path)
    assert app.stage.screen.NAME == "notice"
    assert " ".join(app.stage.texts) == "Damaged save kept aside"
    assert (tmp_path / "bad-1-state.json").exists()
    assert not (tmp_path / "state.json").exists()
    play(app, board, "wait 5s")
    assert app.stage.screen.NAME == "notice"         # stays until a button
    play(app, board, "OK")
    assert app.stage.screen.NAME == "setup"
    play(app, board, "OK; OK")
    assert app.stage.match is not None
    assert saved(tmp_path)["m"] is not None


def test_a_full_flash_shows_a_notice_and_play_goes_on(tmp_path):
    from host_tools.device.faultfs import FaultFS
    from tanteador.flashfs import DirFS

    fs = FaultFS(DirFS(str(tmp_path)), free=120)
    board, app = boot(tmp_path, fs=fs)
    play(app, board, "OK; OK")
    assert app.stage.screen.NAME == "notice"
    assert "flash full" in " ".join(app.stage.texts)
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table"
    play(app, board, "DOWN; wait 2s")           # the trump: not saved either
    assert "flash full" in " ".join(app.stage.texts)
    play(app, board, "BACK; OK; UP x10; OK")
    assert app.stage.match.won == [1, 0]
    assert "flash full" in " ".join(app.stage.texts)
    assert not (tmp_path / "state.json").exists()


def test_dimmed_screen_acts_and_blank_screen_only_wakes(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    assert board.contrast_level == 255
    play(app, board, "wait 61s")
    assert board.contrast_level < 255 and board.powered
    # Dimmed is readable: a press brightens and acts (here, sets the trump).
    play(app, board, "DOWN")
    assert app.stage.trump == 0 and board.contrast_level == 255
    play(app, board, "UP")
    assert app.stage.trump == 3
    # Dimmed again after a minute, and still on well into a long hand.
    play(app, board, "wait 61s")
    assert board.contrast_level < 255 and board.powered
    play(app, board, "wait 780s")
    assert board.powered
    play(app, board, "wait 60s")
    assert not board.powered
    # The press that wakes the blank screen does nothing else.
    play(app, board, "DOWN")
    assert board.powered and app.stage.trump == 3 and board.contrast_level == 255
    play(app, board, "wait 901s")
    assert not board.powered
    frames = board.frames
    ms = app.stage.hand_ms
    play(app, board, "wait 60s")
    assert app.stage.hand_ms == ms                    # play time paused while blank
    assert board.frames == frames               # nothing drawn while blank
    play(app, board, "long OK")
    assert board.powered and app.stage.screen.NAME == "table"
    play(app, board, "OK")
    assert app.stage.screen.NAME == "entry"
    play(app, board, "wait 2s")
    assert app.stage.hand_ms > ms


def test_redraw_only_when_something_changed(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    n = board.frames
    play(app, board, "wait 10s")
    assert board.frames == n
    play(app, board, "OK")
    assert board.frames > n


def test_error_screen_keeps_the_match(tmp_path, monkeypatch):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    before = (tmp_path / "state.json").read_bytes()
    from tanteador.screens import table

    def boom(self, ev, app):
        raise KeyError("x")

    monkeypatch.setattr(table.Table, "handle", boom)
    play(app, board, "OK")
    assert app.stage.screen.NAME == "error"
    assert app.stage.texts[1].startswith("KeyError ")
    assert "The match is kept." in app.stage.texts
    assert (tmp_path / "state.json").read_bytes() == before
    monkeypatch.undo()
    play(app, board, "OK")
    assert app.stage.screen.NAME == "error"
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table" and app.stage.match.won == [1, 0]


def test_language_switch_with_accents(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    saves = SaveCounter(app)
    play(app, board, "long OK; DOWN x3; OK; OK")
    assert app.stage.screen.NAME == "settings"
    play(app, board, "UP")                      # en -> fr (previous in the list)
    assert "Français" in app.stage.texts and "Réglages" in app.stage.texts
    assert saves.n == 0
    play(app, board, "OK")
    assert saves.n == 1 and saves.docs[-1]["cfg"]["lang"] == "fr"
    assert [k for k in sys.modules if k.startswith("tanteador.lang.")] == []
    play(app, board, "BACK; BACK; OK; DOWN; DOWN")
    assert app.stage.screen.NAME == "trump" and "épées" in app.stage.texts
    # The accented glyphs exist in the font: no missing-glyph boxes are drawn.
    from tanteador.draw import SMALL

    for s in app.stage.texts:
        for ch in s:
            assert 0 <= ord(ch) - SMALL[3] < SMALL[4] or ch in SMALL[5], ch
    board, app = reboot(board)
    assert app.stage.cfg["lang"] == "fr" and "Partie reprise" in app.stage.texts


def test_every_language_has_every_string():
    from tanteador import i18n, textids

    n = None
    for code in i18n.LANGS:
        s = i18n.load(code)
        n = len(s) if n is None else n
        assert len(s) == n == textids.COUNT
        assert len(s[textids.SUITS].split("|")) == 4
        assert len(s[textids.RANKS].split("|")) == 12
    assert i18n.load("es")[textids.SUITS] == "oros|copas|espadas|bastos"
    assert i18n.load("it")[textids.SUITS] == "denari|coppe|spade|bastoni"


def test_rand_below_falls_back_to_a_seeded_generator():
    r1 = app_mod.seeded_rand(1234)
    r2 = app_mod.seeded_rand(1234)
    a = [r1(40) for _ in range(20)]
    assert a == [r2(40) for _ in range(20)]
    assert all(0 <= x < 40 for x in a) and len(set(a)) > 5


def test_out_of_memory_in_a_screen_shows_the_error_screen(tmp_path, monkeypatch):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    from tanteador.screens import table

    def boom(self, ev, app):
        raise MemoryError()

    monkeypatch.setattr(table.Table, "handle", boom)
    play(app, board, "OK")
    assert app.stage.screen.NAME == "error" and "MemoryError" in app.stage.texts
    monkeypatch.undo()
    play(app, board, "BACK; OK")
    assert app.stage.screen.NAME == "trump"


def test_error_while_drawing_the_error_screen_keeps_the_loop_alive(tmp_path, monkeypatch):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    frames = board.frames

    def boom(self):
        raise MemoryError()

    monkeypatch.setattr(app_mod.App, "render", boom)
    play(app, board, "OK; wait 1s")             # no exception escapes poll()
    assert app.stage.dirty and app.stage.screen.NAME == "error"
    monkeypatch.undo()
    play(app, board, "wait 100")
    assert not app.stage.dirty and "MemoryError" in app.stage.texts
    assert board.frames > frames
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table"


def test_a_pending_trump_save_waits_for_a_setting_being_changed(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    # The trump set, then straight into changing the screen timeout, pausing mid-change.
    play(app, board, "DOWN; long OK; DOWN x3; OK; DOWN x3; OK; DOWN; wait 3s")
    assert app.stage.screen.NAME == "settings" and app.stage.screen.editing
    assert saved(tmp_path)["cfg"]["timeout"] == 900      # not saved half-way
    play(app, board, "UP; BACK; wait 2s")                  # back to 15 min: nothing to save
    doc = saved(tmp_path)
    assert doc["cfg"] == app.stage.cfg and doc["cfg"]["timeout"] == 900
    assert doc["tr"] == 0                                  # the trump was saved meanwhile
