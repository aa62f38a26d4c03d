"""A yes/no question before anything that cannot be taken back in one press."""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_SURE = const(50)


class Ask:
    NAME = "ask"

    def __init__(self, sid, question, on_yes):
        # sid: the title (what is asked for); question: the sentence asking it.
        self.sid = sid
        self.question = question
        self.on_yes = on_yes

    def draw(self, app):
        ui.title(app, app.t(self.sid))
        ui.wrap(app, app.t(self.question), ui.LINE + 1)
        ui.center(app, app.t(_T_SURE), ui.HEIGHT - ui.LINE)

    def handle(self, ev, app):
        if ev[1] != _PRESS:
            return False
        if ev[0] == _OK:
            self.on_yes(app)
        elif ev[0] == _BACK:
            app.pop()
        else:
            return False
