#!/usr/bin/python3
"""Drives `apix auth login … --no-browser` as a user on an SSH session would: reads the authorization URL apix
prints on stderr, "opens" it elsewhere (fetches it; the Authlib peer's consent redirects at once), and pastes the
address the browser was sent to on apix's stdin, never touching apix's listener.

Usage: paste_login.py APIX ARGUMENTS...   Prints one JSON object: status, stdout, stderr, location.
"""
import http.client
import json
import subprocess
import sys
import urllib.parse


def location_of(url):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path + "?" + parts.query)
    response = connection.getresponse()
    response.read()
    return response.getheader("Location")


def main():
    process = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = []
    location = None
    for _ in range(20):  # the prompt is a few lines
        line = process.stderr.readline().decode()
        if not line:
            break
        seen.append(line)
        if line.startswith("  http"):
            location = location_of(line.strip())
            process.stdin.write((location + "\n").encode())
            process.stdin.flush()
            break
    stdout, stderr = process.communicate(timeout=60)
    print(json.dumps({
        "status": process.returncode, "stdout": stdout.decode(), "stderr": "".join(seen) + stderr.decode(),
        "location": location}))


main()
