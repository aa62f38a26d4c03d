"""The `tanteador event ...` subcommands: create, add, pair, push, pull, enter, serve, correct, standings,
show, print (withdraw and rounds are in evening.py)."""

import argparse
import datetime
import os
import sys

from host_tools import UsageError, UserError
from host_tools.support.charts import plural

GOALS = ("wins", "best-of", "hands", "points")
PLAYS = ("solo", "pairs", "trios", "chiamata")
TIES = ("void", "split", "last")
CARDS = ("spanish", "french")
SWISS_TIEBREAKS = "buchholz,median,sonneborn-berger,points"

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
    "withdraw": "tanteador event withdraw fiesta.db Eva/Pau",
    "print": "tanteador event print fiesta.db --round 2 --out fiesta-print",
    "rounds": "tanteador event rounds fiesta.db 4",
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
    c.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), default=4,
                   help="players at a table (default 4; 3 alone or 5 at Briscola chiamata: a Swiss event)")
    c.add_argument("--play", choices=PLAYS, help="solo, pairs, trios or chiamata (default: pairs for 4 "
                                                 "players, trios for 6, chiamata for 5, solo for 2 and 3)")
    c.add_argument("--goal", choices=GOALS, default="wins", help="how a match ends (default: %(default)s)")
    c.add_argument("--target", type=int, default=2, metavar="N", help="the goal's number (default: 2, "
                                                                     "first to 2 hands)")
    c.add_argument("--deck", type=int, choices=(40, 48), default=40)
    c.add_argument("--cards", choices=CARDS, default="spanish")
    c.add_argument("--tie", choices=TIES, default="void", help="a 60-60 hand (default: %(default)s)")
    c.add_argument("--capote", action="store_true", help="120 points win the match outright")
    c.add_argument("--reverse", action="store_true", help="fewest points win the hand")
    c.add_argument("--trump-cycle", action="store_true", help="trump is oros, copas, espadas, bastos in turn")
    c.add_argument("--tiebreaks", metavar="LIST", help="after wins, in order, from buchholz, median, "
                                                       "sonneborn-berger, direct, points, hands (default: %s in "
                                                       "a Swiss event, else points)" % SWISS_TIEBREAKS)

    a = _sub(sub, "add", "register players or pairs", "Register entries: a pair as 'Ana/Luis' (its players "
             "joined by '/'), a player alone as 'Ana'. Names are checked as `tanteador names` checks them.")
    a.add_argument("file", metavar="FILE")
    a.add_argument("entries", metavar="ENTRY", nargs="*")
    a.add_argument("--csv", metavar="CSV", help="a CSV file, one entry a row, one player a cell")

    r = _sub(sub, "pair", "pair the next round", "Pair the next round: Swiss by score with no repeated "
             "opponents where avoidable, or the knockout bracket. The previous round must be complete.")
    r.add_argument("file", metavar="FILE")
    r.add_argument("--again", action="store_true", help="pair the last round paired again (after a late "
                                                        "entry or a withdrawal), while it has no result")

    d = _sub(sub, "withdraw", "take an entry out of the next rounds", "Withdraw an entry (a pair, or a player "
             "alone): it is not paired again, and its results so far stay in the standings.")
    d.add_argument("file", metavar="FILE")
    d.add_argument("entry", metavar="ENTRY", help="the entry ('Eva/Pau') or one of its players")

    t = _sub(sub, "print", "pairing sheet, result slips, cross-table or bracket", "Write a round's pairing "
             "sheet and result slips, and the cross-table (Swiss) or bracket (knockout), as pages to print or "
             "show on a screen.")
    t.add_argument("file", metavar="FILE")
    t.add_argument("--round", type=int, metavar="R", help="default: the last round paired")
    t.add_argument("--out", metavar="DIR", help="default: the event file's name with -print")

    n = _sub(sub, "rounds", "change the number of Swiss rounds", "Change the number of rounds of a Swiss "
             "event: more, or fewer down to the rounds paired already.")
    n.add_argument("file", metavar="FILE")
    n.add_argument("rounds", type=int, metavar="N")

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
    e.add_argument("code", metavar="CODE", help="the code as the device shows it (groups of four)")

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

        from host_tools.commands.event import evening

        event = Event.open(args.file)
        handler = globals().get("cmd_" + args.what) or getattr(evening, "cmd_" + args.what)
        try:
            return handler(event, args)
        finally:
            event.close()
    except UserError as e:
        sys.stderr.write("tanteador event %s: %s\n" % (args.what, e))
        return 2 if isinstance(e, UsageError) else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`event show | head`): the rest is not wanted. Standard
        # output goes to nowhere so that Python's own flush at exit stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


