"""The heap of a small device: when to collect, what to unload, what to load ahead.

MicroPython on a Pico has about 240 KB of heap and no room to spare: a
screen's module not in use is unloaded when the heap runs low, and the
screens of a hand are loaded ahead while nobody presses. CPython manages
its own memory: there the heap is never looked at and nothing is unloaded.
"""

import gc
import sys

from micropython import const

MP = sys.implementation.name == "micropython"
# Below this much free heap after a collection the screens and spare modules
# not in use are unloaded; above it they stay loaded, so a screen opens at once.
_LOW_HEAP = const(24576)
# Less free heap than an action may take: collect right after its frame.
_GC_ROOM = const(40960)
# The screens of a hand after the table, loaded ahead while nobody presses.
# Not the match end: shown once a match, it would hold 1.6 KB of heap all along.
_WARM = const(("tanteador.screens.entry", "tanteador.screens.outcome", "tanteador.screens.menu",
               "tanteador.screens.notice", "tanteador.screens.trump"))


def collect():
    """A full collection on MicroPython (where it keeps the small heap in one
    piece); CPython manages its own memory and its collector is slow."""
    if MP:
        gc.collect()


def unload(name):
    """Forget spare module ``name`` (tanteador.X) on MicroPython, so that a collection frees it."""
    if MP and name in sys.modules:
        del sys.modules[name]
        top = sys.modules.get("tanteador")
        if top is not None and hasattr(top, name[10:]):
            delattr(top, name[10:])


def short():
    """True on MicroPython when less heap is free than an action may take (a look scans the heap)."""
    return MP and gc.mem_free() < _GC_ROOM


class Heap:
    """The collection a press leaves due, and the screens loaded ahead so far."""

    def __init__(self):
        self.due = False
        self._warm = 0

    def sweep(self, stack):
        """Unload the screen modules no screen on ``stack`` needs, and the spare modules (heap for the next)."""
        mods = sys.modules
        pkg = mods.get("tanteador.screens")
        # Modules needed only now and then (the first-dealer draw, boot and
        # archive code, a saved document's reader, the kept first frame, the
        # board file's checker and its reader once the board holds the
        # wiring, an event's result code and its QR encoder). A local, not
        # a module global: a name more in the firmware is a string more kept
        # in the heap.
        spare = ("tanteador.firstdealer", "tanteador.storeops", "tanteador.bootframe", "tanteador.resume",
                 "tanteador.matchload", "tanteador.journal", "tanteador.boardfile", "tanteador.wiring",
                 "tanteador.qrcode", "tanteador.resultcode")
        for name in list(mods.keys()):
            if name in spare:
                unload(name)
                continue
            if name[:18] != "tanteador.screens." or name == "tanteador.screens.ui":
                continue
            mod = mods[name]
            for s in stack:
                c = type(s)
                if getattr(mod, c.__name__, None) is c:
                    break
            else:
                del mods[name]
                if pkg is not None and hasattr(pkg, name[18:]):
                    delattr(pkg, name[18:])
        collect()

    def collect(self, stack):
        """The collection that was due; a heap still short after it unloads
        what ``stack`` does not need."""
        self.due = False
        collect()
        if MP and gc.mem_free() < _LOW_HEAP:
            self.sweep(stack)

    def preload(self, chiamata):
        """Load the next screen of a hand before it is first needed (one a
        call), while the heap has room; ``chiamata`` opens the call entry."""
        if self._warm >= len(_WARM):
            return
        if not MP or gc.mem_free() >= _GC_ROOM:
            name = _WARM[self._warm]
            if self._warm == 0 and chiamata:
                # A chiamata hand opens the call entry (which loads the points entry's modules).
                name = "tanteador.screens.callentry"
            __import__(name)
            # What loading it left goes at the next quiet moment, not in
            # the answer to the next press (a collection then takes ~20 ms).
            self.due = True
        self._warm += 1
        if self._warm == len(_WARM):
            # The last module of the start's burst: the index's pack may close.
            importer = sys.modules.get("tanteador.importer")
            if importer is not None:
                importer.settle()
