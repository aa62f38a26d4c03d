"""The ended matches a device keeps, in a folder of their own (``h/hNNNN.json``).

Written at a match's end, and read by ``tanteador pull`` on the PC; the
app imports this module for the match end and unloads it again (see
``heap``). The functions take the ``Store`` as their first argument and use
only the public side of ``store`` and ``storeops``.
"""

from tanteador import storeops
from tanteador.store import ARCH, ARCH_KEEP, ARCH_TMP, TextOut, dump, io_code

# The temporary archive file of an earlier firmware, beside the save.
_OLD_TMP = "h.tmp"


def keep(st, match_doc):
    """Keep a finished match (``match_doc``: its document, or ``matchdoc.Live``)
    in Store ``st`` as ``h/hNNNN.json`` -> None or ``'full'``/``'io'``.

    Archiving the same document twice in a row writes it once, so the
    app may archive again after a restart without making duplicates.
    """
    nums, problem = _gather(st)
    if problem is not None:
        return problem
    if nums and _same(st, _arch(nums[-1]), match_doc):
        return None
    n = nums[-1] + 1 if nums else 1
    problem = st.write_atomic(ARCH_TMP, _arch(n), match_doc)
    if problem is None:
        nums.append(n)
        while len(nums) > ARCH_KEEP:
            st.discard(_arch(nums.pop(0)))
    return problem


def _gather(st):
    """Make the archive's folder, and move into it the matches an earlier
    firmware kept beside the save -> (sorted numbers of the archive, None),
    or ([], ``'full'``/``'io'``).

    Each move is one rename, whole or not done: a cut leaves every match in
    one folder or the other, and the next match end moves the rest. A match
    whose number the folder holds already takes the next free one: a move
    never replaces a file. A file in the folder's place is set aside first
    (``set_aside``)."""
    fs = st.fs
    try:
        try:
            fs.makedir(ARCH)
        except OSError:
            storeops.set_aside(st, ARCH)
            fs.makedir(ARCH)
        nums = storeops.numbers(st, _is_arch, ARCH)
        for name in fs.listdir():
            n = _is_arch(name)
            if n is not None:
                if n in nums:
                    n = nums[-1] + 1
                fs.rename(name, _arch(n))
                nums.append(n)
                nums.sort()
            elif name == _OLD_TMP:
                st.discard(name)
    except OSError as e:
        return [], io_code(e)
    return nums, None


def _same(st, name, doc):
    """True if file ``name`` holds exactly the JSON text of ``doc``."""
    try:
        f = st.fs.open(name, "rb")
        try:
            cmp = TextOut(f, True)
            dump(doc, cmp)
            cmp.flush()
            return cmp.same and not f.read(1)
        finally:
            f.close()
    except OSError:
        return False


def _arch(n):
    return ARCH + "/h%04d.json" % n


def _is_arch(name):
    if len(name) > 6 and name[0] == "h" and name[-5:] == ".json":
        return storeops.digits(name[1:-5])
    return None
