"""The gallery lane: every screen of the gallery reached on the app, its frame and texts.

A module of its own, beside mp_app's other commands: a screen reached here
has the heap a Pico would give it, less only this small driver, not the
code of every other lane (mp_app's commands took some 5 KB of it).
"""

import gc
import json
import sys

from mp_driver import emit, hexs


def _emit_with_frame(out, frame):
    """``emit(out)`` with the frame as hex in its "fb", written a page at a time.

    The frame as 2 KB of hex text is the lane's work, not the app's: written
    whole it needs a block the app's heap may no longer have in one piece.
    """
    if frame is None:
        emit(out)
        return
    head = json.dumps(out)
    sys.stdout.write(head[:-1] + ', "fb": "')
    for i in range(0, len(frame), 128):
        sys.stdout.write(hexs(frame[i:i + 128]))
    sys.stdout.write('"}\n')


def cmd_gallery(a):
    """Every gallery screen in every language asked for: the frame bytes and texts, one line each."""
    import tanteador  # noqa: F401

    # The index's pack closed before the lane's own modules load: the app
    # closes it once its start's imports are done (tanteador.importer.settle),
    # and the screens are drawn after that.
    importer = sys.modules.get("tanteador.importer")
    if importer is not None:
        importer.settle()
    import gallery
    from hostboard import HostBoard

    from mp_driver import fresh_dir

    folder = a["dir"]
    ids = a.get("ids") or gallery.ids()
    for lang in a["langs"]:
        for sid in ids:
            fresh_dir(folder)
            board = HostBoard(folder)
            frame = None
            try:
                app = gallery.reach(board, sid, lang)
                out = {"k": "g", "id": sid, "lang": lang, "screen": app.stage.screen.NAME,
                       "texts": app.stage.texts}
                # The frame is the lane's to copy and write: once the app is gone.
                app = None
                gc.collect()
                frame = board.frame
            except Exception as e:
                out = {"k": "g", "id": sid, "lang": lang, "error": "%s: %s" % (type(e).__name__, e)}
            app = board = None
            gc.collect()
            _emit_with_frame(out, frame)
            out = frame = None
