"""Lane commands that drive the whole app: HostBoard + App + script player.

Run through ``mp_driver.main``; the same code runs on MicroPython and on
CPython. The saved state to start from is put on the flash folder by the
caller, and scripts are read from a file line by line, so neither sits in
the heap as one big string.
"""

import gc
import json

from mp_driver import emit, hexs, largest_free, mem


def boot(folder, fs=None):
    """A HostBoard on ``folder`` (or on ``fs``) and the App booted from it."""
    from hostboard import HostBoard

    from tanteador.heap import Heap

    # The Pico boots on an empty heap: what the driver left goes first, so
    # compiling the app's source finds the room it would find there. The
    # screens an earlier boot of this process loaded go too, as the app's
    # own sweep unloads them: a Pico has none loaded after a reset, and
    # eighty boots that kept them scattered the heap.
    Heap().sweep([])
    gc.collect()
    from tanteador.app import App

    board = HostBoard(folder) if fs is None else HostBoard(fs=fs)
    return board, App(board, 0)


def play_file(path, player, hook=None):
    """Play a script file through ``player``, parsing it one line at a time."""
    from script import parse

    i = 0
    f = open(path)
    try:
        for line in f:
            for st in parse(line):
                player.step(st)
                if hook is not None:
                    hook(i, st)
                i += 1
    finally:
        f.close()
    return i


def _log_events(app, log):
    """Note every button event the app acts on, as button * 4 + kind, in order."""
    update = app.keys.update

    def logged(levels, now):
        evs = update(levels, now)
        for ev in evs:
            log.append(ev[0] * 4 + ev[1])
        return evs

    app.keys.update = logged


def cmd_script(a):
    """Play a script from the saved state in a.dir: the frame after every step, the final state.

    Options: a.draw_ms charges the Pico's times (DeviceTime, that much
    drawing per frame); a.press_ms and a.gap_ms make every short press that
    long down and up; a.events sends the button events the app acted on.
    """
    from binascii import crc32

    from script import GAP_MS, PRESS_MS, Player

    board, app = boot(a["dir"])
    if a.get("draw_ms") is not None:
        from devicetime import DeviceTime

        board.set_timing(DeviceTime(draw_ms=a["draw_ms"]))
    events = []
    if a.get("events"):
        _log_events(app, events)
    # Frame checksums go out in small batches: one long list would need a
    # large block of a heap the app keeps fragmented.
    crcs = []

    def hook(i, st):
        crcs.append(crc32(board.frame))
        if len(crcs) == 32:
            emit({"k": "crc", "v": crcs})
            del crcs[:]
        if len(events) >= 64:
            emit({"k": "ev", "v": events})
            del events[:]

    player = Player(app, board, press_ms=a.get("press_ms", PRESS_MS), gap_ms=a.get("gap_ms", GAP_MS))
    play_file(a["script"], player, hook)
    player.settle()
    emit({"k": "crc", "v": crcs})
    emit({"k": "ev", "v": events})
    m = app.stage.match
    out = {"k": "script", "state": app.stage.state(), "frames": board.frames, "screen": app.stage.screen.NAME,
           "hands": len(m.hands) if m else 0, "mem": mem(), "free_block": largest_free(),
           "overflows": board.edge_overflows, "now": board.now}
    frame = board.frame
    # Let the app go before building the (large) result lines: the player
    # and the hook hold it too.
    m = app = board = player = hook = None
    emit(out)
    out = None
    emit({"k": "frame", "fb": hexs(frame)})


# ---------------------------------------------------------------- power cuts


def _canon(doc):
    return json.loads(json.dumps(doc)) if doc is not None else None


def _saved(folder):
    """The document on the flash as a fresh Store loads it (None if none)."""
    from tanteador import storeops
    from tanteador.flashfs import DirFS
    from tanteador.store import Store

    doc, problem = storeops.load(Store(DirFS(folder)), lambda d: d)
    return doc, problem


