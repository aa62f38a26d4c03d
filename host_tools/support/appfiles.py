"""What `tanteador flash` and `tanteador uf2` put on a board: the app's files,
its wiring and board file, and where the display driver goes.

Both install the same app, so both take it from here: a board flashed by
USB and one made from a .uf2 hold the same files.
"""

import io

from host_tools import FIRMWARE, UsageError
from host_tools.support.modulepack import build_pack, laid_out, pack_path
from host_tools.support.mpybuild import build, firmware_files

# Where a display driver may sit on a board; mip puts the compiled one first.
DRIVER_FILES = ("/lib/ssd1306.mpy", "/lib/ssd1306.py", "/ssd1306.py", "/ssd1306.mpy")


def firmware_modules():
    """The firmware's board file reader and its default wiring (the config module)."""
    from tanteador import boardfile, config

    return boardfile, config


def code_files(compiler):
    """{board path: bytes} of main.py and the package as flash copies them: .mpy by
    ``compiler`` with the pack the index reads them from, the modules' own files in
    their folder (support.modulepack), or sources."""
    files = build(firmware_files(FIRMWARE), compiler)
    if compiler is not None:
        files[pack_path()] = build_pack(files)
        files = laid_out(files)
    return files


def default_wiring():
    """The firmware's config module: the wiring of a board with no board file."""
    return firmware_modules()[1]


def board_file_path():
    """Where a board file goes on the board, the path the firmware looks for."""
    return default_wiring().BOARD_FILE


def local_board_file(path):
    """(bytes, Wiring) of the board file at ``path``, checked by the firmware's own reader.

    A file the device would refuse (its size and UTF-8 checked as the device
    reads it) is a bad argument: nothing is copied.
    """
    boardfile, _ = firmware_modules()
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise UsageError("cannot read the board file %s: %s" % (path, e))
    w = boardfile.load(io.BytesIO(data))
    if w.problems:
        raise UsageError("the board file %s would be refused by the board: %s" % (path, "; ".join(w.problems)))
    return data, w


def needs_ssd1306(wiring):
    """True when the display of ``wiring`` is driven by micropython-lib's ssd1306 module."""
    return wiring.DISPLAY == "ssd1306"
