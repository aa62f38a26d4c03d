"""Write button scripts that play whole matches, by watching the app react.

The generator runs the firmware's App on a HostBoard (CPython) and decides
each next button from what is on screen: the trump is set on the table,
OK opens the hand entry, the entry is stepped to the wanted points (long
presses by 10 for long ways, taps for the rest; in Briscola chiamata the caller, bid,
partner and points, OK after each) and OK records the hand.
Every decision is written as a line of the script format of
host_tools/device/script.py, so the same script can then be replayed on
MicroPython and on CPython and the final states compared.
"""

import json
import os
import shutil

# Time the cards are played between the trump and the points, in the scripts.
PLAY_MS = 2000
# Value cards: 4 of each (ace 11, three 10, king 4, knight 3, jack 2).
VALUE_CARDS = (11, 10, 4, 3, 2) * 4


class Lcg:
    """The same tiny generator as host_tools/device/mp_driver.py."""

    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def deal_call(rand, match):
    """A Briscola chiamata call for the hand in play of ``match``: (caller,
    partner, bid, points of the caller's side). Any seat in play calls, a
    fifth of the callers play alone, half the bids are 61 (an auction ended
    on a rank), and the value cards go to the caller's side as often as it
    holds players."""
    seats = [s for s in range(match.options.players) if s != match.sitting_out]
    caller = seats[rand.below(len(seats))]
    partner = seats[rand.below(len(seats))]
    bid = 61 if rand.below(2) else 61 + rand.below(40)
    share = 1 if partner == caller else 2
    pts = sum(v for v in VALUE_CARDS if rand.below(5) < share)
    return match.check((caller, partner, bid, pts))


def deal_points(rand, match):
    """Points per side from dealing the 20 value cards at random to the sides
    of ``match``: always a real hand. A deal the match refuses (one that
    would need more tricks than a hand has: six players, 40 cards) is dealt
    again. In chiamata, a call (see deal_call)."""
    if match.chiamata:
        return deal_call(rand, match)
    while True:
        pts = [0] * match.nsides
        for v in VALUE_CARDS:
            pts[rand.below(match.nsides)] += v
        try:
            return match.check(pts)
        except ValueError:
            pass


def start_doc(opts, lang="en"):
    """The saved document of a device whose new match (``opts`` dict) is at the table."""
    from tanteador import matchdoc
    from tanteador.savefile import default_cfg
    from tanteador.match import Match
    from tanteador.matchoptions import MatchOptions

    o = MatchOptions(**opts).validate()
    cfg = default_cfg()
    cfg["lang"] = lang
    return {"v": 1, "cfg": cfg, "m": matchdoc.to_dict(Match(o)), "scr": "table"}


def write_doc(folder, doc):
    """Put ``doc`` on an empty flash folder as the saved state."""
    os.makedirs(folder, exist_ok=True)
    for n in os.listdir(folder):
        p = os.path.join(folder, n)
        if os.path.isdir(p):
            shutil.rmtree(p)        # the ended matches' folder
        else:
            os.remove(p)
    if doc is not None:
        with open(os.path.join(folder, "state.json"), "w") as f:
            json.dump(doc, f)


