"""The pack: the package's compiled modules in one file, which a board's index reads them from.

A Pico spends 2-3 ms opening each file of the package's folder (littlefs
reads the folder's records again) and some forty modules load before a
boot's first frame; read from one file opened once, they load that much
sooner (tanteador.importer._Pack). `tanteador flash` and `tanteador uf2`
install the pack beside the modules' own files (``laid_out``), which serve the REPL, a
module the pack does not hold whole, and every import once the app has
started: a module copied by hand over its file is seen only then
(host_tools/docs/flash.md).
"""

import binascii

from host_tools import firmware_paths
from host_tools.support.mpybuild import PACKAGE


def _importer():
    # The firmware's importer reads the pack: its layout is taken from there.
    firmware_paths()
    from tanteador import importer

    return importer


def pack_path():
    """Where the pack goes on the board."""
    return PACKAGE + _importer().PACK.lstrip("/")


# Found by MicroPython's importer in the package's own folder, before the index serves the rest.
BEFORE_INDEX = ("__init__.mpy", "importer.mpy")


def laid_out(files):
    """``files`` ({board path: bytes}) with the package's compiled modules
    in the folder the index opens them from (tanteador.importer.FILES),
    but for the two MicroPython finds before the index."""
    modules = PACKAGE + _importer().FILES.strip("/") + "/"
    out = {}
    for path, data in files.items():
        if path.startswith(PACKAGE) and path.endswith(".mpy") and path[len(PACKAGE):] not in BEFORE_INDEX:
            path = modules + path[len(PACKAGE):]
        out[path] = data
    return out


def build_pack(files):
    """The pack's bytes for ``files`` ({board path: bytes}): every compiled module of the package."""
    importer = _importer()
    mods = sorted((path[len(PACKAGE) - 1:].encode(), data) for path, data in files.items()
                  if path.startswith(PACKAGE) and path.endswith(".mpy"))
    if len(mods) > importer.MAX_MODULES:
        raise ValueError("more modules than the index reads from a pack: %d" % len(mods))
    head = bytearray(importer.MAGIC + len(mods).to_bytes(4, "little"))
    offset = len(head) + importer.RECORD * len(mods)
    body = bytearray()
    for name, data in mods:
        if len(name) > importer.NAME:
            raise ValueError("module name too long for the pack: %s" % name.decode())
        head += name + bytes(importer.NAME - len(name))
        head += (offset + len(body)).to_bytes(4, "little") + len(data).to_bytes(4, "little")
        head += (binascii.crc32(data) & 0xFFFFFFFF).to_bytes(4, "little")
        body += data
    return bytes(head + body)
