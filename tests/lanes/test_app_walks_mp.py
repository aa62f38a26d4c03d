"""A few of the random walks of tests/app/test_app_walks.py on the MicroPython unix port,
held to a Pico's heap: the same checks after every step."""

import json
import random

import walkplan as walks

from host_tools.harness import mplane


CODE = """
import gc, json, os
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App
from tanteador import storeops

def boot(b):
    b.release_all()
    app = App(b, b.now)
    app.poll(b.now)
    return app

for k, (start, steps) in enumerate(json.loads(%r)):
    folder = %r + "/w%%d" %% k
    os.mkdir(folder)
    b = HostBoard(folder)
    app = boot(b)
    Player(app, b).play(parse(start))
    bad = None
    for i, st in enumerate(steps):
        if st == "reboot":
            app = None
            gc.collect()
            app = boot(b)
        else:
            Player(app, b).play(parse(st))
        problem = storeops.load(app.stage.store, storeops.validate)[1]
        if app.stage.screen.NAME == "error" or problem is not None or not 1 <= len(app.stage.stack) <= %d:
            bad = [i, app.stage.screen.NAME, problem, len(app.stage.stack), app.stage.texts]
            break
    print(json.dumps({"walk": k, "bad": bad}))
    app = b = None
    gc.collect()
print(json.dumps({"k": "end"}))
"""


def test_a_few_walks_through_the_screens_on_micropython(tmp_path, mpy_tree):
    rnd = random.Random(22)
    starts = sorted(walks.OPEN)
    # One walk from each of four screens a run: a few boots, as a heap of a Pico holds.
    plan = [(walks.OPEN[s], [rnd.choice(walks.STEPS) for _ in range(30)])
            for s in rnd.sample(starts, 4)]
    code = CODE % (json.dumps(plan), str(tmp_path), walks.DEEPEST)
    # The firmware as flashed (.mpy), as the lanes that boot the app often run it.
    rc, out, err = mplane.run_code(code, "mp", heapsize="190K", pythonpath=[str(mpy_tree), mplane.DEVICE])
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    assert [r["bad"] for r in res[:-1]] == [None] * 4, res
