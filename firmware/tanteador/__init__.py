"""Tanteador: a Brisca and Briscola scorekeeper for MicroPython and CPython."""

VERSION = "0.1.0"
