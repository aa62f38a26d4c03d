"""The device as a web page, on MicroPython's WebAssembly port: built as a folder, or served.

`tanteador web` serves or builds it; the webshots generator photographs it.
The page (host_tools/web/) runs the firmware files as they are, with
``webboard`` in place of the Pico's board module. ``build`` writes it as a
static folder: the page's files, the firmware and the board module bundled
into one JSON file, the pinned port's two files (from the npm package in
host_tools/wasm, the one the tests run under Node.js), two PNG icons and the
service worker with the list of everything it keeps for offline use.
``serve`` builds into a temporary folder and serves it on this machine.
"""

import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import tempfile
import threading

from host_tools import DEVICE, FIRMWARE, ROOT, UserError
from host_tools.support import wasmport

PAGE = os.path.join(ROOT, "host_tools", "web")
STATIC = ("index.html", "style.css", "page.js", "flash.js", "zip.js", "manifest.webmanifest", "icon.svg")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


def firmware_bundle():
    """{path on the port's sys.path: source} of the firmware package and the web board with its base."""
    files = {}
    base = os.path.join(FIRMWARE, "tanteador")
    for folder, dirs, names in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                rel = os.path.relpath(full, FIRMWARE).replace(os.sep, "/")
                with open(full, encoding="utf-8") as f:
                    files[rel] = f.read()
    for folder, name in ((PAGE, "webboard.py"), (DEVICE, "pcboard.py")):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            files[name] = f.read()
    return {"files": files}


def _icon(size, dest):
    """A PNG icon for home screens that take no SVG: the glass and a lit bar on the case."""
    from PIL import Image, ImageDraw

    from host_tools.support import render

    img = Image.new("RGB", (size, size), (42, 46, 54))
    d = ImageDraw.Draw(img)
    u = size // 8
    d.rounded_rectangle((u, 2 * u, size - u, 5 * u), radius=u // 3, fill=render.OFF)
    d.rectangle((2 * u, 3 * u + u // 3, size - 2 * u, 4 * u - u // 3), fill=render.ON)
    img.save(dest, "PNG")


def _port_dir():
    """The pinned WebAssembly port's folder; a clear message when npm has not installed it."""
    folder = os.path.dirname(wasmport.PACKAGE)
    if not all(os.path.exists(os.path.join(folder, f)) for f in PORT_FILES):
        raise UserError(wasmport.INSTALL_HINT)
    return folder


def build(dest):
    """Write the page as a static folder ``dest`` (created or refreshed); returns ``dest``."""
    port = _port_dir()
    try:
        _write(dest, port)
    except OSError as e:
        raise UserError("cannot write the page to %s: %s" % (dest, e.strerror or e))
    return dest


def _write(dest, port):
    os.makedirs(os.path.join(dest, "mp"), exist_ok=True)
    for name in STATIC:
        shutil.copyfile(os.path.join(PAGE, name), os.path.join(dest, name))
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(port, name), os.path.join(dest, "mp", name))
    with open(os.path.join(dest, "firmware.json"), "w", encoding="utf-8") as f:
        json.dump(firmware_bundle(), f, sort_keys=True)
    for size in (192, 512):
        _icon(size, os.path.join(dest, "icon-%d.png" % size))
    files = ["./"] + list(STATIC) + ["mp/" + n for n in PORT_FILES] + \
        ["firmware.json", "icon-192.png", "icon-512.png"]
    digest = hashlib.sha256()
    for name in files[1:]:
        with open(os.path.join(dest, name), "rb") as f:
            digest.update(f.read())
    with open(os.path.join(PAGE, "sw.js"), encoding="utf-8") as f:
        worker = f.read()
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(files))
    with open(os.path.join(dest, "sw.js"), "w", encoding="utf-8") as f:
        f.write(worker)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a module script, a manifest and WebAssembly need; quiet."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        # The service worker decides what is cached; the browser's own cache stays out of it.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        """No line per request."""


def server(folder, host="127.0.0.1", port=0):
    """An HTTP server of ``folder`` (not started); port 0 picks a free one."""
    handler = functools.partial(_Handler, directory=folder)
    try:
        return http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as e:
        raise UserError("cannot listen on %s:%d: %s" % (host, port, e.strerror))


@contextlib.contextmanager
def temporary_site(host="127.0.0.1", port=0):
    """The page built into a temporary folder, served from a thread while the block runs; the server."""
    with tempfile.TemporaryDirectory(prefix="tanteador-web-") as folder:
        build(folder)
        httpd = server(folder, host, port)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield httpd
        finally:
            httpd.shutdown()
            httpd.server_close()
