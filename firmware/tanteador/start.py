"""Where the device starts: the board, the kept frame, then the app.

``main.py`` only calls ``main()``: a Pico compiles a ``.py`` file from
source at every reset, while this module comes compiled. With this code
in main.py (2.3 KB with its comments), the kept frame went out 5-6 ms
later. The start also answers the importer's lookups for the package's
modules itself (``index``): some 40 ms of a reset with the kept frame,
200 ms of one without it; and it reads the modules out of one file, the
pack, while the app starts (``_Pack``).
"""

import sys

from micropython import const

# Where the package's folder is mounted again for the importer (see _Folder):
# a mount point, no folder on flash.
_AT = "/_tt"
# The package and its packages, as the importer asks for them.
_PACKAGES = ("/", "/screens", "/lang")
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
    module's file in the folder ``top``. Mounted at ``_AT``, with the
    package's ``__path__`` pointing there (``index``).
    """

    def __init__(self, top):
        self.top = top
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
            return open(self.top + path, mode)
        except OSError:
            raise ImportError("no module named 'tanteador%s'" % path[:-4].replace("/", "."))


def index(package):
    """Have the imports of ``package`` (tanteador) served by a ``_Folder``
    -> True if they are. Only where flash installed it: the modules
    compiled, in a folder of the filesystem (not frozen into the firmware,
    nor copied as sources). ``unindex`` gives the folder back."""
    if not __file__.endswith(".mpy"):
        return False
    top = package.__path__
    if top.startswith(".frozen"):
        return False
    try:
        import vfs

        vfs.mount(_Folder(top if top.startswith("/") else "/" + top), _AT)
    except (ImportError, OSError):
        return False
    package.__path__ = _AT
    return True


def unindex(top):
    """The imports of the package found in its folder ``top`` again (after
    ``index``): the app has stopped, and the REPL may import from it."""
    for m in list(sys.modules.values()):
        p = getattr(m, "__path__", None)
        if isinstance(p, str) and p.startswith(_AT):
            m.__path__ = top + p[len(_AT):]
    try:
        import vfs

        vfs.umount(_AT)
    except (ImportError, OSError):
        pass


def settle():
    """The app's imports while it starts are done: the index closes its pack (if the start indexed the package)."""
    try:
        import vfs

        for fs, at in vfs.mount():
            if at == _AT:
                fs.settle()
    except (ImportError, AttributeError, TypeError):
        pass


def main():
    """Start the board, show the kept frame, run the app; the import path is given back when it stops."""
    import tanteador

    top = tanteador.__path__
    indexed = index(tanteador)
    try:
        _start()
    finally:
        if indexed:
            unindex(top)


def _start():
    # The board, the kept frame, then the app, on a short import path.
    from tanteador.wiring import WIRING

    # MicroPython looks for a file named like one of its built-in modules (json,
    # os, time, machine...) in every folder of sys.path before it takes its own,
    # at each import statement that names one: 4-5 ms of flash lookups on a Pico,
    # some fifteen times before the first frame. The app's modules are found in
    # its package, so once the display driver is found only the frozen modules
    # (asyncio) stay on the path, until the app stops. Not an empty path: the
    # app's own package would not be found. The wiring (a board file's display)
    # is read first, to know whether the SSD1306 driver is wanted.
    path = sys.path[:]
    if WIRING.DISPLAY == "ssd1306":
        try:
            import ssd1306  # noqa: F401  # pyright: ignore[reportMissingImports]
        except ImportError:
            pass    # the board says so on the console
    if ".frozen" in path:
        sys.path[:] = [".frozen"]
    try:
        from tanteador.board import Board

        board = Board()
        _kept_frame(board)
        try:
            from tanteador.app import run

            run(board)
        except ImportError as e:
            if sys.path == path or not _hidden(e, path):
                raise
            # A module of this firmware that the short path cannot see (one not
            # frozen in it): the app starts again on the whole path.
            print("import path given back:", repr(e))
            sys.path[:] = path
            from tanteador.app import run

            run(board)
    finally:
        sys.path[:] = path


def _kept_frame(board):
    # A reset into a match shows its first frame before the engine loads.
    # It only saves time: whatever goes wrong here, the app draws its own.
    # (The app unloads the module with the rest of its boot-only code.)
    try:
        from tanteador import bootframe

        bootframe.show(board)
    except Exception as e:
        # Its name only: after a MemoryError, the words of the message might not fit.
        print("kept frame not shown:", type(e).__name__)


def _hidden(e, path):
    # True when the module ImportError ``e`` names imports on the whole
    # path: the short path hid it. Any other ImportError is the app's own.
    name = str(e).split("'")
    if len(name) < 3:
        return False
    sys.path[:] = path
    try:
        __import__(name[1])
    except ImportError:
        return False
    return True
