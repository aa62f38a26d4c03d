"""The document the device saves: its version, the settings, and the checks a load makes.

``{"v": VERSION, "cfg": settings, "m": match document or None,
"scr": screen to resume on, "tr": trump picked for the hand in play or None,
"en": on the points entry, ``[hand edited or -1, field, points...]``; in a
chiamata match ``[hand edited or -1, field, caller, partner, bid, points]``,
"n": the number of this save (one more at every save; the journal names
the save it follows, see store.JOURNAL)}``
"""

from micropython import const

from tanteador import i18n

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


def _check_cfg(c):
    if not isinstance(c, dict):
        raise ValueError("cfg")
    cfg = default_cfg()
    if c.get("lang") in i18n.LANGS:
        cfg["lang"] = c["lang"]
    for k in ("contrast", "timeout", "sound"):
        v = c.get(k)
        if type(v) is int and 0 <= v <= 3600:
            cfg[k] = v
    last = c.get("last")
    if last is not None:
        from tanteador.matchoptions import MatchOptions

        try:
            MatchOptions.from_list(last)
            cfg["last"] = last
        except ValueError:
            # A setup this version cannot use: the next one starts from the defaults.
            pass
    return cfg


def _check_entry(en, match):
    # The entry's values as typed; anything that does not fit the match
    # resumes on the table instead (the hand is simply entered again).
    if match is None or match.over or type(en) is not list:
        return None
    # A chiamata call: two fields more than its four values; the seats must
    # be seats (the screen names them), the rest is checked as OK records it.
    size, fields = (6, 4) if match.chiamata else (match.nsides + 2, match.nsides)
    if len(en) != size:
        return None
    for v in en:
        if type(v) is not int or v < -120 or v > 120:
            return None
    if en[0] < -1 or en[0] >= len(match.hands) or en[1] < 0 or en[1] >= fields:
        return None
    if match.chiamata and not (0 <= en[2] < match.nsides and 0 <= en[3] < match.nsides):
        return None
    return en


def _refuse(code):
    # StateError comes with the match's saved form, loaded only for a refusal
    # or a match: a device without one does not hold it.
    from tanteador.matchdoc import StateError

    raise StateError(code)


def validate(doc):
    """The saved document -> (cfg, match or None, screen name, trump picked
    or None, entry values or None: see "en" above, the save's number).

    Raises StateError (see matchdoc) on a bad document.
    """
    if not isinstance(doc, dict) or type(doc.get("v")) is not int:
        _refuse("shape")
    if doc["v"] > VERSION:
        _refuse("newer")
    cfg = _check_cfg(doc.get("cfg", {}))
    m = doc.get("m")
    match = None
    if m is not None:
        from tanteador.matchdoc import from_dict

        match = from_dict(m)
    scr = doc.get("scr")
    if scr not in RESUMABLE:
        scr = "table"
    tr = doc.get("tr")
    if match is None or match.over or tr not in (0, 1, 2, 3) or type(tr) is not int:
        tr = None
    en = _check_entry(doc.get("en"), match) if scr == "entry" else None
    if scr == "entry" and en is None:
        scr = "table"
    n = doc.get("n", 0)
    if type(n) is not int or n < 0:
        # A save without its number (an older firmware's) is the first.
        n = 0
    return cfg, match, scr, tr, en, n
