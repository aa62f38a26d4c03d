"""`tanteador names "Ana,Luis,..."`: the player names the device offers at setup.

The list is checked here with the device's own rules (storeops.check_names)
and against the device's font, before anything is touched; then it is
written as /tt/names.json in one step (a temporary file renamed over it).
"""

import json
import os
import unicodedata

from host_tools import UsageError, UserError, firmware_paths
from host_tools.support.folders import check_writable

TT = "/tt"
REASONS = {
    "list": "not a list of names",
    "many": "more than %d names",
    "empty": "an empty name (two commas in a row, or a trailing comma?)",
    "long": "a name longer than %d characters",
    "chars": "a control or invisible character",
}


def parse(text):
    """'Ana, Luis ,Mª José' -> ['Ana', 'Luis', 'Mª José']; '' -> [] (clears the list).

    The text is normalised to NFC first: a keyboard that types "é" as "e"
    plus a combining accent (macOS does) gives the letter the device has.
    Raises UsageError naming the problem; nothing is written then.
    """
    firmware_paths()
    from tanteador import store

    text = unicodedata.normalize("NFC", text)
    if text.strip() == "":
        return []
    names = [n.strip() for n in text.split(",")]
    if len(names) > store.MAX_NAME_COUNT:
        raise UsageError("names not changed: " + REASONS["many"] % store.MAX_NAME_COUNT)
    return check(names, "names not changed: ")


def check(names, prefix=""):
    """The names (NFC, trimmed) if the device can hold and draw every one and
    no two are the same name; else UsageError, its message after ``prefix``."""
    firmware_paths()
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


def encode(names):
    """The names.json bytes of a checked list."""
    return json.dumps(names, ensure_ascii=False).encode("utf-8")


def write_board(link, data):
    """Write names.json on the board in one step and read it back."""
    link.mkdir(TT)
    link.write(TT + "/names.tmp", data)
    link.rename(TT + "/names.tmp", TT + "/names.json")
    back = link.read(TT + "/names.json")
    if back != data:
        raise UserError("names.json on the board does not read back as written; run the command again")


def write_dir(folder, data):
    """Write names.json into a flash folder in one step (a temporary file renamed over it)."""
    firmware_paths()
    from tanteador.flashfs import DirFS

    check_writable(folder, "--flash")
    try:
        fs = DirFS(folder)
        f = fs.open("names.tmp", "wb")
        try:
            f.write(data)
        finally:
            f.close()
        fs.rename("names.tmp", "names.json")
    except OSError as e:
        raise UserError("names not changed: cannot write in %s (%s)" % (folder, os.strerror(e.errno or 0)))


def main(args, link=None):
    """Entry for `tanteador names`."""
    names = parse(args.names)
    data = encode(names)
    if args.flash:
        write_dir(args.flash, data)
        where = args.flash
    else:
        own = link is None
        if own:
            from host_tools.support import link as linkmod

            link = linkmod.connect(args.port)
        try:
            link.check()
            write_board(link, data)
        finally:
            if own:
                link.close()
        where = "the board on %s" % link.port
    if names:
        print("%d names on %s: %s" % (len(names), where, ", ".join(names)))
    else:
        print("names cleared on %s" % where)
    return 0
