"""The README's pictures of the web page: a phone held upright and a desktop window.

Run as ``python -m host_tools.generators.webshots DIR`` (``make web-screens``). It
needs what the browser tests need: Chromium from the system's packages and
Playwright from the test extra. The page is built and served here, a few
presses bring a match to the table, and each viewport is photographed.
"""

import os
import shutil
import sys

from host_tools import UserError
from host_tools.support import webpage

VIEWPORTS = (("phone", {"width": 390, "height": 844}, 3), ("desktop", {"width": 1280, "height": 800}, 1))
# Setup and draw with a fixed seed, then a hand with a trump: the table with a result.
PRESSES = ("key-ok", "key-ok", "key-down", "key-ok", "key-up", "key-up", "key-up", "key-ok")
SEED = 3


def shoot(dest):
    """Write phone.png and desktop.png of the page into ``dest``."""
    exe = os.environ.get("TANTEADOR_CHROMIUM") or shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        exe = None
    if exe is None:
        raise UserError("needs Chromium (apt-get install chromium) and Playwright (pip install -e \".[test]\")")
    os.makedirs(dest, exist_ok=True)
    with webpage.temporary_site() as httpd:
        url = "http://127.0.0.1:%d/?seed=%d" % (httpd.server_address[1], SEED)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
            for name, viewport, ratio in VIEWPORTS:
                context = browser.new_context(viewport=viewport, device_scale_factor=ratio,
                                              has_touch=name == "phone", is_mobile=name == "phone")
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("window.tanteador && window.tanteador.ready", timeout=20000)
                for key in PRESSES:
                    page.click("#" + key, delay=80)
                    page.wait_for_timeout(150)
                page.wait_for_timeout(300)
                page.screenshot(path=os.path.join(dest, name + ".png"))
                context.close()
            browser.close()


def main(argv):
    """Entry point: ``python -m host_tools.generators.webshots DIR``."""
    if len(argv) != 1:
        sys.stderr.write("usage: python -m host_tools.generators.webshots DIR\n")
        return 2
    try:
        shoot(argv[0])
    except UserError as e:
        sys.stderr.write("webshots: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
