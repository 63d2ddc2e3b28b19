#!/usr/bin/env bash
# Installs the system packages apix builds and tests against, when they are missing.
# Debian/Ubuntu: libcurl (transport), ncursesw (TUI), zlib (demo API gzip, history bodies), SQLite (the history
# database, through GRDB), tmux and curl (end-to-end tests), nginx-light (the HTTP/2 tests' server), openssl
# (certificates made at test time, the client-certificate server), GNU time (the benchmarks' peak RSS of a program
# started from a large parent: `Subprocess.peakRSS`), python3-websockets (the WebSocket tests' real peer,
# Tests/Peers/websocket_server.py, run with /usr/bin/python3), python3-httpbin, python3-botocore, python3-authlib and
# python3-flask (the sign-in tests' peers in Tests/Peers).
set -euo pipefail

missing=()
have_header() { [ -e "/usr/include/$1" ] || [ -e "/usr/include/$(gcc -dumpmachine 2>/dev/null)/$1" ]; }
have_header curl/curl.h || missing+=(libcurl4-openssl-dev)
have_header ncursesw/curses.h || missing+=(libncurses-dev)
have_header zlib.h || missing+=(zlib1g-dev)
have_header sqlite3.h || missing+=(libsqlite3-dev)
# The public suffix list libcurl and apix's WebSocket cookies check a cookie's Domain against (through libpsl).
[ -e /usr/share/publicsuffix/public_suffix_list.dafsa ] || missing+=(publicsuffix)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ -x /usr/bin/time ] || missing+=(time)
/usr/bin/python3 -c 'import websockets' >/dev/null 2>&1 || missing+=(python3-websockets)
# The sign-in tests' real peers (Tests/Peers): httpbin's /digest-auth, botocore's SigV4 signer, Authlib behind Flask.
/usr/bin/python3 -c 'import httpbin' >/dev/null 2>&1 || missing+=(python3-httpbin)
/usr/bin/python3 -c 'import botocore' >/dev/null 2>&1 || missing+=(python3-botocore)
/usr/bin/python3 -c 'import authlib' >/dev/null 2>&1 || missing+=(python3-authlib)
/usr/bin/python3 -c 'import flask' >/dev/null 2>&1 || missing+=(python3-flask)
# The GraphQL tests' peer needs a venv (below), which needs ensurepip.
/usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
# `make bench` only (`setup.sh bench`): the load tools `apix bench` is measured against (apix-bench's `load` rows).
if [ "${1:-}" = bench ]; then
  command -v hey >/dev/null 2>&1 || missing+=(hey)
  command -v wrk >/dev/null 2>&1 || missing+=(wrk)
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The GraphQL tests' real peer (Tests/Peers/graphql_server.py): Ariadne under uvicorn. Debian 12 has neither (its
# graphql-core is 2.x), so they come from PyPI into a venv under the state directory; `PythonPeer.venvPython` in
# Tests/TestSupport names the same path.
venv="${XDG_STATE_HOME:-$HOME/.local/state}/apix-tests/venv"
if ! "$venv/bin/python3" -c 'import ariadne, uvicorn' >/dev/null 2>&1; then
  echo "setup: installing ariadne and uvicorn into $venv" >&2
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'ariadne==1.1.1' 'uvicorn==0.54.0'
fi
# uvicorn serves WebSocket (the peer's graphql-transport-ws subscriptions) only with a WebSocket library beside it.
if ! "$venv/bin/python3" -c 'import websockets' >/dev/null 2>&1; then
  echo "setup: installing websockets into $venv" >&2
  "$venv/bin/pip" install -q 'websockets==17.4'
fi
