"""Collecting results: the finished matches of devices, matched to the event.

The files come from a board, a flash folder (the simulator's) or a folder
written by `tanteador pull`, read as `pull` reads them. In a Swiss or
knockout event a match counts when it carries this event's key and names
a table and round that exist, with the names that pairing put on its
sides; in a club evening, every finished match whose seats all have names
counts (new names are registered). Whatever does not fit is named, one
line each, and nothing already recorded is ever overwritten:

- refused: not a match document this version reads, or a match of another
  event; its bytes are set aside in the event file with the reason;
- unfinished: a match still in play, or ended before its goal;
- duplicated: a different finished match for a table that has a result,
  or two of them for one table (neither is recorded: correct it by hand);
- contradictory: a table or round the event does not have, names that are
  not that table's, a knockout match without a winner;
- missing: a table of a paired round with no result yet.
"""

import hashlib
import json
import os

from host_tools import UserError, firmware_paths
from host_tools.commands.event.store import Side, fold
from host_tools.support.seats import seat_label, side_label

REFUSED = "refused"
UNFINISHED = "unfinished"
DUPLICATED = "duplicated"
CONTRADICTORY = "contradictory"
MISSING = "missing"
# Kinds that need the organiser: `event pull` exits 1 when one comes up.
SERIOUS = (REFUSED, DUPLICATED, CONTRADICTORY)


def source(port=None, folder=None, link=None):
    """Where the files come from: a folder (a flash folder, or `tanteador pull`'s
    output with its board/ folder), else the board behind ``link`` or on ``port``."""
    from host_tools.commands import pull

    if folder is not None:
        inner = os.path.join(folder, "board")
        if os.path.isdir(inner) and not os.path.exists(os.path.join(folder, "state.json")):
            folder = inner
        return pull.DirSource(folder), None
    own = link is None
    if own:
        from host_tools.support import link as linkmod

        link = linkmod.connect(port)
    return pull.BoardSource(link), (link if own else None)


