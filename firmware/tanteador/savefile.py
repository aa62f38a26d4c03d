"""The document the device saves: its version and the settings (a load's checks: storeops.validate).

``{"v": VERSION, "cfg": settings, "m": match document or None,
"scr": screen to resume on, "tr": trump picked for the hand in play or None,
"en": on the points entry, ``[hand edited or -1, field, points...]``; in a
chiamata match ``[hand edited or -1, field, caller, partner, bid, points]``,
"n": the number of this save (one more at every save; the journal names
the save it follows, see store.JOURNAL)}``
"""

from micropython import const

VERSION = const(1)
# Screens worth coming back to after a reboot (the others are passing ones).
RESUMABLE = ("table", "entry", "matchend", "history", "settings", "setup")
# The choices the settings offer for "timeout" (seconds without a press
# before the screen goes off, 0 = never; it dims before) and "contrast".
TIMEOUTS = (60, 180, 300, 600, 900, 1800, 0)
CONTRASTS = (32, 96, 160, 255)
# Match end tune, played when "sound" is on: (Hz, ms) pairs, 0 Hz = a rest.
TUNE_END = (523, 120, 659, 120, 784, 120, 0, 60, 1047, 300)


def default_cfg():
    """Settings of a fresh device. Once a match starts, "last" keeps its
    setup (``MatchOptions.to_list``): the next new match starts from it."""
    return {"lang": "en", "contrast": 255, "timeout": 900, "sound": 1}
