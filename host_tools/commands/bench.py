"""``tanteador bench``: the figures that matter on the device, printed against their targets.

What is measured, and how, is host_tools/bench/figures.py; with ``--port``
the same kind of match is timed on a connected board instead
(host_tools/bench/devbench.py). The table is printed, the figures written as
JSON (``--json``) and Markdown (``--md``).
"""

import argparse
import json
import sys

from host_tools.bench import benchreport, figures


def main(argv=None):
    """Entry for `tanteador bench` (``argv``: the words after it); the exit status."""
    ap = argparse.ArgumentParser(prog="tanteador bench",
                                 description="Measure the figures that matter on the device (MicroPython).")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument("--md", metavar="FILE", help="write the table as Markdown (for host_tools/docs/benchmark.md)")
    ap.add_argument("--port", metavar="P",
                    help="measure on the board on serial port P (the flashed firmware) and print the figures "
                         "beside this PC's RP2040 estimates (host_tools/bench/devbench.py)")
    ap.add_argument("--hands", type=int, default=None,
                    help="hands in the measured match (default 30; with --port 6)")
    ap.add_argument("--heapsize", default="190K", help="MicroPython heap (default 190K, a Pico's)")
    ap.add_argument("--quick", action="store_true", help="fewer samples: a smoke run, not figures")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    missing = figures.lane_missing()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    if a.port:
        from host_tools.bench import devbench

        return devbench.main(a)
    if a.hands is None:
        a.hands = 30
    log = None if a.quiet else (lambda s: print("..", s, file=sys.stderr, flush=True))
    r = figures.measure(a.hands, a.quick, a.heapsize, log)
    command = "tanteador bench"
    if a.quick:
        command += " --quick"
    if a.hands != 30:
        command += " --hands %d" % a.hands
    if a.heapsize != "190K":
        command += " --heapsize " + a.heapsize
    r["command"] = command
    print(benchreport.table(r))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1, sort_keys=True)
    if a.md:
        with open(a.md, "w") as f:
            f.write(benchreport.markdown(r, command))
    return 0
