"""Lane commands without the app: framebuf, buttons, rule tables, rotation, store cuts.

Run through ``mp_driver.main``; same code on MicroPython and CPython.
"""

import json

from mp_driver import Rand, emit, fresh_dir, hexs, mem


def cmd_framebuf(a):
    """Random primitives on a 128x64 MONO_VLSB buffer, blits from MONO_HLSB sources."""
    import framebuf

    r = Rand(a.get("seed", 1))
    for case in range(a.get("cases", 20)):
        buf = bytearray(1024)
        fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
        sw = 1 + r.below(20)
        sh = 1 + r.below(20)
        sbuf = bytearray(((sw + 7) // 8) * sh)
        for i in range(len(sbuf)):
            sbuf[i] = r.below(256)
        src = framebuf.FrameBuffer(sbuf, sw, sh, framebuf.MONO_HLSB)
        for _ in range(40):
            op = r.below(7)
            x = r.below(160) - 16
            y = r.below(96) - 16
            w = r.below(70) - 2
            h = r.below(40) - 2
            c = r.below(2)
            if op == 0:
                fb.pixel(x, y, c)
            elif op == 1:
                fb.hline(x, y, w, c)
            elif op == 2:
                fb.vline(x, y, h, c)
            elif op == 3:
                fb.rect(x, y, w, h, c)
            elif op == 4:
                fb.fill_rect(x, y, w, h, c)
            elif op == 5:
                fb.blit(src, x, y, r.below(3) - 1)
            else:
                fb.rect(x, y, w, h, c, True)
        emit({"k": "fb", "case": case, "fb": hexs(buf), "px": fb.pixel(3, 3)})


def cmd_buttons(a):
    """Random (bouncing) levels through Buttons; the events, in order."""
    from tanteador.buttons import Buttons

    r = Rand(a.get("seed", 5))
    b = Buttons()
    levels = [False, False, False, False]
    now = 0
    events = []
    for _ in range(a.get("polls", 3000)):
        now += 1 + r.below(12)
        if r.below(9) == 0:
            i = r.below(4)
            levels[i] = not levels[i]
        for ev in b.update(levels, now):
            events.append([now, ev[0], ev[1], ev[2]])
    emit({"k": "events", "events": events})


# ---------------------------------------------------------------- engine

_CODES = {
    "range": "r", "one": "1", "total": "t", "cards": "c", "undrawn": "u",
    "count": "n", "over": "o", "players": "p", "sides": "s", "goal": "g",
    "names": "m", "index": "i", "tricks": "x",
}


def _code(exc):
    c = getattr(exc, "code", None)
    return _CODES.get(c, "?") if c is not None else "!"


def _options(cfg):
    from tanteador.matchoptions import MatchOptions

    return MatchOptions(**cfg)


def cmd_two_sides(a):
    """Legality code of every (a, b) with a, b in -1..121 for a 2-player match."""
    from tanteador.match import Match

    m = Match(_options(a.get("opts", {"players": 2})))
    lo = a.get("lo", -1)
    hi = a.get("hi", 121)
    for p in range(lo, hi + 1):
        row = []
        for q in range(lo, hi + 1):
            try:
                m.check((p, q))
                row.append(".")
            except ValueError as e:
                row.append(_code(e))
        emit({"k": "row", "a": p, "codes": "".join(row)})


def _partition(r, n, total):
    cuts = [r.below(total + 1) for _ in range(n - 1)]
    cuts.sort()
    parts = []
    prev = 0
    for c in cuts:
        parts.append(c - prev)
        prev = c
    parts.append(total - prev)
    return parts


def cmd_partitions(a):
    """Legality of sampled totals for each configuration of 3..6 sides."""
    from tanteador.match import Match

    for cfg in a["configs"]:
        try:
            opts = _options(cfg)
            opts.validate()
            m = Match(opts)
        except ValueError as e:
            emit({"k": "cfg", "cfg": cfg, "error": _code(e)})
            continue
        n = m.nsides
        r = Rand(a.get("seed", 7) + n * 31 + cfg.get("players", 2))
        emit({"k": "cfg", "cfg": cfg, "nsides": n})
        # One line per sample: results kept alive between the checks' garbage
        # would fragment the heap.
        for i in range(a.get("samples", 120)):
            total = 120 if i % 4 else 100 + r.below(25)
            pts = _partition(r, n, total)
            if i % 5 == 0:
                # Bias toward value-card sums: multiples and near misses.
                j = r.below(n)
                pts[j] += 1 - 2 * r.below(2)
            try:
                m.check(tuple(pts))
                c = "."
            except ValueError as e:
                c = _code(e)
            emit({"k": "p", "pts": pts, "c": c})


def cmd_verdicts(a):
    """For each configuration, the legality code and the capote side of each
    hand given: ``{"cfg", "hands": [[p0, p1, ...], ...]}``."""
    from tanteador.match import Match

    for c in a["cases"]:
        m = Match(_options(c["cfg"]))
        codes = []
        caps = []
        for pts in c["hands"]:
            try:
                m.check(tuple(pts))
                codes.append(".")
            except ValueError as e:
                codes.append(_code(e))
            caps.append(m.capote(pts))
        emit({"k": "verdicts", "cfg": c["cfg"], "codes": "".join(codes), "capote": caps})


def cmd_rotation(a):
    """dealer/cutter/leader (and next trump) before each of 2n+1 void hands."""
    from tanteador.match import Match

    for cfg in a["configs"]:
        opts = _options(cfg)
        m = Match(opts)
        n = m.nsides
        pts = tuple([60, 60] + [0] * (n - 2))
        rows = []
        for h in range(2 * cfg.get("players", 2) + 1):
            rows.append([m.hand_no, m.dealer, m.cutter, m.leader, m.next_trump])
            trump = h % 4 if m.next_trump is None else m.next_trump
            m.record(trump, pts, 1000)
        emit({"k": "rot", "cfg": cfg, "rows": rows})


def cmd_engine_match(a):
    """A match recorded straight on the engine, with undo/redo/edit; final dict."""
    from tanteador.match import Match

    m = Match(_options(a["opts"]))
    r = Rand(a.get("seed", 3))
    steps = 0
    while not m.over and steps < a.get("max", 400):
        steps += 1
        p = r.below(121)
        if p in (1, 119):
            p = 60
        pts = (p, 120 - p) if m.nsides == 2 else tuple([120 - p, p] + [0] * (m.nsides - 2))
        trump = m.next_trump if m.next_trump is not None else r.below(4)
        try:
            m.record(trump, pts, 60000 + r.below(600000))
        except ValueError as e:
            emit({"k": "refused", "pts": list(pts), "code": _code(e)})
            continue
        if r.below(7) == 0 and m.cursor:
            m.undo()
            m.redo()
    from tanteador import matchdoc

    emit({"k": "match", "doc": matchdoc.to_dict(m), "over": m.over, "winner": m.winner, "mem": mem()})


# ---------------------------------------------------------------- persistence


def _same_doc(a, b):
    """Equal as JSON documents (MicroPython dicts keep no key order)."""
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


def cmd_store_cuts(a):
    """Save each document after the previous one, cutting the power at every call.

    For every transition, every changing filesystem call and every way a
    cut write can land, a fresh Store on the folder must load exactly the
    previous or the next document.
    """
    import faultfs
    from tanteador import storeops
    from tanteador.flashfs import DirFS
    from tanteador.store import Store

    folder = fresh_dir(a["dir"])
    docs = a["docs"]
    prev = None
    for i in range(len(docs)):
        doc = docs[i]
        snap = faultfs.snapshot(DirFS(folder))
        outcomes = {"before": 0, "after": 0, "lost": 0}
        cuts = 0
        for keep in faultfs.KEEPS:
            k = 1
            while True:
                faultfs.restore(DirFS(folder), snap)
                ffs = faultfs.FaultFS(DirFS(folder), cut_at=k, keep=keep)
                cut = False
                try:
                    Store(ffs).save(doc)
                except faultfs.PowerCut:
                    cut = True
                if not cut:
                    break
                cuts += 1
                got, problem = storeops.load(Store(DirFS(folder)), lambda d: d)
                if problem is None and _same_doc(got, prev):
                    outcomes["before"] += 1
                elif problem is None and _same_doc(got, doc):
                    outcomes["after"] += 1
                else:
                    outcomes["lost"] += 1
                k += 1
        faultfs.restore(DirFS(folder), snap)
        Store(DirFS(folder)).save(doc)
        got, problem = storeops.load(Store(DirFS(folder)), lambda d: d)
        emit({"k": "cuts", "i": i, "cuts": cuts, "out": outcomes, "whole": _same_doc(got, doc)})
        prev = doc
