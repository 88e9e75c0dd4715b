#!/usr/bin/python3
"""Writes borrowed-lease-signing.json: test vectors for the borrowed lease's signed form.

An implementation independent of Keyright's C++ (PyNaCl, Debian's python3-nacl, over libsodium
through its own bindings; the bytes are built here from docs/PROTOCOL.md section 3, not from
core/LeaseBytes.cpp). Ed25519 is deterministic, so running it again writes the same file.

    /usr/bin/python3 tests/vectors/make_borrow_vectors.py > tests/vectors/borrowed-lease-signing.json
"""

import base64
import datetime
import json
import struct
import sys

import nacl.signing

BORROW_TAG = b"keyright-borrow-v1"
LEASE_TAG = b"keyright-lease-v1"
SEED = bytes(range(32))  # the same test key as the v1 vectors


def timestamp(ms):
    """The strict form of docs/PROTOCOL.md section 2: 2026-11-29T21:00:00.000Z."""
    moment = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(milliseconds=ms)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (ms % 1000)


def signing_bytes(tag, lease, issued_ms, expires_ms):
    fields = [lease["licenseId"], lease["seatId"], lease["holder"], str(lease["generation"]),
              str(issued_ms), str(expires_ms)]
    out = tag
    for field in fields:
        encoded = field.encode("utf-8")
        out += struct.pack(">I", len(encoded)) + encoded
    return out


def make_lease(key, tag, license_id, seat_id, holder, generation, issued_ms, expires_ms):
    lease = {"licenseId": license_id, "seatId": seat_id, "holder": holder, "generation": generation,
             "issuedAt": timestamp(issued_ms), "expiresAt": timestamp(expires_ms)}
    message = signing_bytes(tag, lease, issued_ms, expires_ms)
    lease["signature"] = base64.b64encode(key.sign(message).signature).decode("ascii")
    if tag == BORROW_TAG:
        lease["borrowed"] = True
    return lease, message


def main():
    key = nacl.signing.SigningKey(SEED)
    day = 24 * 3600 * 1000
    issued = 1795986000000  # 2026-11-29T21:00:00.000Z
    specs = [
        ("acme-cad", "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "alice@ws-12", 7, issued, issued + 14 * day),
        ("acme-cae", "a0b1c2d3e4f5061728394a5b6c7d8e9f", "Zoé Lefèvre@poste-3", 4294967301,
         issued + 123, issued + 123 + 1 * day),
        ("x", "ffffffffffffffffffffffffffffffff", "b", 0, 0, 30 * day),
    ]
    cases = []
    for spec in specs:
        lease, message = make_lease(key, BORROW_TAG, *spec)
        cases.append({"lease": lease, "issuedAtMs": spec[4], "expiresAtMs": spec[5],
                      "signingBytesHex": message.hex()})

    first = cases[0]["lease"]
    must_fail = []

    as_ordinary = dict(first)
    del as_ordinary["borrowed"]
    must_fail.append({"why": "a borrowed lease presented as an ordinary one (borrowed flag dropped)",
                      "lease": as_ordinary})

    ordinary, _ = make_lease(key, LEASE_TAG, *specs[0])
    ordinary["borrowed"] = True
    must_fail.append({"why": "an ordinary lease presented as a borrowed one (borrowed flag added)",
                      "lease": ordinary})

    extended = dict(first)
    extended["expiresAt"] = timestamp(specs[0][5] + day)
    must_fail.append({"why": "borrow extended by a day after signing", "lease": extended})

    other_holder = dict(first)
    other_holder["holder"] = "bob@ws-12"
    must_fail.append({"why": "holder changed after signing", "lease": other_holder})

    other_license = dict(first)
    other_license["licenseId"] = "acme-cae"
    must_fail.append({"why": "licenseId changed after signing", "lease": other_license})

    document = {
        "description": "Borrowed lease signing test vectors: Ed25519 over the keyright-borrow-v1 bytes (tag, then "
                       "for licenseId, seatId, holder, generation, issuedAt ms, expiresAt ms: 4-byte big-endian "
                       "length + UTF-8); the lease JSON carries \"borrowed\": true. Made with PyNaCl by "
                       "tests/vectors/make_borrow_vectors.py, independently of the C++ code.",
        "secretKeySeedHex": SEED.hex(),
        "publicKeyBase64": base64.b64encode(bytes(key.verify_key)).decode("ascii"),
        "cases": cases,
        "mustFail": must_fail,
    }
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