def fingerprint(m):
    """A match's identity: the hash of its document (the same match in state.json and archived is one)."""
    from tanteador import matchdoc

    text = json.dumps(matchdoc.to_dict(m), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sides_of(m, player_ids):
    """The Side list of finished match ``m``; ``player_ids`` maps a seat's name to a player id."""
    o = m.options
    if m.chiamata:
        keys = [(m.totals[i],) for i in range(m.nsides)]
    else:
        keys = [(i == m.winner, m.won[i]) for i in range(m.nsides)]
    ranked = sorted(set(keys), reverse=True)
    return [Side([player_ids[seat_label(o, s)] for s in o.side_seats(i)], ranked.index(keys[i]), m.won[i], m.totals[i])
            for i in range(m.nsides)]


def describe(m):
    """'Ana/Luis 2-1 Eva/Pau' for the messages."""
    o = m.options
    labels = [side_label(o, i) for i in range(m.nsides)]
    return "%s %s %s" % (labels[0], "-".join(str(w) for w in m.won), " v ".join(labels[1:]))


class Report:
    """What a pull found: recorded results, and the problems, one line each."""

    def __init__(self):
        self.recorded = []
        self.known = 0
        self.left_out = 0
        self.problems = []

    def problem(self, kind, text):
        self.problems.append((kind, text))

    @property
    def serious(self):
        return any(k in SERIOUS for k, _ in self.problems)


def collect(event, files, where, evening=None):
    """Match the fetched files ({name: bytes}) to the event and record what fits,
    in one change. Returns the Report."""
    firmware_paths()
    from host_tools.commands import pull

    rep = Report()
    matches = []
    aside = []
    for name in sorted(files):
        if name.startswith("bad-"):
            continue
        try:
            m, archived = pull.read_match(name, files[name])
        except ValueError as e:
            aside.append((name, str(e)))
            continue
        if m is None:
            continue
        if m.event and m.event[2] != event.key:
            aside.append((name, "a match of another event (key %s, table %d, round %d)"
                          % (m.event[2], m.event[0], m.event[1])))
            continue
        matches.append((name, m, archived))
    for name, reason in aside:
        rep.problem(REFUSED, "%s: %s; set aside in the event file" % (name, reason))
    with event.change():
        for name, reason in aside:
            event.set_aside(where, name, reason, files[name])
        if event.format == "club":
            _club(event, matches, rep, where, evening)
        else:
            _tables(event, matches, rep, where)
        event.note("pull", "%d results recorded from %s: %s" % (
            len(rep.recorded), where, "; ".join(rep.recorded) or "none"))
    if event.format != "club":
        _missing(event, rep)
    return rep


def _tables(event, matches, rep, where):
    names = event.players()
    entries = event.entries()
    found = {}
    for name, m, archived in matches:
        if not m.event:
            rep.left_out += 1
            continue
        tbl, rnd, _ = m.event
        at = "table %d, round %d (%s)" % (tbl, rnd, name)
        p = event.pairing_at(rnd, tbl)
        if p is None:
            rep.problem(CONTRADICTORY, "%s: the event has no such table; not recorded" % at)
            continue
        want = [[fold(names[x]) for x in entries[e]] for e in (p.a, p.b)]
        o = m.options
        got = [[fold(seat_label(o, s)) for s in o.side_seats(i)] for i in range(m.nsides)]
        if [sorted(x) for x in got] != [sorted(x) for x in want]:
            rep.problem(CONTRADICTORY, "%s: %s, but that table is %s v %s; not recorded" % (
                at, describe(m), event.entry_label(p.a, names), event.entry_label(p.b, names)))
            continue
        if not m.over:
            rep.problem(UNFINISHED, "%s: %s, %s; not recorded" % (
                at, describe(m), "ended before its goal" if archived else "still in play"))
            continue
        if m.winner is None and event.format == "knockout":
            rep.problem(CONTRADICTORY, "%s: %s, no winner, and a knockout table needs one; "
                                       "correct it by hand" % (at, describe(m)))
            continue
        fp = fingerprint(m)
        found.setdefault(p.id, {}).setdefault(fp, (name, m, p, at))
    for pid, docs in found.items():
        old = event.result_of(pid)
        if old is not None:
            for fp, (name, m, p, at) in docs.items():
                if fp == old.fingerprint:
                    rep.known += 1
                else:
                    rep.problem(DUPLICATED, "%s: %s, but the table has a result already (%s); kept that one"
                                % (at, describe(m), old.source))
            continue
        if len(docs) > 1:
            files = ", ".join(d[0] for d in docs.values())
            any_at = next(iter(docs.values()))[3].split(" (")[0]
            rep.problem(DUPLICATED, "%s: %d different finished matches (%s); none recorded, "
                                    "enter the right one with `event correct`" % (any_at, len(docs), files))
            continue
        fp, (name, m, p, at) = next(iter(docs.items()))
        o = m.options
        ids = {seat_label(o, s): event.player_by_name(seat_label(o, s)) for s in range(o.players)}
        from tanteador import matchdoc

        event.add_result(sides_of(m, ids), pairing=p.id, source="%s %s" % (where, name), fingerprint=fp,
                         doc=json.dumps(matchdoc.to_dict(m), ensure_ascii=False))
        rep.recorded.append("%s: %s" % (at.split(" (")[0], describe(m)))


def _club(event, matches, rep, where, evening):
    from host_tools.commands import names as namesmod

    for name, m, archived in matches:
        if not m.over:
            rep.left_out += 1
            continue
        fp = fingerprint(m)
        if event.has_fingerprint(fp):
            rep.known += 1
            continue
        o = m.options
        if not o.names or not all(o.names):
            rep.problem(CONTRADICTORY, "%s: %s has seats without a name; not recorded" % (name, describe(m)))
            continue
        try:
            namesmod.check(o.names)
        except UserError as e:
            rep.problem(CONTRADICTORY, "%s: %s; not recorded" % (name, e))
            continue
        ids = {}
        for n in o.names:
            pid = event.player_by_name(n)
            if pid is None:
                pid = event.add_player(n)
                event.note("register", n)
            ids[n] = pid
        from tanteador import matchdoc

        event.add_result(sides_of(m, ids), evening=evening, source="%s %s" % (where, name), fingerprint=fp,
                         doc=json.dumps(matchdoc.to_dict(m), ensure_ascii=False))
        rep.recorded.append("%s: %s" % (name, describe(m)))


def _missing(event, rep):
    names = event.players()
    done = {r.pairing for r in event.results()}
    for p in event.pairings():
        if p.b is not None and p.id not in done:
            rep.problem(MISSING, "table %d, round %d: %s v %s, no result yet" % (
                p.tbl, p.round, event.entry_label(p.a, names), event.entry_label(p.b, names)))
