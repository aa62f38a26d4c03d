"""The `tanteador event ...` subcommands: create, add, pair, push, pull, enter, serve, correct, standings, show."""

import argparse
import csv
import datetime
import os
import sys

from host_tools import UsageError, UserError, firmware_paths

GOALS = ("wins", "best-of", "hands", "points")
PLAYS = ("solo", "pairs", "trios")
TIES = ("void", "split", "last")
CARDS = ("spanish", "french")

EXAMPLES = {
    "create": "tanteador event create fiesta.db --name 'Campeonato de brisca' --format swiss --rounds 3 "
              "--players 4 --goal wins --target 2",
    "add": "tanteador event add fiesta.db 'Ana/Luis' 'Eva/Pau'   or   tanteador event add fiesta.db --csv pairs.csv",
    "pair": "tanteador event pair fiesta.db",
    "push": "tanteador event push fiesta.db --table 3 --port /dev/ttyACM0",
    "pull": "tanteador event pull fiesta.db --port /dev/ttyACM0",
    "enter": "tanteador event enter fiesta.db 7K3M-Q2ZX-0B4N-TT9A-HC1E-WP5R",
    "serve": "tanteador event serve fiesta.db --port 8080",
    "correct": "tanteador event correct fiesta.db --round 2 --table 3 --winner Eva/Pau --hands 1-2 "
               "--note 'scorer pressed the wrong side'",
    "standings": "tanteador event standings fiesta.db --out fiesta-standings",
    "show": "tanteador event show fiesta.db --history",
}


def _sub(sub, name, help_text, description):
    return sub.add_parser(name, help=help_text, description=description,
                          epilog="example: " + EXAMPLES[name], formatter_class=argparse.RawDescriptionHelpFormatter)


