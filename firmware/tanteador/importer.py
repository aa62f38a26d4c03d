"""Where the package's imports come from on a board: its index, and the pack.

Compiled on a board's filesystem, the package's ``__init__`` has ``index``
answer MicroPython's import lookups for the package's modules: some 40 ms of a
reset with the kept frame, 200 ms of one without it; the modules are read
out of one file, the pack, while the app starts (``_Pack``). The
package's folder holds its ``__init__``, this module and the pack, and
the modules' own files in a folder of their own (``FILES``): a lookup in
a littlefs folder reads all of its records, and in a folder of some
forty modules the imports of these two and the pack's open took 10-15 ms
more than in one of four entries.
"""

import sys

from micropython import const

# Where the package's folder is mounted again for the importer (see _Folder):
# a mount point, no folder on flash.
AT = "/_tt"
# The package and its packages, as the importer asks for them.
_PACKAGES = ("/", "/screens", "/lang")
# Where `tanteador flash` puts the modules' own files, in the package's
# folder: every module but the package's __init__ and this one, which
# MicroPython finds there before the index.
FILES = "/modules"
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# The pack, in the package's folder, as `tanteador flash` writes it
# (host_tools.support.modulepack): MAGIC, the count of its modules (4 bytes,
# little-endian), then a record of RECORD bytes per module, sorted by name:
# the name as the importer asks for it (/screens/table.mpy) padded with zeros
# to NAME bytes, then its offset in the pack, its length and its CRC-32 (4
# bytes each); then the modules' bytes.
PACK = "/pack.bin"
MAGIC = b"TPK1"
NAME = const(24)
RECORD = const(36)
_HEAD = const(8)
# More modules than the package will ever hold: a count past it is damage,
# and its records would not fit in the heap.
MAX_MODULES = const(256)


class _Pack:
    """The package's compiled modules in one file, open while the app starts.

    Opening a file in the package's folder takes 2-3 ms of littlefs on a
    Pico (its folder's records read again), before a module's few hundred
    microseconds of reading: some forty imports before a boot's first
    frame. The pack is opened once and its records read then; a module is
    then a search in memory, one seek and one read (0.2-0.5 ms, and 0.15
    ms a KB for its CRC). A module whose bytes are not whole (a damaged
    pack) is read from its own file instead.
    """

    def __init__(self, path):
        # Built-in modules, imported on an empty path: on the whole one the
        # importer first looks for files of their names (6.6 ms each, see _start).
        whole = sys.path[:]
        sys.path[:] = []
        try:
            from binascii import crc32
            from io import BytesIO
        finally:
            sys.path[:] = whole
        self.crc32 = crc32
        self.stream = BytesIO
        f = open(path, "rb")
        try:
            head = f.read(_HEAD)
            if len(head) != _HEAD or head[:4] != MAGIC:
                raise OSError(22)
            count = int.from_bytes(head[4:], "little")
            if count > MAX_MODULES:
                raise OSError(22)
            size = count * RECORD
            self.records = f.read(size)
            if len(self.records) != size:
                raise OSError(22)
        except (OSError, MemoryError):
            f.close()
            raise
        self.f = f

    def get(self, path):
        """A stream of the module ``path`` (/app.mpy), or None if the pack has
        it not; OSError if its bytes there are not whole."""
        key = path.encode()
        if len(key) > NAME:
            return None
        key += bytes(NAME - len(key))
        recs = self.records
        # A binary search of the records, sorted by name: bytes.find would
        # take a millisecond to walk them.
        lo = 0
        hi = len(recs) // RECORD
        while lo < hi:
            mid = (lo + hi) // 2
            name = recs[mid * RECORD:mid * RECORD + NAME]
            if name == key:
                break
            if name < key:
                lo = mid + 1
            else:
                hi = mid
        else:
            return None
        at = mid * RECORD + NAME
        f = self.f
        f.seek(int.from_bytes(recs[at:at + 4], "little"))
        n = int.from_bytes(recs[at + 4:at + 8], "little")
        data = f.read(n)
        if len(data) != n or self.crc32(data) != int.from_bytes(recs[at + 8:at + 12], "little"):
            raise OSError(5)
        return self.stream(data)

    def close(self):
        self.f.close()


