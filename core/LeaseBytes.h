#pragma once

#include "SeatLease.h"

#include <QByteArray>

namespace keyright {

// The exact bytes a lease signature covers (docs/PROTOCOL.md): the ASCII tag "keyright-lease-v1",
// then licenseId, seatId, holder, generation (decimal), issuedAt and expiresAt (decimal
// milliseconds since the Unix epoch), each as a 4-byte big-endian length and its UTF-8 bytes.
QByteArray leaseSigningBytes(const SeatLease &lease);

} // namespace keyright
