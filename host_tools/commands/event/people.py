"""Players' names in an event: the full name up to 24 characters, and the short form the device shows.

The organiser registers real names ("María José Fernández"); the
device's screen holds MAX_NAME_CHARS (12) characters in its font. Each
player gets a short form the device can hold and draw: the name itself
when it fits, else the first names and the surname's initial ("María José
F."), else fewer first names ("María F."). Short forms are unique in the
event (capitals do not count): a clash takes more letters of the surname
("Ana Gó." and "Ana Ga."), then a number. "Full Name=Short" gives a short
form of the organiser's choosing.

Every name is checked before anything is registered, and every problem
is named in one message, not just the first.
"""

import unicodedata

from host_tools import UsageError

MAX_FULL_CHARS = 24


def split_given(text):
    """'Full Name=Short' -> ('Full Name', 'Short'); 'Ana' -> ('Ana', None). Both NFC and trimmed."""
    text = unicodedata.normalize("NFC", text)
    full, sep, short = text.partition("=")
    if not sep or not full.strip():
        # A name that starts with "=" is a name, not a short form.
        return text.strip(), None
    return full.strip(), short.strip()


def _full_problem(full):
    if not full:
        return "an empty name"
    if len(full) > MAX_FULL_CHARS:
        return "%r is longer than %d characters" % (full, MAX_FULL_CHARS)
    if any(unicodedata.category(c)[0] == "C" for c in full):
        return "%r has a control or invisible character" % full
    if "/" in full:
        return "%r has a '/', which joins the names of a pair; write it without '/'" % full
    return None


def _device_problem(short):
    """Why the device cannot show ``short`` (its own checks and font), or None."""
    from host_tools.support import playernames as devnames

    try:
        devnames.check([short])
    except UsageError as e:
        return str(e)
    return None


def _candidates(full):
    """Short forms for a full name, best first: the name, then first names with the surname's initial."""
    from tanteador.matchoptions import MAX_NAME_CHARS

    words = full.split()
    out = [full]
    if len(words) > 1:
        last = words[-1]
        for k in range(len(words) - 1, 0, -1):
            first = " ".join(words[:k])
            for n in range(1, len(last) + 1):
                out.append("%s %s." % (first, last[:n]))
        out.append(words[0])
    out.append(words[0][:MAX_NAME_CHARS] if words else full)
    return [c for c in out if len(c) <= MAX_NAME_CHARS]


def check(texts, taken=()):
    """[(full name, short form)] for the given names ('Full Name' or 'Full Name=Short');
    UsageError naming every name that cannot be used (too long, undrawable,
    twice in the list or registered already) and changing nothing.
    ``taken``: the (full, short) of the players registered already."""
    from tanteador.matchoptions import MAX_NAME_CHARS

    problems = []
    fulls = {f.casefold() for f, _ in taken}
    shorts = {s.casefold() for _, s in taken}
    out = []
    seen = set()
    for text in texts:
        full, given = split_given(text)
        why = _full_problem(full)
        if why is None and full.casefold() in seen:
            why = "%r is in the list twice" % full
        if why is None and full.casefold() in fulls:
            why = "%r is registered already" % full
        if why is not None:
            problems.append(why)
            continue
        seen.add(full.casefold())
        if given is not None:
            why = _device_problem(given)
            if why is None and given.casefold() in shorts:
                why = "the short form %r is another player's already" % given
            if why:
                problems.append("%s (the short form of %r)" % (why, full))
                continue
            short = given
        else:
            short = _pick(full, shorts, MAX_NAME_CHARS)
            if short is None:
                problems.append("%r has no short form the device can show (%s); give one as '%s=Short'"
                                % (full, _device_problem(_candidates(full)[-1]) or "all taken", full))
                continue
        shorts.add(short.casefold())
        out.append((full, short))
    if problems:
        raise UsageError("nothing registered: %d name%s cannot be used: %s" % (
            len(problems), "" if len(problems) == 1 else "s", "; ".join(problems)))
    return out


def _pick(full, shorts, width):
    """The first candidate short form the device can show and nobody has; numbered if all are taken."""
    usable = [c for c in _candidates(full) if _device_problem(c) is None]
    for c in usable:
        if c.casefold() not in shorts:
            return c
    if not usable:
        return None
    base = usable[-1]
    for n in range(2, 100):
        tail = str(n)
        c = base[:width - len(tail)] + tail
        if c.casefold() not in shorts and _device_problem(c) is None:
            return c
    return None
