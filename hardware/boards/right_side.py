# Tanteador board file: every wire on the Pico's right-hand row (pins 21-40),
# for a case that puts the Pico the other way round. Pico pins in brackets.
#
# Put it on the Pico with `tanteador flash --board hardware/boards/right_side.py`
# (it lands as /tanteador_board.py). A copy to start your own wiring from:
# every setting a board file may hold is here.

# OLED on I2C1: SDA GP26 (31), SCL GP27 (32); VCC 3V3 (36), GND (38).
I2C_ID = 1
I2C_SDA = 26
I2C_SCL = 27
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
DISPLAY = "ssd1306"         # or "sh1106" for a 1.3" module
SH1106_COL_OFFSET = 2       # SH1106 only

# Buttons to GND (28), in the order UP, DOWN, OK, BACK:
# GP18 (24), GP19 (25), GP20 (26), GP21 (27).
BUTTON_PINS = (18, 19, 20, 21)

# Passive buzzer: GP16 (21) and GND (23); None when not fitted.
BUZZER_PIN = 16

# GP24 reads USB power on the Pico and Pico 2; None on a Pico W.
VBUS_SENSE_PIN = 24
