"""The names the PC writes for seats and sides: in pulled files, event results and messages.

They are the same in every language: a seat left unnamed is "P1".."P6",
whatever language the device was set to, so a spreadsheet or an event
file does not change with it. The device labels seats itself, in the
player's language (the firmware's Stage.seat_name).
"""


def seat_label(options, seat):
    """Name of the player at ``seat`` of a MatchOptions, "P1".."P6" when unnamed."""
    if options.names and options.names[seat]:
        return options.names[seat]
    return "P%d" % (seat + 1)


def side_label(options, side):
    """Names of the players of ``side`` joined by "/", e.g. "Ana/P3"."""
    return "/".join(seat_label(options, s) for s in options.side_seats(side))
