"""The event file: one SQLite database, changed only inside transactions.

Every command that changes the event does it in one transaction
(``Event.change``): a command killed half-way leaves the file as it was
before it started. What changed is also written to the ``history`` table,
so a correction by hand never hides the result it replaced. The schema is
described in host_tools/docs/event.md.
"""

import contextlib
import datetime
import json
import os
import secrets
import sqlite3

from host_tools import UsageError, UserError

# Version 2 adds players.short, the form of a name the device shows, the
# withdrawn table and pairings.c to f (tables of three players or more); a
# file of version 1 takes them when it first needs them.
SCHEMA_VERSION = 2
FORMATS = ("swiss", "knockout", "club")

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL, fold TEXT NOT NULL UNIQUE, short TEXT);
CREATE TABLE entries(id INTEGER PRIMARY KEY, seed INTEGER NOT NULL UNIQUE);
CREATE TABLE entry_players(
    entry INTEGER NOT NULL REFERENCES entries(id),
    pos INTEGER NOT NULL,
    player INTEGER NOT NULL UNIQUE REFERENCES players(id),
    PRIMARY KEY(entry, pos));
CREATE TABLE pairings(
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    tbl INTEGER,
    a INTEGER NOT NULL REFERENCES entries(id),
    b INTEGER REFERENCES entries(id),
    c INTEGER REFERENCES entries(id),
    d INTEGER REFERENCES entries(id),
    e INTEGER REFERENCES entries(id),
    f INTEGER REFERENCES entries(id),
    UNIQUE(round, slot), UNIQUE(round, tbl), UNIQUE(round, a));
CREATE TABLE results(
    id INTEGER PRIMARY KEY,
    pairing INTEGER REFERENCES pairings(id),
    evening TEXT,
    source TEXT NOT NULL,
    fingerprint TEXT UNIQUE,
    doc TEXT,
    note TEXT,
    at TEXT NOT NULL,
    replaced_by INTEGER REFERENCES results(id));
CREATE TABLE result_sides(
    result INTEGER NOT NULL REFERENCES results(id),
    side INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY(result, side));
CREATE TABLE result_players(
    result INTEGER NOT NULL REFERENCES results(id),
    side INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY(result, side, pos));
