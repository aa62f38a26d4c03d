"""The result-code tests' eyes: the device's real frame as a picture, read by zxing."""

import io

import zxingcpp
from PIL import Image

from app_helpers import play
from host_tools.support import render


def frame_image(board, scale=4):
    """The OLED's last frame as the PNG picture `tanteador sim` writes of it (``scale``
    pixels a pixel, the dark border of the glass), read back."""
    png = io.BytesIO()
    render.save_png(board.frame, png, scale=scale)
    png.seek(0)
    return Image.open(png).convert("RGB")


def decode(img):
    """The texts of the QR codes zxing finds in ``img``."""
    return [r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def show_code(app, board):
    """From the match end, the result code on screen: the third choice, OK."""
    assert app.stage.screen.NAME == "matchend"
    play(app, board, "DOWN; DOWN; OK")
    assert app.stage.screen.NAME == "resultqr"