# -- create and register -------------------------------------------------------


def setup_list(args):
    """The match setup of the arguments as ``MatchOptions.to_list`` (UsageError if the device refuses it)."""
    from tanteador.matchoptions import MatchOptions
    from tanteador.rules import RulesError

    play = args.play or {2: "solo", 3: "solo", 4: "pairs", 5: "chiamata", 6: "trios"}[args.players]
    o = MatchOptions(players=args.players, sides=PLAYS.index(play), deck=args.deck, goal=GOALS.index(args.goal),
                     target=args.target, tie=TIES.index(args.tie), capote=args.capote, reverse=args.reverse,
                     trump_cycle=args.trump_cycle, cards=CARDS.index(args.cards))
    try:
        o.validate()
    except RulesError as e:
        raise UsageError("the device refuses this setup (%s): %s" % (e.args[0], describe_setup(o.to_list())))
    if o.nsides > 2 and args.format != "swiss":
        raise UsageError("tables of more than two sides (%d players %s) are for a Swiss event: a %s needs "
                         "two sides a table" % (o.players, play, args.format))
    return o.to_list()


def _sides(event):
    """The sides at each of the event's tables: 2, or more (players alone, or at chiamata)."""
    from tanteador.matchoptions import MatchOptions

    return MatchOptions.from_list(event.setup).nsides


def describe_setup(setup):
    """'pairs, 4 players, 40 cards, first to 2 hands' for a setup list."""
    from tanteador.matchoptions import MatchOptions

    o = MatchOptions()
    for k, v in zip(("players", "names", "sides", "deck", "prep", "direction", "signals", "goal", "target"), setup):
        setattr(o, k, v)
    goal = ("first to %d hands", "best of %d rounds", "%d hands", "first to %d points", "%d minutes")[o.goal]
    return "%s, %d players, %d cards, %s" % (PLAYS[o.sides] if o.sides < 3 else "chiamata", o.players, o.deck,
                                             goal % o.target)


def create(args):
    from host_tools.commands.event.standings import TIEBREAKS, order_text
    from host_tools.commands.event.store import Event

    setup = setup_list(args)
    if args.format == "swiss":
        rounds = 3 if args.rounds is None else args.rounds
        if not 1 <= rounds <= 20:
            raise UsageError("--rounds %d: give 1 to 20 rounds" % rounds)
    elif args.rounds is not None:
        raise UsageError("--rounds is for a Swiss event; a knockout takes the rounds its bracket needs")
    else:
        rounds = 0
    tb = args.tiebreaks or (SWISS_TIEBREAKS if args.format == "swiss" else "points")
    tiebreaks = [t.strip() for t in tb.split(",") if t.strip()]
    bad = [t for t in tiebreaks if t not in TIEBREAKS]
    if bad:
        raise UsageError("--tiebreaks: %s %s not one of %s" % (", ".join(bad), "is" if len(bad) == 1 else "are",
                                                              ", ".join(TIEBREAKS)))
    twice = sorted({t for t in tiebreaks if tiebreaks.count(t) > 1})
    if twice:
        raise UsageError("--tiebreaks: %s twice" % ", ".join(twice))
    name = args.name.strip()
    if not name:
        raise UsageError("--name: give the event a name")
    ev = Event.create(args.file, name, args.format, setup, rounds, tiebreaks)
    ev.close()
    print("event %s created in %s: %s, %s%s" % (name, args.file, args.format, describe_setup(setup),
                                                 ", %d rounds" % rounds if rounds else ""))
    print("standings: %s" % order_text(tiebreaks))
    return 0


def _named(name, short):
    """'María José Fernández (María F.)': a name with the short form the device shows, when it has one."""
    return name if short == name else "%s (%s)" % (name, short)


