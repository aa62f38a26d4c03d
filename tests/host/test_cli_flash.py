"""`tanteador flash` against a fake board behind mpremote's transport."""

import hashlib
import io
import json
import os
import urllib.error

import pytest

from fakeboard import MPY_62, FakeBoard
from host_tools import cli
from host_tools.commands import flash
from host_tools.support import appfiles
from host_tools.support import link as linkmod
from host_tools.support import mpybuild

DRIVER = b"# ssd1306 driver (fake)\n"
DRIVER_HASH = hashlib.sha256(DRIVER).hexdigest()


@pytest.fixture
def firmware(tmp_path, monkeypatch):
    root = tmp_path / "fw"
    (root / "tanteador" / "screens").mkdir(parents=True)
    (root / "main.py").write_text("from tanteador.app import run\nrun()\n")
    (root / "tanteador" / "__init__.py").write_text("VERSION = '9.9'\n")
    (root / "tanteador" / "importer.py").write_text("AT = '/_tt'\n")
    (root / "tanteador" / "app.py").write_text("def run():\n    return 1\n")
    (root / "tanteador" / "screens" / "table.py").write_text("NAME = 'table'\n")
    # flash copies the app's files (support.appfiles) and, for a frozen firmware, main.py alone.
    monkeypatch.setattr(flash, "FIRMWARE", str(root))
    monkeypatch.setattr(appfiles, "FIRMWARE", str(root))
    return root


@pytest.fixture
def index(monkeypatch):
    """micropython-lib's mip index, served without network."""
    seen = []

    def urlopen(url, *a, **kw):
        seen.append(url)
        if "/package/" in url and url.endswith("/ssd1306/latest.json"):
            return io.BytesIO(json.dumps({"hashes": [["ssd1306.mpy", DRIVER_HASH[:8]]], "v": 1}).encode())
        if url.endswith("/file/%s/%s" % (DRIVER_HASH[:2], DRIVER_HASH[:8])):
            return io.BytesIO(DRIVER)
        raise urllib.error.HTTPError(url, 404, "not found", {}, None)

    import mpremote.mip

    monkeypatch.setattr(mpremote.mip.urllib.request, "urlopen", urlopen)
    return seen


@pytest.fixture
def board(tmp_path, monkeypatch):
    b = FakeBoard(tmp_path / "board")
    b.put("/tt/state.json", '{"v": 1, "m": null}')
    b.put("/tt/h/h0001.json", '{"v": 1}')
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    return b


def run(*argv):
    return cli.main(["flash", *argv])


def test_first_flash_precompiles_installs_driver_keeps_match_and_resets(board, firmware, index, capsys):
    assert run() == 0
    files = board.files()
    assert files["/main.py"] == (firmware / "main.py").read_bytes()
    for p in ("/tanteador/__init__.mpy", "/tanteador/modules/app.mpy", "/tanteador/modules/screens/table.mpy"):
        assert files[p][:2] == b"M\x06"  # .mpy header, version 6
    # The package's own folder keeps what MicroPython finds before the index,
    # and the pack; the modules' files are in a folder of their own.
    assert sorted(os.listdir(board.host("/tanteador"))) == ["__init__.mpy", "importer.mpy", "modules", "pack.bin"]
    assert not any(p.startswith("/tanteador/") and p.endswith(".py") for p in files)
    assert files["/lib/ssd1306.mpy"] == DRIVER
    assert files["/tt/state.json"] == b'{"v": 1, "m": null}'
    assert files["/tt/h/h0001.json"] == b'{"v": 1}'
    assert board.resets == 1 and board.closed
    out = capsys.readouterr().out
    assert "MicroPython 1.24.1" in out
    # main.py, the four modules and the pack the importer reads them from.
    assert files["/tanteador/pack.bin"][:4] == b"TPK1"
    assert "6 files copied, 0 unchanged" in out


