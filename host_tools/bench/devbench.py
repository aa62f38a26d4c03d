"""``tanteador bench --port PORT``: the bench's figures measured on a board, beside the PC's estimates.

The PC bench (host_tools/commands/bench.py) estimates from MicroPython's unix port what each
action costs on an RP2040. This measures it on a board: it puts the same
scripted match (benchmatch.bench_match) and a small timing program
(host_tools/device/boardbench.py with script.py and mp_bench.py, and
bootbench.py for the resets, compiled for the board when it reads .mpy
files) in /bench on the board,
soft-resets it, runs the program and reads back its JSON lines; then it
plays the same match on the PC for the estimates, and prints both with the
ratio device/estimate of each, so the estimates can be corrected.

On the board the app runs on the board's own Board and config (its
display, its bus speed), the script's presses pushed into the ring its pin
interrupts fill, in real time. Its saved match in /tt is not touched: the
benchmark's match lives in /bench/tt, removed afterwards with the rest of
/bench, and the board is reset so that Tanteador starts again.

Figures: the time of each poll that acted on a press (the frame and any
save included), per kind as benchtime.rp2040 sorts them (value change, screen
change, menu, record a hand; and what the app does while nobody presses);
for the presses of PRESSES (the trump, the entry's values, OK and BACK
between screens), the answer to the last byte of its frames beside the bus
time of those bytes (9 bits a byte at the board's bus clock) and the ratio
of the two, how far each is from what the bus alone would take;
reset to the first frame, with a match of RESET_HANDS hands saved in
/bench/tt, both ways a player meets it (bootbench.reset: the start's
steps (tanteador.start) from its first firmware import after a soft reset
to the end of the first frame sent, nothing else of the program loaded):
with the frame kept on flash by the boot before
(tanteador.bootframe), the target's case (a reset right after a save
too: the save tags the frame), and without one, the fallback (the first
boot after a flash, a change of language, a power cut between a save's
tag and its rename), whose app then keeps it; the heap after boot and at its
peak (free with the timing program and the device's start loaded,
before the app, minus free with the app running, after a collection; the
start, main.py's part, which these figures never counted, is weighed
apart; the free heap at the REPL after a soft reset is printed too), from a play of the match that collects
after every script line to weigh it (the times come from a second play,
which does not: a press right after a collection is slower, its
allocations searching a heap whose holes nothing has filled yet); flash
bytes per recorded hand; and the reference loop, the unit of the PC's
estimates (REF_MS_RP2040 there).
"""

import json
import os
import shutil
import sys
import tempfile

from host_tools import DEVICE, VERSION, UsageError, UserError
from host_tools.support import link as linkmod

BOARD_DIR = "/bench"
# The board-side program and the modules it imports, compiled when the board reads .mpy.
PROGRAM = ("boardbench.py", "bootbench.py", "mp_bench.py", "script.py", "devicetime.py")
DEVICE_HANDS = 6   # with the default undo and redo after the fifth hand: every kind of action
RESET_HANDS = 32   # the saved match a reset resumes: a long evening's
KB = 1024
KINDS = (
    ("value", "value change (UP/DOWN)"),
    ("screen", "screen change (OK, BACK)"),
    ("menu", "menu (open, move, pick)"),
    ("record", "record a hand, undo, redo (the save included)"),
    ("idle", "save or collection while idle"),
)

# The presses whose answer is weighed against the bus time of its bytes: (key, label,
# kind of the poll or None for any, "screen>screen" it went).
PRESSES = (
    ("trump", "UP/DOWN sets the trump on the table", "value", "table>table"),
    ("entry", "UP/DOWN on the points entry", "value", "entry>entry"),
    ("open", "OK table -> entry", None, "table>entry"),
    ("record", "OK that records a hand, its frame", "record", "entry>table"),
    ("back", "BACK menu -> table", None, "menu>table"),
)
# Bits on the I2C bus per byte: its 8 and the acknowledge.
BYTE_BITS = 9


def board_files(compiler):
    """{board path: bytes} of the board-side program (as .mpy when ``compiler`` is given)."""
    from host_tools.support import mpybuild

    return mpybuild.build({BOARD_DIR + "/" + name: os.path.join(DEVICE, name) for name in PROGRAM}, compiler)


