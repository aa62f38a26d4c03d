"""The `tanteador` command: sim, screens, flash, pull, names, event, bench, web."""

import argparse
import sys

from host_tools import VERSION, UsageError, UserError


def _parser():
    p = argparse.ArgumentParser(
        prog="tanteador",
        description="Tanteador, a Brisca and Briscola scorekeeper: simulator and device tools.",
    )
    p.add_argument("--version", action="version", version="tanteador " + VERSION)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    s = sub.add_parser("sim", help="play the device in this terminal, or run a button script",
                       description="Play the device in this terminal, or run a scripted list of button "
                                   "events (see the README for the format). Keys: the arrows (or w/s) UP and "
                                   "DOWN, Enter or space OK, Backspace or Esc BACK, * a long OK, L then a key "
                                   "a long press, + and - UP and DOWN held, p saves the screen as PNG "
                                   "(into --png DIR, else this folder), q quits.")
    s.add_argument("--script", metavar="FILE", help="button script to play ('-' reads stdin)")
    s.add_argument("-e", "--execute", metavar="EVENTS", help="button events on the command line, e.g. 'OK;UP;long OK'")
    s.add_argument("--png", metavar="DIR", help="write the screen after each step as PNG into DIR; "
                   "played from the keyboard, where the p key saves the screen (default: this folder)")
    s.add_argument("--text", action="store_true", help="print the screen after each step as text art")
    s.add_argument("--json", action="store_true", help="print the saved match document as JSON at the end")
    s.add_argument("--flash", metavar="DIR", help="folder playing the Pico's flash (default: ~/.local/share/tanteador/flash)",
                   default=None)
    s.add_argument("--seed", type=int, metavar="N", help="seed the random draw, for repeatable runs")
    s.add_argument("--scale", type=int, default=4, metavar="N", help="PNG pixels per OLED pixel (default 4)")
    s.add_argument("--draw-ms", type=int, default=None, metavar="MS",
                   help="Python work the Pico spends on each frame (default: the bench's estimate); "
                        "the bus bytes and flash writes are always charged")
    s.add_argument("--instant", action="store_true",
                   help="charge no device time at all (the app answers every press at once)")
    s.add_argument("--press-ms", type=int, default=None, metavar="MS",
                   help="with a script: how long a short press is held (default 80)")
    s.add_argument("--gap-ms", type=int, default=None, metavar="MS",
                   help="with a script: how long a button stays up after each press (default 120)")
    s.add_argument("--braille", action="store_true", default=None,
                   help="compact Braille view for small terminals (automatic below 130x38)")

    g = sub.add_parser("screens", help="render every screen in every language to PNG")
    g.add_argument("dir", metavar="DIR", help="folder to write into: DIR/<lang>/ for each language, or DIR itself "
                   "for a single --lang")
    g.add_argument("--scale", type=int, default=4, metavar="N")
    g.add_argument("--lang", metavar="CODES", help="only these languages, e.g. en,es")

    f = sub.add_parser("flash", help="put the firmware on a connected Pico (MicroPython)")
    f.add_argument("--port", metavar="P", help="serial port (default: the first board found)")
    f.add_argument("--no-mip", action="store_true", help="do not install the ssd1306 driver with mip")
    f.add_argument("--py", action="store_true", help="copy .py sources even if the board reads .mpy")
    f.add_argument("--no-reset", action="store_true", help="leave the board in the REPL afterwards")
    fb = f.add_mutually_exclusive_group()
    fb.add_argument("--board", metavar="FILE",
                    help="board file for a device wired otherwise (hardware/boards/); kept on later flashes")
    fb.add_argument("--default-board", action="store_true", help="remove the board file: the default wiring")

    u = sub.add_parser("pull", help="copy the match history off the board; export CSV, JSON, PNG charts")
    u.add_argument("--port", metavar="P")
    u.add_argument("--out", metavar="DIR", default="tanteador-data", help="where to put it (default: %(default)s)")
    u.add_argument("--from-dir", metavar="DIR", help="read a flash folder (e.g. the simulator's) instead of a board")

    n = sub.add_parser("names", help="set the player names the device offers")
    n.add_argument("names", metavar="NAMES", help="comma-separated, e.g. 'Ana,Luis,Mª José' ('' clears the list)")
    n.add_argument("--port", metavar="P")
    n.add_argument("--flash", metavar="DIR", help="write into a flash folder (e.g. the simulator's) instead of a board")

    w = sub.add_parser("web", help="the device as a web page: serve it here, or write it as a static folder",
                       description="Serve the device as a web page on this machine (the address is printed), "
                                   "or write it as a static folder for any web host.")
    w.add_argument("--build", metavar="DIR", help="write the page into DIR instead of serving it")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    w.add_argument("--port", type=int, default=8000, help="port (default: %(default)s; 0 picks a free one)")

    sub.add_parser("event", help="a club evening or a tournament: pairings, pushes, results, standings",
                   add_help=False).add_argument("rest", nargs=argparse.REMAINDER)

    b = sub.add_parser("bench", help="measure speed and memory on this PC (MicroPython unix and WebAssembly ports), "
                                        "or on a board with --port",
                       add_help=False)
    b.add_argument("rest", nargs=argparse.REMAINDER)
    return p


def main(argv=None):
    """Console entry point; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    argv = list(argv)
    if argv and argv[0] == "bench":
        from host_tools.commands import bench

        return bench.main(argv[1:]) or 0
    if argv and argv[0] == "event":
        from host_tools.commands.event import cli as event_cli

        return event_cli.main(argv[1:])
    args = _parser().parse_args(argv)
    try:
        if args.command == "sim":
            from host_tools.commands import sim

            return sim.main(args)
        if args.command == "screens":
            from host_tools.commands import screens

            return screens.main(args)
        if args.command == "flash":
            from host_tools.commands import flash

            return flash.main(args)
        if args.command == "pull":
            from host_tools.commands import pull

            return pull.main(args)
        if args.command == "names":
            from host_tools.commands import names

            return names.main(args)
        if args.command == "web":
            from host_tools.commands import web

            return web.main(args)
    except UserError as e:
        sys.stderr.write("tanteador %s: %s\n" % (args.command, e))
        return 2 if isinstance(e, UsageError) else 1
    except KeyboardInterrupt:
        return 130
    return 2


if __name__ == "__main__":
    sys.exit(main())
