"""What typing a player's name on the device costs: steps and seconds.

Counted as handsteps counts a hand (every press and every auto-repeat step
of a hold is a step; a tap every TAP_MS...), through the real App and
Buttons on a HostBoard: from the letters screen open on the first seat of
a new match with no names list, the cheapest way to each letter (taps and
holds of UP/DOWN, found by handsteps' shortest-path search), an OK after
each letter but the last, and the long OK that ends the name. Each name is
then typed whole on a fresh app to check that the seat gets it.
"""

import os
import shutil

from host_tools.bench import handsteps

NAMES = ("Ana", "José", "Chiara")
# From a new match's setup: the Names row (three rows up from Start), OK, OK on the first seat.
_TO_LETTERS = "UP x3; OK; OK"
OK_B = 2


class NameSim(handsteps.HandSim):
    """The real App on a HostBoard, on the letters screen of the first seat, nothing typed yet."""

    def __init__(self, folder):
        self.folder = folder
        self.runs = 0

    def fresh(self):
        """A new app on an empty flash, on the letters screen."""
        from host_tools.device.script import Player, parse

        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self._boot()
        self.app.poll(0)
        Player(self.app, self.board).play(parse(_TO_LETTERS))
        self._gap()
        return self._on("letters", "the names do not open on the letters")

    def long_ok(self):
        """A long OK, held to its first event."""
        from tanteador.buttons import LONG

        self.board.press(OK_B, True)
        while not any(ev[0] == OK_B and ev[1] == LONG for ev in self.tick()):
            pass
        self._gap()


def _shown(app):
    return app.stage.screen.shown()


def name_cost(sim, name, kmax=12):
    """(steps, ms, plan) to type ``name`` and end it; raises if the seat does not get it."""
    from tanteador.buttons import LONG_MS

    plan = []
    steps = ms = 0
    for i in range(len(name)):
        want = name[:i + 1]
        ways = handsteps.cheapest(sim, plan, _shown, kmax, want=[want])
        if want not in ways:
            raise RuntimeError("%r cannot be typed (%r)" % (name, want))
        p, c = ways[want]
        plan = plan + p
        steps += c[0]
        ms += c[1]
        if i < len(name) - 1:
            plan.append((OK_B, 0))
            steps += 1
            ms += handsteps.TAP_MS
    # The long OK that ends the name: held to its event, then let go on seeing it.
    steps += 1
    ms += LONG_MS + handsteps.SEE_MS
    sim.fresh().apply(plan)
    sim.long_ok()
    got = sim.app.stage.screen.setup.names[0] if sim.app.stage.screen.NAME == "names" else None
    if got != name:
        raise RuntimeError("typing %r gave %r (screen %s)" % (name, got, sim.app.stage.screen.NAME))
    return steps, ms, plan


def measure(folder, names=NAMES, kmax=12):
    """{name: {"steps", "seconds"}} for each of ``names``, typed on the device."""
    sim = NameSim(os.path.join(folder, "names"))
    out = {}
    for n in names:
        steps, ms, _ = name_cost(sim, n, kmax)
        out[n] = {"steps": steps, "seconds": round(ms / 1000, 1)}
    return out


def rows(r):
    """(figure, value, target, verdict) rows of the bench's table: no target, the figures as measured."""
    return [("steps to type a name on the device, %s" % ", ".join(r),
             ", ".join("%d (%.1f s)" % (r[n]["steps"], r[n]["seconds"]) for n in r), "", "")]


def notes(r):
    """The Markdown note that says how the figures of ``r`` were counted."""
    return [
        "- Names typed on the device: from the letters screen of a seat (Names, OK on the seat of a table "
        "with no names list), the cheapest taps and holds of UP/DOWN to each letter, as a hand's steps are "
        "counted, an OK after each letter but the last and the long OK that ends the name (%d ms to its event "
        "and %d ms to see it); each name is then typed whole to check the seat gets it: %s."
        % (_long_ms(), handsteps.SEE_MS, "; ".join("%s %d steps, %.1f s" % (n, r[n]["steps"], r[n]["seconds"])
                                                    for n in r)),
    ]


def _long_ms():
    from tanteador.buttons import LONG_MS

    return LONG_MS
