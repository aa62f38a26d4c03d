"""Where the device starts: the board, the kept frame, then the app.

``main.py`` only calls ``main()``: a Pico compiles a ``.py`` file from
source at every reset, while this module comes compiled. With this code
in main.py (2.3 KB with its comments), the kept frame went out 5-6 ms
later. On a board the package's imports, this one's too, are served by
its index (tanteador.importer), set up by the package's ``__init__``.
"""

import sys

from micropython import const

# The kept frame's tag (tanteador.bootframe.TAG; a test holds them equal):
# without one, the frame's module is not even loaded before the app, some
# 5 ms of a reset without a kept frame on a Pico.
_TAG = const("frame.tag")


def main():
    """Start the board, show the kept frame, run the app; the package's
    imports are given back to its folder when it stops."""
    try:
        _start()
    finally:
        # Loaded only where the package's __init__ indexed it.
        importer = sys.modules.get("tanteador.importer")
        if importer is not None:
            importer.unindex()


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
        sizes = kept_frame(board)
        try:
            from tanteador.app import run

            run(board, sizes)
        except ImportError as e:
            if sys.path == path or not _hidden(e, path):
                raise
            # A module of this firmware that the short path cannot see (one not
            # frozen in it): the app starts again on the whole path.
            print("import path given back:", repr(e))
            sys.path[:] = path
            from tanteador.app import run

            # The first try may have changed the saves' folder: the app lists it again.
            run(board)
    finally:
        sys.path[:] = path


def kept_frame(board):
    """Show the frame kept for a reset into a match, before the engine
    loads -> the saves' folder as listed for it (DirFS.sizes), which the
    app loads the save from, or None if the listing failed.

    One listing for the boot, where a lookup of each name reads all of the
    folder's records. It only saves time: whatever goes wrong here, the app
    draws its own first frame. (The app unloads bootframe with the rest of
    its boot-only code.) The bench's reset and the damage campaign start
    through here as the device does.
    """
    sizes = None
    try:
        sizes = board.fs.sizes()
        if _TAG in sizes:
            from tanteador import bootframe

            bootframe.show(board, sizes)
    except Exception as e:
        # Its name only: after a MemoryError, the words of the message might not fit.
        print("kept frame not shown:", type(e).__name__)
    return sizes


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
