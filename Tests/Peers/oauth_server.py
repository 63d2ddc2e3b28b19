#!/usr/bin/python3
"""An OAuth 2.0 authorization server for apix's tests: Authlib (Debian 12: python3-authlib) behind Flask
(python3-flask), served by werkzeug on 127.0.0.1, port 0.

Prints the port on the first line of stdout; runs until stdin closes.
Grants: authorization code with PKCE (S256 required, RFC 7636) and refresh token with rotation (every refresh
answers a new refresh token and revokes the one it used); token revocation (RFC 7009).
Client: `apix-cli` with secret `cli-secret` (client_secret_basic or client_secret_post), redirect URIs
`http://127.0.0.1:ANY/callback` (RFC 8252 section 7.3: any loopback port).
Routes:
  GET  /authorize   the consent: approved, unless the query says `decision=deny` (then `error=access_denied`);
                    answers 302 to the redirect URI, as a browser would follow
  POST /token       the token endpoint
  POST /revoke      the revocation endpoint (RFC 7009): a revoked token's access and refresh tokens stop working
  GET  /me          200 {"sub": "alice"} with a valid `Authorization: Bearer`, else 401
  GET  /stats       {"authorizations", "token_requests", "refreshes", "verifiers", "revocations"} so tests can see
                    what happened ("revocations": the token_type_hint of each revocation request, in order)
  POST /device_authorization   the device authorization endpoint (RFC 8628 section 3.1, Authlib's): interval 1 s,
                    codes live 60 s (see DEVICE); the user's decision on each code is DEVICE's, no user is needed
  GET  /device      the verification URI (a page that says so; the decision is DEVICE's)
  GET  /stats       also "device_polls": [{"at": seconds since the server started, "answer": what the token
                    endpoint said}] for each device_code token request, in order, and "device_codes" issued (so
                    tests can look for them where they must not be)
  GET  /tenant/.well-known/openid-configuration, /.well-known/oauth-authorization-server/tenant
                    the metadata of the issuer `http://127.0.0.1:PORT/tenant` (OpenID Connect Discovery, RFC 8414),
                    checked by Authlib's AuthorizationServerMetadata; "discoveries" in /stats lists the paths asked
Arguments: [EXPIRES_IN] seconds for access tokens (default 3600); [DEVICE] how the user answers each device code:
  approve:N   N polls are answered authorization_pending, the next one gets the tokens (default approve:2)
  deny:N      N polls pending, then access_denied
  slow:N      the first poll is answered slow_down, then N polls pending, then the tokens
  expire      the code dies 2 s after it was issued (the response still says 60 s): expired_token
  short       the response says expires_in 3 and nobody approves: apix gives up on its own
  nointerval  the response names no interval (RFC 8628 default 5 s), then as approve:0
[DISCOVERY] which metadata documents exist: both (default), rfc8414 (the OpenID Connect path answers 404), or
  mismatch (both name the issuer `https://elsewhere.example`)
"""
import json
import os
import sys
import threading
import time

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # loopback http:// in tests

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc6749.models import AuthorizationCodeMixin, ClientMixin, TokenMixin
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8414 import AuthorizationServerMetadata
from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE, DeviceAuthorizationEndpoint, DeviceCodeGrant
from authlib.oauth2.rfc8628.models import DeviceCredentialDict
from flask import Flask, jsonify, request
from werkzeug.serving import make_server

EXPIRES_IN = int(sys.argv[1]) if len(sys.argv) > 1 else 3600
DEVICE = sys.argv[2] if len(sys.argv) > 2 else "approve:2"
DISCOVERY = sys.argv[3] if len(sys.argv) > 3 else "both"
DEVICE_MODE, _, DEVICE_COUNT = DEVICE.partition(":")
DEVICE_COUNT = int(DEVICE_COUNT or "0")
USER = "alice"
STARTED = time.monotonic()
stats = {"authorizations": 0, "token_requests": 0, "refreshes": 0, "verifiers": [], "revocations": [],
         "device_polls": [], "device_codes": [], "discoveries": []}