def cmd_add(event, args):
    from host_tools.commands.event import entrylist, people

    header = None
    if args.csv:
        groups, header = entrylist.read(args.csv)
    else:
        groups = [e.split("/") for e in args.entries]
    if not groups:
        raise UsageError("nothing to register: give entries ('Ana/Luis') or --csv FILE")
    club = event.format == "club"
    size = 1 if club else event.setup[0] // _sides(event)
    if size == 1:
        # One player an entry: a row of several names is several entries.
        groups = [[n] for g in groups for n in g]
    wrong = ["%r has %d" % ("/".join(g), len(g)) for g in groups if len(g) != size]
    if wrong:
        raise UsageError("nothing registered: an entry here has %d players (%s); %s"
                         % (size, describe_setup(event.setup), ", ".join(wrong)))
    last = 0 if club else event.last_round()
    if last and event.format == "knockout":
        raise UsageError("nothing registered: the knockout's bracket is drawn already")
    if last and last >= event.rounds:
        raise UsageError("nothing registered: all %d rounds are paired; add rounds first "
                         "(`tanteador event rounds %s N`)" % (event.rounds, event.path))
    shorts = event.shorts()
    taken = [(n, shorts[pid]) for pid, n in event.players().items()]
    flat = people.check([n for g in groups for n in g], taken)
    groups = [flat[k:k + size] for k in range(0, len(flat), size)]
    if header:
        print("header row skipped: %s" % ", ".join(header))
    with event.change("register", ", ".join("/".join(_named(n, short) for n, short in g) for g in groups)):
        for g in groups:
            if club:
                event.add_player(*g[0])
            else:
                event.add_entry(g)
    shortened = [_named(n, short) for g in groups for n, short in g if n != short]
    if shortened:
        print("on the devices: %s" % ", ".join(shortened))
    if last:
        missed = "round 1 counts" if last == 1 else "rounds 1 to %d count" % last
        print("late entries: they play from round %d; %s as not played (no score, a virtual opponent in "
              "the tie-breaks)" % (last + 1, missed))
    words = ("player", "players") if club else ("entry", "entries")
    print("%s registered; %d in all" % (plural(len(groups), *words),
                                      len(event.players()) if club else len(event.entries())))
    return 0


# -- rounds ---------------------------------------------------------------------


def cmd_pair(event, args):
    from host_tools.commands.event import evening, pairing

    if event.format == "club":
        raise UsageError("a club evening has no pairings: tables play as they like, `event pull` collects")
    seen = event.last_round()
    # Everything is read again inside the change: another `pair` started at the same
    # moment waits for this one, then finds the round paired and says so.
    with event.change():
        last = event.last_round()
        if last != seen:
            raise UserError("nothing paired: round %d was paired meanwhile by another command "
                            "(`tanteador event show %s`)" % (last, event.path))
        if args.again:
            last = evening.unpair(event, last)
        rnd, lines = _pair_next(event, pairing, last)
        event.note("pair", "round %d%s: %s" % (rnd, " again" if args.again else "", "; ".join(lines)))
    print("round %d paired%s (side A, who deals first, named first):" % (rnd, " again" if args.again else ""))
    for line in lines:
        print("  " + line)
    if args.again:
        print("push every table of round %d again: a device that holds the old pairing would bring back a "
              "match the event refuses" % rnd)
    return 0


def _pair_next(event, pairing, last):
    """Pair round ``last`` + 1 (inside a change): (its number, its lines for the terminal)."""
    entries = list(event.entries())
    if len(entries) < 2:
        raise UsageError("register at least two entries first (`tanteador event add`)")
    if last:
        missing = [p.tbl for p in event.pairings(last) if p.b is not None and event.result_of(p.id) is None]
        if missing:
            raise UserError("round %d is not complete: no result yet for table%s %s (`event pull`, or "
                            "`event correct`)" % (last, "s" if len(missing) > 1 else "",
                                                  ", ".join(str(t) for t in missing)))
    if event.format == "swiss":
        if last >= event.rounds:
            raise UserError("all %d rounds are paired; see `tanteador event standings`" % event.rounds)
        out = event.withdrawn()
        recs = {k: v for k, v in pairing.records(event).items() if k not in out}
        size = _sides(event)
        if len(recs) < size:
            raise UserError("fewer than %d entries are left to pair, a table's worth (%d withdrawn)"
                            % (size, len(out)))
        tables = pairing.swiss(recs) if size == 2 else pairing.groups(recs, size)
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
    names = event.players()
    lines = []
    tbl = 0
    for t in tables:
        if t[1] is None:
            lines.append("bye: %s" % event.entry_label(t[0], names))
        else:
            tbl += 1
            lines.append("table %d: %s" % (tbl, " v ".join(event.entry_label(x, names) for x in t)))
    event.add_round(last + 1, tables)
    return last + 1, lines


