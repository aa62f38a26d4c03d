"""Talking to a MicroPython board through mpremote's transport (no serial code of our own).

Everything `flash`, `pull` and `names` do on the board goes through `Link`,
which needs only the transport methods mpremote itself uses (exec, eval and
the fs_* helpers built on them), so tests can put a fake board behind it.
"""

import ast
import errno
import os

from host_tools import UsageError, UserError

RPI_VID = 0x2E8A
MIN_VERSION = (1, 22, 0)
NO_BOARD = (
    "no board found. Plug the Pico in with a USB data cable (not a charge-only one) "
    "and try again, or name the port with --port (e.g. /dev/ttyACM0, COM3). "
    "A Pico that shows up as a drive called RPI-RP2 has no MicroPython yet: copy the "
    "RPI_PICO .uf2 from https://micropython.org/download/RPI_PICO/ onto that drive."
)
NOT_MICROPYTHON = (
    "the device on %s does not answer like MicroPython (%s). Is MicroPython installed "
    "(https://micropython.org/download/RPI_PICO/)? Is another program (Thonny, a serial "
    "terminal, another mpremote) holding the port? Close it, unplug and plug the board, retry."
)


def ports_found():
    """Device names of the serial ports this computer has now."""
    import serial.tools.list_ports

    return sorted(p.device for p in serial.tools.list_ports.comports())


def no_such_port(port):
    """The message for a --port that names no port of this computer."""
    found = ports_found()
    listed = ", ".join(found) if found else "none (is the Pico plugged in with a USB data cable?)"
    return "there is no port %s; ports found: %s. Leave out --port to use the first board found" % (port, listed)


def find_port():
    """The serial port of the first USB board, Raspberry Pi boards first."""
    import serial.tools.list_ports

    ports = [p for p in serial.tools.list_ports.comports() if p.vid is not None and p.pid is not None]
    ports.sort(key=lambda p: (p.vid != RPI_VID, p.device))
    if not ports:
        raise UserError(NO_BOARD)
    return ports[0].device


def make_transport(port):
    """An mpremote SerialTransport on `port` in the raw REPL (this interrupts the running app)."""
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    try:
        t = SerialTransport(port, baudrate=115200)
    except TransportError as e:
        msg = str(e.args[0] if e.args else e)
        if "failed to access" in msg:
            if not os.path.exists(port) and port not in ports_found():
                raise UsageError(no_such_port(port))
            raise UserError("cannot open %s (%s); another program may be using it" % (port, msg))
        raise UserError(NO_BOARD + " (%s)" % msg)
    try:
        t.enter_raw_repl(soft_reset=True)
    except TransportError as e:
        t.close()
        raise UserError(NOT_MICROPYTHON % (port, e))
    return t


def connect(port=None):
    """A Link to the board on `port` (found automatically when None)."""
    if port is None:
        port = find_port()
    return Link(make_transport(port), port)


_INFO = (
    "import sys,os\n"
    "print(repr((sys.implementation.name,tuple(sys.implementation.version[:3]),"
    "getattr(sys.implementation,'_mpy',0),sys.platform,os.uname().machine)))"
)

_HASHES = """import os,hashlib,binascii
def _h(p):
 h=hashlib.sha256()
 b=bytearray(256)
 s=0
 f=open(p,'rb')
 while True:
  n=f.readinto(b)
  if not n:break
  h.update(b[:n])
  s+=n
 f.close()
 return (binascii.hexlify(h.digest()).decode(),s)
def _w(d,o):
 try:
  es=list(os.ilistdir(d))
 except OSError:
  return
 for e in es:
  p=(d if d!='/' else '')+'/'+e[0]
  if e[1]&0x4000:_w(p,o)
  else:o[p]=_h(p)
_o={}
for _d in %r:_w(_d,_o)
for _f in %r:
 try:
  _o[_f]=_h(_f)
 except OSError:
  pass
print(repr(_o))
"""

_FREE = "import os\n_s=os.statvfs('/')\nprint(_s[0]*_s[3])"

# Looks for the package among the firmware's frozen modules only: a copy on
# the filesystem would otherwise be found first.
_FROZEN = """import sys
_p=sys.path[:]
sys.path[:]=['.frozen']
try:
 import tanteador
 _v=tanteador.VERSION
except ImportError:
 _v=None
finally:
 sys.path[:]=_p
 sys.modules.pop('tanteador',None)
print(repr(_v))
"""

