"""Host-side code that runs beside the firmware on CPython, on the MicroPython unix port and on a board.

CPython imports these modules as ``host_tools.device.<name>``. The
MicroPython lanes and the board bench put this folder itself on the path
(MICROPYPATH), where each module is top-level: a module that imports a
sibling tries the package-relative name first and falls back to the bare
one (see gallery.py).
"""
