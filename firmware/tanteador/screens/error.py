"""The error screen: an unexpected exception, a short code, the match kept."""

import sys
from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_BACK = const(3)
_PRESS = const(0)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_ERROR = const(58)
_T_KEPT = const(59)
_T_BACK_TABLE = const(60)


def _where(e):
    """"file:function:line" of the innermost frame of ``e``'s traceback ("" if unknown).

    The function matters: the firmware as flashed is compiled without line
    numbers (every line reads as 1), to keep them off the heap.
    """
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        import io

        buf = io.StringIO()
        pe(e, buf)
        last = ""
        for line in getattr(buf, "getvalue")().split("\n"):
            if 'File "' in line:
                last = line
        if not last:
            return ""
        f = last.split('"')[1]
        ln = last.split("line ")[-1].split(",")[0].strip()
        fn = last.split(" in ")[-1].strip()
    else:
        tb = e.__traceback__
        if tb is None:
            return ""
        while tb.tb_next is not None:
            tb = tb.tb_next
        f = tb.tb_frame.f_code.co_filename
        ln = str(tb.tb_lineno)
        fn = tb.tb_frame.f_code.co_name
    return f.replace("\\", "/").split("/")[-1] + ":" + fn + ":" + ln


def code_of(e):
    """Short code for an exception: its class and a hash of where it happened."""
    h = 0
    for c in _where(e):
        h = (h * 31 + ord(c)) & 0xFFFF
    return "%s %04X" % (type(e).__name__[:14], h)


class Error:
    NAME = "error"

    def __init__(self, code):
        self.code = code

    def draw(self, app):
        ui.title(app, app.t(_T_ERROR))
        ui.center(app, self.code, ui.TITLE_H + 1)
        y = ui.wrap(app, app.t(_T_KEPT), ui.TITLE_H + ui.LINE + 2)
        ui.center(app, app.t(_T_BACK_TABLE), ui.HEIGHT - ui.LINE)

    def handle(self, ev, app):
        if ev[0] != _BACK or ev[1] != _PRESS:
            return False
        app.home()
