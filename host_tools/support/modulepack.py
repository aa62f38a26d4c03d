"""The pack: the package's compiled modules in one file, which the start reads them from.

A Pico spends 2-3 ms opening each file of the package's folder (littlefs
reads the folder's records again) and some forty modules load before a
boot's first frame; read from one file opened once, they load that much
sooner (tanteador.start._Pack). `tanteador flash` and `tanteador uf2`
install the pack beside the modules' own files, which serve the REPL, a
module the pack does not hold whole, and every import once the app has
started: a module copied by hand over its file is seen only then
(host_tools/docs/flash.md).
"""

import binascii

from host_tools import firmware_paths
from host_tools.support.mpybuild import PACKAGE


def _start():
    # The firmware's start reads the pack: its layout is taken from there.
    firmware_paths()
    from tanteador import start

    return start


def pack_path():
    """Where the pack goes on the board."""
    return PACKAGE + _start().PACK.lstrip("/")


def build_pack(files):
    """The pack's bytes for ``files`` ({board path: bytes}): every compiled module of the package."""
    start = _start()
    mods = sorted((path[len(PACKAGE) - 1:].encode(), data) for path, data in files.items()
                  if path.startswith(PACKAGE) and path.endswith(".mpy"))
    if len(mods) > start.MAX_MODULES:
        raise ValueError("more modules than the start reads from a pack: %d" % len(mods))
    head = bytearray(start.MAGIC + len(mods).to_bytes(4, "little"))
    offset = len(head) + start.RECORD * len(mods)
    body = bytearray()
    for name, data in mods:
        if len(name) > start.NAME:
            raise ValueError("module name too long for the pack: %s" % name.decode())
        head += name + bytes(start.NAME - len(name))
        head += (offset + len(body)).to_bytes(4, "little") + len(data).to_bytes(4, "little")
        head += (binascii.crc32(data) & 0xFFFFFFFF).to_bytes(4, "little")
        body += data
    return bytes(head + body)
