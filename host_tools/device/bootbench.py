"""Board-side half of ``tanteador bench --port`` for a reset: its time to the first frame.

``bootbench.reset(args_json)`` times a reset as a player meets it: the steps
the start takes (tanteador.start), from its first firmware import (the
package's, which indexes it) to the end of the first frame sent, over
``dir`` (a saved match). One line, then {"k": "end"}:

  {"k": "reset", "us": T, "shown": S, "keep": K, "kept": F, "screen": name}

``shown``: the frame kept on flash went out (tanteador.bootframe), and ``T``
ends there; else the app booted and ``T`` ends at its first frame, before
the housekeeping the app does once that frame is out. With ``keep`` in args
the app then runs its loop, nobody pressing, until its first quiet moment
has kept its first frame (``kept``), as a boot on the device does: the next
reset over ``dir`` shows it.

It runs alone on a fresh interpreter, as the start does on the device:
nothing of the rest of the bench (boardbench) is loaded. MicroPython looks
a new name up among every name already made, so the rest of the program's
names slowed the firmware's imports: on the lab they added 60 ms to a
reset without a kept frame. ``board``: the module whose Board to use
(default the firmware's; a test puts a stand-in there).
"""

import json
import sys
import time

BOARD = "tanteador.board"
# How long the app may take to keep its first frame: its quiet moment comes after 400 ms.
KEEP_MS = 5000


def indexed():
    """The start imported as main.py imports it, the package's imports served
    by the index where it is compiled (tanteador.importer.index) -> what
    gives them back when the run ends, or None where nothing indexes them
    (sources, or no such firmware)."""
    try:
        import tanteador.start  # noqa: F401
    except ImportError:
        return None
    import tanteador

    importer = sys.modules.get("tanteador.importer")
    if importer is None or tanteador.__path__ != importer.AT:
        return None
    return importer.unindex


def reset(args_json):
    """Time the start's steps from its first firmware import to the first frame sent over a.dir
    (see the module docstring)."""
    a = json.loads(args_json)
    name = a.get("board", BOARD)
    path = sys.path[:]
    t0 = time.ticks_us()
    # As the start: its index, the wiring, the display driver, then a path narrowed to the frozen modules.
    given_back = indexed()
    from tanteador.wiring import WIRING

    app = None
    ends = []
    try:
        if WIRING.DISPLAY == "ssd1306":
            try:
                import ssd1306  # noqa: F401  # pyright: ignore[reportMissingImports]
            except ImportError:
                pass
        if name != BOARD:
            __import__(name)    # a stand-in board is no firmware module: found on the whole path
        sys.path[:] = [".frozen"] if ".frozen" in path else path
        __import__(name)
        board = sys.modules[name].Board(a["dir"])
        show = board.show

        def first_frame():
            show()
            if not ends:
                ends.append(time.ticks_diff(time.ticks_us(), t0))

        board.show = first_frame
        from tanteador.start import kept_frame

        sizes = kept_frame(board)
        shown = bool(ends)      # the kept frame went out
        if not shown:
            from tanteador.app import App

            app = App(board, board.ticks_ms(), sizes)
        board.show = show
        kept = None
        if a.get("keep") and app is not None:
            kept = keep_frame(app, board)
    finally:
        sys.path[:] = path
        if given_back is not None:
            given_back()
    print(json.dumps({"k": "reset", "us": ends[0] if ends else None, "shown": shown,
                      "keep": bool(a.get("keep")), "kept": kept,
                      "screen": app.stage.screen.NAME if app is not None else None}))
    print(json.dumps({"k": "end"}))


def keep_frame(app, board):
    """Run the app's loop, nobody pressing, until its first frame is on flash -> True, or KEEP_MS."""
    from tanteador.bootframe import FRAME, TAG

    fs = board.fs
    end = board.ticks_ms() + KEEP_MS
    while board.ticks_ms() < end:
        now = board.ticks_ms()
        app.poll(now)
        app.tidy(now)
        if fs.exists(TAG) and fs.exists(FRAME):
            return True
        time.sleep_ms(app.pause(now))
    return False
