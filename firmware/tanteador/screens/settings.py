"""Settings: language, rotation direction (of the match), contrast, screen timeout, sound.

OK on a row starts changing it (UP/DOWN, shown at once), OK or BACK ends;
a changed setting is saved once when the change ends.

The direction can change only while the match has no recorded hand (and
none to redo). The engine counts every dealer from the first dealer in the
match's direction, so a change later on would rewrite the dealers of the
hands played and move the deal in play to another seat; OK on that row then
only says so (the setup of the next match chooses the direction again).
"""

from micropython import const

from tanteador import i18n
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_LANG = const(0)
_T_DIRECTION = const(14)
_T_DIR_VALS = const(15)
_T_ONOFF = const(25)
_T_SETTINGS = const(46)
_T_LANGUAGE = const(51)
_T_CONTRAST = const(52)
_T_TIMEOUT = const(53)
_T_SOUND = const(54)
_T_MIN = const(55)
_T_DIR_FIXED = const(83)

_LANG = 0
_DIR = 1
_CONTRAST = 2
_TIMEOUT = 3
_SOUND = 4


def _index(seq, v):
    for i in range(len(seq)):
        if seq[i] == v:
            return i
    return 0


class Settings:
    NAME = "settings"

    def __init__(self, app):
        self.rows = [_LANG, _CONTRAST, _TIMEOUT, _SOUND]
        if app.match is not None:
            self.rows.insert(1, _DIR)
        self.sel = 0
        self.seam = 0
        self.editing = False
        self.before = None

    def _value(self, app, r):
        c = app.cfg
        if r == _LANG:
            return app.t(_T_LANG)
        if r == _DIR:
            return app.part(_T_DIR_VALS, app.match.options.direction)
        if r == _CONTRAST:
            from tanteador.savefile import CONTRASTS

            return "%d/%d" % (_index(CONTRASTS, c["contrast"]) + 1, len(CONTRASTS))
        if r == _TIMEOUT:
            t = c["timeout"]
            return app.part(_T_ONOFF, 0) if not t else app.t(_T_MIN) % (t // 60)
        return app.part(_T_ONOFF, 1 if c["sound"] else 0)

    def _get(self, app, r):
        if r == _DIR:
            return app.match.options.direction
        return app.cfg[("lang", None, "contrast", "timeout", "sound")[r]]

    def _change(self, app, r, d):
        from tanteador.savefile import CONTRASTS, TIMEOUTS

        c = app.cfg
        if r == _LANG:
            L = i18n.LANGS
            app.set_lang(L[(_index(L, c["lang"]) + d) % len(L)])
        elif r == _DIR:
            # Only before the first hand (see the module doc): the first
            # dealer stays, the rest of the deal follows the new direction.
            app.match.options.direction ^= 1
        elif r == _CONTRAST:
            c["contrast"] = CONTRASTS[(_index(CONTRASTS, c["contrast"]) + d) % len(CONTRASTS)]
            app.show_contrast(c["contrast"])
        elif r == _TIMEOUT:
            c["timeout"] = TIMEOUTS[(_index(TIMEOUTS, c["timeout"]) + d) % len(TIMEOUTS)]
        else:
            c["sound"] = 0 if c["sound"] else 1

    def draw(self, app):
        ui.title(app, app.t(_T_SETTINGS))
        names = (_T_LANGUAGE, _T_DIRECTION, _T_CONTRAST, _T_TIMEOUT, _T_SOUND)
        rows = [(app.t(names[r]), self._value(app, r)) for r in self.rows]
        ui.rows(app, rows, self.sel, ui.LINE + 2, 4, self.editing, self.seam)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            d = 1 if b == _DOWN else -1
            if self.editing:
                self._change(app, self.rows[self.sel], d)
            else:
                ui.step(self, len(self.rows), d, kind == _REPEAT)
        elif kind != _PRESS:
            return False
        elif self.editing:
            if b in (_OK, _BACK):
                self.editing = False
                if self._get(app, self.rows[self.sel]) != self.before:
                    app.commit()
        elif b == _BACK:
            app.pop()
            # A save made here named this screen: a restart would open it again.
            app.save_soon()
        elif b == _OK:
            m = app.match
            if self.rows[self.sel] == _DIR and (len(m.hands) or m.can_redo):
                app.notice(_T_DIR_FIXED)
                return
            self.editing = True
            self.before = self._get(app, self.rows[self.sel])
