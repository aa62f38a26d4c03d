"""What the tests of `tanteador event serve` share: the server as a process, posts, signed codes."""

import json
import os
import signal
import subprocess
import sys
import types
import urllib.error
import urllib.request

from host_tools.commands.event import push
from tanteador import resultcode

from event_helpers import event_of

START = "import sys; from host_tools.cli import main; sys.exit(main(sys.argv[1:]))"


class Server:
    """`tanteador event serve FILE` on this machine's loopback, a free port; ``url`` once it listens."""

    def __init__(self, path, port=0):
        self.proc = subprocess.Popen([sys.executable, "-c", START, "event", "serve", str(path), "--host",
                                      "127.0.0.1", "--port", str(port)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        for line in self.proc.stdout:
            self.lines.append(line)
            if line.startswith("phones"):
                self.url = line.split(": ", 1)[1].strip()
                self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
                break
        else:
            raise AssertionError("the server did not start: %s" % self.proc.stderr.read())

    def kill(self):
        """SIGKILL: no chance to finish anything."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc.stdout.close()
        self.proc.stderr.close()


def post(url, code, timeout=30):
    """POST a code to the server: (HTTP status, the answer's JSON)."""
    req = urllib.request.Request(url + "result", data=json.dumps({"code": code}).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


def device_code(path, rnd, tbl, won, points):
    """The QR text a device shows for a table it finished with ``won`` hands and
    ``points``: the firmware's own function over the key `event push` gives it."""
    ev = event_of(path)
    try:
        p = ev.pairing_at(rnd, tbl)
        doc = push.document(ev, p)
    finally:
        ev.close()
    winner = 0 if won[0] > won[1] else 1 if won[1] > won[0] else None
    m = types.SimpleNamespace(event=tuple(doc["ev"]), sign=doc["sk"], nsides=2, won=list(won), totals=list(points),
                              winner=winner)
    return resultcode.qr_text(m)
