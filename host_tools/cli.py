"""The `tanteador` command: sim, screens, flash, uf2, pull, names, web, event, bench, from one table."""

import argparse
import importlib
import sys

from host_tools import VERSION, UsageError, UserError, firmware_paths


def _sim_args(sub):
    """`tanteador sim`'s arguments."""
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


def _screens_args(sub):
    """`tanteador screens`'s arguments."""
    g = sub.add_parser("screens", help="render every screen in every language to PNG")
    g.add_argument("dir", metavar="DIR", help="folder to write into: DIR/<lang>/ for each language, or DIR itself "
                   "for a single --lang")
    g.add_argument("--scale", type=int, default=4, metavar="N")
    g.add_argument("--lang", metavar="CODES", help="only these languages, e.g. en,es")


def _flash_args(sub):
    """`tanteador flash`'s arguments."""
    f = sub.add_parser("flash", help="put the firmware on a connected Pico (MicroPython)")
    f.add_argument("--port", metavar="P", help="serial port (default: the first board found)")
    f.add_argument("--no-mip", action="store_true", help="do not install the ssd1306 driver with mip")
    f.add_argument("--py", action="store_true", help="copy .py sources even if the board reads .mpy")
    f.add_argument("--no-reset", action="store_true", help="leave the board in the REPL afterwards")
    fb = f.add_mutually_exclusive_group()
    fb.add_argument("--board", metavar="FILE",
                    help="board file for a device wired otherwise (hardware/boards/); kept on later flashes")
    fb.add_argument("--default-board", action="store_true", help="remove the board file: the default wiring")



def _uf2_args(sub):
    """`tanteador uf2`'s arguments."""
    m = sub.add_parser("uf2", help="one .uf2 to drag onto a Pico: MicroPython with Tanteador's files in it",
                       description="Write one .uf2 from the MicroPython .uf2 downloaded for the board: that "
                                   "firmware and a filesystem holding the app as `tanteador flash` installs it. "
                                   "Dragged onto the RPI-RP2 drive it rewrites the whole filesystem: the saved "
                                   "match, the device's settings, the ended matches and the names list are "
                                   "lost (`tanteador pull` first; `tanteador flash` updates keep them). "
                                   "For the Raspberry Pi Pico (RP2040, MicroPython's RPI_PICO build).")
    m.add_argument("--micropython", metavar="FILE", required=True,
                   help="the MicroPython .uf2 for the board (RPI_PICO), as downloaded")
    m.add_argument("-o", "--output", metavar="FILE", default="tanteador.uf2",
                   help="the .uf2 to write (default: %(default)s)")
    m.add_argument("--board", metavar="FILE", help="board file for a device wired otherwise (hardware/boards/)")
    m.add_argument("--driver", metavar="FILE",
                   help="micropython-lib's ssd1306.py, given by hand (default: the pinned version, "
                        "fetched once and kept)")


def _pull_args(sub):
    """`tanteador pull`'s arguments."""
    u = sub.add_parser("pull", help="copy the match history off the board; export CSV, JSON, PNG charts")
    u.add_argument("--port", metavar="P")
    u.add_argument("--out", metavar="DIR", default="tanteador-data", help="where to put it (default: %(default)s)")
    u.add_argument("--from-dir", metavar="DIR", help="read a flash folder (e.g. the simulator's) instead of a board")


def _names_args(sub):
    """`tanteador names`'s arguments."""
    n = sub.add_parser("names", help="set the player names the device offers")
    n.add_argument("names", metavar="NAMES", help="comma-separated, e.g. 'Ana,Luis,Mª José' ('' clears the list)")
    n.add_argument("--port", metavar="P")
    n.add_argument("--flash", metavar="DIR", help="write into a flash folder (e.g. the simulator's) instead of a board")


def _web_args(sub):
    """`tanteador web`'s arguments."""
    w = sub.add_parser("web", help="the device as a web page: serve it here, or write it as a static folder",
                       description="Serve the device as a web page on this machine (the address is printed), "
                                   "or write it as a static folder for any web host.")
    w.add_argument("--build", metavar="DIR", help="write the page into DIR instead of serving it")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    w.add_argument("--port", type=int, default=8000, help="port (default: %(default)s; 0 picks a free one)")


def _event_args(sub):
    """`tanteador event` in the list of commands: it parses its own words."""
    sub.add_parser("event", help="a club evening or a tournament: pairings, pushes, results, standings",
                   add_help=False).add_argument("rest", nargs=argparse.REMAINDER)


def _bench_args(sub):
    """`tanteador bench` in the list of commands: it parses its own words."""
    b = sub.add_parser("bench", help="measure speed and memory on this PC (MicroPython unix and WebAssembly ports), "
                                        "or on a board with --port",
                       add_help=False)
    b.add_argument("rest", nargs=argparse.REMAINDER)


# The subcommands, in the order --help lists them: the name, the module
# under host_tools.commands whose ``main`` runs it, what adds its arguments,
# and whether that ``main`` takes the parsed arguments or, for the commands
# that parse their own words (options grouped in subcommands), the words
# after the name.
COMMANDS = (
    ("sim", "sim", _sim_args, True),
    ("screens", "screens", _screens_args, True),
    ("flash", "flash", _flash_args, True),
    ("uf2", "uf2", _uf2_args, True),
    ("pull", "pull", _pull_args, True),
    ("names", "names", _names_args, True),
    ("web", "web", _web_args, True),
    ("event", "event.cli", _event_args, False),
    ("bench", "bench", _bench_args, False),
)
# name: (module, takes parsed arguments)
MODULES = {name: (module, parsed) for name, module, _, parsed in COMMANDS}


def _parser():
    p = argparse.ArgumentParser(
        prog="tanteador",
        description="Tanteador, a Brisca and Briscola scorekeeper: simulator and device tools.",
    )
    p.add_argument("--version", action="version", version="tanteador " + VERSION)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for _, _, add_arguments, _ in COMMANDS:
        add_arguments(sub)
    return p


def _command(module):
    """The module under host_tools.commands that runs a subcommand, imported when it is asked for."""
    return importlib.import_module("host_tools.commands." + module)


def main(argv=None):
    """Console entry point; returns the exit status.

    The firmware and the stand-ins go on sys.path here, once, for every
    command: each of them runs the firmware's own code.
    """
    if argv is None:
        argv = sys.argv[1:]
    argv = list(argv)
    if argv and argv[0] in MODULES and not MODULES[argv[0]][1]:
        try:
            firmware_paths()
        except UserError as e:
            return _say(argv[0], e)
        return _command(MODULES[argv[0]][0]).main(argv[1:]) or 0
    args = _parser().parse_args(argv)
    try:
        firmware_paths()
        return _command(MODULES[args.command][0]).main(args)
    except UserError as e:
        return _say(args.command, e)
    except KeyboardInterrupt:
        return 130


def _say(command, e):
    """Print a UserError as one line; its exit status."""
    sys.stderr.write("tanteador %s: %s\n" % (command, e))
    return 2 if isinstance(e, UsageError) else 1


if __name__ == "__main__":
    sys.exit(main())
