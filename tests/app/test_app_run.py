"""The device loop: asyncio, a poll every ~10 ms, the watchdog fed while it runs."""

import pytest
from host_tools.device.hostboard import HostBoard

from tanteador import app as app_mod
from tanteador.buttons import DEBOUNCE_MS, REPEAT_DELAY_MS


class Stop(BaseException):
    pass


class LoopBoard(HostBoard):
    """A host board whose clock follows the polls and that stops the loop after N polls."""

    def __init__(self, folder, polls):
        HostBoard.__init__(self, folder)
        self.polls = polls
        self.closed = False

    def buttons(self):
        self.polls -= 1
        if self.polls < 0:
            raise Stop()
        return HostBoard.buttons(self)

    def ticks_ms(self):
        self.now += 10
        return self.now

    def close(self):
        self.closed = True


def test_run_polls_draws_and_feeds(tmp_path):
    board = LoopBoard(str(tmp_path), 21)  # one read at boot (OK held?), then 20 passes
    with pytest.raises(Stop):
        app_mod.run(board)
    assert board.feeds == 20           # one feed per pass of the loop
    assert board.frames == 1           # the first frame, then nothing changed
    assert not board.closed            # the watchdog keeps running: the device restarts


class CtrlCBoard(LoopBoard):
    def buttons(self):
        self.polls -= 1
        if self.polls < 0:
            raise KeyboardInterrupt()
        return HostBoard.buttons(self)


def test_ctrl_c_closes_the_board(tmp_path):
    board = CtrlCBoard(str(tmp_path), 3)
    with pytest.raises(KeyboardInterrupt):
        app_mod.run(board)
    assert board.closed


def test_main_shows_the_kept_frame_then_runs_the_app_on_a_short_path(monkeypatch, tmp_path):
    """main.py: the board, the kept frame, then the app with sys.path cut to the
    frozen modules, both given the one listing of the saves' folder; the path
    given back when the app stops (Ctrl-C to the REPL)."""
    import os
    import sys
    import types

    from tanteador import bootframe

    seen = []
    monkeypatch.setattr(sys, "path", sys.path + [".frozen"])
    before = list(sys.path)
    fake_board = types.ModuleType("tanteador.board")
    fake_board.Board = lambda: HostBoard(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tanteador.board", fake_board)
    monkeypatch.setattr(bootframe, "show", lambda b, sizes: seen.append(("show", b, sizes)))
    (tmp_path / "state.json").write_text("{}")
    (tmp_path / "frame.tag").write_bytes(bytes(11))

    def run(b, sizes=None):
        seen.append(("run", b, list(sys.path), sizes))
        raise KeyboardInterrupt()

    monkeypatch.setattr(app_mod, "run", run)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "main.py")
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    with pytest.raises(KeyboardInterrupt):
        exec(code, {"__name__": "__main__"})
    assert [s[0] for s in seen] == ["show", "run"] and seen[0][1] is seen[1][1]
    assert seen[1][2] == [".frozen"]
    assert seen[0][2] == {"state.json": 2, "frame.tag": 11} and seen[1][3] is seen[0][2]
    assert sys.path == before


def _main_on_a_short_path(monkeypatch, tmp_path, missing):
    """main.py on a short path whose app first stops on an ImportError naming
    module ``missing`` -> (the error main.py stopped on, the paths the app ran on)."""
    import os
    import sys
    import types

    from tanteador import bootframe

    monkeypatch.setattr(sys, "path", sys.path + [".frozen"])
    fake_board = types.ModuleType("tanteador.board")
    fake_board.Board = lambda: HostBoard(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tanteador.board", fake_board)
    monkeypatch.setattr(bootframe, "show", lambda b, sizes: None)
    ran = []

    def run(b, sizes=None):
        ran.append(list(sys.path))
        if len(ran) == 1:
            raise ImportError("no module named '%s'" % missing)
        raise KeyboardInterrupt()

    monkeypatch.setattr(app_mod, "run", run)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "main.py")
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    with pytest.raises((ImportError, KeyboardInterrupt)) as stopped:
        exec(code, {"__name__": "__main__"})
    return stopped.value, ran


def test_main_runs_the_app_again_on_the_whole_path_for_a_module_the_short_path_hid(monkeypatch, tmp_path):
    stopped, ran = _main_on_a_short_path(monkeypatch, tmp_path, "tanteador.screens.about")
    assert isinstance(stopped, KeyboardInterrupt)
    assert ran[0] == [".frozen"] and len(ran) == 2 and ".frozen" in ran[1] and len(ran[1]) > 1


def test_main_stops_on_an_import_error_the_short_path_did_not_cause(monkeypatch, tmp_path):
    stopped, ran = _main_on_a_short_path(monkeypatch, tmp_path, "tanteador.nowhere")
    assert isinstance(stopped, ImportError) and "tanteador.nowhere" in str(stopped)
    assert ran == [[".frozen"]]


