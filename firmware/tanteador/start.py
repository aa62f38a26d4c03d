"""Where the device starts: the board, the kept frame, then the app.

``main.py`` only calls ``main()``: a Pico compiles a ``.py`` file from
source at every reset, while this module comes compiled. With this code
in main.py (2.3 KB with its comments), the kept frame went out 5-6 ms
later. The start also answers the importer's lookups for the package's
modules itself (``index``): some 40 ms of a reset with the kept frame,
200 ms of one without it.
"""

import sys

# Where the package's folder is mounted again for the importer (see _Folder):
# a mount point, no folder on flash.
_AT = "/_tt"
# The package and its packages, as the importer asks for them.
_PACKAGES = ("/", "/screens", "/lang")
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)


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

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        """The importer's question: a package folder or a compiled module (OSError otherwise)."""
        if path.endswith(".mpy"):
            return _FILE
        if path in _PACKAGES:
            return _DIR
        raise OSError(2)

    def open(self, path, mode):
        """The module's file: ImportError if it is not there."""
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