codes = {}
devices = {}  # device_code -> DeviceCredentialDict
polls = {}  # user_code -> polls so far
tokens = {}
lock = threading.Lock()


class Client(ClientMixin):
    client_id = "apix-cli"
    client_secret = "cli-secret"

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri.startswith("http://127.0.0.1:") and redirect_uri.endswith("/callback")

    def check_client_secret(self, client_secret):
        return client_secret == self.client_secret

    def check_endpoint_auth_method(self, method, endpoint):
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type in ("authorization_code", "refresh_token", DEVICE_CODE_GRANT_TYPE)


CLIENT = Client()


class Code(AuthorizationCodeMixin):
    def __init__(self, code, redirect_uri, scope, challenge, method):
        self.code = code
        self.redirect_uri = redirect_uri
        self.scope = scope
        self.code_challenge = challenge
        self.code_challenge_method = method

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


class Token(TokenMixin):
    def __init__(self, data):
        self.data = data
        self.issued_at = time.time()
        self.revoked = False

    def check_client(self, client):
        return client.get_client_id() == CLIENT.client_id

    def get_scope(self):
        return self.data.get("scope", "")

    def get_expires_in(self):
        return self.data.get("expires_in", EXPIRES_IN)

    def is_expired(self):
        return time.time() > self.issued_at + self.get_expires_in()

    def is_revoked(self):
        return self.revoked


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

    def save_authorization_code(self, code, req):
        with lock:
            codes[code] = Code(
                code, req.redirect_uri, req.scope, req.data.get("code_challenge"),
                req.data.get("code_challenge_method"))

    def query_authorization_code(self, code, client):
        with lock:
            return codes.get(code)

    def delete_authorization_code(self, authorization_code):
        with lock:
            codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code):
        return USER


class RefreshTokenGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        with lock:
            token = tokens.get(("refresh", refresh_token))
        if token and not token.is_revoked():
            return token
        return None

    def authenticate_user(self, credential):
        return USER

    def revoke_old_credential(self, credential):
        with lock:
            credential.revoked = True
            stats["refreshes"] += 1


class Revocation(RevocationEndpoint):
    CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

    def query_token(self, token_string, token_type_hint):
        with lock:
            if token_type_hint in ("access_token", "refresh_token"):
                return tokens.get((token_type_hint.split("_")[0], token_string))
            return tokens.get(("access", token_string)) or tokens.get(("refresh", token_string))

    def revoke_token(self, token, request):
        with lock:
            token.revoked = True


class DeviceAuthorization(DeviceAuthorizationEndpoint):
    CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]
    INTERVAL = 1
    EXPIRES_IN = 3 if DEVICE_MODE == "short" else 60

    def get_verification_uri(self):
        return request.host_url + "device"

    def save_device_credential(self, client_id, scope, data):
        # Authlib passes the form's client_id, None when the client authenticated with Basic: only one client here.
        del client_id
        lifetime = 2 if DEVICE_MODE == "expire" else self.EXPIRES_IN
        with lock:
            stats["device_codes"].append(data["device_code"])
            devices[data["device_code"]] = DeviceCredentialDict(
                client_id=CLIENT.client_id, scope=scope, expires_at=time.time() + lifetime, **data)