# The Tanteador the board imports (frozen or on its filesystem), as main.py would.
_VERSION = """try:
 import tanteador
 print(repr(tanteador.VERSION))
except ImportError:
 print(None)
"""

_HEAP = "import gc\ngc.collect()\nprint(gc.mem_free())"

# Empty folders of a tree, deepest first (its files are already gone).
_RMDIRS = """import os
def _r(d):
 try:
  es=list(os.ilistdir(d))
 except OSError:
  return
 for e in es:
  if e[1]&0x4000:_r(d+'/'+e[0])
 os.rmdir(d)
_r(%r)
"""

# The ended matches an earlier firmware kept beside the save, moved into their
# folder as the firmware's next match end would (tanteador.storeops.archive):
# a rename each, a number the folder holds taken by the next free one. At
# most GATHER_AT_ONCE a call, well inside the transport's timeout on a slow
# board. Prints (moved, how many are left, None or the errno that stopped it).
_GATHER = """import os
def _n(n):
 if len(n)>6 and n[0]=='h' and n[-5:]=='.json' and n[1:-5].isdigit():return int(n[1:-5])
def _g(tt,h,most):
 k=0
 try:
  old=[n for n in os.listdir(tt) if _n(n) is not None]
 except OSError:
  return (0,0,None)
 if not old:return (0,0,None)
 try:
  try:os.mkdir(tt+'/'+h)
  except OSError:pass
  have=[_n(n) for n in os.listdir(tt+'/'+h) if _n(n) is not None]
  for n in old[:most]:
   m=_n(n)
   if m in have:m=max(have)+1
   os.rename(tt+'/'+n,tt+'/'+h+'/h%%04d.json'%%m)
   have.append(m)
   k+=1
 except OSError as e:
  return (k,len(old)-k,e.args[0])
 return (k,len(old)-k,None)
print(repr(_g(%r,%r,%d)))
"""
GATHER_AT_ONCE = 8


