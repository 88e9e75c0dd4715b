#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace keyright {

// One seat held by one client until expiresAt, as signed by the lease server. The client reads,
// caches and proves it; only a new signature from the server moves expiresAt.
struct SeatLease
{
    QString licenseId;
    QString seatId; // server-assigned, 128 random bits as 32 lowercase hex digits
    QString holder; // display label such as "alice@ws-12"
    quint64 generation = 0; // per-license, only grows: a fencing token applications can compare
    QDateTime issuedAt; // UTC, millisecond precision
    QDateTime expiresAt; // UTC, millisecond precision
    QByteArray signature; // raw 64-byte Ed25519 detached signature over leaseSigningBytes()
    // A borrowed lease (issue 27): expiresAt is the end of the borrow, it is never renewed, and its
    // signature covers the "keyright-borrow-v1" tag, so neither kind can pass as the other.
    bool borrowed = false;

    friend bool operator==(const SeatLease &, const SeatLease &) = default;
};

} // namespace keyright
