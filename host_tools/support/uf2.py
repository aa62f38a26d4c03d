"""The UF2 format the RP2040's boot ROM reads from its RPI-RP2 drive.

A UF2 file is a run of 512-byte blocks, each carrying up to 476 bytes for
one flash address, between fixed magic numbers; the boot ROM writes every
block of the file whose family id is its own and restarts when the last one
is in. Only what Tanteador needs: reading a firmware's blocks and writing
blocks back out, numbered as one file.
"""

import struct

from host_tools import UsageError

BLOCK = 512
PAYLOAD = 256                 # what the RP2040's boot ROM takes in a block
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000      # the family id field is set
HEADER = struct.Struct("<8I")
DATA_MAX = 476


class Block:
    """One UF2 block: ``data`` for flash address ``addr`` of chip family ``family``."""

    __slots__ = ("addr", "data", "family", "flags")

    def __init__(self, addr, data, family, flags=FLAG_FAMILY):
        self.addr = addr
        self.data = bytes(data)
        self.family = family
        self.flags = flags


def read(data, name="the file"):
    """The Blocks of the UF2 image ``data``; UsageError naming ``name`` when it is not one."""
    if not data or len(data) % BLOCK:
        raise UsageError("%s is not a UF2 file: %d bytes is not a whole number of %d-byte blocks"
                         % (name, len(data), BLOCK))
    blocks = []
    for i in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, _no, _count, family = HEADER.unpack_from(data, i)
        (end,) = struct.unpack_from("<I", data, i + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END) or size > DATA_MAX:
            raise UsageError("%s is not a UF2 file: block %d has no UF2 magic numbers" % (name, i // BLOCK))
        blocks.append(Block(addr, data[i + 32:i + 32 + size], family, flags))
    return blocks


def write(blocks):
    """bytes of a UF2 file holding ``blocks`` in order, numbered 0 to n-1 of n."""
    out = bytearray()
    count = len(blocks)
    for no, b in enumerate(blocks):
        out += HEADER.pack(MAGIC_START0, MAGIC_START1, b.flags, b.addr, len(b.data), no, count, b.family)
        out += b.data + bytes(DATA_MAX - len(b.data))
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def from_image(image, addr, family):
    """Blocks carrying ``image`` to flash from address ``addr``, PAYLOAD bytes each."""
    return [Block(addr + off, image[off:off + PAYLOAD], family) for off in range(0, len(image), PAYLOAD)]