def _compiler(info):
    from host_tools.support import mpybuild

    ver = mpybuild.board_mpy(info)
    return mpybuild.compilers().get(ver) if ver is not None else None


def _remove_tree(link, path):
    for name in link.listdir(path):
        p = path + "/" + name
        if link.t.fs_isdir(p):
            _remove_tree(link, p)
        else:
            link.remove(p)
    link.remove_dirs(path)


def _saved_flash(link, flash, doc):
    """The folder ``flash`` made on the board with ``doc`` as its save, then a fresh interpreter."""
    link.mkdir(flash)
    link.write(flash + "/state.json", json.dumps(doc).encode("utf-8"))
    link.soft_reset()


def run_on_board(link, doc, text, saved, say):
    """Time the resets over the saved match ``saved``, then play the match (start ``doc``,
    script ``text``), on the board behind ``link``.

    Returns (the program's result objects, free heap at the REPL after a soft
    reset, the board's info). The board is left clean (/bench removed) and reset.
    """
    info = link.check()
    have = link.firmware_version()
    if have is None:
        raise UserError("Tanteador is not on the board on %s: run `tanteador flash --port %s` first"
                        % (link.port, link.port))
    if have != VERSION:
        say("note: the board runs Tanteador %s, this PC %s: the estimates are this PC's" % (have, VERSION))
    files = board_files(_compiler(info))
    files[BOARD_DIR + "/match.txt"] = text.encode("utf-8")
    flash = BOARD_DIR + "/tt"
    results = []
    try:
        say("copying the timing program and the %d-line match to %s on the board" % (text.count("\n"), BOARD_DIR))
        # What an interrupted run left there (the app's files of its match) must not be resumed.
        _remove_tree(link, BOARD_DIR)
        link.mkdir(BOARD_DIR)
        for path in sorted(files):
            link.write(path, files[path])
        _saved_flash(link, flash, saved)
        repl_free = link.heap_free()
        say("resetting into a %d-hand match: without a kept frame, then with the one that boot kept"
            % len(saved["m"]["a"]))
        # Each run on a fresh interpreter, as after a reset: nothing of the firmware loaded.
        _run(link, "bootbench.reset", {"dir": flash, "keep": True}, results, say)
        link.soft_reset()
        _run(link, "bootbench.reset", {"dir": flash}, results, say)
        # The match is played from its start, on a flash of its own.
        _remove_tree(link, flash)
        _saved_flash(link, flash, doc)
        say("playing it on the board, in real time, weighing the heap after every script line")
        heap = []
        _run(link, "boardbench.main", {"dir": flash, "script": BOARD_DIR + "/match.txt"}, heap, say)
        results += [dict(r, k="heap_" + r["k"]) for r in heap if r["k"] in ("base", "boot", "done")]
        # Again, for the times: the heap's collections after every script line slowed the
        # presses of the pass above (see boardbench), so its figures are the heap's alone.
        _remove_tree(link, flash)
        _saved_flash(link, flash, doc)
        say("playing it again for the times, the heap not weighed")
        _run(link, "boardbench.main", {"dir": flash, "script": BOARD_DIR + "/match.txt", "heap": False}, results, say)
    finally:
        # A fresh interpreter stops the program if it still runs, and lets go of /bench.
        link.soft_reset()
        _remove_tree(link, BOARD_DIR)
        link.reset()
    return results, repl_free, info


def _run(link, entry, args, results, say):
    """Run ``entry`` (module.function) of the program on the board with ``args``, adding its
    result objects (all but the end) to ``results``."""
    from host_tools.harness import mplane

    module = entry.split(".")[0]
    code = "import sys\nsys.path.append(%r)\nimport %s\n%s(%r)\n" % (BOARD_DIR, module, entry, json.dumps(args))
    got = []
    acts = [0]

    def on_line(line):
        for r in mplane.parse(line)[0]:
            got.append(r)
            if r.get("k") == "act":
                acts[0] += 1
                if acts[0] % 25 == 0:
                    say("%d actions timed" % acts[0])

    link.stream(code, on_line)
    if not got or got[-1].get("k") != "end":
        raise UserError("the timing program on %s stopped before its end" % link.port)
    results += got[:-1]


