#!/usr/bin/env python3
"""A webhook receiver for tst_webhookdelivery: an independent check of Keyright's alert deliveries.

Listens on 127.0.0.1 (a free port, written to --port-file once listening), and for every POST:
verifies the Keyright-Signature header with Python's own hmac and hashlib against the secret in
--secret-file (read at each request: the test writes it once the endpoint is made), appends one
JSON line to --log ({"deliveryId", "valid", "answered", "body"}), and answers 200, or 500 while
--fail-file exists. While --delay-file exists it waits that many seconds (the file's content)
after logging and before answering, so that the test can stop the server in between. While
--trickle-file exists, the answer's body is that many bytes, sent one a second (a receiver that is
never silent long enough for a per-read timeout, yet never done).
"""

import argparse
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def signature_valid(header, body, secret):
    """Keyright-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>."""
    parts = dict(item.split("=", 1) for item in header.split(",") if "=" in item)
    if "t" not in parts or "v1" not in parts or not secret:
        return False
    expected = hmac.new(secret, parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--secret-file", required=True)
    parser.add_argument("--fail-file", required=True)
    parser.add_argument("--delay-file", required=True)
    parser.add_argument("--trickle-file")
    args = parser.parse_args()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            try:
                with open(args.secret_file, "rb") as f:
                    secret = f.read().strip()
            except OSError:
                secret = b""
            valid = signature_valid(self.headers.get("Keyright-Signature", ""), body, secret)
            answered = 500 if os.path.exists(args.fail_file) else 200
            parts = dict(
                p.split("=", 1) for p in self.headers.get("Keyright-Signature", "").split(",") if "=" in p
            )
            entry = {
                "deliveryId": self.headers.get("Keyright-Delivery", ""),
                "t": int(parts["t"]) if parts.get("t", "").isdigit() else None,
                "valid": valid,
                "answered": answered,
                "body": body.decode("utf-8", "replace"),
            }
            with open(args.log, "a") as f:
                f.write(json.dumps(entry) + "\n")
            if os.path.exists(args.delay_file):
                with open(args.delay_file) as f:
                    time.sleep(float(f.read().strip() or "0"))
            if args.trickle_file and os.path.exists(args.trickle_file):
                with open(args.trickle_file) as f:
                    count = int(f.read().strip() or "0")
                self.send_response(answered)
                self.send_header("Content-Length", str(count))
                self.end_headers()
                try:
                    for _ in range(count):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(1)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                return
            self.send_response(answered)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *unused):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