class Generator:
    """Plays a match on an in-process App and records the buttons as a script."""

    def __init__(self, folder, doc, seed=1, hold_from=6):
        from host_tools.device.hostboard import HostBoard
        from host_tools.device.script import Player
        from tanteador.app import App

        write_doc(folder, doc)
        self.board = HostBoard(folder)
        self.app = App(self.board, 0)
        self.player = Player(self.app, self.board)
        self.rand = Lcg(seed)
        self.hold_from = hold_from
        self.lines = []
        self.guard = 0

    def do(self, text):
        """Play one script item now and remember it."""
        from host_tools.device.script import parse_item

        self.guard += 1
        if self.guard > 100000:
            raise RuntimeError("the match does not end")
        self.player.step(parse_item(text))
        self.lines.append(text)

    def wait(self, ms):
        self.do("wait %d" % ms)

    def set_value(self, get, target):
        """Step the entry field read by ``get()`` to ``target``."""
        tries = 0
        while get() != target:
            tries += 1
            if tries > 400:
                raise RuntimeError("entry does not reach %d" % target)
            diff = target - get()
            button = "UP" if diff > 0 else "DOWN"
            if abs(diff) >= self.hold_from:
                # A long press: 10 from where the field was, however long it is held.
                before = get()
                self.do("long %s" % button)
                if get() == before:
                    self.do(button)
            else:
                self.do(button)

    def set_seat(self, get, target):
        """Step a seat field read by ``get()`` to seat ``target``, the shorter way round."""
        scr = self.app.stage.screen
        down, s = 0, get()
        while s != target:
            down += 1
            s = scr.next_seat(s, 1)
            if down > 6:
                raise RuntimeError("seat %d is not offered" % target)
        if down:
            ways = len([x for x in range(scr.players) if x != scr.out])
            self.do("DOWN x%d" % down if down <= ways - down else "UP x%d" % (ways - down))

    def call(self, call):
        """On the chiamata entry: type ``call`` (caller, partner, bid, points) and record it."""
        app = self.app

        def val(i):
            return lambda: app.stage.screen.vals[i]

        self.set_seat(val(0), call[0])
        self.do("OK")
        self.set_value(val(2), call[2])
        self.do("OK")
        self.set_seat(val(1), call[1])
        self.do("OK")
        self.set_value(val(3), call[3])
        self.do("OK")
        if app.stage.screen.NAME == "entry":
            raise RuntimeError("call refused %r: %s" % (call, app.stage.screen.err))

    def hand(self, points, trump):
        """Record one hand with ``points`` (in chiamata the call; and ``trump`` when the app asks for it)."""
        app = self.app
        before = len(app.stage.match.hands)
        steps = 0
        while len(app.stage.match.hands) == before:
            steps += 1
            if steps > 50:
                raise RuntimeError("stuck on screen %s" % app.stage.screen.NAME)
            name = app.stage.screen.NAME
            scr = app.stage.screen
            if name == "table":
                if app.stage.trump != trump and not app.stage.match.options.trump_cycle:
                    if app.stage.trump is None:
                        self.do("DOWN" if trump < 2 else "UP")
                    else:
                        self.do("DOWN" if (trump - app.stage.trump) % 4 <= 2 else "UP")
                else:
                    if app.stage.trump is not None and not app.stage.match.options.trump_cycle:
                        # The hand is played between the trump and the points:
                        # the device saves the trump meanwhile.
                        self.wait(PLAY_MS)
                    self.do("OK")
            elif name == "trump":
                while scr.suit != trump:
                    self.do("DOWN")
                self.do("OK")
            elif name == "entry" and app.stage.match.chiamata:
                self.call(points)
            elif name == "entry":
                if scr.two:
                    self.set_value(lambda: app.stage.screen.vals[0], points[0])
                    self.do("OK")
                else:
                    for i in range(scr.fields):
                        self.set_value(lambda: app.stage.screen.vals[app.stage.screen.i], points[i])
                        self.do("OK")
                    if app.stage.screen.NAME == "entry":
                        raise RuntimeError("entry refused %r: %s" % (points, app.stage.screen.err))
            elif name == "notice":
                self.do("OK")
            else:
                raise RuntimeError("unexpected screen %s" % name)

    def expect(self, name):
        if self.app.stage.screen.NAME != name:
            raise RuntimeError("expected screen %s, got %s" % (name, self.app.stage.screen.NAME))

    def close_notice(self):
        while self.app.stage.screen.NAME == "notice":
            self.do("OK")

    def setup(self):
        """From the setup screen with its defaults to the table of a new match."""
        for _ in range(10):
            if self.app.stage.screen.NAME == "table":
                return
            self.do("OK")
        self.expect("table")

    def menu(self, item_downs):
        """Long OK on the table, then the menu item ``item_downs`` rows down."""
        self.expect("table")
        self.do("long OK")
        self.expect("menu")
        if item_downs:
            self.do("DOWN x%d" % item_downs)
        self.do("OK")

    def undo(self):
        self.menu(0)
        self.close_notice()
        self.expect("table")

    def redo(self):
        self.menu(1)
        self.close_notice()
        self.expect("table")

    def setting(self, row=2):
        """Change one setting (default: the contrast) and come back to the table."""
        self.menu(3)
        self.expect("settings")
        self.do("DOWN x%d" % row)
        self.do("OK")
        self.do("DOWN")
        self.do("OK")
        self.do("BACK")
        if self.app.stage.screen.NAME == "menu":
            self.do("BACK")
        self.expect("table")

    def session(self, actions):
        """Play the named actions ('setup', 'hand', 'undo', 'redo', 'setting'); the script."""
        for act in actions:
            if act == "hand":
                self.hand(deal_points(self.rand, self.app.stage.match), self.rand.below(4))
            else:
                getattr(self, act)()
        return self.script()

    def match(self, max_hands=40, wait_ms=0):
        """Play hands until the match is over (or ``max_hands``); return the script text."""
        app = self.app
        while not app.stage.match.over and len(app.stage.match.hands) < max_hands:
            if wait_ms:
                self.wait(wait_ms)
            pts = deal_points(self.rand, app.stage.match)
            self.hand(pts, self.rand.below(4))
        return self.script()

    def script(self):
        return "\n".join(self.lines) + "\n"


def generate(opts, folder, seed=1, max_hands=40, wait_ms=0, lang="en", hold_from=6):
    """(start document, script text, final state) of a match played to its end.

    ``hold_from``: the distance from which the entry is stepped with a long
    press (a large one makes a script of short presses only).
    """
    doc = start_doc(opts, lang)
    g = Generator(folder, doc, seed, hold_from)
    text = g.match(max_hands, wait_ms)
    return doc, text, g.app.stage.state()
