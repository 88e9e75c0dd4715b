#include "LeaseBytes.h"

#include <QtEndian>

namespace keyright {

namespace {

void appendField(QByteArray &out, const QByteArray &utf8)
{
    const quint32 length = qToBigEndian(static_cast<quint32>(utf8.size()));
    out.append(reinterpret_cast<const char *>(&length), sizeof length);
    out.append(utf8);
}

} // namespace

QByteArray leaseSigningBytes(const SeatLease &lease)
{
    // Every field carries its own length, so no choice of characters in one field can shift bytes
    // into the next (holder "a" + seat "bc" never signs the same as holder "ab" + seat "c").
    QByteArray out(lease.borrowed ? borrowedLeaseSigningTag : leaseSigningTag);
    appendField(out, lease.licenseId.toUtf8());
    appendField(out, lease.seatId.toUtf8());
    appendField(out, lease.holder.toUtf8());
    appendField(out, QByteArray::number(lease.generation));
    appendField(out, QByteArray::number(lease.issuedAt.toMSecsSinceEpoch()));
    appendField(out, QByteArray::number(lease.expiresAt.toMSecsSinceEpoch()));
    return out;
}

} // namespace keyright
