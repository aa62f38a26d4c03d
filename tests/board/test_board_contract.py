"""Every board keeps the board contract written in firmware/tanteador/board.py.

The contract is read from that module's docstring, so it is written once:
the Pico's Board (over fake ``machine`` and ``ssd1306``), the host board,
the web page's board (over a fake ``webhost``) and the test lanes' clock
board are each built and held to it, and every use of ``board.`` in the
firmware must be on the list.
"""

import ast
import importlib.util
import inspect
import os
import re
import sys
import types

import pytest

import picofakes
from host_tools import FIRMWARE, ROOT
from host_tools.device import pcboard
from host_tools.device.hostboard import HostBoard

BOARD_PY = os.path.join(FIRMWARE, "tanteador", "board.py")
ENTRY = re.compile(r"^    ([a-z_]+)(\(([a-z_, ]*)\))?\s{2,}\S")


def contract():
    """({name: argument names, or None for an attribute} every board has, the same of what it may have)."""
    doc = ast.get_docstring(ast.parse(open(BOARD_PY, encoding="utf-8").read()))
    must, may = doc.split("A board may have")
    return _entries(must.split("Every board has:")[1]), _entries(may)


def _entries(text):
    out = {}
    for line in text.splitlines():
        m = ENTRY.match(line)
        if m:
            out[m.group(1)] = None if m.group(2) is None else [a for a in m.group(3).replace(" ", "").split(",") if a]
    return out


def _pico(monkeypatch, tmp_path):
    """firmware/tanteador/board.py over tests/picofakes.py; a press is a pin pulled low a little later."""
    mod = picofakes.load_board(monkeypatch)
    board = mod.Board(str(tmp_path / "tt"))

    def press(button):
        pin = next(p for p in picofakes.FakePin.made if p.n == mod.WIRING.BUTTON_PINS[button])
        mod.clock["t"] += 10
        pin.set(0)
    return board, press


def _host(monkeypatch, tmp_path):
    """The simulator's board."""
    board = HostBoard(str(tmp_path))
    return board, lambda button: board.press(button, True)


