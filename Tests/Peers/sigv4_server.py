#!/usr/bin/python3
"""A server that checks AWS Signature Version 4 the way AWS does, for apix's tests: botocore's own signer
(Debian 12: python3-botocore) recomputes the signature of every request and the server answers 200 when it
matches, 403 when it does not.

Listens on 127.0.0.1, port 0; prints the port on the first line of stdout; runs until stdin closes.
Arguments: ACCESS_KEY_ID SECRET_ACCESS_KEY [SESSION_TOKEN]. With a session token, a request must carry it in
`X-Amz-Security-Token` (signed or not, as AWS accepts both).

Every answer is JSON: 200 {"ok": true, "method", "path", "region", "service", "signed_headers", "body_sha256",
"security_token": bool}; 403 {"ok": false, "message"} saying what did not match (never the secret).
"""
import datetime
import hashlib
import hmac
import http.server
import json
import sys
import threading
import urllib.parse

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.compat import HTTPHeaders
from botocore.credentials import Credentials

ACCESS_KEY = sys.argv[1]
SECRET = sys.argv[2]
TOKEN = sys.argv[3] if len(sys.argv) > 3 else None


class Verifier(SigV4Auth):
    """botocore's signer over exactly the headers the request says it signed, as AWS checks it (botocore itself
    leaves `User-Agent` and `Expect` out of what it signs)."""

    def __init__(self, credentials, service, region, signed):
        super().__init__(credentials, service, region)
        self.signed = signed

    def headers_to_sign(self, request):
        headers = HTTPHeaders()
        for name in self.signed:
            headers[name] = request.headers[name]
        return headers


def parse_authorization(value):
    algorithm, _, rest = value.partition(" ")
    fields = {}
    for part in rest.split(","):
        name, _, field = part.strip().partition("=")
        fields[name] = field
    return algorithm, fields


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, document):
        body = json.dumps(document).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def check(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        value = self.headers.get("Authorization")
        if not value:
            return 403, {"ok": False, "message": "missing Authorization"}
        algorithm, fields = parse_authorization(value)
        if algorithm != "AWS4-HMAC-SHA256":
            return 403, {"ok": False, "message": f"unexpected algorithm {algorithm}"}
        credential = fields.get("Credential", "").split("/")
        if len(credential) != 5 or credential[4] != "aws4_request":
            return 403, {"ok": False, "message": "malformed Credential"}
        access_key, day, region, service, _ = credential
        if access_key != ACCESS_KEY:
            return 403, {"ok": False, "message": "unknown access key"}
        stamp = self.headers.get("X-Amz-Date", "")
        if not stamp.startswith(day):
            return 403, {"ok": False, "message": "X-Amz-Date does not match the credential's day"}
        when = datetime.datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc)
        if abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds()) > 900:
            return 403, {"ok": False, "message": "X-Amz-Date is more than 15 minutes away"}
        token = self.headers.get("X-Amz-Security-Token")
        if TOKEN is not None and token != TOKEN:
            return 403, {"ok": False, "message": "missing or wrong X-Amz-Security-Token"}
        claimed = self.headers.get("X-Amz-Content-SHA256")
        if claimed is not None and claimed != "UNSIGNED-PAYLOAD" and claimed != hashlib.sha256(body).hexdigest():
            return 403, {"ok": False, "message": "XAmzContentSHA256Mismatch"}
        signed = fields.get("SignedHeaders", "").split(";")
        headers = {}
        for name in signed:
            field = self.headers.get(name)
            if field is None:
                return 403, {"ok": False, "message": f"signed header {name} is missing"}
            headers[name] = field
        url = "http://" + self.headers.get("Host", "") + self.path
        request = AWSRequest(method=self.command, url=url, headers=headers, data=body)
        request.context["timestamp"] = stamp
        signer = Verifier(Credentials(access_key, SECRET, token), service, region, signed)
        canonical = signer.canonical_request(request)
        expected = signer.signature(signer.string_to_sign(request, canonical), request)
        if not hmac.compare_digest(expected, fields.get("Signature", "")):
            return 403, {"ok": False, "message": "The request signature we calculated does not match the signature you provided"}
        return 200, {
            "ok": True, "method": self.command, "path": urllib.parse.urlsplit(self.path).path, "region": region,
            "service": service, "signed_headers": signed, "body_sha256": hashlib.sha256(body).hexdigest(),
            "security_token": token is not None,
        }

    def handle_one(self):
        status, document = self.check()
        self.answer(status, document)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_one


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


main()
