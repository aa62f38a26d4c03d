"""Helpers for the result-code tests: the device's real frame as a picture, read by zxing."""

import zxingcpp

from app_helpers import play
from host_tools.support import render


def frame_image(board, scale=4):
    """The OLED's last frame as an RGB picture, ``scale`` pixels a pixel, with a dark border as the glass has."""
    return render.to_image(board.frame, scale=scale)


def decode(img):
    """The texts of the QR codes zxing finds in ``img``."""
    return [r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def show_code(app, board):
    """From the match end, the result code on screen: the third choice, OK."""
    assert app.screen.NAME == "matchend"
    play(app, board, "DOWN; DOWN; OK")
    assert app.screen.NAME == "resultqr"
