#include "DisputeReconstruction.h"

#include "Timestamps.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QDateTime timeField(const QJsonObject &o, const QString &key)
{
    const auto parsed = parseTimestamp(o.value(key).toString());
    return parsed ? *parsed : QDateTime();
}

} // namespace

Dispute DisputeReconstruction::reconstruct(const EventRecord &denial, const QList<EventRecord> &history,
                                           bool historyComplete)
{
    Dispute d;
    if (denial.kind != EventKind::Denied)
        return d;
    d.denial = denial;
    d.licenseId = denial.licenseId;
    d.deniedHolder = denial.holder;
    d.at = denial.time;
    d.seatCount = denial.detail.value(u"seatCount"_s).toInt();
    d.inUse = denial.detail.value(u"inUse"_s).toInt();

    // Replay: seats granted and not yet given back when the denial happened.
    QHash<QString, DisputeSeat> held;
    QStringList order;
    for (const EventRecord &e : history) {
        if (e.seq >= denial.seq)
            break;
        if (e.licenseId != denial.licenseId || e.seatId.isEmpty())
            continue;
        if (e.kind == EventKind::Granted) {
            DisputeSeat seat;
            seat.seatId = e.seatId;
            seat.holder = e.holder;
            seat.generation = e.detail.value(u"generation"_s).toVariant().toULongLong();
            seat.issuedAt = e.time;
            seat.grantedAt = e.time;
            seat.expiresAt = timeField(e.detail, u"expiresAt"_s);
            seat.replayed = true;
            if (!held.contains(e.seatId))
                order << e.seatId;
            held.insert(e.seatId, seat);
        } else if (e.kind == EventKind::Released || e.kind == EventKind::Revoked || e.kind == EventKind::Reaped) {
            held.remove(e.seatId);
            order.removeOne(e.seatId);
        }
    }

    QList<DisputeSeat> counted;
    const QJsonArray holders = denial.detail.value(u"holders"_s).toArray();
    d.serverListed = denial.detail.contains(u"holders"_s);
    for (const QJsonValue &v : holders) {
        const QJsonObject h = v.toObject();
        DisputeSeat seat;
        seat.seatId = h.value(u"seatId"_s).toString();
        seat.holder = h.value(u"holder"_s).toString();
        seat.generation = h.value(u"generation"_s).toVariant().toULongLong();
        seat.issuedAt = timeField(h, u"issuedAt"_s);
        seat.expiresAt = timeField(h, u"expiresAt"_s);
        seat.counted = true;
        seat.withinSkewOnly = seat.expiresAt.isValid() && d.at.isValid() && seat.expiresAt < d.at;
        const auto it = held.constFind(seat.seatId);
        if (it != held.cend()) {
            seat.replayed = true;
            seat.grantedAt = it->grantedAt;
            held.remove(seat.seatId);
            order.removeOne(seat.seatId);
        } else {
            ++d.unexplained;
        }
        counted << seat;
    }
    if (!d.serverListed) {
        // An older server: the replay is all there is. Seats count if they were not returned.
        for (const QString &id : std::as_const(order)) {
            DisputeSeat seat = held.value(id);
            seat.counted = true;
            counted << seat;
        }
        held.clear();
        order.clear();
    }

    std::stable_sort(counted.begin(), counted.end(), [](const DisputeSeat &a, const DisputeSeat &b) {
        const QDateTime ta = a.grantedAt.isValid() ? a.grantedAt : a.issuedAt;
        const QDateTime tb = b.grantedAt.isValid() ? b.grantedAt : b.issuedAt;
        return ta < tb;
    });
    d.seats = counted;
    for (const QString &id : std::as_const(order)) {
        d.seats << held.value(id);
        ++d.notReturned;
    }
    d.consistent = historyComplete ? d.unexplained == 0 : true;

    QHash<QString, int> perHolder;
    QStringList holderOrder;
    for (const DisputeSeat &seat : std::as_const(counted)) {
        if (!perHolder.contains(seat.holder))
            holderOrder << seat.holder;
        ++perHolder[seat.holder];
    }
    for (const QString &h : std::as_const(holderOrder))
        d.shares.append({h, perHolder.value(h)});
    std::stable_sort(d.shares.begin(), d.shares.end(),
                     [](const DisputeHolderShare &a, const DisputeHolderShare &b) { return a.seats > b.seats; });
    return d;
}

} // namespace keyright
