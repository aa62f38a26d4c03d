"""The wiring in use: config.py's defaults, or the device's board file over them.

Read once, when first imported: the start (tanteador.start) needs the display before it trims
the import path (the SSD1306 driver lives in /lib), the board needs all of
it. Without a board file this is one failed open (under a millisecond on
a Pico); the checker, tanteador.boardfile, is loaded only for a file.
``WIRING.problems``, when a file was refused, is what the board reports;
the wiring is then config's, whatever the file held.
"""

from tanteador import config


def load(path):
    """The wiring of the board file at ``path``: config itself when there is none."""
    try:
        f = open(path, "rb")
    except OSError:
        return config
    from tanteador import boardfile

    try:
        return boardfile.load(f)
    finally:
        f.close()


WIRING = load(config.BOARD_FILE)