def test_second_flash_copies_only_what_changed(board, firmware, index, capsys):
    assert run() == 0
    capsys.readouterr()
    writes_before = sum("open(" in c and "'wb'" in c for c in board.execs)
    assert run() == 0
    out = capsys.readouterr().out
    assert "0 files copied, 6 unchanged" in out
    assert "already on the board" in out
    assert sum("open(" in c and "'wb'" in c for c in board.execs) == writes_before
    (firmware / "tanteador" / "app.py").write_text("def run():\n    return 2\n")
    assert run() == 0
    out = capsys.readouterr().out
    # The module, and the pack that holds it too.
    assert "2 files copied, 4 unchanged" in out and "/tanteador/modules/app.mpy" in out
    assert "/tanteador/pack.bin" in out
    assert board.resets == 3


def test_a_new_firmware_drops_the_kept_frame_of_the_old_one_and_keeps_the_match(board, firmware, index):
    assert run() == 0
    board.put("/tt/frame.bin", bytes(1024))
    board.put("/tt/frame.tag", bytes(11))
    assert run() == 0       # nothing changed: the old firmware's frame is still its own
    assert "/tt/frame.tag" in board.files()
    (firmware / "tanteador" / "app.py").write_text("def run():\n    return 2\n")
    assert run() == 0
    files = board.files()
    assert "/tt/frame.tag" not in files
    assert files["/tt/state.json"] == b'{"v": 1, "m": null}' and "/tt/h/h0001.json" in files


def test_the_ended_matches_of_an_earlier_firmware_move_into_their_folder(board, firmware, index, capsys,
                                                                        monkeypatch):
    monkeypatch.setattr(linkmod, "GATHER_AT_ONCE", 1)                # a call each
    board.put("/tt/h0001.json", b'{"v": 2, "older": 1}')      # the folder holds a 1 already
    board.put("/tt/h0002.json", b'{"v": 2, "older": 2}')
    board.put("/tt/h.tmp", b'{"v": 2, "cut')
    assert run() == 0
    files = board.files()
    assert sorted(p for p in files if p.startswith("/tt/")) == [
        "/tt/h.tmp", "/tt/h/h0001.json", "/tt/h/h0002.json", "/tt/h/h0003.json", "/tt/state.json"]
    assert files["/tt/h/h0001.json"] == b'{"v": 1}'
    assert files["/tt/h/h0002.json"] == b'{"v": 2, "older": 1}'
    assert files["/tt/h/h0003.json"] == b'{"v": 2, "older": 2}'
    assert "2 ended matches moved into /tt/h/" in capsys.readouterr().out
    assert sum("_g(" in c for c in board.execs) == 2
    assert run() == 0
    assert "ended matches moved" not in capsys.readouterr().out


def test_a_board_without_saves_has_nothing_to_move(tmp_path, firmware, index, monkeypatch, capsys):
    b = FakeBoard(tmp_path / "board")
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    assert run() == 0
    out = capsys.readouterr().out
    assert "ended matches" not in out and not any(p.startswith("/tt") for p in b.files())


def test_a_move_that_cannot_be_made_is_left_to_the_device(tmp_path, firmware, index, monkeypatch, capsys):
    b = FakeBoard(tmp_path / "board")
    b.put("/tt/h", b"a file where the folder goes")
    b.put("/tt/h0004.json", b'{"v": 2}')
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    assert run() == 0
    files = b.files()
    assert files["/tt/h0004.json"] == b'{"v": 2}' and files["/tt/h"] == b"a file where the folder goes"
    out = capsys.readouterr().out
    assert "the other ended matches could not be moved (" in out
    assert "); the device moves them at its next match end" in out


def test_switching_to_sources_removes_stale_code_but_not_the_match(board, firmware, index, capsys):
    assert run() == 0
    board.put("/tanteador/old_screen.mpy", b"M\x06old")
    assert run("--py") == 0
    files = board.files()
    assert files["/tanteador/app.py"] == (firmware / "tanteador" / "app.py").read_bytes()
    assert "/tanteador/modules/app.mpy" not in files  # a stale .mpy beside a .py would be confusing
    assert "/tanteador/old_screen.mpy" not in files
    # The pack of the compiled modules goes with them: sources are never read from it.
    assert "/tanteador/pack.bin" not in files
    # And so does their folder: the sources' own are the package's.
    assert not os.path.exists(board.host("/tanteador/modules"))
    assert "/tt/state.json" in files and "/tt/h/h0001.json" in files
    assert "6 old files removed" in capsys.readouterr().out
    # Compiled again: the sources' folder of screens goes with them.
    assert run() == 0
    assert not os.path.exists(board.host("/tanteador/screens"))
    assert sorted(os.listdir(board.host("/tanteador"))) == ["__init__.mpy", "importer.mpy", "modules", "pack.bin"]


