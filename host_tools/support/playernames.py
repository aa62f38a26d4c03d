"""Player names checked with the device's own rules and font, before anything is written.

`tanteador names` checks the list it writes to a board, `tanteador event`
the names of an evening's players, with the same messages.
"""

import unicodedata

from host_tools import UsageError

REASONS = {
    "list": "not a list of names",
    "many": "more than %d names",
    "empty": "an empty name (two commas in a row, or a trailing comma?)",
    "long": "a name longer than %d characters",
    "chars": "a control or invisible character",
}


def check(names, prefix=""):
    """The names (NFC, trimmed) if the device can hold and draw every one and
    no two are the same name; else UsageError, its message after ``prefix``."""
    from tanteador import fonts, storeops
    from tanteador.matchoptions import MAX_NAME_CHARS

    names = [unicodedata.normalize("NFC", n).strip() for n in names]
    for n in names:
        try:
            storeops.check_names([n])
        except ValueError as e:
            code = str(e.args[0]) if e.args else "list"
            reason = REASONS.get(code, code)
            if "%d" in reason:
                reason = reason % MAX_NAME_CHARS
            bad = ": %r" % n if code == "long" else ""
            raise UsageError("%s%s%s" % (prefix, reason, bad))
    small = fonts.SMALL
    first, count, extra = small[3], small[4], small[5]
    for n in names:
        missing = sorted({c for c in n if not (first <= ord(c) < first + count or c in extra)})
        if missing:
            raise UsageError(
                "%sthe device's font cannot show %s in %r; it has the letters "
                "of Spanish, French, Portuguese and Italian" % (prefix, " ".join(missing), n)
            )
    joined = [n for n in names if "/" in n]
    if joined:
        raise UsageError("%s%r has a '/', which joins the names of a team on the "
                        "screen; write it without '/'" % (prefix, joined[0]))
    seen = {}
    for n in names:
        key = n.casefold()
        if key in seen:
            if seen[key] == n:
                raise UsageError("%s%r is in the list twice" % (prefix, n))
            raise UsageError("%s%r and %r are the same name (capitals do not count); "
                            "keep one" % (prefix, seen[key], n))
        seen[key] = n
    return names
