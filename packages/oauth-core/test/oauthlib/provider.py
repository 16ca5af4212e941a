"""An OAuth 1.0 provider made of Python oauthlib's own endpoints, for oauth-core's interop tests.

    python3 provider.py serve   serves on 127.0.0.1 (a free port, printed as "listening PORT")
                                until its standard input closes:
      POST /request_token  RequestTokenEndpoint (RFC 5849 §2.1)
      GET  /authorize      AuthorizationEndpoint (§2.2): 302 to the callback with oauth_verifier
      POST /access_token   AccessTokenEndpoint (§2.3)
      any  /resource...    ResourceEndpoint (§3): 200 with what oauthlib accepted, as JSON, or 401;
                           a request with oauth_body_hash also has it checked against the raw body
                           (SHA-1, draft-eaton-oauth-bodyhash-00 §3.2: oauthlib signs it but never
                           checks it itself)
    python3 provider.py sign   reads a JSON request from standard input, signs it with oauthlib's
                               Client (fixed nonce and timestamp) and prints the signed request.

The credentials are fixed and known to the tests: client CLIENT_KEY / CLIENT_SECRET.
"""
import base64
import hashlib
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from oauthlib.oauth1 import (AccessTokenEndpoint, AuthorizationEndpoint, Client, RequestTokenEndpoint,
                             RequestValidator, ResourceEndpoint)

CLIENT_KEY = 'paysignInteropClient01'
CLIENT_SECRET = 'paysign-interop-client-secret'
REALMS = ['photos']


class Validator(RequestValidator):
    """oauthlib's validator over dictionaries: one client, tokens as oauthlib's endpoints make them."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()
        self.request_tokens = {}  # token -> {secret, callback, realms, verifier}
        self.access_tokens = {}  # token -> {secret, realms}
        self.nonces = set()

    enforce_ssl = False  # the tests talk over loopback HTTP
    nonce_length = (20, 64)  # oauth-core's nonce: 32 letters
    realms = REALMS
    dummy_client = 'dummy-client-key-0000000'
    dummy_request_token = 'dummy-request-token-00000'
    dummy_access_token = 'dummy-access-token-000000'

    def validate_client_key(self, client_key, request):
        return client_key == CLIENT_KEY

    def get_client_secret(self, client_key, request):
        return CLIENT_SECRET if client_key == CLIENT_KEY else 'dummy-secret'

    def get_default_realms(self, client_key, request):
        return REALMS

    def validate_requested_realms(self, client_key, realms, request):
        return all(realm in REALMS for realm in realms)

    def validate_redirect_uri(self, client_key, redirect_uri, request):
        return redirect_uri == 'oob' or redirect_uri.startswith('http://127.0.0.1')

    def validate_timestamp_and_nonce(self, client_key, timestamp, nonce, request, request_token=None, access_token=None):
        key = (client_key, timestamp, nonce, request_token or access_token)
        with self.lock:
            if key in self.nonces:
                return False
            self.nonces.add(key)
            return True

    def save_request_token(self, token, request):
        with self.lock:
            self.request_tokens[token['oauth_token']] = {
                'secret': token['oauth_token_secret'], 'callback': request.redirect_uri, 'realms': request.realms, 'verifier': None}

    def verify_request_token(self, token, request):
        return token in self.request_tokens

    def get_realms(self, token, request):
        return self.request_tokens[token]['realms']

    def verify_realms(self, token, realms, request):
        return all(realm in self.request_tokens[token]['realms'] for realm in realms)

    def get_redirect_uri(self, token, request):
        return self.request_tokens[token]['callback']

    def save_verifier(self, token, verifier, request):
        self.request_tokens[token]['verifier'] = verifier['oauth_verifier']

    def validate_request_token(self, client_key, token, request):
        return client_key == CLIENT_KEY and token in self.request_tokens

    def get_request_token_secret(self, client_key, token, request):
        entry = self.request_tokens.get(token)
        return entry['secret'] if entry else 'dummy-secret'

    def validate_verifier(self, client_key, token, verifier, request):
        entry = self.request_tokens.get(token)
        return entry is not None and entry['verifier'] is not None and entry['verifier'] == verifier

    def invalidate_request_token(self, client_key, request_token, request):
        self.request_tokens.pop(request_token, None)

    def save_access_token(self, token, request):
        self.access_tokens[token['oauth_token']] = {'secret': token['oauth_token_secret'], 'realms': token['oauth_authorized_realms'].split(' ')}

    def validate_access_token(self, client_key, token, request):
        return client_key == CLIENT_KEY and token in self.access_tokens

    def get_access_token_secret(self, client_key, token, request):
        entry = self.access_tokens.get(token)
        return entry['secret'] if entry else 'dummy-secret'

    def validate_realms(self, client_key, token, request, uri=None, realms=None):
        entry = self.access_tokens.get(token)
        return entry is not None and all(realm in entry['realms'] for realm in (realms or []))


validator = Validator()
request_token_endpoint = RequestTokenEndpoint(validator)
authorization_endpoint = AuthorizationEndpoint(validator)
access_token_endpoint = AccessTokenEndpoint(validator)
resource_endpoint = ResourceEndpoint(validator)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def reply(self, status, headers, body):
        data = (body or '').encode('utf-8')
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        length = int(self.headers.get('Content-Length') or 0)
        raw = self.rfile.read(length) if length else b''
        uri = 'http://%s%s' % (self.headers['Host'], self.path)
        headers = dict(self.headers.items())
        body = raw.decode('utf-8')
        path = self.path.split('?')[0]
        if path == '/request_token' and self.command == 'POST':
            self.reply(*swap(request_token_endpoint.create_request_token_response(uri, self.command, body, headers)))
        elif path == '/authorize' and self.command == 'GET':
            # The resource owner says yes to every realm it is asked for.
            self.reply(*swap(authorization_endpoint.create_authorization_response(uri, self.command, body, headers, realms=REALMS)))
        elif path == '/access_token' and self.command == 'POST':
            self.reply(*swap(access_token_endpoint.create_access_token_response(uri, self.command, body, headers)))
        elif path.startswith('/resource'):
            valid, request = resource_endpoint.validate_protected_resource_request(uri, self.command, body, headers, realms=REALMS)
            seen = {'valid': valid, 'log': {k: bool(v) for k, v in request.validator_log.items()}}
            if valid:
                seen['oauth_params'] = request.oauth_params
                seen['params'] = request.params
                sent_hash = request.oauth_params.get('oauth_body_hash')
                if sent_hash is not None:
                    seen['body_hash_ok'] = sent_hash == base64.b64encode(hashlib.sha1(raw).digest()).decode('ascii')
                    valid = seen['body_hash_ok']
            self.reply(200 if valid else 401, {'Content-Type': 'application/json'}, json.dumps(seen))
        else:
            self.reply(404, {}, 'not found')

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


def swap(response):
    headers, body, status = response
    return status, headers, body


def serve():
    server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print('listening %d' % server.server_address[1], flush=True)
    sys.stdin.read()  # until the test closes it (or ends)
    server.shutdown()


def sign():
    """oauthlib's Client signing one request: {client: Client kwargs, uri, method, body, headers}."""
    given = json.load(sys.stdin)
    client = Client(**given['client'])
    uri, headers, body = client.sign(given['uri'], http_method=given['method'], body=given.get('body'), headers=given.get('headers'))
    json.dump({'uri': uri, 'headers': headers, 'body': body}, sys.stdout)


if __name__ == '__main__':
    {'serve': serve, 'sign': sign}[sys.argv[1]]()