class DeviceGrant(DeviceCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

    def query_device_credential(self, device_code):
        with lock:
            return devices.get(device_code)

    def query_user_grant(self, user_code):
        # Called once per poll of a live code: counts the polls and decides as DEVICE says.
        with lock:
            polls[user_code] = polls.get(user_code, 0) + 1
            count = polls[user_code]
        pending = DEVICE_COUNT + (1 if DEVICE_MODE == "slow" else 0)
        if DEVICE_MODE in ("expire", "short") or count <= pending:
            return None
        return USER, DEVICE_MODE != "deny"

    def should_slow_down(self, credential):
        with lock:
            return DEVICE_MODE == "slow" and polls.get(credential.get_user_code()) == 1


def save_token(data, req):
    token = Token(dict(data))
    with lock:
        tokens[("access", data["access_token"])] = token
        if data.get("refresh_token"):
            tokens[("refresh", data["refresh_token"])] = token


app = Flask(__name__)
app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {
    "authorization_code": EXPIRES_IN, "refresh_token": EXPIRES_IN, DEVICE_CODE_GRANT_TYPE: EXPIRES_IN}
app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
server = AuthorizationServer(app, query_client=lambda client_id: CLIENT if client_id == CLIENT.client_id else None,
                             save_token=save_token)
server.register_grant(AuthorizationCodeGrant, [CodeChallenge(required=True)])
server.register_grant(RefreshTokenGrant)
server.register_endpoint(Revocation)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceAuthorization)


@app.route("/authorize")
def authorize():
    with lock:
        stats["authorizations"] += 1
    if request.args.get("code_challenge_method") != "S256":
        return jsonify({"error": "S256 required"}), 400
    user = None if request.args.get("decision") == "deny" else USER
    return server.create_authorization_response(grant_user=user)


@app.route("/token", methods=["POST"])
def token():
    with lock:
        stats["token_requests"] += 1
        if request.form.get("code_verifier"):
            stats["verifiers"].append(len(request.form["code_verifier"]))
    response = server.create_token_response()
    if request.form.get("grant_type") == DEVICE_CODE_GRANT_TYPE:
        answer = response.get_json().get("error", "token")
        with lock:
            stats["device_polls"].append({"at": time.monotonic() - STARTED, "answer": answer})
            if answer == "token":  # a device code is good for one token response
                devices.pop(request.form.get("device_code"), None)
    return response


@app.route("/device_authorization", methods=["POST"])
def device_authorization():
    response = server.create_endpoint_response(DeviceAuthorization.ENDPOINT_NAME)
    if DEVICE_MODE == "nointerval":
        body = response.get_json()
        body.pop("interval", None)
        response.set_data(json.dumps(body))
    return response


@app.route("/device")
def device():
    return "<p>Enter the code shown by apix (this test server decides by itself).</p>"


@app.route("/me")
def me():
    header = request.headers.get("Authorization", "")
    with lock:
        token = tokens.get(("access", header[7:])) if header.startswith("Bearer ") else None
    if token is None or token.is_expired() or token.is_revoked():
        return jsonify({"error": "invalid_token"}), 401
    return jsonify({"sub": USER})


@app.route("/revoke", methods=["POST"])
def revoke():
    with lock:
        stats["revocations"].append(request.form.get("token_type_hint"))
    return server.create_endpoint_response(Revocation.ENDPOINT_NAME)


def metadata():
    root = request.host_url.rstrip("/")
    issuer = "https://elsewhere.example" if DISCOVERY == "mismatch" else root + "/tenant"
    document = AuthorizationServerMetadata({
        "issuer": issuer, "authorization_endpoint": root + "/authorize", "token_endpoint": root + "/token",
        "revocation_endpoint": root + "/revoke", "device_authorization_endpoint": root + "/device_authorization",
        "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
        "grant_types_supported": ["authorization_code", "refresh_token", DEVICE_CODE_GRANT_TYPE]})
    if DISCOVERY != "mismatch":
        document.validate()
    return jsonify(dict(document))


@app.route("/tenant/.well-known/openid-configuration")
def openid_configuration():
    with lock:
        stats["discoveries"].append(request.path)
    if DISCOVERY == "rfc8414":
        return jsonify({"error": "not_found"}), 404
    return metadata()


@app.route("/.well-known/oauth-authorization-server/tenant")
def oauth_authorization_server():
    with lock:
        stats["discoveries"].append(request.path)
    return metadata()


@app.route("/stats")
def statistics():
    with lock:
        return jsonify(stats)


def main():
    http = make_server("127.0.0.1", 0, app, threaded=True)
    print(http.server_port, flush=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    sys.stdin.read()
    http.shutdown()


main()