def test_the_modules_of_the_flat_layout_and_their_folders_go(board, firmware, index):
    """A board flashed before the modules had a folder of their own: their
    files in the package's folder go, and so does a folder they leave
    empty, with an empty folder left in it by a flash cut short."""
    board.put("/tanteador/__init__.mpy", b"M\x06old")
    board.put("/tanteador/app.mpy", b"M\x06old")
    board.put("/tanteador/screens/table.mpy", b"M\x06old")
    board.put("/tanteador/pack.bin", b"TPK1old")
    os.makedirs(board.host("/tanteador/screens/cut"))
    assert run() == 0
    assert sorted(os.listdir(board.host("/tanteador"))) == ["__init__.mpy", "importer.mpy", "modules", "pack.bin"]
    files = board.files()
    assert files["/tanteador/modules/app.mpy"] != b"M\x06old"
    assert "/tanteador/modules/screens/table.mpy" in files
    assert files["/tt/state.json"] == b'{"v": 1, "m": null}'


def test_frozen_firmware_gets_main_only_and_loses_the_shadowing_copy(board, firmware, index, capsys, monkeypatch):
    """A package left on the filesystem would be imported instead of the frozen one."""
    monkeypatch.setattr(flash, "VERSION", "9.9")
    assert run() == 0
    assert "/tanteador/modules/app.mpy" in board.files()
    assert "/lib/ssd1306.mpy" in board.files()
    board.put("/lib/ssd1306.py", b"# an older driver copied by hand\n")
    capsys.readouterr()
    board.frozen = "9.9"
    assert run() == 0
    files = board.files()
    assert not any(p.startswith("/tanteador") for p in files)
    # the frozen firmware carries its own driver: the copies on the filesystem go
    assert "/lib/ssd1306.mpy" not in files and "/lib/ssd1306.py" not in files
    assert not os.path.exists(board.host("/tanteador"))
    assert files["/main.py"] == (firmware / "main.py").read_bytes()
    assert files["/tt/state.json"] == b'{"v": 1, "m": null}'
    out = capsys.readouterr().out
    assert "Tanteador 9.9 frozen in: copying main.py only" in out
    assert "note:" not in out and "precompiling" not in out
    assert board.resets == 2


def test_frozen_firmware_older_than_the_pc_is_named(board, firmware, index, capsys, monkeypatch):
    board.frozen = "0.0.1"
    monkeypatch.setattr(flash, "VERSION", "9.9")
    assert run() == 0
    out = capsys.readouterr().out
    assert "this PC has Tanteador 9.9; the board runs 0.0.1 until its firmware is rebuilt" in out
    assert "/lib/ssd1306.mpy" not in board.files()   # the frozen firmware carries its driver
    assert sorted(board.files()) == ["/main.py", "/tt/h/h0001.json", "/tt/state.json"]


def test_older_micropython_gets_the_compiler_of_its_mpy_version(board, firmware, index, capsys):
    board.impl.version = (1, 22, 2, "")
    board.impl._mpy = MPY_62
    assert run() == 0
    assert "precompiling with mpy-cross for .mpy v6.2" in capsys.readouterr().out
    assert board.files()["/tanteador/modules/app.mpy"][:2] == b"M\x06"


def test_unknown_mpy_version_gets_sources(board, firmware, index, capsys):
    board.impl._mpy = 7 | (0 << 8) | (4 << 10)
    assert run() == 0
    assert "/tanteador/app.py" in board.files()
    assert "no mpy-cross for .mpy v7.0" in capsys.readouterr().out