class _Folder:
    """The package's folder of compiled modules, as the importer sees it.

    An import looks for a folder, a ``.py`` file and a ``.mpy`` file in
    turn: three lookups in littlefs, about 2.5 ms each on a Pico, before
    the file is opened, and some forty imports come before a boot's first
    frame. ``tanteador flash`` installs every module compiled, and nothing
    else, so the answers are known: this class gives them, and opens the
    module's file in the package's folder ``top``, under ``FILES``.
    Mounted at ``AT``, with the package's ``__path__`` pointing there
    (``index``).
    """

    def __init__(self, top):
        self.files = top + FILES
        try:
            self.pack = _Pack(top + PACK)
        except (OSError, MemoryError):
            # No pack, a damaged one, or no room for its records: the files serve.
            self.pack = None

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.settle()

    def settle(self):
        """Close the pack: the start's imports are done, and its open file
        holds a littlefs cache (1 KB of heap). A module loaded later is
        read from its own file."""
        if self.pack is not None:
            self.pack.close()
            self.pack = None

    def stat(self, path):
        """The importer's question: a package folder or a compiled module (OSError otherwise)."""
        if path.endswith(".mpy"):
            return _FILE
        if path in _PACKAGES:
            return _DIR
        raise OSError(2)

    def open(self, path, mode):
        """The module's bytes (from the pack while it is open) or its file: ImportError if it is not there."""
        p = self.pack
        if p is not None:
            try:
                stream = p.get(path)
            except OSError:
                # A module damaged in the pack, or a flash error: the pack is
                # trusted no further, and its reads that would fail too leave
                # no more holes in the heap. The files serve.
                self.settle()
                stream = None
            except MemoryError:
                # No room for the module's bytes in one piece (its file is
                # read a few bytes at a time).
                stream = None
            if stream is not None:
                return stream
        try:
            return open(self.files + path, mode)
        except OSError:
            raise ImportError("no module named 'tanteador%s'" % path[:-4].replace("/", "."))


def index(top):
    """Have the imports of the package in the folder ``top`` served by a
    ``_Folder`` -> the package's ``__path__`` for them: the index's, or
    the modules' own folder where it cannot serve. Called by the package's
    ``__init__`` wherever it is compiled: not where it is frozen into the
    firmware. ``unindex`` gives the modules' folder back."""
    if top.startswith(".frozen"):
        return top
    if top.startswith("/rom/"):
        # A ROMFS image (MicroPython mounts it at /rom): its modules run in
        # place from flash, where the index would read them into the heap,
        # and its lookups read no littlefs records.
        return top + FILES
    try:
        import vfs

        # The package imported again (its module dropped): the index serves it still.
        if AT not in [at for fs, at in vfs.mount()]:
            vfs.mount(_Folder(top if top.startswith("/") else "/" + top), AT)
    except (ImportError, OSError):
        return top + FILES
    return AT


def unindex():
    """The imports of the package found in its modules' folder again (after
    ``index``): the app has stopped, and the REPL may import from it."""
    try:
        import vfs

        files = [fs.files for fs, at in vfs.mount() if at == AT]
    except (ImportError, AttributeError, TypeError):
        return
    if not files:
        return
    for m in list(sys.modules.values()):
        p = getattr(m, "__path__", None)
        if isinstance(p, str) and p.startswith(AT):
            m.__path__ = files[0] + p[len(AT):]
    vfs.umount(AT)


def settle():
    """The app's imports while it starts are done: the index closes its pack (if it serves the package)."""
    try:
        import vfs

        for fs, at in vfs.mount():
            if at == AT:
                fs.settle()
    except (ImportError, AttributeError, TypeError):
        pass
