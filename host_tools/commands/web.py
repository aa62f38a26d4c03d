"""`tanteador web`: serve the device as a web page on this machine, or write it as a static folder.

The page and its build are host_tools/support/webpage.py.
"""

import threading

from host_tools.support import webpage


def main(args):
    """Entry for `tanteador web` with parsed arguments."""
    if args.build:
        webpage.build(args.build)
        print("Wrote the page to %s: publish the folder on any static web host (HTTPS)." % args.build)
        return 0
    with webpage.temporary_site(args.host, args.port) as httpd:
        host, port = httpd.server_address[:2]
        print("Tanteador in a browser: http://%s:%d/  (Ctrl-C stops)" % (host, port), flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0
