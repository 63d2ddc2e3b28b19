#!/usr/bin/python3
"""A scripted browser for apix's login tests: apix starts it as `$BROWSER URL` (or a test runs it with the URL).

It fetches the authorization URL (the Authlib peer's consent answers at once with a 302), then delivers the redirect
to where Location points (apix's listener on 127.0.0.1), as a browser following it would.
Environment:
  APIX_BROWSER_MODE  approve (default) | deny (adds decision=deny: the peer redirects with error=access_denied)
                     | tamper (the redirect's state replaced) | ignore (does nothing: a user who never signs in)
                     | print (prints the redirect's Location on stdout and delivers nothing: a browser elsewhere)
  APIX_BROWSER_LOG   a file to append one JSON line to: the authorization URL, the Location, the listener's status
                     and page
"""
import http.client
import json
import os
import sys
import urllib.parse


def get(url):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    target = parts.path + ("?" + parts.query if parts.query else "")
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, response.getheader("Location"), body


def main():
    url = sys.argv[-1]
    mode = os.environ.get("APIX_BROWSER_MODE", "approve")
    record = {"mode": mode, "authorize": url}
    if mode != "ignore":
        if mode == "deny":
            url += "&decision=deny"
        status, location, _ = get(url)
        record["authorize_status"] = status
        record["location"] = location
        if location and mode == "tamper":
            parts = urllib.parse.urlsplit(location)
            query = [(k, "forged-state" if k == "state" else v) for k, v in urllib.parse.parse_qsl(parts.query)]
            location = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))
        if location and mode == "print":
            print(location, flush=True)
        elif location:
            status, _, page = get(location)
            record["listener_status"] = status
            record["page"] = page
    log = os.environ.get("APIX_BROWSER_LOG")
    if log:
        with open(log, "a") as file:
            file.write(json.dumps(record) + "\n")


main()
