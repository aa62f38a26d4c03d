"""Tanteador: a Brisca and Briscola scorekeeper for MicroPython and CPython.

The modules in layers, lowest first. A module imports only from its own
layer and those below it, never from one above, and no import circle
closes. tests/host/test_layers.py holds every firmware module to this map:
a new module gets a line here.

    base      tanteador importer config
    engine    ruletables split rules matchoptions rotation goals chiamata firstdealer match matchdoc matchload
    result    resultcode qrcode
    text      textids i18n lang lang.*
    storage   flashfs store storeops savefile journal bootframe
    drawing   fonts icons iconids draw pages sh1106
    input     buttons
    screens   screens screens.*
    app       heap resume stage app
    board     boardfile wiring nodisplay board
    boot      start main

base: the version, where a board's imports of the package come from,
and the default pins and display. engine: the rules of
play, a match's setup, its log and figures, its saved form (written, and
read back at boot); it takes time and randomness as arguments and knows
nothing of screens or flash. result: an event's signed result code and
the QR symbol that carries it. text:
the texts of the five languages and their ids (textids: for the
tests and the PC; the firmware folds the ids it uses). storage: the files on flash, the device's
saved document, the journal of the match's actions between two saves,
and the first frame kept for a reset. drawing: fonts,
icons (iconids: their ids, for the tests and the PC, as textids), the
painter, the display pages. input: buttons into events.
screens: one per screen. app: the heap's housekeeping (heap), the
screens of a saved state rebuilt at boot (resume), the match in play with
its screens and saves, which the screens ask (stage), and the loop
(app). board: the wiring in use (config's defaults, or the board
file a maker writes over them), the stand-in for an OLED that does not
answer, and the Pico's pins, display and clock (board.py is the only
module to touch ``machine``). boot: where the device starts (start),
called by firmware/main.py.
"""

VERSION = "0.1.0"

# Compiled on a board's filesystem (`tanteador flash`), the package has its
# imports served by its index (importer.index), the modules' own files being
# in a folder of their own: the importer is found here, in the package's
# small folder.
if __file__.endswith(".mpy"):
    try:
        from tanteador.importer import index

        # MicroPython's __path__ is the folder's path, a str.
        __path__ = index(__path__)  # pyright: ignore[reportAssignmentType]
        del index
    except Exception:
        # The importer's file damaged, or no heap for it: the modules' files
        # serve, found by MicroPython's own lookups (importer.FILES).
        __path__ += "/modules"