def cmd_app_cuts(a):
    """Cut the power at every flash call of every committed action of a scripted session.

    A fault-free run notes which flash calls belong to which commit and the
    document each commit saved. Then, for every call k (and every way a cut
    write can land), the session is replayed from the same flash with the
    power cut at call k; a fresh Store must load the document of the last
    finished commit or of the one cut, and the app must boot on it: on the
    match of that document, or on the cut commit's when the journal held
    its action.
    """
    import faultfs
    from tanteador.flashfs import DirFS

    folder = a["dir"]
    start = faultfs.snapshot(DirFS(folder))
    doc0, _ = _saved(folder)
    commits, total, kinds, final = _fault_free(folder, a["script"])
    # The fault-free run's app is gone with its frame: each boot below
    # starts on a heap like a Pico's after a reset.
    gc.collect()
    tried = 0
    lost = 0
    outcomes = {"before": 0, "after": 0}
    bad = []
    for k in range(1, total + 1):
        keeps = faultfs.KEEPS if kinds[k - 1] in ("flush", "close") else (faultfs.KEEP_HALF,)
        before, after = _cut_documents(commits, k, doc0)
        following = _following(commits, k)
        for keep in keeps:
            faultfs.restore(DirFS(folder), start)
            _play_cut(folder, a["script"], k, keep)
            # The cut app's leftovers go before the store loads again.
            gc.collect()
            tried += 1
            got, problem = _saved(folder)
            got = _canon(got)
            outcome = None if problem is not None else _which(got, before, after)
            if outcome is None:
                lost += 1
                if len(bad) < 5:
                    bad.append([k, keep, kinds[k - 1], problem])
            else:
                outcomes[outcome] += 1
            screen = _boot_fails(folder, got, following)
            if screen is not None:
                lost += 1
                if len(bad) < 5:
                    bad.append([k, keep, "boot", screen])
    emit({"k": "cuts", "ops": total, "commits": len(commits), "tried": tried, "lost": lost,
          "out": outcomes, "bad": bad, "final": final, "mem": mem()})


def _fault_free(folder, script):
    """Play ``script`` with no cut: (commits as (first call, last call, file of the saved
    text), calls, kinds, final state). The texts wait in files beside ``folder``: kept
    in the heap, ten of them took the room a boot below needs on a Pico-sized heap."""
    import faultfs
    from script import Player
    from tanteador.flashfs import DirFS

    ffs = faultfs.FaultFS(DirFS(folder))
    board, app = boot(folder, ffs)
    commits = []
    # The write itself: Stage.commit only asks for it, at the end of the poll.
    save = app.stage._save

    def counted():
        k0 = ffs.ops
        save()
        path = "%s.commit%d.json" % (folder, len(commits))
        f = open(path, "w")
        try:
            f.write(json.dumps(app.stage.state()))
        finally:
            f.close()
        commits.append((k0, ffs.ops, path))

    app.stage._save = counted
    play_file(script, Player(app, board))
    return commits, ffs.ops, [k for k, _ in ffs.log], _canon(app.stage.state())


def _cut_documents(commits, k, doc0):
    """The documents a cut at call k may leave: the last finished commit's, the cut one's (or None)."""
    before = _canon(doc0)
    after = None
    for k0, k1, d in commits:
        if k1 < k:
            before = d
        elif k0 < k <= k1:
            after = d
    if isinstance(before, str):
        before = _doc(before)
    if after is not None:
        after = _doc(after)
    return before, after


def _doc(path):
    """The document a commit saved, from its file."""
    f = open(path)
    try:
        return json.loads(f.read())
    finally:
        f.close()


def _following(commits, k):
    """The match of the first commit not finished before call k: a cut before
    its whole save may leave its action in the journal (None if none)."""
    for k0, k1, d in commits:
        if k1 >= k:
            return _doc(d)["m"]
    return None


def _play_cut(folder, script, k, keep):
    """Replay ``script`` with the power cut at flash call ``k`` (a cut write keeps ``keep``)."""
    import faultfs
    from script import Player
    from tanteador.flashfs import DirFS

    ffs = faultfs.FaultFS(DirFS(folder), cut_at=k, keep=keep)
    board, app = boot(folder, ffs)
    try:
        play_file(script, Player(app, board))
    except faultfs.PowerCut:
        pass
    app = board = ffs = None
    gc.collect()


def _which(got, before, after):
    """"before" or "after": which document the flash holds after the cut; None: neither (lost)."""
    # Compare what the app keeps: the match and the settings.
    if got is not None and before is not None and got["m"] == before["m"] and got["cfg"] == before["cfg"]:
        return "before"
    if got is None and before is None:
        return "before"
    if got is not None and after is not None and got["m"] == after["m"] and got["cfg"] == after["cfg"]:
        return "after"
    return None


