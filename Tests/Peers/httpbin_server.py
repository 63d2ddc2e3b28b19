#!/usr/bin/python3
"""httpbin (Debian 12: python3-httpbin) for apix's tests, served by werkzeug on 127.0.0.1, port 0.

Prints the port on the first line of stdout; runs until stdin closes. Every httpbin route is there: the tests use
`/digest-auth/auth/USER/PASSWORD` (HTTP Digest, RFC 7616), `/redirect-to?url=…` and `/headers`.
"""
import sys
import threading

import httpbin
from werkzeug.serving import make_server


def main():
    server = make_server("127.0.0.1", 0, httpbin.app, threaded=True)
    print(server.server_port, flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


main()
