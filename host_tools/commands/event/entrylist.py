"""Reading a list of entries from a CSV file, as spreadsheets save them.

The separator is found in the file (a spreadsheet in Spanish or Italian
saves ';', some save tabs; one name a line has none); a first row whose
every cell is a column heading ("Player 1", "Nombre", "Pareja"...) is the
header, returned apart so that it is not registered as an entry.
"""

import csv
import io
import os

from host_tools import UsageError

def read(path):
    """The rows of a CSV of entries (blank cells dropped), and its header row or None."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except OSError as e:
        raise UsageError("cannot read %s (%s)" % (path, os.strerror(e.errno or 0)))
    except UnicodeDecodeError as e:
        raise UsageError("%s is not a UTF-8 CSV file (%s)" % (path, e))
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        # One name a line: no separator to find.
        dialect = csv.excel
    try:
        rows = [[c.strip() for c in row if c.strip()] for row in csv.reader(io.StringIO(text), dialect)]
    except csv.Error as e:
        raise UsageError("%s is not a CSV file this can read (%s)" % (path, e))
    rows = [r for r in rows if r]
    header = None
    if rows and all(_heading(c) for c in rows[0]):
        header = rows.pop(0)
    return rows, header


HEADINGS = ("player", "players", "name", "names", "partner", "pair", "team", "entry", "jugador", "jugadora",
            "jugadores", "nombre", "nombres", "pareja", "compañero", "compañera", "equipo", "giocatore",
            "giocatori", "nome", "nomi", "coppia", "squadra", "compagno", "joueur", "joueurs", "nom",
            "équipe", "partenaire", "jogador", "dupla", "equipe", "parceiro")


def _heading(cell):
    """True for a column heading: a heading word, perhaps numbered ("Player 1", "jugador_2")."""
    return cell.casefold().rstrip("0123456789 _-#.:").strip() in HEADINGS
