# A MicroPython firmware for the Pico with Tanteador frozen in.
#
# Frozen code runs from the Pico's flash: the bytecode and the names of the
# firmware stay out of the heap, which roughly halves what the app needs
# there (host_tools/docs/benchmark.md). From a MicroPython source tree
# (1.22 or newer, with its submodules):
#
#   make -C mpy-cross
#   make -C ports/rp2 BOARD=RPI_PICO submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this repository>/hardware/frozen/manifest.py
#
# then copy ports/rp2/build-RPI_PICO/firmware.uf2 to the Pico in BOOTSEL mode
# and run `tanteador flash`: it finds the frozen firmware and copies only
# main.py (hardware/frozen/README.md).

# What the stock firmware freezes (asyncio, rp2 helpers): the app needs asyncio.
include("$(PORT_DIR)/boards/manifest.py")

# The OLED driver from micropython-lib, which `tanteador flash` would otherwise install with mip.
require("ssd1306")

# The firmware package without line numbers, as `tanteador flash` compiles it.
package("tanteador", base_path="../../firmware", opt=3)
