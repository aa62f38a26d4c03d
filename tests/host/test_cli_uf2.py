"""`tanteador uf2`: one .uf2 with MicroPython and the app's filesystem, checked block by block."""

import hashlib
import io
import os
import struct
import urllib.error

import littlefs
import pytest

from fakeboard import FakeBoard
from host_tools import ROOT, cli
from host_tools.support import driver
from host_tools.support import link as linkmod

RP2040 = 0xE48BFF56
FS_ADDR = 0x100A0000
FS_SIZE = 1408 * 1024
FAKE_DRIVER = b"# a stand-in for micropython-lib's ssd1306.py\nclass SSD1306_I2C:\n    pass\n"
BOARDS = os.path.join(ROOT, "hardware", "boards")


def uf2_block(addr, data, no, count, family=RP2040, flags=0x2000):
    return (struct.pack("<8I", 0x0A324655, 0x9E5D5157, flags, addr, len(data), no, count, family)
            + data + bytes(476 - len(data)) + struct.pack("<I", 0x0AB16F30))


def fake_micropython(machine=b"Raspberry Pi Pico with RP2040", version=b"1.27.0", family=RP2040, pages=12):
    """A MicroPython .uf2 as small as a test needs: the strings a firmware carries, in 256-byte pages."""
    body = (b"\x00MicroPython v" + version + b" on 2025-12-09\x00; " + machine + b"\x00").ljust(pages * 256, b"\xa5")
    return b"".join(uf2_block(0x10000000 + i * 256, body[i * 256:(i + 1) * 256], i, pages, family)
                    for i in range(pages))


def parse(data):
    """[(flags, addr, payload, no, count, family)] of every block, after checking the UF2 frame."""
    assert len(data) % 512 == 0
    out = []
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<8I", data, i)
        assert (m0, m1, struct.unpack_from("<I", data, i + 508)[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        assert data[i + 32 + size:i + 508] == bytes(476 - size)
        out.append((flags, addr, data[i + 32:i + 32 + size], no, count, family))
    return out


def image_files(image):
    """Every file of the littlefs image, read back at the geometry MicroPython's rp2 port mounts."""
    fs = littlefs.LittleFS(context=littlefs.UserContext(buffer=bytearray(image)), mount=False,
                           block_size=4096, block_count=FS_SIZE // 4096, read_size=32, prog_size=256,
                           lookahead_size=32, cache_size=1024)
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name) if top != "/" else "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


@pytest.fixture
def made(tmp_path, monkeypatch):
    """Run `tanteador uf2` on a fake MicroPython .uf2; (exit status, output bytes or None)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    mp = tmp_path / "micropython.uf2"
    drv = tmp_path / "ssd1306.py"
    drv.write_bytes(FAKE_DRIVER)

    def make(*extra, firmware=None, out="tanteador.uf2", with_driver=True):
        mp.write_bytes(firmware if firmware is not None else fake_micropython())
        target = tmp_path / out
        argv = ["uf2", "--micropython", str(mp), "-o", str(target)] + (["--driver", str(drv)] if with_driver else [])
        rc = cli.main(argv + list(extra))
        return rc, target.read_bytes() if target.exists() else None

    return make


def split(data):
    """(firmware blocks, filesystem image) of a made .uf2, checking the blocks' numbering and targets."""
    blocks = parse(data)
    assert [b[3] for b in blocks] == list(range(len(blocks)))
    assert {b[4] for b in blocks} == {len(blocks)}
    assert {b[5] for b in blocks} == {RP2040} and {b[0] for b in blocks} == {0x2000}
    assert all(len(b[2]) == 256 for b in blocks)
    fw = [b for b in blocks if b[1] < FS_ADDR]
    fs = [b for b in blocks if b[1] >= FS_ADDR]
    assert blocks == fw + fs
    assert [b[1] for b in fs] == list(range(FS_ADDR, FS_ADDR + FS_SIZE, 256))   # the whole region, in order
    return fw, b"".join(b[2] for b in fs)


def flashed(tmp_path, monkeypatch, *argv):
    """{board path: bytes} `tanteador flash` copies onto an empty board (the driver left to mip)."""
    board = FakeBoard(tmp_path / "board")
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(board, "fake0"))
    assert cli.main(["flash", "--no-mip", *argv]) == 0
    return board.files()


def test_the_uf2_is_the_firmware_then_the_app_as_flash_copies_it(made, tmp_path, monkeypatch, capsys):
    rc, data = made()
    assert rc == 0, capsys.readouterr().err
    fw, image = split(data)
    given = parse(fake_micropython())
    assert [(b[1], b[2]) for b in fw] == [(b[1], b[2]) for b in given]
    files = image_files(image)
    copied = flashed(tmp_path, monkeypatch)
    assert "/main.py" in copied and "/tanteador/modules/app.mpy" in copied
    assert {p: v for p, v in files.items() if p != "/lib/ssd1306.mpy"} == copied
    assert files["/lib/ssd1306.mpy"][:2] == b"M\x06"          # compiled, where mip puts it
    out = capsys.readouterr().out
    assert "MicroPython 1.27.0 for RPI_PICO" in out
    assert "is not micropython-lib's ssd1306 0.1.0" in out      # a driver other than the pinned one is named


def test_the_same_inputs_give_the_same_bytes(made, capsys):
    rc1, first = made(out="a.uf2")
    rc2, second = made(out="b.uf2")
    assert rc1 == rc2 == 0
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


