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

from host_tools import UserError
from host_tools.commands.event import codes
from host_tools.commands.event.store import Side, fold
from host_tools.support.charts import plural
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
    from host_tools.support import saves

    if folder is not None:
        inner = os.path.join(folder, "board")
        if os.path.isdir(inner) and not os.path.exists(os.path.join(folder, "state.json")):
            folder = inner
        return saves.DirSource(folder), None
    own = link is None
    if own:
        from host_tools.support import link as linkmod

        link = linkmod.connect(port)
    return saves.BoardSource(link), (link if own else None)


def fingerprint(m):
    """A match's identity: the hash of its document (the same match in state.json and archived is one)."""
    from tanteador import matchdoc

    text = json.dumps(matchdoc.to_dict(m), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ranks(m):
    """Each side's place in finished match ``m`` (0 first): the winner, then by hands won
    (in chiamata, by score); equal figures share a place."""
    if m.chiamata:
        keys = [(m.totals[i],) for i in range(m.nsides)]
    else:
        keys = [(i == m.winner, m.won[i]) for i in range(m.nsides)]
    ranked = sorted(set(keys), reverse=True)
    return [ranked.index(k) for k in keys]


def sides_of(m, player_ids):
    """The Side list of finished match ``m``; ``player_ids`` maps a seat's name to a player id."""
    o = m.options
    return [Side([player_ids[seat_label(o, s)] for s in o.side_seats(i)], rank, m.won[i], m.totals[i])
            for i, rank in enumerate(ranks(m))]


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
    from host_tools.support import saves

    rep = Report()
    matches = []
    aside = []
    for name in sorted(files):
        if not saves.is_match_file(name):
            continue
        try:
            m, archived = saves.read_match(name, files[name], files.get(saves.JOURNAL))
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
        event.note("pull", "%s recorded from %s: %s" % (
            plural(len(rep.recorded), "result", "results"), where, "; ".join(rep.recorded) or "none"))
    if event.format != "club":
        _missing(event, rep)
    return rep


def _tables(event, matches, rep, where):
    from tanteador import matchdoc

    names = event.players()
    # The seats carry the short forms the push gave the device.
    shorts = event.shorts()
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
        want = [[fold(shorts[x]) for x in entries[e]] for e in p.sides]
        o = m.options
        got = [[fold(seat_label(o, s)) for s in o.side_seats(i)] for i in range(m.nsides)]
        if [sorted(x) for x in got] != [sorted(x) for x in want]:
            rep.problem(CONTRADICTORY, "%s: %s, but that table is %s; not recorded" % (
                at, describe(m), event.table_label(p, names)))
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
                if fp == old.fingerprint or codes.agrees(old, m):
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
        ids = {seat_label(o, s): event.player_by_short(seat_label(o, s)) for s in range(o.players)}
        event.add_result(sides_of(m, ids), pairing=p.id, source="%s %s" % (where, name), fingerprint=fp,
                         doc=json.dumps(matchdoc.to_dict(m), ensure_ascii=False))
        # The entries' full names: the device showed their short forms.
        labels = [event.entry_label(x, names) for x in p.sides]
        rep.recorded.append("%s: %s %s %s" % (at.split(" (")[0], labels[0], "-".join(str(w) for w in m.won),
                                              " v ".join(labels[1:])))


def _club(event, matches, rep, where, evening):
    from tanteador import matchdoc

    from host_tools.support.playernames import check as check_names

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
            check_names(o.names)
        except UserError as e:
            rep.problem(CONTRADICTORY, "%s: %s; not recorded" % (name, e))
            continue
        ids = {}
        for n in o.names:
            pid = event.player_by_short(n)
            if pid is None:
                pid = event.add_player(n)
                event.note("register", n)
            ids[n] = pid
        event.add_result(sides_of(m, ids), evening=evening, source="%s %s" % (where, name), fingerprint=fp,
                         doc=json.dumps(matchdoc.to_dict(m), ensure_ascii=False))
        rep.recorded.append("%s: %s" % (name, describe(m)))


def _missing(event, rep):
    names = event.players()
    done = {r.pairing for r in event.results()}
    for p in event.pairings():
        if p.b is not None and p.id not in done:
            rep.problem(MISSING, "table %d, round %d: %s, no result yet"
                        % (p.tbl, p.round, event.table_label(p, names)))