class Link:
    """A board in the raw REPL, seen through an mpremote transport."""

    def __init__(self, transport, port="board"):
        self.t = transport
        self.port = port

    def _run(self, code):
        from mpremote.transport import TransportError

        try:
            return self.t.exec(code)
        except TransportError as e:
            raise UserError("the board on %s reported an error:\n%s" % (self.port, _last_line(e)))

    def _value(self, code):
        out = self._run(code)
        if isinstance(out, (bytes, bytearray)):
            out = out.decode("utf-8", "replace")
        try:
            return ast.literal_eval(out.strip())
        except (ValueError, SyntaxError):
            raise UserError("unexpected answer from the board on %s: %r" % (self.port, out[:200]))

    def info(self):
        """dict: name, version (tuple), mpy (int or 0), platform, machine."""
        name, version, mpy, platform, machine = self._value(_INFO)
        return {"name": name, "version": tuple(version), "mpy": mpy, "platform": platform, "machine": machine}

    def check(self):
        """info() after checking that this is a MicroPython recent enough for the firmware."""
        info = self.info()
        if info["name"] != "micropython":
            raise UserError(NOT_MICROPYTHON % (self.port, "it runs %s" % info["name"]))
        if info["version"] < MIN_VERSION:
            raise UserError(
                "the board runs MicroPython %s; Tanteador needs %s or newer. Update it: hold BOOTSEL "
                "while plugging it in and copy the new .uf2 from https://micropython.org/download/RPI_PICO/ "
                "(the saved match in /tt/ is kept)." % (vstr(info["version"]), vstr(MIN_VERSION))
            )
        return info

    def hashes(self, dirs=(), files=()):
        """{board path: (sha256 hex, size)} of every file under `dirs` and of the `files` that exist."""
        return self._value(_HASHES % (list(dirs), list(files)))

    def free(self):
        """Free bytes on the board's filesystem."""
        return self._value(_FREE)

    def frozen_version(self):
        """VERSION of a Tanteador frozen into the board's firmware, or None."""
        return self._value(_FROZEN)

    def firmware_version(self):
        """VERSION of the Tanteador the board runs (frozen in or copied), or None."""
        return self._value(_VERSION)

    def heap_free(self):
        """Free heap in bytes after a collection (right after soft_reset: what a program starts with)."""
        return self._value(_HEAP)

    def soft_reset(self):
        """Restart MicroPython in the raw REPL: an empty heap, no module loaded, main.py not run."""
        from mpremote.transport import TransportError

        try:
            self.t.enter_raw_repl(soft_reset=True)
        except TransportError as e:
            raise UserError(NOT_MICROPYTHON % (self.port, e))

    def stream(self, code, on_line, quiet_s=60):
        """Run ``code`` on the board, calling ``on_line(text)`` for each line it prints, as it comes.

        UserError with the board's last error line if the code raised, or if
        the board said nothing for ``quiet_s`` seconds.
        """
        from mpremote.transport import TransportError

        pending = bytearray()

        def consume(data):
            # The end of the output (0x04) comes through here too.
            pending.extend(data.replace(b"\x04", b""))
            while b"\n" in pending:
                i = pending.index(b"\n")
                line = bytes(pending[:i]).decode("utf-8", "replace").rstrip("\r")
                del pending[:i + 1]
                on_line(line)

        try:
            self.t.exec_raw_no_follow(code)
            _, err = self.t.follow(quiet_s, consume)
        except TransportError as e:
            raise UserError("the board on %s stopped answering: %s" % (self.port, e))
        if pending:
            on_line(bytes(pending).decode("utf-8", "replace"))
        if err:
            raise UserError("the board on %s reported an error:\n%s"
                            % (self.port, _last_line(err.decode("utf-8", "replace"))))

    def listdir(self, path):
        """Names in a folder of the board; [] when it does not exist."""
        try:
            return [e.name for e in self.t.fs_listdir(path)]
        except OSError:
            return []

    def exists(self, path):
        return self.t.fs_exists(path)

    def read(self, path):
        try:
            return bytes(self.t.fs_readfile(path))
        except OSError as e:
            raise UserError("cannot read %s from the board: %s" % (path, _oserr(e)))

    def write(self, path, data):
        try:
            self.t.fs_writefile(path, data)
        except OSError as e:
            if e.errno == errno.ENOSPC:
                raise UserError(
                    "the board's flash is full while writing %s. Free some space (e.g. "
                    "`mpremote fs ls :` and `mpremote fs rm :FILE` for files that are not "
                    "Tanteador's) and run the command again." % path
                )
            raise UserError("cannot write %s on the board: %s" % (path, _oserr(e)))

    def mkdir(self, path):
        if not self.t.fs_isdir(path):
            try:
                self.t.fs_mkdir(path)
            except OSError as e:
                raise UserError("cannot create %s on the board: %s" % (path, _oserr(e)))

    def rename(self, a, b):
        self._run("import os\nos.rename(%r,%r)" % (a, b))

    def remove(self, path):
        try:
            self.t.fs_rmfile(path)
        except OSError as e:
            raise UserError("cannot remove %s on the board: %s" % (path, _oserr(e)))

    def remove_dirs(self, path):
        """Remove the folder ``path`` and the empty folders in it (nothing if it does not exist)."""
        self._run(_RMDIRS % path)

    def gather_ended(self, tt, folder):
        """Move the ended matches ``hNNNN.json`` of ``tt`` into ``tt/folder``
        -> (how many moved, None or the errno that stopped the rest)."""
        moved = 0
        while True:
            k, left, err = self._value(_GATHER % (tt, folder, GATHER_AT_ONCE))
            moved += k
            if err is not None or not left:
                return moved, err

    def reset(self):
        """Hard reset: the board restarts and runs main.py."""
        self.t.exec_raw_no_follow("import machine\nmachine.reset()")

    def close(self):
        try:
            if getattr(self.t, "in_raw_repl", False):
                self.t.exit_raw_repl()
        finally:
            self.t.close()


def vstr(v):
    return ".".join(str(x) for x in v)


def _oserr(e):
    if e.errno is not None:
        return errno.errorcode.get(e.errno, str(e.errno))
    return str(e)


def _last_line(e):
    text = getattr(e, "error_output", None) or str(e)
    lines = [l for l in str(text).strip().splitlines() if l.strip()]
    return lines[-1] if lines else "unknown error"