def _parser():
    from host_tools.commands.event.store import FORMATS

    p = argparse.ArgumentParser(
        prog="tanteador event",
        description="A club evening or a tournament on this computer: one event file, many tables, "
                    "standings nobody has to add up (see host_tools/docs/event.md).",
        epilog="example: " + EXAMPLES["create"], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", metavar="COMMAND")
    sub.required = True

    c = _sub(sub, "create", "create an event file", "Create an event file: its name, format and the match "
             "setup every table plays.")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--name", required=True, help="the event's name, shown on the standings page")
    c.add_argument("--format", choices=FORMATS, default="swiss",
                   help="swiss rounds, a knockout with byes, or an open club evening without pairings "
                        "(default: %(default)s)")
    c.add_argument("--rounds", type=int, metavar="N", help="Swiss rounds (default 3; a knockout takes as many "
                                                           "as its bracket needs)")
    c.add_argument("--players", type=int, choices=(2, 4, 6), default=4, help="players at a table (default 4)")
    c.add_argument("--play", choices=PLAYS, help="solo, pairs or trios (default: pairs for 4 players, "
                                                 "trios for 6, solo for 2)")
    c.add_argument("--goal", choices=GOALS, default="wins", help="how a match ends (default: %(default)s)")
    c.add_argument("--target", type=int, default=2, metavar="N", help="the goal's number (default: 2, "
                                                                     "first to 2 hands)")
    c.add_argument("--deck", type=int, choices=(40, 48), default=40)
    c.add_argument("--cards", choices=CARDS, default="spanish")
    c.add_argument("--tie", choices=TIES, default="void", help="a 60-60 hand (default: %(default)s)")
    c.add_argument("--capote", action="store_true", help="120 points win the match outright")
    c.add_argument("--reverse", action="store_true", help="fewest points win the hand")
    c.add_argument("--trump-cycle", action="store_true", help="trump is oros, copas, espadas, bastos in turn")
    c.add_argument("--tiebreaks", metavar="LIST", help="after wins, in order, from buchholz, points, hands "
                                                       "(default: buchholz,points in a Swiss event, else points)")

    a = _sub(sub, "add", "register players or pairs", "Register entries: a pair as 'Ana/Luis' (its players "
             "joined by '/'), a player alone as 'Ana'. Names are checked as `tanteador names` checks them.")
    a.add_argument("file", metavar="FILE")
    a.add_argument("entries", metavar="ENTRY", nargs="*")
    a.add_argument("--csv", metavar="CSV", help="a CSV file, one entry a row, one player a cell")

    r = _sub(sub, "pair", "pair the next round", "Pair the next round: Swiss by score with no repeated "
             "opponents where avoidable, or the knockout bracket. The previous round must be complete.")
    r.add_argument("file", metavar="FILE")

    u = _sub(sub, "push", "send a table's match to its device", "Write a table's match (setup and names) "
             "to its device, which starts it and shows 'Table N - Round R'.")
    u.add_argument("file", metavar="FILE")
    u.add_argument("--table", type=int, required=True, metavar="N")
    u.add_argument("--round", type=int, metavar="R", help="default: the last round paired")
    u.add_argument("--port", metavar="P", help="serial port (default: the first board found)")
    u.add_argument("--flash", metavar="DIR", help="write into a flash folder (a simulator's) instead of a board")
    u.add_argument("--force", action="store_true", help="replace an unfinished match on the device "
                                                        "(it is archived there)")

    g = _sub(sub, "pull", "collect the results of a device", "Read a device's finished matches and record "
             "those of this event; whatever does not fit is named and nothing is overwritten.")
    g.add_argument("file", metavar="FILE")
    g.add_argument("--port", metavar="P")
    g.add_argument("--from-dir", metavar="DIR", help="a flash folder (a simulator's) or a folder written by "
                                                    "`tanteador pull`")
    g.add_argument("--evening", metavar="LABEL", help="club evenings: the evening these matches belong to "
                                                      "(default: today's date)")

    e = _sub(sub, "enter", "record a result code read off a device", "Record a table's result from the code "
             "its device shows at the match end; a code without this event's signature is refused.")
    e.add_argument("file", metavar="FILE")
    e.add_argument("code", metavar="CODE", help="the code as the device shows it (six groups of four)")

    v = _sub(sub, "serve", "take results from phones on this network", "Serve the evening on this network: a "
             "page for phones that scans each device's result code, and a standings page for a wall screen.")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every one of this "
                                                    "computer's)")
    v.add_argument("--port", type=int, default=8080, help="default: %(default)s; 0 picks a free one")
    v.add_argument("--cert", metavar="PEM", help="serve https with this certificate of the PC's address "
                                                 "(phones lend the camera only to https pages)")
    v.add_argument("--key", metavar="PEM", help="the certificate's private key")

    k = _sub(sub, "correct", "correct a table's result by hand", "Enter or correct a table's result; the "
             "result it replaces stays in the event's history.")
    k.add_argument("file", metavar="FILE")
    k.add_argument("--round", type=int, required=True, metavar="R")
    k.add_argument("--table", type=int, required=True, metavar="N")
    k.add_argument("--winner", required=True, metavar="ENTRY", help="the winning entry (or one of its "
                                                                    "players), or 'draw'")
    k.add_argument("--hands", metavar="A-B", help="hands won, side A first (default: as recorded, else 0-0)")
    k.add_argument("--points", metavar="A-B", help="card points, side A first (default: as recorded, else 0-0)")
    k.add_argument("--note", default="", help="why: kept in the history")

    s = _sub(sub, "standings", "print the standings; write them as a web page and CSV", "Print the standings "
             "and write standings.html (with charts and ratings) and standings.csv.")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--out", metavar="DIR", help="where to write them (default: FILE's name + '-standings')")

    w = _sub(sub, "show", "print the event: entries, rounds, results", "Print the event: its setup, entries, "
             "rounds and results, and with --history every change.")
    w.add_argument("file", metavar="FILE")
    w.add_argument("--history", action="store_true")
    return p


def main(argv):
    """Entry for `tanteador event ...`; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.what == "create":
            return create(args)
        from host_tools.commands.event.store import Event

        event = Event.open(args.file)
        try:
            return globals()["cmd_" + args.what](event, args)
        finally:
            event.close()
    except UserError as e:
        sys.stderr.write("tanteador event %s: %s\n" % (args.what, e))
        return 2 if isinstance(e, UsageError) else 1
    except KeyboardInterrupt:
        return 130


# -- create and register -------------------------------------------------------


def setup_list(args):
    """The match setup of the arguments as ``MatchOptions.to_list`` (UsageError if the device refuses it)."""
    firmware_paths()
    from tanteador.matchoptions import MatchOptions
    from tanteador.rules import RulesError

    play = args.play or {2: "solo", 4: "pairs", 6: "trios"}[args.players]
    o = MatchOptions(players=args.players, sides=PLAYS.index(play), deck=args.deck, goal=GOALS.index(args.goal),
                     target=args.target, tie=TIES.index(args.tie), capote=args.capote, reverse=args.reverse,
                     trump_cycle=args.trump_cycle, cards=CARDS.index(args.cards))
    try:
        o.validate()
    except RulesError as e:
        raise UsageError("the device refuses this setup (%s): %s" % (e.args[0], describe_setup(o.to_list())))
    if o.nsides != 2:
        raise UsageError("an event's tables have two sides; %d players %s make %d" % (o.players, play, o.nsides))
    return o.to_list()


def describe_setup(setup):
    """'pairs, 4 players, 40 cards, first to 2 hands' for a setup list."""
    firmware_paths()
    from tanteador.matchoptions import MatchOptions

    o = MatchOptions()
    for k, v in zip(("players", "names", "sides", "deck", "prep", "direction", "signals", "goal", "target"), setup):
        setattr(o, k, v)
    goal = ("first to %d hands", "best of %d rounds", "%d hands", "first to %d points", "%d minutes")[o.goal]
    return "%s, %d players, %d cards, %s" % (PLAYS[o.sides] if o.sides < 3 else "chiamata", o.players, o.deck,
                                             goal % o.target)


def create(args):
    from host_tools.commands.event.store import TIEBREAKS, Event

    setup = setup_list(args)
    if args.format == "swiss":
        rounds = 3 if args.rounds is None else args.rounds
        if not 1 <= rounds <= 20:
            raise UsageError("--rounds %d: give 1 to 20 rounds" % rounds)
    elif args.rounds is not None:
        raise UsageError("--rounds is for a Swiss event; a knockout takes the rounds its bracket needs")
    else:
        rounds = 0
    tb = args.tiebreaks or ("buchholz,points" if args.format == "swiss" else "points")
    tiebreaks = [t.strip() for t in tb.split(",") if t.strip()]
    bad = [t for t in tiebreaks if t not in TIEBREAKS]
    if bad:
        raise UsageError("--tiebreaks: %s is not one of %s" % (bad[0], ", ".join(TIEBREAKS)))
    name = args.name.strip()
    if not name:
        raise UsageError("--name: give the event a name")
    ev = Event.create(args.file, name, args.format, setup, rounds, tiebreaks)
    ev.close()
    print("event %s created in %s: %s, %s%s" % (name, args.file, args.format, describe_setup(setup),
                                                 ", %d rounds" % rounds if rounds else ""))
    return 0


def _read_csv(path):
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = [[c.strip() for c in row if c.strip()] for row in csv.reader(f)]
    except OSError as e:
        raise UsageError("cannot read %s (%s)" % (path, os.strerror(e.errno or 0)))
    except (UnicodeDecodeError, csv.Error) as e:
        raise UsageError("%s is not a UTF-8 CSV file (%s)" % (path, e))
    return [r for r in rows if r]


def cmd_add(event, args):
    from host_tools.commands import names as namesmod

    if args.csv:
        groups = _read_csv(args.csv)
    else:
        groups = [e.split("/") for e in args.entries]
    if not groups:
        raise UsageError("nothing to register: give entries ('Ana/Luis') or --csv FILE")
    club = event.format == "club"
    size = 1 if club else event.setup[0] // 2
    if club:
        groups = [[n] for g in groups for n in g]
    for g in groups:
        if len(g) != size:
            raise UsageError("nothing registered: %r has %d players; an entry here has %d (%s)"
                             % ("/".join(g), len(g), size, describe_setup(event.setup)))
    flat = namesmod.check([n for g in groups for n in g], "nothing registered: ")
    groups = [flat[k:k + size] for k in range(0, len(flat), size)]
    if not club and event.last_round():
        raise UsageError("nothing registered: round 1 is paired already")
    for n in flat:
        if event.player_by_name(n) is not None:
            raise UsageError("nothing registered: %r is registered already" % n)
    with event.change("register", ", ".join("/".join(g) for g in groups)):
        for g in groups:
            if club:
                event.add_player(g[0])
            else:
                event.add_entry(g)
    print("%d %s registered; %d in all" % (len(groups), "players" if club else "entries",
                                          len(event.players()) if club else len(event.entries())))
    return 0


# -- rounds ---------------------------------------------------------------------


def cmd_pair(event, args):
    from host_tools.commands.event import pairing

    if event.format == "club":
        raise UsageError("a club evening has no pairings: tables play as they like, `event pull` collects")
    entries = list(event.entries())
    if len(entries) < 2:
        raise UsageError("register at least two entries first (`tanteador event add`)")
    last = event.last_round()
    if last:
        missing = [p.tbl for p in event.pairings(last) if p.b is not None and event.result_of(p.id) is None]
        if missing:
            raise UserError("round %d is not complete: no result yet for table%s %s (`event pull`, or "
                            "`event correct`)" % (last, "s" if len(missing) > 1 else "",
                                                  ", ".join(str(t) for t in missing)))
    if event.format == "swiss":
        if last >= event.rounds:
            raise UserError("all %d rounds are paired; see `tanteador event standings`" % event.rounds)
        tables = pairing.swiss(pairing.records(event))
    else:
        if last >= pairing.knockout_rounds(len(entries)):
            raise UserError("the final has been played; see `tanteador event standings`")
        if last == 0:
            tables = pairing.knockout_first(entries)
        else:
            def winner_of(p):
                if p.b is None:
                    return p.a
                r = event.result_of(p.id)
                return (p.a, p.b)[min(range(2), key=lambda i: r.sides[i].rank)]

            tables = pairing.knockout_next(event.pairings(last), winner_of)
    rnd = last + 1
    names = event.players()
    lines = []
    tbl = 0
    for a, b in tables:
        if b is None:
            lines.append("bye: %s" % event.entry_label(a, names))
        else:
            tbl += 1
            lines.append("table %d: %s v %s" % (tbl, event.entry_label(a, names), event.entry_label(b, names)))
    with event.change("pair", "round %d: %s" % (rnd, "; ".join(lines))):
        event.add_round(rnd, tables)
    print("round %d paired (side A, who deals first, named first):" % rnd)
    for line in lines:
        print("  " + line)
    return 0


def _pairing(event, rnd, tbl):
    last = event.last_round()
    if last == 0:
        raise UsageError("no round is paired yet (`tanteador event pair %s`)" % event.path)
    rnd = last if rnd is None else rnd
    p = event.pairing_at(rnd, tbl)
    if p is None:
        tables = [q.tbl for q in event.pairings(rnd) if q.tbl is not None]
        if not tables:
            raise UsageError("there is no round %d (rounds 1 to %d are paired)" % (rnd, last))
        raise UsageError("round %d has no table %d (tables %d to %d)" % (rnd, tbl, min(tables), max(tables)))
    return p


def cmd_push(event, args):
    from host_tools.commands.event import push

    if args.port and args.flash:
        raise UsageError("give --port or --flash, not both")
    p = _pairing(event, args.round, args.table)
    doc = push.document(event, p)
    if args.flash:
        why = push.to_folder(args.flash, doc, args.force)
        where = args.flash
    else:
        from host_tools.support import link as linkmod

        link = linkmod.connect(args.port)
        reset = False
        try:
            why = push.to_board(link, doc, args.force)
            reset = True
        finally:
            if reset:
                link.t.close()
            else:
                link.close()
        where = "the board on %s" % link.port
    names = event.players()
    label = "%s v %s" % (event.entry_label(p.a, names), event.entry_label(p.b, names))
    event.log("push", "table %d, round %d to %s%s" % (p.tbl, p.round, where, " (replacing: %s)" % why if why else ""))
    print("table %d, round %d pushed to %s: %s" % (p.tbl, p.round, where, label))
    if why:
        print("replaced on the device (archived there): %s" % why.split("; ")[0].replace("it holds ", ""))
    if args.flash:
        print("the simulator starts it at its next start (`tanteador sim --flash %s`)" % args.flash)
    return 0


def cmd_pull(event, args):
    from host_tools.commands.event import collect

    if args.port and args.from_dir:
        raise UsageError("give --port or --from-dir, not both")
    src, own = collect.source(port=args.port, folder=args.from_dir)
    try:
        files, skipped = src.fetch()
    finally:
        if own is not None:
            own.close()
    evening = args.evening or datetime.date.today().isoformat()
    rep = collect.collect(event, files, src.where, evening if event.format == "club" else None)
    for name, reason in skipped:
        print("refused: %s is %s" % (name, reason))
    for line in rep.recorded:
        print("recorded: " + line)
    for kind, text in rep.problems:
        print("%s: %s" % (kind, text))
    extra = []
    if rep.known:
        extra.append("%d recorded before" % rep.known)
    if rep.left_out:
        extra.append("%d %s left out" % (rep.left_out, "unfinished" if event.format == "club"
                                         else "not of this event's tables"))
    print("%d results recorded from %s%s" % (len(rep.recorded), src.where,
                                             " (%s)" % ", ".join(extra) if extra else ""))
    return 1 if rep.serious or skipped else 0


def cmd_enter(event, args):
    from host_tools.commands.event import codes

    line = codes.record(event, codes.check(event, args.code), "typed")
    if line.startswith(codes.KNOWN):
        raise codes.CodeError("%s; nothing changed" % line[len(codes.KNOWN):])
    print(line)
    return 0


def cmd_serve(event, args):
    from host_tools.commands.event import serve

    return serve.main(event, args)


def _two(text, option):
    try:
        a, b = (int(x) for x in text.split("-"))
    except ValueError:
        raise UsageError("%s %s: give two numbers, side A first, e.g. 2-1" % (option, text))
    if a < 0 or b < 0:
        raise UsageError("%s %s: no negative numbers" % (option, text))
    return a, b


def cmd_correct(event, args):
    from host_tools.commands.event.store import Side, fold

    if event.format == "club":
        raise UsageError("a club evening's results are its devices' matches; there is no table to correct")
    p = _pairing(event, args.round, args.table)
    if p.b is None:
        raise UsageError("round %d, table %d is a bye" % (p.round, p.tbl))
    names = event.players()
    entries = event.entries()
    sides = (p.a, p.b)
    w = fold(args.winner.strip())
    if w == "draw":
        if event.format == "knockout":
            raise UsageError("--winner draw: a knockout table needs a winner")
        winner = None
    else:
        matches = [i for i, e in enumerate(sides)
                   if w == fold(event.entry_label(e, names)) or w in [fold(names[x]) for x in entries[e]]]
        if len(matches) != 1:
            raise UsageError("--winner %s is neither %s nor %s" % (args.winner, event.entry_label(p.a, names),
                                                                   event.entry_label(p.b, names)))
        winner = matches[0]
    old = event.result_of(p.id)
    hands = _two(args.hands, "--hands") if args.hands else (
        tuple(s.hands for s in old.sides) if old else (0, 0))
    points = _two(args.points, "--points") if args.points else (
        tuple(s.points for s in old.sides) if old else (0, 0))
    new = [Side(entries[e], 0 if winner is None or winner == i else 1, hands[i], points[i])
           for i, e in enumerate(sides)]
    text = _result_text(event, p, new, names)
    before = "none" if old is None else "%s (%s)" % (_result_text(event, p, old.sides, names), old.source)
    with event.change("correct", "table %d, round %d: %s -> %s%s" % (
            p.tbl, p.round, before, text, "; " + args.note if args.note else "")):
        rid = event.add_result(new, pairing=p.id, source="by hand", note=args.note or None)
        if old is not None:
            event.replace_result(old.id, rid)
    print("table %d, round %d: %s (was: %s)" % (p.tbl, p.round, text, before))
    return 0


def _result_text(event, p, sides, names):
    a, b = event.entry_label(p.a, names), event.entry_label(p.b, names)
    first = [i for i, s in enumerate(sides) if s.rank == 0]
    who = "draw" if len(first) != 1 else "%s wins" % (a, b)[first[0]]
    return "%s %d-%d %s, %s, points %d-%d" % (a, sides[0].hands, sides[1].hands, b, who,
                                               sides[0].points, sides[1].points)


# -- reading ---------------------------------------------------------------------


def cmd_standings(event, args):
    from host_tools.commands.event import page, standings

    rows = standings.table(event)
    print(page.terminal(event, rows))
    out = args.out or os.path.splitext(event.path)[0] + "-standings"
    written, charts = page.write(event, rows, out)
    print("written: %s" % ", ".join(written))
    if not charts:
        print("no charts: they need matplotlib (%s -m pip install \"matplotlib>=3.7\")" % (sys.executable or "python3"))
    return 0


def cmd_show(event, args):
    names = event.players()
    print("%s: %s, %s" % (event.name, event.format, describe_setup(event.setup)))
    if event.format == "club":
        print("%d players: %s" % (len(names), ", ".join(names.values())))
    else:
        entries = event.entries()
        print("%d entries: %s" % (len(entries), ", ".join(event.entry_label(e, names) for e in entries)))
    results = {r.pairing: r for r in event.results() if r.pairing is not None}
    for p in event.pairings():
        if p.b is None:
            print("round %d, bye: %s" % (p.round, event.entry_label(p.a, names)))
            continue
        r = results.get(p.id)
        text = "%s v %s, no result yet" % (event.entry_label(p.a, names), event.entry_label(p.b, names)) \
            if r is None else "%s (%s)" % (_result_text(event, p, r.sides, names), r.source)
        print("round %d, table %d: %s" % (p.round, p.tbl, text))
    aside = event.aside()
    if aside:
        print("%d documents set aside:" % len(aside))
        for _, at, src, file, reason in aside:
            print("  %s %s from %s: %s" % (at, file, src, reason))
    if args.history:
        for at, action, detail in event.history():
            print("%s %s: %s" % (at, action, detail))
    return 0
