"""Shared pieces of the store tests: documents, the validate callback, folders."""

import json
import os
import re

from host_tools.device.faultfs import FaultFS, PowerCut, restore, snapshot
from tanteador import matchdoc, matchload, store, storeops
from tanteador.flashfs import DirFS
from tanteador.matchload import StateError
from tanteador.store import STATE, TMP, Store


from tanteador.match import Match
from tanteador.matchoptions import GOAL_HANDS, MatchOptions

POINTS = ((70, 50), (0, 120), (61, 59), (88, 32), (45, 75), (60, 60), (102, 18))


def make_match(i, names=("Ana", "Iñaki")):
    """A two-player match with i hands recorded (goal: 99 hands, never over)."""
    m = Match(MatchOptions(players=2, names=list(names), goal=GOAL_HANDS, target=99))
    for j in range(i):
        m.record(j % 4, POINTS[j % len(POINTS)], 1000 * (j + 1))
    return m


def make_doc(i, lang="es"):
    """The app document after i hands: what the app saves."""
    return {
        "v": 1,
        "cfg": {"lang": lang, "contrast": 255, "timeout": 180, "sound": 1},
        "m": matchdoc.to_dict(make_match(i)),
        "scr": "table",
    }


def validate(doc):
    """What the app does with a parsed document: check it through the engine
    (matchload.from_dict replays and checks every action) -> the document with
    the match as the engine writes it back; StateError on a bad one."""
    if not isinstance(doc, dict) or type(doc.get("v")) is not int:
        raise StateError("shape")
    if doc["v"] > 1:
        raise StateError("newer")
    if not isinstance(doc.get("cfg"), dict) or not isinstance(doc.get("scr"), str):
        raise StateError("shape")
    m = doc.get("m")
    out = dict(doc)
    if m is not None:
        out["m"] = matchdoc.to_dict(matchload.from_dict(m))
    return out


def fresh(tmp_path, name="flash"):
    """A new DirFS on a folder of the test (a fresh 'device')."""
    return DirFS(str(tmp_path / name))


def boot(fs_root):
    """Reboot: a new Store on a new DirFS of the same folder -> (doc, problem)."""
    fs = DirFS(fs_root)
    return storeops.load(Store(fs), validate), fs


def archives(fs):
    """The archived matches in the archive's folder of ``fs``, oldest first."""
    try:
        names = fs.listdir(store.ARCH)
    except OSError:
        return []
    return _numbered(names, r"h(\d+)\.json")


def bad_files(fs):
    """The files the store set aside in the folder of ``fs``, oldest first."""
    return _numbered(fs.listdir(), r"bad-(\d+)-state\.json")


def _numbered(names, pattern):
    found = [(int(m.group(1)), n) for n in names for m in [re.fullmatch(pattern, n)] if m]
    return [n for _, n in sorted(found)]


def state_bytes(doc):
    return json.dumps(doc).encode()


def figure(name, n):
    """Report a reliability figure: printed (see with -s) and, when the
    environment names a file in TANTEADOR_FIGURES, appended to it."""
    line = "FIGURE %s: %d" % (name, n)
    print(line)
    path = os.environ.get("TANTEADOR_FIGURES")
    if path:
        with open(path, "a") as f:
            f.write(line + "\n")


def journal_after(state):
    """A journal (state.log) of the save whose bytes are ``state``: a hand more of its match, dealt at random."""
    from host_tools.harness import matchplan

    doc = json.loads(state)
    m = matchload.from_dict(doc["m"])
    k = m.cursor
    m.record(m.next_trump if m.next_trump is not None else 1, matchplan.deal_points(matchplan.Lcg(5), m), 4321)
    rec = [k, m.next_trump, m.action(k)]
    return b"%d\n%s\n" % (doc.get("n", 0), json.dumps(rec, separators=(",", ":")).encode())

