"""The wiring in use: config.py's defaults, or the device's board file over them.

Read once, when first imported: main.py needs the display before it trims
the import path (the SSD1306 driver lives in /lib), the board needs all of
it. Without a board file this is one failed open (under a millisecond on
a Pico); the checker, tanteador.boardfile, is loaded only for a file.
``WIRING.problems``, when a file was refused, is what the board reports.
"""

from tanteador import config


def _read():
    try:
        f = open(config.BOARD_FILE)
    except OSError:
        return config
    with f:
        src = f.read()
    from tanteador.boardfile import read

    return read(src)


WIRING = _read()