def _web(monkeypatch, tmp_path):
    """host_tools/web/webboard.py, written for the WebAssembly port: its page module and gc faked."""
    import gc

    monkeypatch.setattr(gc, "mem_free", lambda: 400000, raising=False)
    webhost = types.ModuleType("webhost")
    # What reached the browser's storage: the page reads the file at each call.
    webhost.stored = {}

    def wrote(name):
        with open(os.path.join(str(tmp_path / "tt"), name), "rb") as f:
            webhost.stored[name] = f.read()
        return 0

    webhost.wrote = wrote
    webhost.renamed = lambda *a: 0
    webhost.removed = webhost.tone = lambda *a: None
    webhost.rand_below = lambda n: 0
    monkeypatch.setitem(sys.modules, "webhost", webhost)
    monkeypatch.setitem(sys.modules, "pcboard", pcboard)
    spec = importlib.util.spec_from_file_location("webboard", os.path.join(ROOT, "host_tools", "web", "webboard.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "ROOT", str(tmp_path / "tt"))
    board = mod.WebBoard(now=1000)
    return board, lambda button: board.press(button, True, board.now)


def _clock(monkeypatch, tmp_path):
    """tests/clockboard.py, written for the unix port: its ``time.ticks_*`` and bare ``hostboard`` faked."""
    import time

    from host_tools.device import hostboard

    monkeypatch.setitem(sys.modules, "hostboard", hostboard)
    monkeypatch.setattr(time, "ticks_ms", lambda: 5000, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.delitem(sys.modules, "clockboard", raising=False)
    import clockboard

    board = clockboard.Board(str(tmp_path))
    return board, lambda button: board.press(button, True, 5000)


BOARDS = {"pico": _pico, "host": _host, "web": _web, "clock": _clock}


@pytest.fixture(params=sorted(BOARDS))
def made(request, monkeypatch, tmp_path):
    """(board, press): a fresh board of each kind, and how to push down one of its buttons."""
    yield BOARDS[request.param](monkeypatch, tmp_path)
    if request.param == "pico":
        picofakes.unload()


def test_the_contract_is_read():
    must, may = contract()
    assert must["take_edges"] == ["sink"] and must["show"] == [] and must["buffer"] is None
    assert set(may) == {"rand_below", "edge_flag", "nap", "close", "problems"}


def _is_board(node):
    """``board``, ``self.board`` or ``app.board``: an expression the firmware names the board by."""
    return (isinstance(node, ast.Name) and node.id == "board") or \
        (isinstance(node, ast.Attribute) and node.attr == "board")


def board_uses(path):
    """Names the source at ``path`` reads off the board: ``board.x`` and ``getattr(board, "x", ...)``."""
    used = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Attribute) and _is_board(node.value):
            used.add(node.attr)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" \
                and _is_board(node.args[0]) and isinstance(node.args[1], ast.Constant):
            used.add(node.args[1].value)
    return used


def test_the_firmware_uses_only_what_the_contract_lists():
    must, may = contract()
    used = set()
    for folder, _, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py") and f != "board.py":
                used |= board_uses(os.path.join(folder, f))
    assert {"show", "take_edges", "rand_below"} <= used, "the firmware's uses of the board are no longer read"
    assert not used - set(must) - set(may), "used by the firmware, missing from the contract in board.py"


def test_every_name_is_there_with_its_arguments(made):
    board, _ = made
    must, may = contract()
    for name, args in list(must.items()) + [(n, a) for n, a in may.items() if hasattr(board, n)]:
        assert hasattr(board, name), name
        value = getattr(board, name)
        if args is None:
            assert not inspect.ismethod(value), "%s is a method; the contract reads it as an attribute" % name
        else:
            assert callable(value), name
            inspect.signature(value).bind(*range(len(args)))


def test_a_fresh_board_is_at_rest(made):
    board, _ = made
    levels = board.buttons()
    assert levels == (False, False, False, False)
    seen = []
    board.take_edges(lambda *e: seen.append(e))
    assert seen == [] and board.edge_overflows == 0
    t = board.ticks_ms()
    assert isinstance(t, int) and board.ticks_ms() >= t
    free = board.mem_free()
    assert free is None or free > 0
    assert isinstance(board.name, str) and board.name


def test_a_press_is_a_level_and_one_edge(made):
    board, press = made
    board.take_edges(lambda *e: None)
    press(2)
    assert board.buttons()[2] is True
    seen = []
    board.take_edges(lambda *e: seen.append(e))
    assert [(b, down) for b, down, _ in seen] == [(2, True)]
    assert isinstance(seen[0][2], int) and seen[0][2] <= board.ticks_ms()


def test_the_display_draws_into_the_buffer(made):
    board, _ = made
    assert len(board.buffer) == 128 * 64 // 8
    board.display.fill(0)
    board.display.pixel(3, 9, 1)                  # MONO_VLSB: page 1, column 3, bit 1
    assert board.buffer[128 + 3] == 0b10 and sum(board.buffer) == 2
    board.show()
    for call in (lambda: board.contrast(40), lambda: board.power(False), lambda: board.power(True),
                 lambda: board.tone(880), lambda: board.tone(0), board.feed):
        call()


def test_the_flash_folder_keeps_a_file(made):
    board, _ = made
    with board.fs.open("probe.txt", "w") as f:
        f.write("kept")
    board.fs.rename("probe.txt", "kept.txt")
    with board.fs.open("kept.txt") as f:
        assert f.read() == "kept"
    board.fs.remove("kept.txt")


def test_a_flushed_file_is_on_flash_before_it_is_closed(made):
    """The store keeps the journal open and flushes each line before its frame."""
    board, _ = made
    f = board.fs.open("probe.log", "wb")
    f.write(b"1\n")
    f.flush()
    f.write(b"[2]\n")
    f.flush()
    if board.name == "web":
        import webhost

        assert webhost.stored["probe.log"] == b"1\n[2]\n"
    else:
        with open(board.fs.path("probe.log"), "rb") as g:
            assert g.read() == b"1\n[2]\n"
    f.close()
    board.fs.remove("probe.log")


def test_a_timed_host_board_charges_a_flushed_line_then(tmp_path):
    """With the Pico's times, a line flushed into an open file costs its time at the flush."""
    from host_tools.device.devicetime import DeviceTime

    board = HostBoard(str(tmp_path))
    board.set_timing(DeviceTime())
    f = board.fs.open("probe.log", "wb")
    t = board.now
    f.write(b"[2]\n")
    f.flush()
    assert board.now > t
    t = board.now
    f.close()
    assert board.now == t


def test_the_pc_boards_share_their_base(monkeypatch, tmp_path):
    web, _ = _web(monkeypatch, tmp_path)
    assert isinstance(web, pcboard.PCBoard) and issubclass(HostBoard, pcboard.PCBoard)


@pytest.mark.parametrize("kind", ["host", "web", "clock"])
def test_a_pc_board_keeps_the_frame_shown(kind, monkeypatch, tmp_path):
    """The tools read ``frame`` off every PC board alike: the bytes last sent to the glass."""
    board, _ = BOARDS[kind](monkeypatch, tmp_path)
    assert board.frame == bytes(1024)
    board.display.pixel(3, 9, 1)
    assert board.frame == bytes(1024)             # drawn, not shown yet
    board.show()
    assert isinstance(board.frame, bytes) and board.frame[128 + 3] == 0b10 and sum(board.frame) == 2
