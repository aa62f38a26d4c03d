"""The random walks' plan: the steps, where a walk starts, how deep it may go.

Shared by the walks on CPython (tests/app) and their few on MicroPython (tests/lanes).
"""

STEPS = ("UP", "DOWN", "OK", "BACK", "long OK", "hold UP 1000", "hold DOWN 1000", "wait 3s",
         "reboot")
# The deepest stack a walk can build: table, history, hand editor, entry, trump, a notice.
DEEPEST = 6


# Where a walk starts, and the presses that open it: a screen on a match of
# three hands counted (70-50, 60-60, 80-40), or on a fresh setup.
_HANDS = "OK; OK; DOWN; OK; UP x10; OK; DOWN; OK; OK; DOWN; OK; UP x20; OK"
OPEN = {"table": _HANDS, "menu": _HANDS + "; long OK", "settings": _HANDS + "; long OK; DOWN x3; OK",
        "history": _HANDS + "; long OK; DOWN x2; OK",
        "handedit": _HANDS + "; long OK; DOWN x2; OK; UP; OK",
        "setup": "wait 1", "names": "UP x3; OK"}
