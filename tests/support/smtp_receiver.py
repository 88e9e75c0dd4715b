#!/usr/bin/python3
"""A real SMTP server for the mail tests (tests/server/tst_smtpmailer), built on Debian's
python3-aiosmtpd: listens on 127.0.0.1 on a port the system picks, prints "READY <port>" once it
accepts connections, and writes every message it accepts to OUTDIR/<n>.json, decoded by Python's
own email package (so that the test checks the mailer's headers and encodings against a reader
that is not Keyright's): the envelope, whether the session was under TLS and who authenticated,
the decoded Subject and text body, the raw headers.

It stops when its standard input closes (the test ends, however it ends) or on SIGTERM.

    smtp_receiver.py OUTDIR [--cert PEM --key PEM [--implicit-tls]] [--user NAME --password PW]
                            [--refuse-domain DOMAIN] [--fail-file PATH]

With --cert/--key, STARTTLS is offered and required before anything else (require_starttls), or
with --implicit-tls the connection is TLS from its first byte (as on port 465, smtps://);
without them the server offers no TLS at all. With --user/--password, AUTH is required (only under
TLS) and accepts exactly that pair. Recipients at --refuse-domain are refused with 550. While the
--fail-file exists, every message is refused at DATA with 451 (try again later), and not written.
"""

import argparse
import asyncio
import email
import email.policy
import json
import os
import signal
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Handler:
    def __init__(self, outdir, refuse_domain, fail_file):
        self.outdir = outdir
        self.refuse_domain = refuse_domain
        self.fail_file = fail_file
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse_domain and address.lower().endswith("@" + self.refuse_domain):
            return "550 5.1.1 <%s>: no such mailbox here" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.fail_file and os.path.exists(self.fail_file):
            return "451 4.3.0 Temporary failure, try again later"
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))
        login = session.auth_data
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
            "authenticated_as": login.login.decode("utf-8", "replace")
            if isinstance(login, LoginPassword)
            else None,
            "subject": str(message["Subject"]),
            "from": str(message["From"]),
            "to": str(message["To"]),
            "date": str(message["Date"]),
            "message_id": str(message["Message-ID"]),
            "content_type": body.get_content_type() if body is not None else None,
            "charset": body.get_content_charset() if body is not None else None,
            "transfer_encoding": str(body["Content-Transfer-Encoding"]) if body is not None else None,
            "body": body.get_content() if body is not None else None,
            "raw_headers": raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace"),
            "all_lines_ascii": all(b < 0x80 for b in raw),
            "longest_line": max(len(line) for line in raw.split(b"\r\n")),
        }
        self.count += 1
        path = os.path.join(self.outdir, "%d.json" % self.count)
        # Written aside and renamed, so the test never reads half a file.
        with open(path + ".part", "w", encoding="utf-8") as out:
            json.dump(record, out, ensure_ascii=False)
        os.rename(path + ".part", path)
        return "250 2.0.0 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--refuse-domain")
    parser.add_argument("--fail-file")
    args = parser.parse_args()

    tls = None
    if args.cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(args.cert, args.key)

    def authenticator(server, session, envelope, mechanism, auth_data):
        accepted = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login == (args.user or "").encode()
            and auth_data.password == (args.password or "").encode()
        )
        # handled=False: aiosmtpd answers 235 or 535 itself.
        return AuthResult(success=accepted, handled=False, auth_data=auth_data)

    handler = Handler(args.outdir, args.refuse_domain, args.fail_file)

    def factory():
        options = {"hostname": "receiver.test", "decode_data": False}
        if tls is not None and not args.implicit_tls:
            options.update(tls_context=tls, require_starttls=True)
        if args.user:
            # aiosmtpd counts only STARTTLS as TLS for auth_require_tls; with --implicit-tls the
            # whole connection is.
            options.update(
                authenticator=authenticator, auth_required=True, auth_require_tls=not args.implicit_tls
            )
        return SMTP(handler, **options)

    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(
        loop.create_server(factory, host="127.0.0.1", port=0, ssl=tls if args.implicit_tls else None)
    )
    port = server.sockets[0].getsockname()[1]

    def stop(*_):
        loop.stop()

    loop.add_signal_handler(signal.SIGTERM, stop)

    def on_stdin():
        if not os.read(sys.stdin.fileno(), 4096):
            stop()

    loop.add_reader(sys.stdin.fileno(), on_stdin)
    print("READY %d" % port, flush=True)
    try:
        loop.run_forever()
    finally:
        server.close()
        loop.run_until_complete(server.wait_closed())
        loop.close()


if __name__ == "__main__":
    main()
