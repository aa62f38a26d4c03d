"""A fake MicroPython board at mpremote's transport boundary.

It subclasses mpremote's Transport, so mpremote's own fs_* helpers (and
mip) run unchanged on top of it: only exec/eval are faked. The code sent to
the board really runs (in CPython), with `os`, `sys`, `open` and `machine`
replaced by versions that act on a folder standing for the board's flash.
"""

import builtins
import errno
import io
import os
import traceback
import types

from mpremote.transport import Transport, TransportExecError

# sys.implementation._mpy of an RP2040 on MicroPython 1.23+: .mpy v6.3, armv6m
MPY_63 = 6 | (3 << 8) | (4 << 10)
MPY_62 = 6 | (2 << 8) | (4 << 10)


class _Impl:
    def __init__(self, name, version, mpy):
        self.name = name
        self.version = version
        if mpy is not None:
            self._mpy = mpy


class _Uname:
    sysname = "rp2"
    machine = "Raspberry Pi Pico with RP2040"


class FakeBoard(Transport):
    """A board whose flash is the folder `root`; `capacity` bytes of flash in all."""

    def __init__(self, root, version=(1, 24, 1, ""), mpy=MPY_63, name="micropython", capacity=1_400_000):
        self.root = str(root)
        os.makedirs(self.root, exist_ok=True)
        self.capacity = capacity
        self.impl = _Impl(name, version, mpy)
        self.resets = 0
        self.closed = False
        self.in_raw_repl = True
        self.execs = []
        self.ns = {}
        self.frozen = None   # VERSION of a Tanteador frozen into the firmware
        self._modules = {"os": self._os_module(), "sys": self._sys_module(), "machine": self._machine()}

    # --- the board's filesystem -------------------------------------------------
    def host(self, path):
        p = path if path.startswith("/") else "/" + path
        parts = [x for x in p.split("/") if x and x != "."]
        if ".." in parts:
            raise OSError(errno.EINVAL, "EINVAL")
        return os.path.join(self.root, *parts)

    def used(self):
        total = 0
        for d, _, files in os.walk(self.root):
            for f in files:
                total += os.path.getsize(os.path.join(d, f))
        return total

    def files(self):
        """{board path: bytes} of every file on the fake flash."""
        out = {}
        for d, _, files in os.walk(self.root):
            for f in files:
                full = os.path.join(d, f)
                rel = "/" + os.path.relpath(full, self.root).replace(os.sep, "/")
                with open(full, "rb") as fh:
                    out[rel] = fh.read()
        return out

    def put(self, path, data):
        full = self.host(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))

    def _open(self, path, mode="r", *a, **kw):
        board = self
        full = self.host(path)
        if not any(c in mode for c in "wa+"):
            if not os.path.isfile(full):
                raise OSError(errno.ENOENT, "ENOENT")
            return open(full, mode)
        if not os.path.isdir(os.path.dirname(full)):
            raise OSError(errno.ENOENT, "ENOENT")
        f = open(full, mode)
        real_write = f.write

        def write(data):
            if board.used() + len(data) > board.capacity:
                raise OSError(errno.ENOSPC, "ENOSPC")
            n = real_write(data)
            f.flush()
            return n

        f.write = write
        return f

    def _os_module(self):
        board = self

        class FakeOS:
            @staticmethod
            def ilistdir(d=""):
                full = board.host(d or "/")
                if not os.path.isdir(full):
                    raise OSError(errno.ENOENT, "ENOENT")
                for name in sorted(os.listdir(full)):
                    p = os.path.join(full, name)
                    if os.path.isdir(p):
                        yield (name, 0x4000, 0, 0)
                    else:
                        yield (name, 0x8000, 0, os.path.getsize(p))

            @staticmethod
            def listdir(d=""):
                return [e[0] for e in FakeOS.ilistdir(d)]

            @staticmethod
            def stat(p):
                full = board.host(p)
                if os.path.isdir(full):
                    return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                if os.path.isfile(full):
                    return (0x8000, 0, 0, 0, 0, 0, os.path.getsize(full), 0, 0, 0)
                raise OSError(errno.ENOENT, "ENOENT")

            @staticmethod
            def mkdir(p):
                full = board.host(p)
                if os.path.exists(full):
                    raise OSError(errno.EEXIST, "EEXIST")
                os.mkdir(full)

            @staticmethod
            def remove(p):
                full = board.host(p)
                if not os.path.isfile(full):
                    raise OSError(errno.ENOENT, "ENOENT")
                os.remove(full)

            @staticmethod
            def rmdir(p):
                os.rmdir(board.host(p))

            @staticmethod
            def rename(a, b):
                if not os.path.exists(board.host(a)):
                    raise OSError(errno.ENOENT, "ENOENT")
                os.replace(board.host(a), board.host(b))

            @staticmethod
            def statvfs(p):
                free = max(0, board.capacity - board.used()) // 4096
                return (4096, 4096, board.capacity // 4096, free, free, 0, 0, 0, 0, 255)

            @staticmethod
            def uname():
                return _Uname()

        return FakeOS

    def _sys_module(self):
        board = self

        class FakeSys:
            implementation = board.impl
            platform = "rp2"
            path = ["", ".frozen", "/lib"]
            modules = {}

        return FakeSys

    def _machine(self):
        class FakeMachine:
            @staticmethod
            def reset():
                raise AssertionError("reset through exec would hang a real link")

        return FakeMachine

    # --- the transport ----------------------------------------------------------
    def exec(self, command, data_consumer=None):
        if isinstance(command, (bytes, bytearray)):
            command = command.decode()
        self.execs.append(command)
        out = io.StringIO()
        modules = self._modules

        def fake_import(name, *a, **kw):
            if name in modules:
                return modules[name]
            if name == "tanteador":
                # Only a frozen package is modelled: never the PC's own copy.
                if self.frozen is not None and ".frozen" in modules["sys"].path:
                    return types.SimpleNamespace(VERSION=self.frozen)
                raise ImportError("no module named 'tanteador'")
            return builtins.__import__(name, *a, **kw)

        def fake_print(*args, sep=" ", end="\n", **kw):
            out.write(sep.join(str(x) for x in args) + end)

        b = dict(vars(builtins))
        b.update(__import__=fake_import, print=fake_print, open=self._open)
        self.ns["__builtins__"] = b
        try:
            exec(compile(command, "<stdin>", "exec"), self.ns)
        except OSError as e:
            name = errno.errorcode.get(e.errno, str(e.errno))
            raise TransportExecError(1, "Traceback (most recent call last):\nOSError: [Errno %d] %s\n" % (e.errno, name))
        except Exception as e:
            tb = traceback.format_exception_only(type(e), e)[-1]
            raise TransportExecError(1, "Traceback (most recent call last):\n" + tb)
        data = out.getvalue().encode()
        if data_consumer:
            data_consumer(data)
            return b""
        return data

    def eval(self, expression, parse=True):
        import ast

        ret = self.exec("print(repr({}))".format(expression)).strip()
        return ast.literal_eval(ret.decode()) if parse else ret

    def exec_raw_no_follow(self, command):
        if "machine.reset()" in command:
            self.resets += 1
            self.in_raw_repl = False
        else:
            self.exec(command)

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        self.in_raw_repl = True

    def exit_raw_repl(self):
        self.in_raw_repl = False

    def close(self):
        self.closed = True
