# Tanteador board file: a 1.3" OLED with an SH1106 controller, on the default pins.
#
# Put it on the Pico with `tanteador flash --board hardware/boards/sh1106.py`
# (it lands as /tanteador_board.py). Everything not set here keeps the
# default wiring (hardware/wiring.md). No ssd1306 driver is needed.

DISPLAY = "sh1106"

# The SH1106 has 132 columns of RAM for 128 on the glass; most modules show
# column 2 first. If the picture is shifted or has noise at one edge, try 0.
SH1106_COL_OFFSET = 2
