#!/usr/bin/python3
"""A real WebSocket peer for apix's tests: the `websockets` library (Debian 12: python3-websockets 10.4).

Listens on 127.0.0.1, port 0; prints the port on the first line of stdout; runs until stdin closes.
Routes (the request path):
  /echo                  every message back as it came (text or binary)
  /subprotocol           the chosen subprotocol (or "none") as a text message, then echo
  /feed?count=N          N text messages "tick 1".."tick N" from the server, then echo
  /close?code=C&reason=R closes at once with code C and reason R
  /large?size=N          one binary message of N bytes (the pattern 0..255), then echo
  /fragmented            one text message sent in three fragments ("frag-" "ment-" "ed"), then echo
  /headers               the request's headers (JSON) as a text message, then echo
  /ping                  pings the client with b"hello" and sends "pong: <payload>" when the pong comes, then echo
  /pings?count=N         waits for N pings from the client, then sends {"pings": N, "gaps_ms": [...]} (the time
                         between them as the server saw them), then echo
  /cookie                the 101 answer sets cookies: `session=s1; Path=/; HttpOnly`, `scoped=2; Path=/cookie`,
                         `foreign=3; Domain=example.com` (not this host's: to be refused), then echo
Compression (permessage-deflate) is on, as the library's default.
Arguments: none (ws://), or CERT KEY [CLIENT-CA] for wss:// (with CLIENT-CA, a client certificate it signed is
required).
"""
import asyncio
import json
import ssl
import sys
import urllib.parse

import websockets


async def echo(ws):
    async for message in ws:
        await ws.send(message)


async def handler(ws, path=None):
    url = urllib.parse.urlparse(path if path is not None else ws.path)
    query = dict(urllib.parse.parse_qsl(url.query))
    route = url.path
    if route == "/subprotocol":
        await ws.send(ws.subprotocol or "none")
    elif route == "/feed":
        for index in range(int(query.get("count", "3"))):
            await ws.send(f"tick {index + 1}")
    elif route == "/close":
        await ws.close(code=int(query.get("code", "1000")), reason=query.get("reason", ""))
        return
    elif route == "/large":
        size = int(query.get("size", "1000"))
        await ws.send((bytes(range(256)) * (size // 256 + 1))[:size])
    elif route == "/fragmented":
        await ws.send(iter(["frag-", "ment-", "ed"]))
    elif route == "/headers":
        await ws.send(json.dumps({name.lower(): value for name, value in ws.request_headers.raw_items()}))
    elif route == "/pings":
        # The library answers pings itself (through `pong`): wrapped here to see when each came.
        count = int(query.get("count", "3"))
        loop = asyncio.get_running_loop()
        seen = []
        done = loop.create_future()
        answer = ws.pong

        async def pong(data=b""):
            seen.append(loop.time())
            if len(seen) >= count and not done.done():
                done.set_result(None)
            await answer(data)

        ws.pong = pong
        await done
        gaps = [round((later - earlier) * 1000) for earlier, later in zip(seen, seen[1:])]
        await ws.send(json.dumps({"pings": len(seen), "gaps_ms": gaps}))
    elif route == "/sink":
        # Takes every message and answers none.
        async for _ in ws:
            pass
        return
    elif route == "/ping":
        waiter = await ws.ping(b"hello")
        await waiter
        await ws.send("pong: hello")
    try:
        await echo(ws)
    except websockets.ConnectionClosed:
        pass


def extra_headers(path, request_headers):
    if urllib.parse.urlparse(path).path != "/cookie":
        return []
    return [
        ("Set-Cookie", "session=s1; Path=/; HttpOnly"),
        ("Set-Cookie", "scoped=2; Path=/cookie"),
        ("Set-Cookie", "foreign=3; Domain=example.com"),
    ]


async def main():
    context = None
    if len(sys.argv) >= 3:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        if len(sys.argv) >= 4:
            context.load_verify_locations(sys.argv[3])
            context.verify_mode = ssl.CERT_REQUIRED
    server = await websockets.serve(
        handler, "127.0.0.1", 0, subprotocols=["chat.v2", "chat.v1"], max_size=128 * 1024 * 1024,
        ping_interval=None, ssl=context, extra_headers=extra_headers)
    port = server.sockets[0].getsockname()[1]
    print(port, flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()


asyncio.run(main())
