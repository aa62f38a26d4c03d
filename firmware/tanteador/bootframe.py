"""The first frame of a resumed match, kept on flash so that a reset shows it at once.

A Pico that resets in a match spends most of its start importing the engine
and rebuilding the match, only to draw the "Match resumed" notice. That
frame shows nothing of the match (no score, no name, no clock): only the
notice in the saved language. So it is kept in ``frame.bin`` (the 1,024
bytes of the frame buffer), and the start (``tanteador.start``) sends it before the engine is
imported. The app then starts with the display knowing what is on the
glass: its own first frame sends only what differs, nothing when the kept
frame is the one it draws.

``frame.tag`` says which save the frame belongs to: the CRC-32 of the
``state.json`` bytes, the CRC-32 of the frame, the contrast to show it at
and the frame's language. The frame is shown only when both CRCs match what is on flash, so a
frame kept for another save (a finished match, another language, a save
cut by a power loss before or after its tag) is never shown: the app draws
its own, as without a kept frame. The size of the save would not do: an
edit can keep it.

Who writes them: the app, at its first quiet moment after a boot that
resumed a match (a press never waits for it), while that boot's first
frame is still on the glass: the frame if it is not the one kept, and its
tag; then the store, with every whole save that leaves a resumable match
in the same language: the tag alone, written between the save's text and
its rename (``Store.save``), so that a reset a moment after a recorded
hand still finds its frame. A power cut between the two leaves the old
save and a tag that matches it not. The tag's bytes are written by
``store.write_tag``.
"""

from binascii import crc32

# The store's names of the save and of a pushed match (tanteador.store.STATE
# and PUSHED, a test holds them equal): importing the store for them would
# find and load two more modules before the first frame, about 15 ms of a
# reset on a Pico.
STATE = "state.json"
PUSHED = "event.json"
FRAME = "frame.bin"
TAG = "frame.tag"
_TAG_LEN = 11
_CHUNK = 256


def _crc_of(fs, name):
    """CRC-32 of the file ``name`` (OSError if missing), read a chunk at a time."""
    crc = 0
    f = fs.open(name, "rb")
    try:
        while True:
            b = f.read(_CHUNK)
            if not b:
                return crc
            crc = crc32(b, crc)
    finally:
        f.close()


def _tag(fs):
    """(state CRC, frame CRC, contrast, language) of ``frame.tag``, or None."""
    try:
        f = fs.open(TAG, "rb")
        try:
            # One byte more than a tag tells one too long without reading it whole.
            t = f.read(_TAG_LEN + 1)
        finally:
            f.close()
    except OSError:
        return None
    if len(t) != _TAG_LEN:
        return None
    try:
        lang = t[9:].decode()
    except UnicodeError:
        # A damaged tag: no frame is shown, the next quiet moment writes a good one.
        return None
    return int.from_bytes(t[0:4], "little"), int.from_bytes(t[4:8], "little"), t[8], lang


def show(board, sizes):
    """Send the kept frame if it belongs to the save on flash -> True if it went out.

    Called before the app is imported. ``sizes``: the saves' folder as
    listed (DirFS.sizes): a name it lacks is not looked up. A missing,
    stale or torn frame is not shown (False): the app draws the first
    frame itself.
    """
    # A match pushed for an event replaces the saved one at boot.
    if TAG not in sizes or PUSHED in sizes:
        return False
    fs = board.fs
    tag = _tag(fs)
    if tag is None:
        return False
    buf = board.buffer
    try:
        if _crc_of(fs, STATE) != tag[0]:
            return False
        f = fs.open(FRAME, "rb")
        try:
            n = f.readinto(buf)
        finally:
            f.close()
    except OSError:
        return False
    if n != len(buf) or crc32(buf) != tag[1]:
        return False
    board.contrast(tag[2])
    board.show()
    return True


def after_boot(fs, buf, lang, contrast, shown):
    """Keep the first frame of a boot that resumed a match -> (language, frame CRC) of
    the frame on flash, or None if none is known.

    ``fs`` the flash, ``buf`` the frame buffer, ``lang`` and ``contrast``
    the settings it is shown with; ``shown``: the "Match resumed" notice,
    drawn alone, is still the frame on the glass. Called at the app's first
    quiet moment. Writes only what is not on flash yet. A failed write only
    means that the next boot draws its own frame.
    """
    tag = _tag(fs)
    if not shown:
        return None if tag is None else (tag[3], tag[1])
    crc = crc32(buf)
    try:
        try:
            whole = _crc_of(fs, FRAME) == crc
        except OSError:
            whole = False
        if not whole:
            f = fs.open(FRAME, "wb")
            try:
                f.write(buf)
            finally:
                f.close()
        state = _crc_of(fs, STATE)
        if not whole or tag != (state, crc, contrast, lang):
            from tanteador.store import write_tag

            write_tag(fs, state, crc, contrast, lang)
    except OSError:
        return None
    return lang, crc
