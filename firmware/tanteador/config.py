"""The default wiring: the pin map and the display choice the hardware docs show.

Pin numbers are the RP2040's GPIO numbers: what the board reads, and the
one place a pin is set. The hardware docs, the wiring diagram and the Wokwi
file are generated from or checked against this module; the Pico's physical
pin numbering, and the 3V3 and GND pins the docs wire to, live with their
generator (host_tools/generators/hwdocs.py), off the device. A device wired
otherwise keeps this file as it is and gets a board file (``BOARD_FILE``,
see tanteador.boardfile and hardware/boards/) whose values the board takes
over these.
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

# A device's own wiring, over these defaults, when this file exists on it.
BOARD_FILE = "/tanteador_board.py"

# Watchdog timeout; the loop feeds it every pass.
WDT_TIMEOUT_MS = const(8000)
