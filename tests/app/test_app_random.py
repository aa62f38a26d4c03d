"""Random button play never reaches the error screen, and a reboot brings back the last save."""

import random

import pytest
from app_helpers import SaveCounter, boot, reboot
from host_tools.device.script import Player, parse
from tanteador import matchdoc

pytestmark = pytest.mark.slow

WORDS = ("UP", "DOWN", "OK", "OK", "OK", "BACK", "long OK", "long BACK", "hold UP 1500",
         "hold DOWN 1500", "UP x5", "DOWN x7", "wait 2s")


@pytest.mark.parametrize("seed", range(4))
def test_random_presses(seed, tmp_path):
    rnd = random.Random(seed)
    board, app = boot(tmp_path)
    saves = SaveCounter(app)
    player = Player(app, board)
    seen = set()
    for i in range(300):
        w = rnd.choice(WORDS)
        player.play(parse(w))
        seen.add(app.stage.screen.NAME)
        assert app.stage.screen.NAME != "error", (i, w, app.stage.texts)
    assert len(seen) >= 5
    board, app2 = reboot(board)
    last = saves.docs[-1]["m"] if saves.docs else None
    assert (matchdoc.to_dict(app2.stage.match) if app2.stage.match is not None else None) == last