def spread(values):
    """{"n", "median", "max"} of a list of ms, rounded to 0.1 ms."""
    v = sorted(values)
    return {"n": len(v), "median": round(v[len(v) // 2], 1), "max": round(v[-1], 1)}


def device_figures(results, repl_free):
    """The board's figures from the program's result objects (see boardbench)."""
    by = {}
    kinds = {}
    answers = {}
    acts = []
    resets = {}
    presses = {}
    durable = []
    for r in results:
        if r["k"] == "act":
            kind, us, _, _, _, where, at, answer = r["a"][:8]
            if kind == "record" and len(r["a"]) > 9 and r["a"][9] is not None:
                durable.append((r["a"][9] / 1000, answer / 1000))
            kinds.setdefault(kind, []).append(us / 1000)
            answers.setdefault(kind, []).append(answer / 1000)
            acts.append([kind, round(us / 1000, 2), where, at])
            bus = r["a"][8] if len(r["a"]) > 8 else None
            for key, _, k, w in PRESSES:
                if where == w and (k is None or k == kind):
                    presses.setdefault(key, []).append((answer / 1000, bus))
        elif r["k"] == "reset":
            resets[r["keep"]] = r
        else:
            by[r["k"]] = r
    base, boot, done = by["base"], by["boot"], by["done"]
    # The heap from the pass that weighed it (run_on_board), where there was one.
    hbase, hboot, hdone = by.get("heap_base", base), by.get("heap_boot", boot), by.get("heap_done", done)
    # The run that kept the frame started without one; the next one shows it, or its app draws its own.
    drawn, again = resets[True], resets[False]
    hz = boot["i2c_hz"]
    return {
        "kinds": {k: spread(v) for k, v in kinds.items()},
        # Each press of PRESSES: its answer, and the bus time of the bytes it sent.
        "presses": {k: press_figures(v, hz) for k, v in presses.items()},
        # To the poll's last frame: what the player sees, before the save that follows it.
        "answers": {k: spread(v) for k, v in answers.items()},
        # A committed press: to its action on flash, and how many frames showed it before that.
        "durable": dict(spread([d for d, _ in durable]), early=sum(1 for d, a in durable if a < d))
        if durable else None,
        "reset_kept_ms": round(again["us"] / 1000, 1) if again["shown"] else None,
        "reset_drawn_ms": round(drawn["us"] / 1000, 1),
        # When the kept frame did not show: the second reset's time, its app's own frame.
        "reset_again_ms": round(again["us"] / 1000, 1),
        "frame_kept": drawn["kept"],
        "heap_boot": hbase["free"] - hboot["free"],
        "heap_start": hbase.get("start"),
        "heap_peak": hbase["free"] - hdone["low_free"],
        "peak_hand": hdone["low_hand"],
        "repl_free": repl_free,
        "program": repl_free - base["free"] if repl_free is not None else None,
        "bytes_per_hand": round(done["bytes"] / max(done["hands"], 1), 1),
        "ref_ms": round(done["ref_us"] / 1000, 1),
        "hands": done["hands"], "events": done["events"], "errors": done["errors"],
        "overflows": done["overflows"],
        "board": {k: boot[k] for k in ("display", "i2c_hz", "addr", "display_ok", "platform")},
        # Each action: kind, ms, "screen>screen", and when, in ms since the board's reset.
        "actions": [[k, ms, where, at + boot["zero_ms"]] for k, ms, where, at in acts],
    }


def press_figures(samples, hz):
    """spread() of the answers in (ms, bytes) ``samples``, with the median bytes, their
    time on a bus at ``hz`` and the median answer's ratio to it (None where not counted)."""
    out = spread([ms for ms, _ in samples])
    n = sorted(b for _, b in samples if b is not None)
    if not n:
        return dict(out, bytes=None, bus_ms=None, ratio=None)
    b = n[len(n) // 2]
    bus = b * BYTE_BITS * 1000 / hz
    return dict(out, bytes=b, bus_ms=round(bus, 2), ratio=round(out["median"] / bus, 1) if bus else None)


def pc_estimates(doc, text, saved, work, bus_hz, runs, heapsize, say):
    """The PC bench's RP2040 estimates for the same match, and for a boot into ``saved``
    drawing its own first frame, the OLED's bus at ``bus_hz``."""
    from host_tools.device import devicetime
    from host_tools.bench import benchheap, benchmatch, benchtime
    from host_tools.harness.mpytree import compile_tree
    from host_tools.support import wasmport

    folder = os.path.join(work, "flash")
    tree = os.path.join(work, "mpy")
    compile_tree(tree)
    say("timing the same match on MicroPython's unix port (%d runs)" % runs)
    mpt = benchmatch.timed_play(doc, text, folder, heapsize, tree, runs)
    say("booting the saved match on MicroPython's unix port")
    boot = benchtime.boot(saved, work, tree, runs)["mpy"]
    try:
        say("weighing its heap on the 32-bit WebAssembly port")
        h32 = benchheap.play32(doc, text, folder, tree)
    except wasmport.WasmMissing:
        h32 = None
    return {
        "kinds": benchtime.rp2040(mpt, bus_hz),
        # The first frame is a whole one.
        "boot_ms": round(boot["ratio"] * benchtime.REF_MS_RP2040 + devicetime.bus_us(devicetime.FRAME_BYTES, bus_hz)
                         / 1000, 1),
        "heap_boot": h32["firmware_boot"] if h32 else None,
        "heap_peak": h32["firmware_peak"] if h32 else None,
        "peak_hand": h32["peak_hand"] if h32 else None,
        "bytes_per_hand": round(mpt["bytes"] / max(mpt["hands"], 1), 1),
        "ref_ms": benchtime.REF_MS_RP2040,
    }


def ratio(dev, est):
    """device/estimate as text, "-" when either is missing or the estimate is 0."""
    if dev is None or not est:
        return "-"
    return "%.2f" % (dev / est)


def rows(dev, est):
    """(figure, device, estimate, device/estimate) rows for the table."""
    out = []
    for k, label in KINDS:
        d, e = dev["kinds"].get(k), est["kinds"].get(k)
        if d is None and e is None:
            continue

        def cell(x):
            return "%.0f ms (%.0f ms), %d" % (x["median"], x["max"], x["n"]) if x else "-"

        r = "%s (%s)" % (ratio(d["median"], e["median"]), ratio(d["max"], e["max"])) if d and e else "-"
        out.append(("%s, median (max), n" % label, cell(d), cell(e), r))
        if k == "record" and d:
            # The answer comes first and the save after it, in the same pass: a press
            # made during the save is answered once the save is done.
            out.append(("  its frame out, before the save: median (max), n", cell(dev["answers"][k]), "-", "-"))
            dur = dev.get("durable")
            if dur:
                out.append(("  on flash (journal line), before its frame: median (max), n; frames before it",
                            "%.1f ms (%.1f ms), %d; %d" % (dur["median"], dur["max"], dur["n"], dur["early"]),
                            "-", "-"))

    for key, label, _, _ in PRESSES:
        p = dev.get("presses", {}).get(key)
        if p is None:
            continue
        bus = "-" if p["bus_ms"] is None else "bus %.1f ms (%d B), x%.1f" % (p["bus_ms"], p["bytes"], p["ratio"])
        out.append(("%s, median (max), n; bus time of its bytes, median/bus" % label,
                    "%.1f ms (%.1f ms), %d; %s" % (p["median"], p["max"], p["n"], bus), "-", "-"))

    def kb(x):
        return "-" if x is None else "%.1f KB" % (x / KB)

    kept = dev["reset_kept_ms"]
    out += [
        ("reset to the first frame, frame kept", "%.0f ms" % kept if kept is not None else
         "NOT SHOWN (%s; the app drew its own in %.0f ms)" % (
             "kept" if dev["frame_kept"] else "not kept", dev["reset_again_ms"]), "-", "-"),
        ("reset to the first frame, no frame kept (the fallback)", "%.0f ms" % dev["reset_drawn_ms"],
         "%.0f ms" % est["boot_ms"], ratio(dev["reset_drawn_ms"], est["boot_ms"])),
        ("heap after boot", kb(dev["heap_boot"]), kb(est["heap_boot"]), ratio(dev["heap_boot"], est["heap_boot"])),
        ("heap at its peak", "%s at hand %d" % (kb(dev["heap_peak"]), dev["peak_hand"]),
         kb(est["heap_peak"]) if est["heap_peak"] is None else "%s at hand %d" % (kb(est["heap_peak"]),
                                                                               est["peak_hand"]),
         ratio(dev["heap_peak"], est["heap_peak"])),
        ("the start (main.py's part), beside the app's heap", kb(dev["heap_start"])
         if dev.get("heap_start") is not None else "-", "-", "-"),
        ("free heap at the REPL after a soft reset", kb(dev["repl_free"]), "-", "-"),
        ("flash bytes per recorded hand", "%.0f B" % dev["bytes_per_hand"], "%.0f B" % est["bytes_per_hand"],
         ratio(dev["bytes_per_hand"], est["bytes_per_hand"])),
        ("reference loop (the estimates' unit)", "%.1f ms" % dev["ref_ms"], "%.1f ms" % est["ref_ms"],
         ratio(dev["ref_ms"], est["ref_ms"])),
    ]
    return out


HEAD = ("figure", "device", "RP2040 estimate", "device/estimate")


def table(rs):
    """The rows as aligned text columns under HEAD."""
    rs = [HEAD] + list(rs)
    w = [max(len(x[i]) for x in rs) for i in range(4)]
    return "\n".join("  ".join(x[i].ljust(w[i]) for i in range(4)).rstrip() for x in rs)


def describe(info, port, dev):
    """One line on the board and the match measured."""
    b = dev["board"]
    return ("board: MicroPython %s on %s (%s), display %s at 0x%02x, I2C %d kHz%s; a %d-hand match, "
            "%d button events, %d errors, %d edges lost" % (
                linkmod.vstr(info["version"]), port, info["machine"], b["display"], b["addr"], b["i2c_hz"] // 1000,
                "" if b["display_ok"] else " (NOT ANSWERING: no bus time measured)", dev["hands"],
                dev["events"], dev["errors"], dev["overflows"]))


def markdown(head, rs, command):
    """The table as Markdown, with the command and the board it was measured with."""
    out = ["Measured with `%s`; %s." % (command, head), "", "| %s |" % " | ".join(HEAD),
           "| --- | --- | --- | --- |"]
    out += ["| %s |" % " | ".join(r) for r in rs]
    return "\n".join(out) + "\n"


def main(a, link=None):
    """Entry for `tanteador bench --port` (``a``: bench's parsed arguments); the exit status."""
    from host_tools.bench import benchmatch

    hands = DEVICE_HANDS if a.hands is None else a.hands
    log = (lambda s: None) if a.quiet else (lambda s: print("..", s, file=sys.stderr, flush=True))
    work = tempfile.mkdtemp(prefix="tt-devbench-")
    own = link is None
    try:
        if hands < 1:
            raise UsageError("--hands must be 1 or more")
        if own:
            link = linkmod.connect(a.port)
        log("writing the %d-hand match script" % hands)
        doc, text = benchmatch.bench_match(hands, os.path.join(work, "flash"))
        saved = benchmatch.saved_match(RESET_HANDS, os.path.join(work, "saved"))
        results, repl_free, info = run_on_board(link, doc, text, saved, log)
        dev = device_figures(results, repl_free)
        est = pc_estimates(doc, text, saved, work, dev["board"]["i2c_hz"], 1 if a.quick else 3, a.heapsize, log)
    except UserError as e:
        print("tanteador bench: %s" % e, file=sys.stderr)
        return 2 if isinstance(e, UsageError) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if own and link is not None:
            link.t.close()
    command = "tanteador bench --port %s" % a.port
    if a.hands is not None:
        command += " --hands %d" % hands
    head = describe(info, a.port, dev)
    rs = rows(dev, est)
    print(head)
    print(table(rs))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"command": command, "info": dict(info, version=list(info["version"])), "device": dev,
                       "estimate": est, "rows": rs}, f, indent=1, sort_keys=True)
    if a.md:
        with open(a.md, "w") as f:
            f.write(markdown(head, rs, command))
    return 0
