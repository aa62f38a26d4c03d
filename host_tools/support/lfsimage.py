"""A littlefs filesystem image, as MicroPython's rp2 port mounts it, built with littlefs-python."""

import littlefs

# The on-disk version every littlefs 2 reads: MicroPython releases before
# littlefs 2.6 cannot mount an image written in 2.1.
DISK_VERSION = 0x00020000


def _fs(board, buffer=None):
    context = littlefs.UserContext(board.fs_size) if buffer is None else littlefs.UserContext(buffer=buffer)
    return littlefs.LittleFS(context=context, mount=False, disk_version=DISK_VERSION, **board.lfs)


def make(files, board):
    """bytes of ``board``'s whole filesystem region holding ``files`` ({"/a/b.py": bytes}).

    Folders are made and files written in sorted order, and littlefs keeps
    no time: the same files give the same bytes. Files that do not fit
    raise littlefs.LittleFSError.
    """
    fs = _fs(board)
    fs.format()
    fs.mount()
    for path in sorted(files):
        parent = path.rsplit("/", 1)[0]
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    fs.unmount()
    return bytes(fs.context.buffer)