def test_a_board_file_goes_in_and_an_sh1106_needs_no_driver(made, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("urllib.request.urlopen", lambda *a, **k: pytest.fail("nothing to fetch"))
    rc, data = made("--board", os.path.join(BOARDS, "sh1106.py"), with_driver=False)
    assert rc == 0, capsys.readouterr().err
    files = image_files(split(data)[1])
    with open(os.path.join(BOARDS, "sh1106.py"), "rb") as f:
        assert files["/tanteador_board.py"] == f.read()
    assert not any("ssd1306" in p for p in files)
    assert {p: v for p, v in files.items()} == flashed(tmp_path, monkeypatch, "--board",
                                                       os.path.join(BOARDS, "sh1106.py"))


def test_a_board_file_the_device_would_refuse_is_refused(made, tmp_path, capsys):
    bad = tmp_path / "mine.py"
    bad.write_text("DISPLAY = 'sh1107'\n")
    rc, data = made("--board", str(bad))
    assert (rc, data) == (2, None)
    assert "would be refused by the board" in capsys.readouterr().err


@pytest.mark.parametrize("firmware, said", [
    (fake_micropython(family=0xE48BFF59), "UF2 family 0xe48bff59"),
    (fake_micropython(machine=b"Raspberry Pi Pico W with RP2040"), "supported: RPI_PICO"),
    (fake_micropython(version=b"1.19.1"), "Tanteador needs 1.22.0 or newer"),
    (b"PK\x03\x04 not a uf2" * 40, "is not a UF2 file"),
    (fake_micropython(version=b""), "does not say which MicroPython"),
])
def test_a_firmware_for_another_board_or_no_firmware_is_refused(made, firmware, said, capsys):
    rc, data = made(firmware=firmware)
    assert (rc, data) == (2, None)
    assert said in capsys.readouterr().err


def test_a_uf2_that_already_carries_files_is_refused(made, capsys):
    rc, data = made()
    assert rc == 0
    rc, again = made(firmware=data, out="again.uf2")
    assert (rc, again) == (2, None)
    assert "already writes into the RPI_PICO's filesystem" in capsys.readouterr().err


def test_the_pinned_driver_is_fetched_once_checked_and_kept(made, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(driver, "SHA256", hashlib.sha256(FAKE_DRIVER).hexdigest())
    asked = []

    def urlopen(url, *a, **k):
        asked.append(url)
        return io.BytesIO(FAKE_DRIVER)

    monkeypatch.setattr("urllib.request.urlopen", urlopen)
    rc, first = made(with_driver=False)
    assert rc == 0 and asked == [driver.MIP_INDEX + "/file/%s/%s" % (driver.SHA256[:2], driver.SHA256[:8])]
    rc, second = made(with_driver=False, out="second.uf2")
    assert rc == 0 and len(asked) == 1 and first == second
    rc, given = made(out="given.uf2")
    assert given == first


def test_a_driver_that_is_not_the_pinned_one_is_not_kept(made, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("urllib.request.urlopen", lambda *a, **k: io.BytesIO(b"# something else\n"))
    rc, data = made(with_driver=False)
    assert (rc, data) == (1, None)
    assert "not the pinned one" in capsys.readouterr().err
    assert not os.path.exists(driver.cache_path())


def test_no_network_names_the_driver_option(made, monkeypatch, capsys):
    def offline(*a, **k):
        raise urllib.error.URLError("Temporary failure in name resolution")

    monkeypatch.setattr("urllib.request.urlopen", offline)
    rc, data = made(with_driver=False)
    assert (rc, data) == (1, None)
    err = capsys.readouterr().err
    assert "--driver FILE" in err and driver.url() in err


@pytest.mark.micropython
def test_micropython_mounts_the_image_as_the_pico_boots_it(made, tmp_path, capsys):
    """MicroPython's own littlefs, mounted as the rp2 port's _boot.py does, lists the same files."""
    from host_tools.harness import mplane

    mplane.require_micropython()
    rc, data = made()
    assert rc == 0
    image = tmp_path / "fs.bin"
    image.write_bytes(split(data)[1])
    code = """import vfs, hashlib, binascii
class Flash:
    def __init__(self, path):
        self.f = open(path, 'rb')
    def readblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.readinto(buf)
    def ioctl(self, op, arg):
        if op == 4: return %d
        if op == 5: return 4096
        return 0
fs = vfs.VfsLfs2(Flash(%r), progsize=256)
def walk(d):
    for name, kind, *_ in fs.ilistdir(d):
        p = d.rstrip('/') + '/' + name
        if kind == 0x4000: walk(p)
        else:
            h = hashlib.sha256()
            with fs.open(p, 'rb') as f:
                # A chunk at a time: the pack of the modules is larger than a Pico's heap holds at once.
                while True:
                    b = f.read(4096)
                    if not b: break
                    h.update(b)
            print(p, binascii.hexlify(h.digest()).decode())
walk('/')
""" % (FS_SIZE // 4096, str(image))
    code_rc, out, err = mplane.run_code(code)
    assert code_rc == 0, err + out
    seen = dict(line.split() for line in out.splitlines())
    expected = {p: hashlib.sha256(v).hexdigest() for p, v in image_files(split(data)[1]).items()}
    assert seen == expected


def test_a_board_file_longer_than_the_device_reads_is_refused(made, tmp_path, capsys):
    from tanteador import boardfile

    big = tmp_path / "big.py"
    big.write_text('DISPLAY = "ssd1306"\n' + "# a long note\n" * (boardfile.MAX_BYTES // 14 + 1))
    rc, data = made("--board", str(big))
    assert (rc, data) == (2, None)
    assert "would be refused by the board" in capsys.readouterr().err
