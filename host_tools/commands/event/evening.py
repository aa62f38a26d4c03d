"""The evening as it goes: a withdrawal, a round paired again, the number of rounds changed.

Each is one change of the event file, refused with a line that says why
when it cannot be done (a round with results is not paired again; the
rounds never go below those paired).
"""

from host_tools import UsageError, UserError


def unpair(event, last):
    """Remove the last round's pairings so it can be paired again; the round before it, or UserError."""
    if last == 0:
        raise UsageError("no round is paired yet: `tanteador event pair %s`" % event.path)
    done = [p.tbl for p in event.pairings(last) if p.b is not None and event.result_of(p.id) is not None]
    if done:
        raise UserError("nothing paired: round %d has results already (table%s %s); re-pairing would drop "
                        "them. Correct a wrong result with `event correct`" % (
                            last, "s" if len(done) > 1 else "", ", ".join(str(t) for t in done)))
    event.drop_round(last)
    return last - 1


def entry_named(event, text):
    """The entry a text names (its label 'Eva Martí/Pau Soler', the devices' 'Eva/Pau', or one of
    its players, capitals aside), or None."""
    from host_tools.commands.event.store import fold

    names, shorts = event.players(), event.shorts()
    w = fold(text.strip())
    found = [e for e, members in event.entries().items()
             if w in (fold(event.entry_label(e, names)), fold(event.entry_label(e, shorts)))
             or w in [fold(n[x]) for n in (names, shorts) for x in members]]
    return found[0] if len(found) == 1 else None


def cmd_withdraw(event, args):
    """`event withdraw FILE ENTRY`: keep an entry out of the rounds paired from now on."""
    if event.format != "swiss":
        raise UsageError("only a Swiss event's entries withdraw; in a knockout enter the table's result with "
                         "`event correct` (the other side goes through), a club has no pairings")
    eid = entry_named(event, args.entry)
    if eid is None:
        raise UsageError("%s: no entry of this event is called so (give a pair as 'Eva/Pau' or one of its "
                         "players)" % args.entry)
    label = event.entry_label(eid)
    if eid in event.withdrawn():
        raise UsageError("%s has withdrawn already" % label)
    last = event.last_round()
    waiting = [p for p in event.pairings(last) if p.b is not None and eid in p.sides
               and event.result_of(p.id) is None] if last else []
    with event.change("withdraw", "%s, after round %d" % (label, last)):
        event.withdraw(eid, last)
    print("%s withdrawn: not paired from round %d on; its results stay in the standings" % (label, last + 1))
    if waiting:
        p = waiting[0]
        print("round %d, table %d has no result yet: enter it (`event correct`, the other side winning) or "
              "pair the round again (`event pair --again`)" % (p.round, p.tbl))
    return 0


def cmd_rounds(event, args):
    """`event rounds FILE N`: a Swiss event's number of rounds, never below those paired."""
    if event.format != "swiss":
        raise UsageError("only a Swiss event has a number of rounds to change")
    last = event.last_round()
    if not 1 <= args.rounds <= 20:
        raise UsageError("rounds %d: give 1 to 20 rounds" % args.rounds)
    if args.rounds < last:
        raise UsageError("rounds %d: %d rounds are paired already; give %d or more" % (args.rounds, last, last))
    before = event.rounds
    with event.change("rounds", "%d -> %d" % (before, args.rounds)):
        event.set_rounds(args.rounds)
    print("%s: %d rounds (was %d), %d paired" % (event.name, args.rounds, before, last))
    return 0
