#pragma once

#include "SeatLease.h"

#include <QByteArray>

namespace keyright {

// The tags that open the signed bytes: an ordinary lease signs the first, a borrowed one
// (SeatLease::borrowed) the second, so a signature made for one kind never verifies as the other.
inline constexpr char leaseSigningTag[] = "keyright-lease-v1";
inline constexpr char borrowedLeaseSigningTag[] = "keyright-borrow-v1";

// The exact bytes a lease signature covers (docs/PROTOCOL.md): the ASCII tag chosen by
// lease.borrowed ("keyright-lease-v1" or "keyright-borrow-v1"), then licenseId, seatId, holder, generation (decimal),
// issuedAt and expiresAt (decimal milliseconds since the Unix epoch), each as a 4-byte big-endian length and its UTF-8
// bytes.
QByteArray leaseSigningBytes(const SeatLease &lease);

} // namespace keyright