def _run_main(monkeypatch, tmp_path, show, run=None):
    """Run main.py with the host board, ``show`` as the kept frame's step and
    ``run`` as the app's (default: one that records its board and stops as
    Ctrl-C does) -> the board the default run was given, or None. With a
    ``show``, a kept frame's tag is on the flash for it to be called; with
    None, none is, and bootframe is left unloaded."""
    import os
    import sys
    import types

    ran = []
    fake_board = types.ModuleType("tanteador.board")
    fake_board.Board = lambda: HostBoard(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tanteador.board", fake_board)
    if show is not None:
        from tanteador import bootframe

        monkeypatch.setattr(bootframe, "show", show)
        (tmp_path / "frame.tag").write_bytes(bytes(11))

    def recorded(b, sizes=None):
        ran.append(b)
        raise KeyboardInterrupt()

    monkeypatch.setattr(app_mod, "run", run or recorded)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "main.py")
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    with pytest.raises(KeyboardInterrupt):
        exec(code, {"__name__": "__main__"})
    return ran[0] if ran else None


@pytest.mark.parametrize("error", [UnicodeError("tag"), MemoryError(), OSError(5), ValueError("x")],
                         ids=type)
def test_any_failure_of_the_kept_frame_falls_through_to_the_app(monkeypatch, tmp_path, capsys, error):
    def show(b, sizes):
        raise error

    assert isinstance(_run_main(monkeypatch, tmp_path, show), HostBoard)
    assert "kept frame not shown" in capsys.readouterr().out


def test_a_module_the_short_path_cannot_see_starts_the_app_again_on_the_whole_path(monkeypatch, tmp_path, capsys):
    import sys

    monkeypatch.setattr(sys, "path", sys.path + [".frozen"])
    before = list(sys.path)
    paths = []
    listings = []

    def run(b, sizes=None):
        paths.append(list(sys.path))
        listings.append(sizes)
        if sys.path == [".frozen"]:
            raise ImportError("no module named 'asyncio'")
        raise KeyboardInterrupt()

    _run_main(monkeypatch, tmp_path, lambda b, sizes: False, run)
    assert paths == [[".frozen"], before]
    # The first try may have changed the saves' folder: the second lists it again.
    assert listings[0] == {"frame.tag": 11} and listings[1] is None
    assert "import path given back" in capsys.readouterr().out
    assert sys.path == before


def test_without_a_kept_frame_s_tag_the_frame_s_module_is_not_even_loaded(monkeypatch, tmp_path):
    """The listing tells the start that no frame is kept: the app draws the
    first frame, without the time of loading bootframe first."""
    import sys

    monkeypatch.delitem(sys.modules, "tanteador.bootframe", raising=False)
    (tmp_path / "state.json").write_text("{}")
    ran = []

    def run(b, sizes=None):
        ran.append((sizes, "tanteador.bootframe" in sys.modules))
        raise KeyboardInterrupt()

    _run_main(monkeypatch, tmp_path, None, run)
    assert ran == [({"state.json": 2}, False)]


def test_ok_held_at_boot_opens_the_button_test(tmp_path):
    board = HostBoard(str(tmp_path))
    board.press(2)  # OK, held while the device starts
    app = app_mod.App(board, 0)
    assert app.stage.screen.NAME == "hwtest"
    for t in range(10, 1500, 10):   # the held OK turns into a long press: still the test screen
        app.poll(t)
    assert app.stage.screen.NAME == "hwtest"
    assert app.stage.match is None


def test_plain_boot_opens_the_setup(tmp_path):
    app = app_mod.App(HostBoard(str(tmp_path)), 0)
    assert app.stage.screen.NAME == "setup"


def test_a_press_acts_at_once_and_the_loop_wakes_when_its_lockout_ends(tmp_path):
    board = HostBoard(str(tmp_path))
    app = app_mod.App(board, 0)
    assert app.pause(0) == app_mod.POLL_MS
    board.now = 100
    board.press(1)
    app.poll(101)
    assert app.keys.due(101) == 100 + REPEAT_DELAY_MS - 101  # taken: held now
    board.press(1, False, 105)                   # let go inside the lockout
    app.poll(106)
    assert app.pause(106) == app_mod.POLL_MS     # the lockout ends later than the next tick
    app.poll(113)
    assert app.pause(113) == 100 + DEBOUNCE_MS - 113 < app_mod.POLL_MS


class FakeFlag:
    """Stands in for asyncio's ThreadSafeFlag: counts the loop's waits on it."""

    def __init__(self):
        self.waits = 0

    async def wait(self):
        self.waits += 1


class EdgeBoard(LoopBoard):
    """A board whose button interrupts can wake the loop."""

    flag = None
    every_ms = None

    def edge_flag(self, every_ms):
        self.flag = FakeFlag()
        self.every_ms = every_ms
        return self.flag


def test_the_loop_waits_for_an_edge_or_its_tick_not_a_fixed_sleep(monkeypatch, tmp_path):
    """Where the board can wake it, the idle loop waits on the flag the button
    interrupts set (set every POLL_MS too), so a press is taken at its edge."""
    import asyncio

    sleeps = []

    async def sleep_ms(ms):
        sleeps.append(ms)

    monkeypatch.setattr(asyncio, "sleep_ms", sleep_ms, raising=False)
    board = EdgeBoard(str(tmp_path), 6)  # one read at boot, then 5 passes
    with pytest.raises(Stop):
        app_mod.run(board)
    assert board.every_ms == app_mod.POLL_MS
    assert board.flag.waits == 5           # one per idle pass, none of them a timed sleep
    assert sleeps == []
