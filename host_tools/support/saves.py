"""The saves of a flash folder, read as the device reads them: from a board or a folder.

`tanteador pull` exports them and `tanteador event` collects an evening's
matches with them. A source copies the files the device writes (state.json
and its journal state.log, the ended matches h/hNNNN.json, bad-*), skipping
unread any larger than a save can be; a file is then read as a Match by the
firmware's own code, the match in play with the actions its journal holds.
The ended matches are named without their folder: an earlier firmware kept
them beside the save, and a device not yet past a match end since its update
still does.
"""

import hashlib
import io
import json
import os

from host_tools import UsageError, UserError

TT = "/tt"
JOURNAL = "state.log"
# The ended matches' folder in the flash folder (tanteador.store.ARCH).
ARCH = "h"


def size_limit():
    """The largest file the device reads back as a save: anything larger is not one of its saves."""
    from tanteador import store

    return store.MAX_STATE


def too_big(size):
    """The reason a file of ``size`` bytes is skipped unread."""
    return "%d bytes, larger than any save the device writes (%d); skipped without reading it" % (
        size, size_limit())


def wanted(name):
    """Is this a file of the flash folder that pull copies?"""
    return name in ("state.json", JOURNAL) or name.startswith("bad-") or is_ended(name)


def is_ended(name):
    """Is this the name of an ended match's file (hNNNN.json)?"""
    return name.startswith("h") and name.endswith(".json") and name[1:-5].isdigit()


# The name a copy of an ended match found beside the save takes when its
# folder holds another file of that name: copied raw, not read as a match.
BESIDE = "beside-"


def _listed(names, ended):
    """([(name, path in the flash folder)] of the files to copy, the names of
    the ended matches found in both places), among ``names`` beside the save
    and ``ended`` in the ended matches' folder. The folder's copy is the
    match (the newer place); the other is copied as BESIDE + its name, to be
    kept when its bytes differ (``_settled``)."""
    inside = [(n, ARCH + "/" + n) for n in ended if is_ended(n)]
    taken = set(n for n, _ in inside)
    both = sorted(n for n in names if n in taken)
    beside = [(n, n) for n in names if wanted(n) and n not in taken] + [(BESIDE + n, n) for n in both]
    return sorted(beside + inside), both


def _settled(out, both):
    """Drop from ``out`` each copy beside the save that is the folder's, byte for
    byte -> [(name, reason)] of those that differ, kept under another name."""
    said = []
    for n in both:
        if BESIDE + n not in out:
            continue
        if out[BESIDE + n] == out.get(n):
            del out[BESIDE + n]
        else:
            said.append((n, "also in the folder %s/ with other bytes: the copy beside the save is in "
                            "board/ as %s%s, raw, not exported (the device moves it into %s/ under a free "
                            "number at its next match end)" % (ARCH, BESIDE, n, ARCH)))
    return said


class BoardSource:
    """The /tt folder of a board behind a Link."""

    def __init__(self, link):
        self.link = link
        self.where = "the board on %s" % link.port

    def fetch(self):
        """({name: bytes}, [(name, reason)] of the files skipped unread)."""
        files, both = _listed(self.link.listdir(TT), self.link.listdir(TT + "/" + ARCH))
        sums = self.link.hashes(dirs=[TT]) if files else {}
        out = {}
        skipped = []
        limit = size_limit()
        for n, at in files:
            path = TT + "/" + at
            size = sums.get(path, (None, 0))[1]
            if size > limit:
                skipped.append((n, too_big(size)))
                continue
            data = self.link.read(path)
            want = sums.get(path, (None,))[0]
            if want != hashlib.sha256(data).hexdigest():
                raise UserError(
                    "%s came back from the board different from what it holds (a USB glitch?). "
                    "Nothing was written; run `tanteador pull` again." % n
                )
            out[n] = data
        return out, skipped + _settled(out, both)


class DirSource:
    """A flash folder on this computer (the simulator's, or a copy of /tt)."""

    def __init__(self, folder):
        if not os.path.isdir(folder):
            raise UsageError("--from-dir %s is not a folder; give a flash folder (e.g. the simulator's, "
                             "~/.local/share/tanteador/flash)" % folder)
        self.folder = folder
        self.where = folder

    def fetch(self):
        """({name: bytes}, [(name, reason)] of the files skipped unread)."""
        out = {}
        limit = size_limit()
        try:
            listing = os.listdir(self.folder)
        except OSError as e:
            raise UserError("cannot read the folder %s (%s)" % (self.folder, os.strerror(e.errno or 0)))
        try:
            ended = os.listdir(os.path.join(self.folder, ARCH))
        except OSError:
            ended = []
        files, both = _listed(listing, ended)
        skipped = []
        for n, at in files:
            path = os.path.join(self.folder, *at.split("/"))
            if not os.path.isfile(path):
                continue
            size = os.path.getsize(path)
            if size > limit:
                skipped.append((n, too_big(size)))
                continue
            try:
                with open(path, "rb") as f:
                    out[n] = f.read(limit + 1)
            except OSError as e:
                skipped.append((n, "unreadable (%s)" % os.strerror(e.errno or 0)))
        return out, skipped + _settled(out, both)


def is_match_file(name):
    """Is this fetched file one read as a match (not a file set aside, not the journal,
    not a second copy of an ended match)?"""
    return not name.startswith(("bad-", BESIDE)) and name != JOURNAL


class _ReadOnlyJournal:
    """A journal's bytes as the firmware's journal reader sees the flash; nothing is changed."""

    def __init__(self, data):
        self.fs = self
        self.data = data

    def size(self, name):
        return len(self.data)

    def open(self, name, mode="rb"):
        return io.BytesIO(self.data)

    def listdir(self, folder=None):
        return []

    def rename(self, old, new):
        pass

    def discard(self, name):
        pass


def read_match(name, data, journal=None):
    """(Match, finished) from a file's bytes (for state.json with the actions
    of ``journal``, the bytes of state.log, as a boot replays them); raises
    ValueError with a reason."""
    from tanteador import matchload

    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ValueError("not JSON (%s)" % e)
    except RecursionError:
        raise ValueError("not a save: its JSON is nested deeper than any match document")
    if name == "state.json":
        if not isinstance(doc, dict) or "m" not in doc:
            raise ValueError("not a device state document")
        n = doc.get("n", 0)
        doc = doc["m"]
        if doc is None:
            return None, False
    try:
        m = matchload.from_dict(doc)
    except ValueError as e:
        raise ValueError("not a match this version reads (%s)" % (getattr(e, "code", None) or e))
    except RecursionError:
        raise ValueError("not a save: its JSON is nested deeper than any match document")
    if name == "state.json" and journal:
        from tanteador import journal as jn

        jn.replay(_ReadOnlyJournal(journal), n if type(n) is int else 0, m)
    return m, name != "state.json"