def _boot_fails(folder, got, following):
    """The device boots on whatever is there: the screen it shows when that goes
    wrong, "match" when it holds a match other than the save's (``got``) or
    ``following`` (the next commit's, whose action the journal may hold), else None."""
    board, app = boot(folder)
    app.poll(0)
    m = app.stage.match
    failed = app.stage.screen.NAME == "error" or (got is not None and (m is None) != (got["m"] is None))
    name = app.stage.screen.NAME if failed else None
    if name is None and m is not None:
        from tanteador import matchdoc

        held = _canon(matchdoc.to_dict(m))
        if held != got["m"] and held != following:
            name = "match"
    app = board = None
    gc.collect()
    return name


# ---------------------------------------------------------------- long match


def _press(player, b, ms=80):
    player.step((0, b, ms, 1, 0))


def _hold(player, b, ms):
    player.step((1, b, ms, 1, 0))


def _enter(player, app, target):
    """Closed loop on the entry screen: step the first field to ``target``
    (a long press by 10 while more than 5 away, then taps)."""
    from tanteador.buttons import DOWN, UP

    n = 0
    while app.stage.screen.vals[0] != target and n < 200:
        n += 1
        d = target - app.stage.screen.vals[0]
        b = UP if d > 0 else DOWN
        if d > 5 or d < -5:
            _hold(player, b, 800)
        else:
            _press(player, b)


def play_hand(player, app, p):
    """Record one two-sided hand of (p, 120 - p) from the table, whatever screens come."""
    from tanteador.buttons import OK

    before = len(app.stage.match.hands)
    guard = 0
    while len(app.stage.match.hands) == before:
        guard += 1
        if guard > 40:
            raise RuntimeError("stuck on %s: %r" % (app.stage.screen.NAME, app.stage.texts))
        name = app.stage.screen.NAME
        if name == "entry":
            _enter(player, app, p)
        _press(player, OK)
    while app.stage.screen.NAME != "table" and guard < 60:
        guard += 1
        _press(player, OK)


def cmd_long(a):
    """Play a.hands hands from the saved match in a.dir; heap and state size as it grows
    (the history's own weight: ``history``, in a process of its own)."""
    from script import Player

    board, app = boot(a["dir"])
    player = Player(app, board)
    every = a.get("every", 50)
    problems = []
    save = app.stage._save

    def counted():
        r = save()
        if r is not None and len(problems) < 10:
            problems.append([len(app.stage.match.hands), r])
        return r

    app.stage._save = counted
    samples = []
    failed = None
    for i in range(a["hands"]):
        try:
            play_hand(player, app, 40 + (i * 7) % 41)
        except RuntimeError as e:
            failed = [i + 1, str(e), mem(), largest_free()]
            break
        if (i + 1) % every == 0:
            samples.append([i + 1, mem(), board.fs.size("state.json"), largest_free()])
    m = app.stage.match
    if failed is not None or problems:
        emit({"k": "long", "failed": failed, "problems": problems, "samples": samples,
              "hands": len(m.hands)})
        return
    out = {"k": "long", "samples": samples, "hands": len(m.hands), "over": m.over, "problems": problems,
           "failed": None, "errors": app.stage.screen.NAME == "error", "state_bytes": board.fs.size("state.json")}
    emit(out)


def cmd_history(a):
    """The heap a match's history takes: the match of the saved document in
    ``a["dir"]`` rebuilt with its first ``n`` hands, for each ``n`` of
    ``a["hands"]``. Run in a process of its own after ``long``, so that what
    the app left loaded does not stand in the way."""
    from tanteador import matchdoc, matchload
    from tanteador.flashfs import DirFS

    fs = DirFS(a["dir"])
    f = fs.open("state.json", "rb")
    try:
        doc = json.load(f)["m"]
    finally:
        f.close()
    acts = doc["a"]
    hist = []
    for n in a["hands"]:
        n = min(n, len(acts))
        d = {}
        for k in doc:
            d[k] = doc[k]
        d["a"] = acts[:n]
        m0 = mem()
        copy = matchload.from_dict(d)
        # A match in play also keeps the text of its log that it saved (matchdoc.dump).
        matchdoc.dump(copy, len)
        hist.append([n, mem() - m0 if m0 is not None else None, len(copy.hands)])
        copy = d = None
    emit({"k": "history", "hist": hist, "mem": mem()})
