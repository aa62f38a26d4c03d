"""Checks on the folders a command writes into, made before anything is written.

A folder given on the command line must be a folder (a file there is a
usage error) that exists or can be created, and that can be written: a
job that would fail half-way is refused before it starts.
"""

import errno
import os
import tempfile

from host_tools import UsageError, UserError


def _reason(e):
    return os.strerror(e.errno) if e.errno else str(e)


def check_writable(path, option):
    """Raise unless ``path`` is, or can become, a folder this user can write in.

    Nothing is created: the nearest existing folder is probed with a
    temporary file that vanishes at once. ``option`` names the argument in
    the message (e.g. ``--out``).
    """
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError("%s %s is a file, not a folder; give a folder (it is created if missing)" % (option, path))
    probe = os.path.abspath(path)
    while not os.path.exists(probe):
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    if not os.path.isdir(probe):
        raise UserError("cannot create the folder %s for %s: %s is a file; give another folder"
                        % (path, option, probe))
    try:
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as e:
        verb = "write in" if probe == os.path.abspath(path) else "create the folder %s in" % path
        if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise UserError("cannot %s %s (%s); give a folder you can write with %s"
                            % (verb, probe, _reason(e), option))
        raise UserError("cannot %s %s (%s)" % (verb, probe, _reason(e)))
