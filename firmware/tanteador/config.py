"""The default wiring: the pin map and the display choice the hardware docs show.

Pin numbers are the RP2040's GPIO numbers; the physical pin of the Pico
board is given beside each (``PHYSICAL``), and the hardware docs, the
wiring diagram and the Wokwi file are generated from or checked against
this module. A device wired otherwise keeps this file as it is and gets a
board file (``BOARD_FILE``, see tanteador.boardfile and hardware/boards/)
whose values the board takes over these.
"""

from micropython import const

# I2C bus for the OLED.
I2C_ID = const(0)
I2C_SDA = const(4)
I2C_SCL = const(5)
I2C_FREQ = const(400_000)
OLED_ADDR = const(0x3C)
OLED_WIDTH = const(128)
OLED_HEIGHT = const(64)
# "ssd1306" (micropython-lib driver) or "sh1106" (the project's own driver
# for the common 1.3" modules).
DISPLAY = "ssd1306"
# First visible RAM column of SH1106 modules (132-column RAM, 128 on glass).
SH1106_COL_OFFSET = const(2)

# Buttons to GND, internal pull-ups: a pressed button reads 0.
# Order matters: it is the order of buttons.UP, DOWN, OK, BACK.
BUTTON_PINS = (10, 11, 12, 13)
BUTTON_NAMES = ("UP", "DOWN", "OK", "BACK")

# Optional passive buzzer (PWM); None when not fitted.
BUZZER_PIN = 15

# GP24 reads VBUS (USB power present) on the Pico and Pico 2; None on the
# Pico W, where that line belongs to the radio. Used to avoid light sleep
# while a computer is attached (it would drop the USB serial link).
VBUS_SENSE_PIN = 24

# GPIO -> physical pin on the Pico board, plus the power pins used.
PHYSICAL = {
    4: 6,
    5: 7,
    10: 14,
    11: 15,
    12: 16,
    13: 17,
    15: 20,
    "3V3": 36,
    "GND_OLED": 38,
    "GND_BUTTONS": 18,
    "GND_BUZZER": 18,
}

# A device's own wiring, over these defaults, when this file exists on it.
BOARD_FILE = "/tanteador_board.py"

# Watchdog timeout; the loop feeds it every pass.
WDT_TIMEOUT_MS = const(8000)
