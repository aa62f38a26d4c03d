"""`tanteador names "Ana,Luis,..."`: the player names the device offers at setup.

The list is checked here with the device's own rules (storeops.check_names)
and against the device's font, before anything is touched; then it is
written as /tt/names.json in one step (a temporary file renamed over it).
"""

import json
import os
import unicodedata

from host_tools import UsageError, UserError
from host_tools.support.folders import check_writable
from host_tools.support.playernames import REASONS, check

TT = "/tt"
def parse(text):
    """'Ana, Luis ,Mª José' -> ['Ana', 'Luis', 'Mª José']; '' -> [] (clears the list).

    The text is normalised to NFC first: a keyboard that types "é" as "e"
    plus a combining accent (macOS does) gives the letter the device has.
    Raises UsageError naming the problem; nothing is written then.
    """
    from tanteador import store

    text = unicodedata.normalize("NFC", text)
    if text.strip() == "":
        return []
    names = [n.strip() for n in text.split(",")]
    if len(names) > store.MAX_NAME_COUNT:
        raise UsageError("names not changed: " + REASONS["many"] % store.MAX_NAME_COUNT)
    return check(names, "names not changed: ")


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
