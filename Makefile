# Quick start: `make sim` plays the device in this terminal, `make web` serves
# it as a web page on this machine, `make flash` puts the firmware on a Pico
# plugged in by USB, `make uf2` writes one .uf2 to drag onto a Pico, `make test` runs every test (CPython, the
# real MicroPython unix port and its 32-bit WebAssembly port under Node.js,
# the web page in a headless Chromium), `make test-fast` only the CPython
# lanes (about a minute: no MicroPython, web or slow tests). They create
# .venv and install what they need on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
ARGS   ?=

.PHONY: sim web flash uf2 test test-fast screens web-screens gallery clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade "pip>=23"

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e ".[test]"
	touch $@ $(VENV)/.installed

sim: $(VENV)/.installed
	$(BIN)/tanteador sim $(ARGS)

# The firmware onto a Pico running MicroPython (ARGS="--port /dev/ttyACM0" to pick one).
flash: $(VENV)/.installed
	$(BIN)/tanteador flash $(ARGS)

# One .uf2 to drag onto a Pico: ARGS="--micropython RPI_PICO-....uf2" (the MicroPython .uf2 downloaded).
uf2: $(VENV)/.installed
	$(BIN)/tanteador uf2 $(ARGS)

# MicroPython's WebAssembly port, pinned by its lock file (needs Node.js and npm).
WASM := host_tools/wasm/node_modules/.package-lock.json
$(WASM): host_tools/wasm/package.json host_tools/wasm/package-lock.json
	npm ci --prefix host_tools/wasm --no-audit --no-fund

# jsQR for the phone page of `tanteador event serve`, pinned by its lock file.
EVENING := host_tools/evening/node_modules/.package-lock.json
$(EVENING): host_tools/evening/package.json host_tools/evening/package-lock.json
	npm ci --prefix host_tools/evening --no-audit --no-fund

# The device as a web page on MicroPython's WebAssembly port; the address is printed.
web: $(VENV)/.installed $(WASM)
	$(BIN)/tanteador web $(ARGS)

test: $(VENV)/.installed-test $(WASM) $(EVENING)
	$(BIN)/python -m pytest $(ARGS)

# The lanes are pytest markers (pyproject.toml): ARGS='-m micropython' and so on.
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m "cpython and not slow" $(ARGS)

# The README's pictures (English, one language: straight into the folder);
# `gallery` draws every screen in every language, a folder each.
screens: $(VENV)/.installed
	$(BIN)/tanteador screens host_tools/screenshots/en --lang en

gallery: $(VENV)/.installed
	$(BIN)/tanteador screens out/screens

# The README's pictures of the web page, phone and desktop (needs Chromium, as the tests).
web-screens: $(VENV)/.installed-test $(WASM)
	$(BIN)/python -m host_tools.generators.webshots host_tools/screenshots/web

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis host_tools/wasm/node_modules host_tools/evening/node_modules
