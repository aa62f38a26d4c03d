"""The boards `tanteador uf2` can put the app on, and which one a MicroPython .uf2 is for.

Each row is what MicroPython's rp2 port sets for that board: where its
littlefs filesystem lies in flash (ports/rp2: the last
MICROPY_HW_FLASH_STORAGE_BYTES of the flash, in 4096-byte erase blocks)
and how its ``_boot.py`` mounts it (``VfsLfs2(bdev, progsize=256)``, the
other sizes extmod/vfs_lfs.c's defaults). A board not in the table is
refused: a filesystem at the wrong address or size would not mount, and the
firmware would format it over.
"""

from host_tools import UsageError

RP2040 = 0xE48BFF56
XIP_BASE = 0x10000000


class Board:
    """One MicroPython board build: its UF2 family, the name it gives itself, its filesystem."""

    def __init__(self, name, family, machine, fs_offset, fs_size):
        self.name = name
        self.family = family
        self.machine = machine          # sys.implementation._machine, as the firmware holds it
        self.fs_addr = XIP_BASE + fs_offset
        self.fs_size = fs_size
        self.block_size = 4096
        self.block_count = fs_size // self.block_size
        # MicroPython's littlefs mount: VfsLfs2(bdev, progsize=256) with readsize and lookahead 32,
        # block_cycles 100, a cache of 4 x max(read, prog) bytes at most a block.
        self.lfs = dict(block_size=self.block_size, block_count=self.block_count, read_size=32,
                        prog_size=256, lookahead_size=32, block_cycles=100,
                        cache_size=min(self.block_size, 4 * 256), name_max=255)


BOARDS = (
    Board("RPI_PICO", RP2040, b"Raspberry Pi Pico with RP2040", 0xA0000, 1408 * 1024),
)


def recognise(blocks, name):
    """The Board the MicroPython UF2 ``blocks`` (read from the file ``name``) was built for.

    UsageError when no supported board matches, or when the file already
    reaches into the board's filesystem (a .uf2 made by this command, say).
    """
    supported = ", ".join(b.name for b in BOARDS)
    families = sorted({b.family for b in blocks})
    image = b"".join(b.data for b in blocks)
    for board in BOARDS:
        if families != [board.family] or board.machine + b"\x00" not in image:
            continue
        if any(b.addr + len(b.data) > board.fs_addr for b in blocks):
            raise UsageError(
                "%s already writes into the %s's filesystem (from 0x%08x): give the MicroPython .uf2 "
                "as downloaded, not one that carries files" % (name, board.name, board.fs_addr))
        return board
    raise UsageError(
        "%s is not a MicroPython firmware for a board this command knows (UF2 family %s); supported: %s. "
        "For another board, put MicroPython on it and run `tanteador flash`"
        % (name, ", ".join("0x%08x" % f for f in families) or "none", supported))
