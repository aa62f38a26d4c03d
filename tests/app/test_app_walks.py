"""Random walks through the screens beyond the setup: the menu, the settings,
the history, the hand editor, the names, with power cuts among the presses.

After every step: no error screen, the screens stacked are few and the
saved document loads and passes the document's checks; at the end of a
walk, BACK (a long BACK on the button test) leads out to the table, the
setup or the match's end.
"""

import os

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app_helpers import boot, play, reboot
from walkplan import DEEPEST, OPEN, STEPS

from tanteador import storeops

_BASES = ("table", "setup", "matchend")


def _check(app):
    assert app.stage.screen.NAME != "error", app.stage.texts
    assert 1 <= len(app.stage.stack) <= DEEPEST, [s.NAME for s in app.stage.stack]
    _, problem = storeops.load(app.stage.store, storeops.validate)
    assert problem is None, problem


def _leave(app, board):
    """BACK until the stack is down to its base screen; True when it got there."""
    for _ in range(2 * DEEPEST):
        if len(app.stage.stack) == 1 and app.stage.screen.NAME in _BASES:
            return True
        play(app, board, "long BACK" if app.stage.screen.NAME == "hwtest" else "BACK; wait 3s")
    return False


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("TANTEADOR_SCREEN_WALKS", "40")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(STEPS), min_size=1, max_size=60),
       st.sampled_from(sorted(OPEN)))
def test_any_walk_through_the_screens_stays_on_screens_that_lead_out(tmp_path_factory, steps, start):
    board, app = boot(tmp_path_factory.mktemp("walk"))
    play(app, board, OPEN[start])
    assert app.stage.screen.NAME == start
    for step in steps:
        if step == "reboot":
            board, app = reboot(board)
        else:
            play(app, board, step)
        _check(app)
        # The screens the walks reach: --hypothesis-show-statistics lists them.
        event(app.stage.screen.NAME)
    assert _leave(app, board), [s.NAME for s in app.stage.stack]
    _check(app)
