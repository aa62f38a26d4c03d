"""`tanteador event serve`: the evening on the organiser's PC, for phones on its network.

Three pages, served by Starlette under uvicorn:

- ``/``: the phone page (host_tools/evening/scan.html): it scans a device's
  result code with the camera and posts it;
- ``/standings``: the standings for a wall screen, reloading itself;
- ``POST /result`` (``{"code": text}``): checks the code as `event enter`
  does and records it through the same function. The answer comes only
  once the result is committed to the event file, so a phone that got no
  answer (the PC died mid-post) posts again, and a code already recorded
  is answered "known": 40 tables posting at once are each recorded once.

The event file is put in SQLite's WAL mode, so the wall screen reads while
a result is written; the writes go one at a time (a lock), each its own
transaction. Nothing here changes the event but results with this event's
signature: there are no organiser actions to guard.
"""

import html
import os
import socket
import sys
import threading

from host_tools import UsageError, UserError

ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "evening")
JSQR = os.path.join(ASSETS, "node_modules", "jsqr", "dist", "jsQR.js")
# How often the wall screen reloads the standings, in seconds.
REFRESH = 10


def lan_address():
    """This PC's address on its network (the one a phone reaches), or 127.0.0.1 without one."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # No packet leaves: connecting a UDP socket only picks the outgoing interface.
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def app(path):
    """The Starlette application of the event file at ``path``."""
    from starlette.applications import Starlette
    from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
    from starlette.routing import Route

    from host_tools.commands.event import codes
    from host_tools.commands.event.store import Event

    lock = threading.Lock()

    def post_result(code):
        with lock:
            event = Event.open(path)
            try:
                return codes.record(event, codes.check(event, code), "scanned")
            finally:
                event.close()

    async def result(request):
        from starlette.concurrency import run_in_threadpool

        try:
            body = await request.json()
            code = body["code"]
            if not isinstance(code, str):
                raise TypeError(code)
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": 'post {"code": "..."}, the text of a result code'}, status_code=400)
        try:
            line = await run_in_threadpool(post_result, code)
        except UserError as e:
            return JSONResponse({"error": str(e)}, status_code=422)
        return JSONResponse({"line": line})

    async def scan(request):
        return FileResponse(os.path.join(ASSETS, "scan.html"), media_type="text/html")

    async def script(request):
        return FileResponse(os.path.join(ASSETS, "scan.js"), media_type="text/javascript")

    async def jsqr(request):
        if not os.path.isfile(JSQR):
            return PlainTextResponse("", status_code=404)
        return FileResponse(JSQR, media_type="text/javascript")

    async def standings(request):
        from starlette.concurrency import run_in_threadpool

        return HTMLResponse(await run_in_threadpool(wall, path))

    return Starlette(routes=[Route("/", scan), Route("/scan.js", script), Route("/jsQR.js", jsqr),
                             Route("/standings", standings), Route("/result", result, methods=["POST"])])


def wall(path):
    """The standings page for a wall screen: the table, reloading itself every REFRESH seconds."""
    from host_tools.commands.event import page, standings
    from host_tools.commands.event.store import Event

    event = Event.open(path)
    try:
        rows = standings.table(event)
        cols = page.columns(event)
        done = len([r for r in event.results() if r.pairing is not None])
        name = event.name
    finally:
        event.close()
    esc = html.escape
    head = "".join("<th>%s</th>" % esc(h) for h in ["#", "Entry"] + [c[0] for c in cols])
    body = "".join("<tr><td>%d</td><td>%s</td>%s</tr>" % (r.place, esc(r.label),
                                                       "".join("<td>%s</td>" % esc(f(r)) for _, f in cols))
                   for r in rows)
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"refresh\" content=\"%d\"><meta name=\"viewport\" content=\"width=device-width\">"
            "<title>%s: standings</title><style>body{font-family:sans-serif;font-size:2vw;background:#111;"
            "color:#eee}table{border-collapse:collapse;margin:auto}td,th{padding:.2em .8em;text-align:right}"
            "td:nth-child(2),th:nth-child(2){text-align:left}tr:nth-child(even){background:#222}</style></head>"
            "<body><h1>%s</h1><p id=\"results\">%d results in</p><table id=\"standings\"><tr>%s</tr>%s</table>"
            "</body></html>" % (REFRESH, esc(name), esc(name), done, head, body))


def main(event, args):
    """Serve the event until Ctrl-C; prints the addresses to open."""
    try:
        import uvicorn
    except ImportError:
        raise UserError("serving needs uvicorn and starlette (pip install -e . installs them)")
    if not 0 <= args.port <= 65535:
        raise UsageError("--port %d: give 0 to 65535 (0: any free port)" % args.port)
    if bool(args.cert) != bool(args.key):
        raise UsageError("give --cert and --key together")
    for f in (args.cert, args.key):
        if f and not os.path.isfile(f):
            raise UsageError("no file %s" % f)
    path = event.path
    # Kept in the file: the wall screen's reads never wait for a result being written.
    event.db.execute("PRAGMA journal_mode = WAL")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
        # Listening before the addresses are printed: a phone that comes at once waits in the backlog.
        sock.listen(128)
    except OSError as e:
        sock.close()
        raise UserError("cannot listen on %s port %d (%s)" % (args.host, args.port, e.strerror or e))
    port = sock.getsockname()[1]
    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    scheme = "https" if args.cert else "http"
    print("%s: listening on %s port %d" % (event.name, args.host, port))
    print("phones (same network): %s://%s:%d/" % (scheme, host, port))
    print("wall screen: %s://%s:%d/standings" % (scheme, host, port))
    if not args.cert:
        # Browsers lend the camera only to https pages (and to this PC's own).
        print("without --cert, phones type the code: their browsers give the camera to https pages only")
    if not os.path.isfile(JSQR):
        print("the phone page scans only where the browser reads QR codes itself (jsQR is not installed: "
              "npm ci --prefix %s)" % ASSETS)
    # The addresses are read before the first request, also through a pipe.
    sys.stdout.flush()
    config = uvicorn.Config(app(path), log_level="warning", lifespan="off", ssl_certfile=args.cert,
                            ssl_keyfile=args.key)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    return 0