def test_board_without_mpy_abi_gets_sources(board, firmware, index, capsys):
    board.impl._mpy = 0
    assert run() == 0
    assert "/tanteador/app.py" in board.files()
    assert "copying .py sources" in capsys.readouterr().out


def test_too_old_micropython_is_refused_without_changes(board, firmware, index, capsys):
    board.impl.version = (1, 19, 1, "")
    before = board.files()
    assert run() == 1
    err = capsys.readouterr().err
    assert "MicroPython 1.19.1" in err and "1.22.0 or newer" in err
    assert board.files() == before


def test_not_micropython(board, firmware, index, capsys):
    board.impl.name = "circuitpython"
    assert run() == 1
    assert "does not answer like MicroPython" in capsys.readouterr().err


def test_no_network_for_mip_explains_the_manual_copy(board, firmware, monkeypatch, capsys):
    import mpremote.mip

    def offline(url, *a, **kw):
        raise urllib.error.URLError("Temporary failure in name resolution")

    monkeypatch.setattr(mpremote.mip.urllib.request, "urlopen", offline)
    assert run() == 1
    err = capsys.readouterr().err
    assert "mpremote cp ssd1306.py :lib/ssd1306.py" in err
    assert "--no-mip" in err
    assert not any(p.startswith("/tanteador") for p in board.files())
    assert board.resets == 0
    assert run("--no-mip") == 0
    assert "/tanteador/modules/app.mpy" in board.files()


def test_full_flash_changes_nothing(board, firmware, index, capsys):
    board.capacity = board.used() + len(DRIVER) + 100
    before_code = {p for p in board.files() if p.startswith("/tanteador")}
    assert run() == 1
    assert "flash is full" in capsys.readouterr().err
    assert {p for p in board.files() if p.startswith("/tanteador")} == before_code
    assert board.resets == 0


def test_full_during_a_write_is_a_clear_error(board, firmware, index, capsys, monkeypatch):
    monkeypatch.setattr(flash, "MARGIN", -10**9)  # get past the pre-check
    board.capacity = board.used() + len(DRIVER) + 60
    assert run() == 1
    assert "flash is full while writing" in capsys.readouterr().err


def test_no_board_found(monkeypatch, capsys):
    import serial.tools.list_ports

    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    assert cli.main(["flash"]) == 1
    err = capsys.readouterr().err
    assert "no board found" in err and "RPI-RP2" in err


def test_real_firmware_precompiles(board, index):
    assert run() == 0
    files = board.files()
    assert "/main.py" in files and "/tanteador/__init__.mpy" in files
    mods = [p for p in files if p.startswith("/tanteador/") and p != "/tanteador/pack.bin"]
    assert all(files[p][:2] == b"M\x06" for p in mods)
    # No module small enough for littlefs to keep inside its folder's record.
    assert all(len(files[p]) > mpybuild.INLINE_MAX for p in mods)
    assert "/tanteador/pack.bin" in files


def test_find_port_prefers_a_raspberry_pi_board(monkeypatch):
    import serial.tools.list_ports

    class Port:
        def __init__(self, device, vid, pid):
            self.device, self.vid, self.pid = device, vid, pid

    ports = [Port("/dev/ttyS0", None, None), Port("/dev/ttyUSB0", 0x1A86, 0x7523), Port("/dev/ttyACM1", 0x2E8A, 0x0005)]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)
    assert linkmod.find_port() == "/dev/ttyACM1"
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports[:2])
    assert linkmod.find_port() == "/dev/ttyUSB0"


def test_port_that_does_not_answer(monkeypatch, capsys):
    from mpremote.transport import TransportError
    import mpremote.transport_serial

    class Silent:
        def __init__(self, device, baudrate=115200, **kw):
            self.closed = False

        def enter_raw_repl(self, soft_reset=True):
            raise TransportError("could not enter raw repl")

        def close(self):
            self.closed = True

    monkeypatch.setattr(mpremote.transport_serial, "SerialTransport", Silent)
    assert cli.main(["flash", "--port", "/dev/ttyACM7"]) == 1
    err = capsys.readouterr().err
    assert "/dev/ttyACM7 does not answer like MicroPython" in err and "Thonny" in err


