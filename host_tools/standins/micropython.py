"""CPython stand-in for MicroPython's ``micropython`` module (only ``const``)."""


def const(value):
    """Return ``value``; on MicroPython ``const`` folds it in at compile time."""
    return value
