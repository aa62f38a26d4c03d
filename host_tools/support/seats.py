"""The names the PC writes for seats and sides: in pulled files, event results and messages.

A named seat is its name. An unnamed one is labelled as the device labels
it in the language it was set to (the firmware's Stage.seat_name): "P4" in
English, "G4" in Italian, "J4" in Spanish; pull asks for the device's
language, and the event files, which must not change with it, keep the
English "P1".."P6".
"""

# The label of an unnamed seat when no language is given: the English device's.
UNNAMED = "P%d"


def unnamed_format(lang):
    """The device's label of an unnamed seat in language ``lang``, a "%d" format
    ("G%d" in Italian); English for a language the device does not know."""
    from tanteador import i18n, textids

    return i18n.load(lang)[textids.PLAYER]


def seat_label(options, seat, unnamed=UNNAMED):
    """Name of the player at ``seat`` of a MatchOptions, ``unnamed`` % (seat + 1) when unnamed."""
    if options.names and options.names[seat]:
        return options.names[seat]
    return unnamed % (seat + 1)


def side_label(options, side, unnamed=UNNAMED):
    """Names of the players of ``side`` joined by "/", e.g. "Ana/P3"."""
    return "/".join(seat_label(options, s, unnamed) for s in options.side_seats(side))
