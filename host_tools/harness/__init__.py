"""What the tests and the bench run the firmware with: the MicroPython and WebAssembly lanes, scripted matches, the layout recorder, the bench's measurements."""