CREATE TABLE withdrawn(entry INTEGER PRIMARY KEY REFERENCES entries(id), after INTEGER NOT NULL);
CREATE TABLE history(id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
CREATE TABLE set_aside(
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    source TEXT NOT NULL,
    file TEXT NOT NULL,
    reason TEXT NOT NULL,
    data BLOB NOT NULL);
"""


def now():
    """The time of a change, to the second, in this computer's time zone."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def fold(name):
    """The key two names are the same under: capitals do not count (as `tanteador names`)."""
    return name.casefold()


class Side:
    """One side of a result: its players (ids), rank (0 = first), hands won and points."""

    def __init__(self, players, rank, hands, points):
        self.players = list(players)
        self.rank = rank
        self.hands = hands
        self.points = points


class Result:
    """A result in effect: its id, pairing id or None (club), evening, source, sides."""

    def __init__(self, rid, pairing, evening, source, sides, fingerprint=None, note=None):
        self.id = rid
        self.pairing = pairing
        self.evening = evening
        self.source = source
        self.sides = sides
        self.fingerprint = fingerprint
        self.note = note


# The columns of a table's sides after a and b: tables of three, five or six players alone.
MORE_SIDES = ("c", "d", "e", "f")


class Pairing:
    """A table of a round, at its place in the round (b None: a bye, tbl None;
    ``more`` the sides after b at a table of three or more, else empty)."""

    def __init__(self, pid, rnd, slot, tbl, a, b, *more):
        self.id = pid
        self.round = rnd
        self.slot = slot
        self.tbl = tbl
        self.a = a
        self.b = b
        self.more = [x for x in more if x is not None]

    @property
    def sides(self):
        """The entries of the table's sides in seat order: [a, b, ...]; [a] for a bye."""
        return [x for x in (self.a, self.b) if x is not None] + self.more


class Event:
    """An open event file."""

    def __init__(self, path, db):
        self.path = path
        self.db = db
        self.meta = {k: v for k, v in db.execute("SELECT key, value FROM meta")}

    # -- opening -----------------------------------------------------------

    @classmethod
    def create(cls, path, name, fmt, setup, rounds, tiebreaks):
        """A new event file at ``path`` (which must not exist)."""
        if os.path.exists(path):
            raise UsageError("%s already exists; give a new file name (an event is never overwritten)" % path)
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise UsageError("the folder %s does not exist" % folder)
        db = _connect(path)
        try:
            with _transaction(db):
                db.executescript("BEGIN;" + SCHEMA)
                meta = {"schema": str(SCHEMA_VERSION), "name": name, "format": fmt, "setup": json.dumps(setup),
                        "rounds": str(rounds), "tiebreaks": ",".join(tiebreaks), "key": secrets.token_hex(4),
                        "created": now()}
                db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
                db.execute("INSERT INTO history(at, action, detail) VALUES (?, 'create', ?)",
                           (now(), "%s, %s" % (name, fmt)))
        except BaseException:
            db.close()
            os.remove(path)
            raise
        return cls(path, db)

    @classmethod
    def open(cls, path):
        """The event file at ``path``; UsageError when it is not one."""
        if not os.path.isfile(path):
            raise UsageError("no event file %s; create one with `tanteador event create %s --name ...`"
                             % (path, path))
        db = _connect(path)
        try:
            version = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError as e:
            db.close()
            raise UsageError("%s is not an event file (%s)" % (path, e))
        if version is None or int(version[0]) > SCHEMA_VERSION:
            db.close()
            raise UsageError("%s is an event file of a newer Tanteador; update it" % path)
        return cls(path, db)

    def close(self):
        self.db.close()

    @contextlib.contextmanager
    def change(self, action=None, detail=None):
        """A transaction that also notes ``action`` in the history (when given): all of it or nothing.

        The file refusing the change (read-only, another command holding it,
        a row another command wrote first) is a UserError saying so; the
        file is then as it was."""
        try:
            with _transaction(self.db):
                self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                if action is not None:
                    self.note(action, detail)
        except sqlite3.Error as e:
            raise UserError(refusal(self.path, e))

    def log(self, action, detail):
        """Note something done outside the file (a push) in the history, on its own."""
        with self.change(action, detail):
            pass

    def note(self, action, detail):
        """Add a line to the history (inside a change)."""
        self.db.execute("INSERT INTO history(at, action, detail) VALUES (?, ?, ?)", (now(), action, detail))

    # -- the event's own data ----------------------------------------------

    @property
    def name(self):
        return self.meta["name"]

    @property
    def format(self):
        return self.meta["format"]

    @property
    def key(self):
        """The event's key, saved by the devices with each match pushed for it."""
        return self.meta["key"]

    @property
    def setup(self):
        """The match setup every table plays, as ``MatchOptions.to_list`` without names."""
        return json.loads(self.meta["setup"])

    @property
    def rounds(self):
        return int(self.meta["rounds"])

    @property
    def tiebreaks(self):
        return [t for t in self.meta["tiebreaks"].split(",") if t]

    # -- players and entries -----------------------------------------------

    def players(self):
        """{player id: name}."""
        return dict(self.db.execute("SELECT id, name FROM players ORDER BY id"))

    def shorts(self):
        """{player id: the short form the device shows} (the name itself where it has none)."""
        if not self._has_short():
            return self.players()
        return dict(self.db.execute("SELECT id, COALESCE(short, name) FROM players ORDER BY id"))

    def player_by_short(self, short):
        """The id of the player whose short form is ``short`` (capitals do not count), or None."""
        key = fold(short)
        for pid, s in self.shorts().items():
            if fold(s) == key:
                return pid
        return None

    def _has_short(self):
        return any(row[1] == "short" for row in self.db.execute("PRAGMA table_info(players)"))

    def player_by_name(self, name):
        """The id of the player called ``name`` (capitals do not count), or None."""
        row = self.db.execute("SELECT id FROM players WHERE fold = ?", (fold(name),)).fetchone()
        return None if row is None else row[0]

    def add_player(self, name, short=None):
        """A new player's id (inside a change); UsageError if the name is taken. ``short``:
        the form the device shows, when it is not the name itself."""
        if self.player_by_name(name) is not None:
            raise UsageError("%r is registered already" % name)
        if short is None or short == name:
            return self.db.execute("INSERT INTO players(name, fold) VALUES (?, ?)", (name, fold(name))).lastrowid
        if not self._has_short():
            self.db.execute("ALTER TABLE players ADD COLUMN short TEXT")
            self._upgrade()
        return self.db.execute("INSERT INTO players(name, fold, short) VALUES (?, ?, ?)",
                               (name, fold(name), short)).lastrowid

    def entries(self):
        """{entry id: [player id, ...]} in seed order."""
        out = {}
        for e, p in self.db.execute("SELECT e.id, ep.player FROM entries e JOIN entry_players ep ON ep.entry = e.id "
                                    "ORDER BY e.seed, ep.pos"):
            out.setdefault(e, []).append(p)
        return out

    def add_entry(self, names):
        """Register an entry of these checked (name, short form) pairs, inside a change; its id."""
        seed = self.db.execute("SELECT COALESCE(MAX(seed), 0) + 1 FROM entries").fetchone()[0]
        eid = self.db.execute("INSERT INTO entries(seed) VALUES (?)", (seed,)).lastrowid
        for pos, (n, short) in enumerate(names):
            pid = self.add_player(n, short)
            self.db.execute("INSERT INTO entry_players VALUES (?, ?, ?)", (eid, pos, pid))
        return eid

    def withdrawn(self):
        """{entry id: the last round it played before withdrawing}."""
        if not self._has_table("withdrawn"):
            return {}
        return dict(self.db.execute("SELECT entry, after FROM withdrawn"))

    def withdraw(self, eid, after):
        """Take entry ``eid`` out of the rounds after round ``after`` (inside a change)."""
        if not self._has_table("withdrawn"):
            self.db.execute("CREATE TABLE withdrawn(entry INTEGER PRIMARY KEY REFERENCES entries(id), "
                            "after INTEGER NOT NULL)")
            self._upgrade()
        self.db.execute("INSERT INTO withdrawn VALUES (?, ?)", (eid, after))

    def set_rounds(self, rounds):
        """A Swiss event's number of rounds (inside a change)."""
        self.db.execute("UPDATE meta SET value = ? WHERE key = 'rounds'", (str(rounds),))
        self.meta["rounds"] = str(rounds)

    def drop_round(self, rnd):
        """Remove round ``rnd``'s pairings (inside a change; the round must have no result)."""
        self.db.execute("DELETE FROM pairings WHERE round = ?", (rnd,))

    def _more(self):
        # A file of version 1 has no sides after b in its pairings.
        have = {row[1] for row in self.db.execute("PRAGMA table_info(pairings)")}
        return ", ".join(c if c in have else "NULL" for c in MORE_SIDES)

    def _has_table(self, name):
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                               (name,)).fetchone() is not None

    def _upgrade(self):
        self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))

    def table_label(self, pairing, names=None):
        """'Ana/Luis v Eva/Pau': a table's entries in seat order."""
        names = names or self.players()
        return " v ".join(self.entry_label(x, names) for x in pairing.sides)

    def entry_label(self, eid, names=None):
        """An entry's players joined by "/", as the device shows a side."""
        names = names or self.players()
        return "/".join(names[p] for p in self.entries()[eid])

    # -- rounds ------------------------------------------------------------

    def pairings(self, rnd=None):
        """The pairings of round ``rnd`` (all rounds when None), in round and bracket order."""
        q = "SELECT id, round, slot, tbl, a, b, %s FROM pairings" % self._more()
        args = ()
        if rnd is not None:
            q += " WHERE round = ?"
            args = (rnd,)
        q += " ORDER BY round, slot"
        return [Pairing(*row) for row in self.db.execute(q, args)]

    def last_round(self):
        """The number of the last round paired (0 before the first)."""
        return self.db.execute("SELECT COALESCE(MAX(round), 0) FROM pairings").fetchone()[0]

    def pairing_at(self, rnd, tbl):
        row = self.db.execute("SELECT id, round, slot, tbl, a, b, %s FROM pairings WHERE round = ? AND tbl = ?"
                              % self._more(), (rnd, tbl)).fetchone()
        return None if row is None else Pairing(*row)

    def add_round(self, rnd, tables):
        """Write round ``rnd``'s pairings, each a tuple of entry ids in seat order ((a, b), or
        (a, b, c...) at a table of three or more; (a, None) a bye), inside a change: the
        tables are numbered from 1 in this order, byes get none."""
        tbl = 0
        for slot, sides in enumerate(tables):
            a, b, more = sides[0], sides[1], list(sides[2:])
            if b is not None:
                tbl += 1
            cols = MORE_SIDES[:len(more)]
            if more and "NULL" in self._more().split(", ")[:len(more)]:
                # A file of version 1 takes the columns of the sides after b.
                for c in MORE_SIDES:
                    self.db.execute("ALTER TABLE pairings ADD COLUMN %s INTEGER REFERENCES entries(id)" % c)
                self._upgrade()
            self.db.execute("INSERT INTO pairings(round, slot, tbl, a, b%s) VALUES (?, ?, ?, ?, ?%s)"
                            % ("".join(", " + c for c in cols), ", ?" * len(cols)),
                            (rnd, slot, tbl if b is not None else None, a, b) + tuple(more))

    # -- results -----------------------------------------------------------

    def results(self):
        """The results in effect (not replaced by a correction), in the order they came in."""
        sides = {}
        for rid, side, rank, hands, points in self.db.execute(
                "SELECT result, side, rank, hands, points FROM result_sides ORDER BY result, side"):
            sides.setdefault(rid, []).append(Side([], rank, hands, points))
        for rid, side, pid in self.db.execute(
                "SELECT result, side, player FROM result_players ORDER BY result, side, pos"):
            sides[rid][side].players.append(pid)
        return [Result(rid, pairing, evening, source, sides.get(rid, []), fp, note)
                for rid, pairing, evening, source, fp, note in self.db.execute(
                    "SELECT id, pairing, evening, source, fingerprint, note FROM results "
                    "WHERE replaced_by IS NULL ORDER BY id")]

    def result_of(self, pairing_id):
        """The result in effect of a pairing, or None."""
        for r in self.results():
            if r.pairing == pairing_id:
                return r
        return None

    def has_fingerprint(self, fp):
        return self.db.execute("SELECT 1 FROM results WHERE fingerprint = ?", (fp,)).fetchone() is not None

    def add_result(self, sides, pairing=None, evening=None, source="", fingerprint=None, doc=None, note=None):
        """Record a result (inside a change); its id. ``sides``: a list of Side."""
        rid = self.db.execute(
            "INSERT INTO results(pairing, evening, source, fingerprint, doc, note, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (pairing, evening, source, fingerprint, doc, note, now())).lastrowid
        for i, s in enumerate(sides):
            self.db.execute("INSERT INTO result_sides VALUES (?, ?, ?, ?, ?)", (rid, i, s.rank, s.hands, s.points))
            for pos, pid in enumerate(s.players):
                self.db.execute("INSERT INTO result_players VALUES (?, ?, ?, ?)", (rid, i, pos, pid))
        return rid

    def replace_result(self, old, new):
        """Mark result ``old`` as replaced by ``new`` (a correction; the old one stays)."""
        self.db.execute("UPDATE results SET replaced_by = ? WHERE id = ?", (new, old))

    def set_aside(self, source, file, reason, data):
        """Keep a refused document's bytes, with where it came from and why."""
        self.db.execute("INSERT INTO set_aside(at, source, file, reason, data) VALUES (?, ?, ?, ?, ?)",
                        (now(), source, file, reason, data))

    def history(self):
        """[(time, action, detail)] oldest first."""
        return list(self.db.execute("SELECT at, action, detail FROM history ORDER BY id"))

    def aside(self):
        """[(id, time, source, file, reason)] of the documents set aside."""
        return list(self.db.execute("SELECT id, at, source, file, reason FROM set_aside ORDER BY id"))


def refusal(path, error):
    """The line that says why SQLite refused to change the event file, and that nothing changed."""
    name = getattr(error, "sqlite_errorname", "")
    if name.startswith("SQLITE_READONLY") or "readonly" in str(error):
        why = "%s is read-only; make it writable (or copy it somewhere writable) and run the command again" % path
    elif name.startswith("SQLITE_BUSY") or "locked" in str(error):
        why = "another command is changing %s; run this one again when it is done" % path
    elif isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error):
        # Two commands recorded the same row at once; any other broken
        # constraint is a fault of the command and is named as it is.
        why = "another command changed %s at the same time; run this one again to see where the event is" % path
    else:
        why = "%s refused the change (%s)" % (path, error)
    return "nothing changed: " + why


def _connect(path):
    try:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        # A change is on the disk before the command says it is done.
        db.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as e:
        raise UserError("cannot open %s (%s)" % (path, e))
    return db


@contextlib.contextmanager
def _transaction(db):
    """Commit what the block did, or roll all of it back on any exception."""
    try:
        yield
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        if db.in_transaction:
            db.execute("COMMIT")
