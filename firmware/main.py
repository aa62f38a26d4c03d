from tanteador.board import Board
from tanteador.app import run
run(Board())