def cmd_print(event, args):
    from host_tools.commands.event import printouts

    if event.format == "club":
        raise UsageError("a club evening has no rounds to print; `event standings` writes its page")
    out = args.out or os.path.splitext(event.path)[0] + "-print"
    print("written: %s" % ", ".join(printouts.write(event, out, args.round)))
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
    names = event.players()
    label = event.table_label(p, names)
    where = args.flash or "the board on %s" % (args.port or "the first port found")
    # The push is noted before the device is written and committed after it: a file
    # that cannot take the note stops the push before the device changes, and a
    # device that cannot be written leaves no note.
    with event.change():
        event.note("push", "table %d, round %d to %s" % (p.tbl, p.round, where))
        if args.flash:
            why = push.to_folder(args.flash, doc, args.force)
        else:
            why, where = _push_board(push, doc, args)
        if why:
            event.note("push", "table %d, round %d: replaced on the device: %s" % (p.tbl, p.round, why))
    print("table %d, round %d pushed to %s: %s" % (p.tbl, p.round, where, label))
    if why:
        print("replaced on the device (archived there): %s" % why.split("; ")[0].replace("it holds ", ""))
    if args.flash:
        print("the simulator starts it at its next start (`tanteador sim --flash %s`)" % args.flash)
    return 0


def _push_board(push, doc, args):
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
    return why, "the board on %s" % link.port


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
    print("%s recorded from %s%s" % (plural(len(rep.recorded), "result", "results"), src.where,
                                             " (%s)" % ", ".join(extra) if extra else ""))
    return 1 if rep.serious or skipped else 0


def cmd_enter(event, args):
    """`event enter`: record a result code typed from a device's screen."""
    from host_tools.commands.event import codes

    line = codes.record(event, codes.check(event, args.code), "typed")
    if line.startswith(codes.KNOWN):
        raise codes.CodeError("%s; nothing changed" % line[len(codes.KNOWN):])
    print(line)
    return 0


def cmd_serve(event, args):
    """`event serve`: the evening's pages for phones and a wall screen, taking scanned result codes."""
    from host_tools.commands.event import serve

    return serve.main(event, args)


def _figures(text, option, order):
    """'2-1' (or '2-1-0' at a table of three): a number per side, side A first; ``order`` names
    the sides (see _order) for the message that refuses it."""
    n = order.count(", ") + 1
    try:
        got = tuple(int(x) for x in text.split("-"))
    except ValueError:
        got = ()
    if len(got) != n:
        raise UsageError("%s %s: give %d numbers, side A first, e.g. %s (%s)" % (
            option, text, n, "-".join(["2", "1"] + ["0"] * (n - 2)), order))
    if min(got) < 0:
        raise UsageError("%s %s: no negative numbers" % (option, text))
    return got