def test_full_while_installing_the_driver(board, firmware, index, capsys):
    board.capacity = board.used() + 5
    assert run() == 1
    assert "full while installing the ssd1306 driver" in capsys.readouterr().err
    assert not any(p.startswith("/tanteador") for p in board.files())


@pytest.mark.micropython
def test_frozen_probe_on_real_micropython_ignores_the_filesystem_copy():
    """The board-side probe: None beside a package on the path, and the path left as it was."""
    from host_tools.harness import mplane

    mplane.require_micropython()
    code = linkmod._FROZEN + "import sys\nimport tanteador\nprint(repr(tanteador.VERSION))\n"
    rc, out, err = mplane.run_code(code)
    assert rc == 0, err + out
    assert out.split() == ["None", repr(flash.VERSION)]


BOARDS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "hardware", "boards")
BOARD_FILE = "/tanteador_board.py"


def _board_file(name):
    return os.path.join(BOARDS, name)


def test_an_sh1106_board_file_is_copied_and_needs_no_ssd1306_driver(board, firmware, index, capsys):
    assert run("--board", _board_file("sh1106.py")) == 0
    files = board.files()
    with open(_board_file("sh1106.py"), "rb") as f:
        assert files[BOARD_FILE] == f.read()
    assert not any("ssd1306" in p for p in files)
    assert index == []                       # mip was not even asked
    assert "ssd1306 driver: not needed for an SH1106 display" in capsys.readouterr().out
    # A later flash keeps the board's own file, and still needs no driver.
    assert run() == 0
    assert board.files()[BOARD_FILE] == files[BOARD_FILE]
    assert not any("ssd1306" in p for p in board.files()) and index == []


def test_a_board_file_with_an_ssd1306_gets_the_driver(board, firmware, index, capsys):
    assert run("--board", _board_file("right_side.py")) == 0
    files = board.files()
    assert files["/lib/ssd1306.mpy"] == DRIVER and BOARD_FILE in files


def test_default_board_removes_the_board_file_and_installs_the_driver(board, firmware, index, capsys):
    assert run("--board", _board_file("sh1106.py")) == 0
    assert run("--default-board") == 0
    files = board.files()
    assert BOARD_FILE not in files and files["/lib/ssd1306.mpy"] == DRIVER
    assert "/tt/state.json" in files


def test_a_bad_board_file_is_refused_before_the_board_is_touched(board, firmware, index, capsys, tmp_path):
    bad = tmp_path / "mine.py"
    bad.write_text("DISPLAY = 'sh1106'\nBUTON_PINS = (6, 7, 8, 9)\n")
    before = board.files()
    assert run("--board", str(bad)) == 2
    err = capsys.readouterr().err
    assert "mine.py would be refused by the board: BUTON_PINS: no such setting" in err
    assert board.files() == before and board.resets == 0
    assert run("--board", str(tmp_path / "missing.py")) == 2
    assert "cannot read the board file" in capsys.readouterr().err


def test_a_refused_board_file_on_the_board_is_named(board, firmware, index, capsys):
    board.put(BOARD_FILE, "DISPLAY = 'sh1107'\n")
    assert run() == 0
    out = capsys.readouterr().out
    assert "will be refused at boot, the default wiring used: DISPLAY must be 'ssd1306' or 'sh1106'" in out
    assert "--default-board" in out
    assert board.files()[BOARD_FILE] == b"DISPLAY = 'sh1107'\n"     # the maker's file is left alone


def test_a_board_file_on_the_board_that_is_no_text_is_named_as_the_board_refuses_it(board, firmware, index, capsys):
    board.put(BOARD_FILE, b"DISPLAY = 'sh1106'\n# \xff\xfe\n")
    assert run() == 0
    assert "will be refused at boot, the default wiring used: not UTF-8 text" in capsys.readouterr().out


def test_board_and_default_board_exclude_each_other(board, firmware, index, capsys):
    with pytest.raises(SystemExit) as e:
        run("--board", _board_file("sh1106.py"), "--default-board")
    assert e.value.code == 2
