"""Small helpers the commands share: writable folders, the serial link to a
board, PNG rendering, charts, seat labels and match figures."""