def cmd_correct(event, args):
    from host_tools.commands.event import collect, evening, verdict
    from host_tools.commands.event.store import Side, fold

    if event.format == "club":
        raise UsageError("a club evening's results are its devices' matches; there is no table to correct")
    p = _pairing(event, args.round, args.table)
    if p.b is None:
        raise UsageError("round %d, table %d is a bye" % (p.round, p.tbl))
    names = event.players()
    entries = event.entries()
    sides = p.sides
    if fold(args.winner.strip()) == "draw":
        if event.format == "knockout":
            raise UsageError("--winner draw: a knockout table needs a winner")
        winner = None
    else:
        eid = evening.entry_named(event, args.winner)
        if eid not in sides:
            labels = [event.entry_label(x, names) for x in sides]
            raise UsageError("--winner %s is neither %s nor %s" % (args.winner, ", ".join(labels[:-1]), labels[-1]))
        winner = sides.index(eid)
    old = event.result_of(p.id)
    if old is None and not (args.hands and args.points):
        raise UsageError("round %d, table %d has no result yet: give --hands and --points with --winner"
                         % (p.round, p.tbl))
    # A refusal names the sides in the order the figures take them: "side B" alone says nothing.
    order = _order(event, p, names)
    hands = _figures(args.hands, "--hands", order) if args.hands else tuple(s.hands for s in old.sides)
    points = _figures(args.points, "--points", order) if args.points else tuple(s.points for s in old.sides)
    try:
        m = verdict.check(event.setup, winner, hands, points)
    except UsageError as e:
        kept = "" if args.hands and args.points else " (%s kept from the result in effect)" % " and ".join(
            x for x, given in (("the hands", args.hands), ("the points", args.points)) if not given)
        raise UsageError("nothing corrected: %s wins %s in hands, %s in points%s (%s): %s" % (
            "a draw" if winner is None else event.entry_label(sides[winner], names),
            "-".join(str(x) for x in hands), "-".join(str(x) for x in points), kept, order, e))
    # The figures recorded are the engine's, from the match it played through.
    new = [Side(entries[e], rank, m.won[i], m.totals[i]) for i, (e, rank) in enumerate(zip(sides, collect.ranks(m)))]
    text = _result_text(event, p, new, names)
    before = "none" if old is None else "%s (%s)" % (_result_text(event, p, old.sides, names), old.source)
    with event.change("correct", "table %d, round %d: %s -> %s%s" % (
            p.tbl, p.round, before, text, "; " + args.note if args.note else "")):
        # Another command (a pull, a correction) may have recorded this table meanwhile.
        now = event.result_of(p.id)
        if (now and now.id) != (old and old.id):
            raise UserError("nothing corrected: another command changed the result of round %d, table %d "
                            "meanwhile; see `tanteador event show %s` and run this one again"
                            % (p.round, p.tbl, event.path))
        rid = event.add_result(new, pairing=p.id, source="by hand", note=args.note or None)
        if old is not None:
            event.replace_result(old.id, rid)
    print("table %d, round %d: %s (was: %s)" % (p.tbl, p.round, text, before))
    return 0


def _order(event, p, names):
    """'side A Ana/Luis, side B Eva/Pau': a table's sides in the order its figures are given."""
    return ", ".join("side %s %s" % ("ABCDEF"[i], event.entry_label(x, names)) for i, x in enumerate(p.sides))


def _result_text(event, p, sides, names):
    labels = [event.entry_label(x, names) for x in p.sides]
    first = [i for i, s in enumerate(sides) if s.rank == 0]
    who = "draw" if len(first) != 1 else "%s wins" % labels[first[0]]
    return "%s %s %s, %s, points %s" % (labels[0], "-".join(str(s.hands) for s in sides), " v ".join(labels[1:]),
                                        who, "-".join(str(s.points) for s in sides))


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
    from host_tools.commands.event.standings import order_text

    names = event.players()
    shorts = event.shorts()
    print("%s: %s, %s%s" % (event.name, event.format, describe_setup(event.setup),
                             ", %d rounds" % event.rounds if event.format == "swiss" else ""))
    print("standings: %s" % order_text(event.tiebreaks))
    if event.format == "club":
        print("%s: %s" % (plural(len(names), "player", "players"), ", ".join(names.values())))
    else:
        entries = event.entries()
        print("%s: %s" % (plural(len(entries), "entry", "entries"),
                          ", ".join(event.entry_label(e, names) for e in entries)))
    short = [_named(names[p], shorts[p]) for p in names if names[p] != shorts[p]]
    if short:
        print("on the devices: %s" % ", ".join(short))
    for eid, after in sorted(event.withdrawn().items(), key=lambda x: x[1]):
        print("withdrawn after round %d: %s" % (after, event.entry_label(eid, names)))
    results = {r.pairing: r for r in event.results() if r.pairing is not None}
    for p in event.pairings():
        if p.b is None:
            print("round %d, bye: %s" % (p.round, event.entry_label(p.a, names)))
            continue
        r = results.get(p.id)
        text = "%s, no result yet" % event.table_label(p, names) \
            if r is None else "%s (%s)" % (_result_text(event, p, r.sides, names), r.source)
        print("round %d, table %d: %s" % (p.round, p.tbl, text))
    aside = event.aside()
    if aside:
        print("%s set aside:" % plural(len(aside), "document", "documents"))
        for _, at, src, file, reason in aside:
            print("  %s %s from %s: %s" % (at, file, src, reason))
    if args.history:
        for at, action, detail in event.history():
            print("%s %s: %s" % (at, action, detail))
    return 0
