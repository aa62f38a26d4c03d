"""Names of the players: each one picked from the device's names list, typed
on the device, or the default.

OK on a seat opens the letters (screens/letters.py) at once when the
list has no name free (or there is no list).
With a list, OK starts changing the seat: DOWN goes down the list (the
names typed or picked last come first: leaving puts the seats' names at
its front), UP from the default goes round to "New name", where OK opens
the letters. A name at another seat is skipped.
"""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_NAMES = const(22)
_T_FULL = const(64)
_T_IOFAIL = const(65)
_T_NEW_NAME = const(117)
_T_NAMES_FULL = const(121)
_T_NAMES_ASIDE = const(123)

# The choice that opens the letters (the others are names, "" the default).
_NEW = None


class Names:
    NAME = "names"

    def __init__(self, setup, app):
        self.setup = setup
        self.choices = self._choices(app)
        self.sel = 0
        self.seam = 0
        self.editing = False
        self.pick = 0

    def _choices(self, app):
        # "" stands for the default label ("P1", "J1"...).
        return [""] + app.player_names() + [_NEW]

    def _step(self, d):
        """Moves the seat being changed to the next choice in direction ``d``
        that no other seat holds."""
        names = self.setup.names
        ch = self.choices
        k = self.pick
        for _ in range(len(ch)):
            k = (k + d) % len(ch)
            c = ch[k]
            if not c or c not in names or c == names[self.sel]:
                break
        self.pick = k
        if ch[k] is not _NEW:
            names[self.sel] = ch[k]

    def draw(self, app):
        ui.title(app, app.t(_T_NAMES))
        s = self.setup
        items = [("%d" % (i + 1), app.seat_name(i, s.names)) for i in range(len(s.names))]
        if self.editing and self.choices[self.pick] is _NEW:
            items[self.sel] = (items[self.sel][0], app.t(_T_NEW_NAME))
        ui.rows(app, items, self.sel, ui.TITLE_H + 1, 4, self.editing, self.seam)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        n = len(self.setup.names)
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            d = 1 if b == _DOWN else -1
            if self.editing:
                self._step(d)
            else:
                ui.step(self, n, d, kind == _REPEAT)
        elif kind != _PRESS:
            return False
        elif self.editing:
            self.editing = False
            if b == _OK and self.choices[self.pick] is _NEW:
                self._letters(app)
        elif b == _BACK:
            app.pop()
            # The names picked come first next time: one press away.
            problem = app.names_to_front([n for n in self.setup.names if n])
            if problem is not None:
                app.notice(_T_FULL if problem == "full" else _T_IOFAIL)
        elif b == _OK:
            names = self.setup.names
            for c in self.choices[1:-1]:
                if c not in names or c == names[self.sel]:
                    break
            else:
                # No listed name is free: nothing to pick, the letters at once.
                self._letters(app)
                return
            self.editing = True
            cur = self.setup.names[self.sel]
            self.pick = self.choices.index(cur) if cur in self.choices else 0

    def _letters(self, app):
        from tanteador.screens.letters import Letters

        app.push(Letters(self.sel, self.typed))

    def typed(self, app, name):
        """The name ``name`` typed for the seat being named: False if another
        seat has it; else it is the seat's and joins the names list (a notice
        says when it cannot), and the letters close."""
        from tanteador.storeops import fold

        names = self.setup.names
        key = fold(name)
        for i in range(len(names)):
            if i != self.sel and names[i] and fold(names[i]) == key:
                return False
        problem = None
        if name:
            name, problem = app.add_name(name)
            names[self.sel] = name
            self.choices = self._choices(app)
        app.pop()
        if problem is not None:
            from tanteador.store import MAX_NAME_COUNT

            if problem == "many":
                app.notice(_T_NAMES_FULL, MAX_NAME_COUNT)
            elif problem == "aside":
                app.notice(_T_NAMES_ASIDE, ms=0)
            else:
                app.notice(_T_FULL if problem == "full" else _T_IOFAIL)
        return True
