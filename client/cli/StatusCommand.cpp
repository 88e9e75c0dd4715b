#include "StatusCommand.h"

#include "AdminClient.h"
#include "Clock.h"
#include "Durations.h"
#include "ExitCode.h"
#include "LeaseJson.h"
#include "ReclaimMarks.h"
#include "TextTable.h"
#include "Timestamps.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace keyright::cli {

namespace {

// How far back status looks for the checkout that started each seat. Seats held longer show as
// held for "over 1d" rather than costing a scan of the whole audit trail.
constexpr std::chrono::hours grantLookback {24};
constexpr int grantPageSize = 1000;
constexpr int grantMaxPages = 10;

constexpr int shortSeatLength = 8;

milliseconds between(const QDateTime &from, const QDateTime &to)
{
    return milliseconds {from.msecsTo(to)};
}

QString shortTime(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(u"yyyy-MM-dd HH:mm:ss'Z'"_s) : u"-"_s;
}

// offset = server - local, said from this machine's point of view.
QString describeOffset(milliseconds offset)
{
    if (offset.count() == 0)
        return u"in step with it"_s;
    const QString amount = formatDuration(milliseconds {std::abs(offset.count())});
    return offset.count() > 0 ? u"%1 behind it"_s.arg(amount) : u"%1 ahead of it"_s.arg(amount);
}

// How long ago the holder last did something, in whole minutes ("74 min"); "-" when its client
// reports no activity. A moment a little ahead of the server's clock counts as just now.
QString idleText(const QDateTime &lastActivityAt, const QDateTime &serverNow)
{
    if (!lastActivityAt.isValid())
        return u"-"_s;
    const qint64 minutes = std::max<qint64>(0, lastActivityAt.msecsTo(serverNow)) / 60000;
    return u"%1 min"_s.arg(minutes);
}

} // namespace

QString StatusCommand::name() const
{
    return u"status"_s;
}

QString StatusCommand::summary() const
{
    return u"Seats in use per license, each holder and its countdown, blocked holders."_s;
}

QString StatusCommand::synopsis() const
{
    return u"[LICENSE]"_s;
}

void StatusCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"Show only this license."_s, u"[LICENSE]"_s);
}

QString StatusCommand::prepare(const QCommandLineParser &, const QStringList &arguments)
{
    if (arguments.size() > 1)
        return u"expects at most one LICENSE, got %1 arguments"_s.arg(arguments.size());
    if (!arguments.isEmpty()) {
        m_licenseId = arguments.constFirst();
        if (!isValidLicenseId(m_licenseId))
            return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    }
    return {};
}

void StatusCommand::start()
{
    context().admin->measureClock(this, [this](const AdminResult<ClockOffset> &result) {
        if (!result.ok())
            return fail(u"cannot read the server's clock"_s, result.error);
        m_offset = *result.value;
        listLicenses();
    });
}

void StatusCommand::listLicenses()
{
    context().admin->listLicenses(this, [this](const AdminResult<LicenseList> &result) {
        if (!result.ok())
            return fail(u"cannot list licenses"_s, result.error);
        for (const LicenseSummary &license : result.value->licenses) {
            if (m_licenseId.isEmpty() || license.id == m_licenseId)
                m_licenses.append(license);
        }
        if (!m_licenseId.isEmpty() && m_licenses.isEmpty())
            return failWith(
                NotFound,
                u"license \"%1\" not found on %2"_s.arg(m_licenseId, context().admin->serverUrl().toDisplayString()));
        listLeases();
    });
}

void StatusCommand::listLeases()
{
    if (m_licenses.isEmpty())
        return print();
    m_pending = int(m_licenses.size());
    for (const LicenseSummary &license : std::as_const(m_licenses)) {
        const QString id = license.id;
        context().admin->listLeases(id, this, [this, id](const AdminResult<LeaseList> &result) {
            if (isFinished())
                return;
            if (!result.ok())
                return fail(u"cannot list the leases of %1"_s.arg(id), result.error);
            m_leases.insert(id, *result.value);
            if (--m_pending > 0)
                return;
            const bool anyLease = std::any_of(m_leases.cbegin(), m_leases.cend(),
                                              [](const LeaseList &list) { return !list.leases.isEmpty(); });
            if (anyLease)
                findGrantTimes(0, grantMaxPages);
            else
                print();
        });
    }
}

void StatusCommand::findGrantTimes(qint64 after, int pagesLeft)
{
    EventQuery query;
    query.after = after;
    // The same pages tell which seats idle reclaim has marked (the listing does not say).
    query.kinds = QList<EventKind> {EventKind::Granted, EventKind::SeatBorrowed} + ReclaimMarks::kinds();
    query.licenseId = m_licenseId;
    query.since = m_offset.serverTime.addMSecs(-milliseconds(grantLookback).count());
    query.limit = grantPageSize;
    context().admin->events(query, this, [this, pagesLeft](const AdminResult<EventPage> &result) {
        // The grant time is a convenience: without it the seats still show, held since unknown.
        if (!result.ok())
            return print();
        for (const EventRecord &event : result.value->events) {
            // A borrowed seat starts with its borrow (no grant event).
            if (event.kind == EventKind::Granted || event.kind == EventKind::SeatBorrowed)
                m_grantedAt.insert(event.seatId, event.time);
            else
                m_reclaimEvents.append(event);
        }
        if (result.value->events.size() == grantPageSize && pagesLeft > 1)
            return findGrantTimes(result.value->next, pagesLeft - 1);
        print();
    });
}

void StatusCommand::print()
{
    // The countdown is computed at print time on the server's clock as measured, so a client
    // machine whose clock is off still shows what the server will decide.
    const QDateTime serverNow = context().clock->now().addMSecs(m_offset.offset.count());
    m_marks = ReclaimMarks::outstanding(m_reclaimEvents);
    if (context().json)
        printJsonStatus(serverNow);
    else
        printText(serverNow);
    finish(Ok);
}

void StatusCommand::printJsonStatus(const QDateTime &serverNow)
{
    // The contract's shapes (a license summary with the listing's seats, each lease row and block
    // as GET /v1/licenses/{id}/leases has it), with what only this command knows added.
    QJsonArray licenses;
    for (const LicenseSummary &license : std::as_const(m_licenses)) {
        const LeaseList list = m_leases.value(license.id);
        LicenseSummary seats = license;
        seats.seatCount = list.seatCount;
        seats.inUse = list.inUse;
        QJsonObject entry = seats.toJson();
        QJsonArray leases;
        for (const LeaseRow &row : list.leases) {
            QJsonObject lease = row.toJson();
            const QDateTime grantedAt = m_grantedAt.value(row.lease.seatId);
            lease.insert(u"signatureValid"_s, row.signatureValid);
            lease.insert(u"heldSince"_s, grantedAt.isValid() ? QJsonValue(formatTimestamp(grantedAt)) : QJsonValue());
            lease.insert(u"expiresInMs"_s, qint64(between(serverNow, row.lease.expiresAt).count()));
            // lastActivityAt comes with the row when known; how long ago that was, null when unknown.
            lease.insert(u"idleMs"_s,
                         row.lastActivityAt.isValid()
                             ? QJsonValue(std::max<qint64>(0, row.lastActivityAt.msecsTo(serverNow)))
                             : QJsonValue());
            // Idle reclaim's warning: when the seat goes (the listing says, or for an older server
            // the events) and to whom (the events); null when unmarked.
            const auto mark = m_marks.constFind(row.lease.seatId);
            const bool marked = mark != m_marks.cend() && mark->holder == row.lease.holder
                && ReclaimMarks::stands(*mark, row.lastActivityAt);
            const QDateTime reclaimAt = row.reclaimAt.isValid() ? row.reclaimAt
                : marked                                        ? mark->reclaimAt
                                                                : QDateTime();
            lease.insert(u"reclaimAt"_s, reclaimAt.isValid() ? QJsonValue(formatTimestamp(reclaimAt)) : QJsonValue());
            lease.insert(u"reclaimFor"_s,
                         marked ? QJsonValue(ReclaimMarks::recipient(*mark, list.queue)) : QJsonValue());
            leases.append(lease);
        }
        entry.insert(QString::fromUtf16(LeaseList::leasesMember), leases);
        const QString blocks = QString::fromUtf16(LeaseList::blocksMember);
        entry.insert(blocks, list.toJson().value(blocks));
        licenses.append(entry);
    }
    QJsonObject status = LicenseList {m_offset.serverTime, {}}.toJson();
    status.insert(QString::fromUtf16(LicenseList::licensesMember), licenses);
    status.insert(u"server"_s, context().admin->serverUrl().toString());
    status.insert(u"clockOffsetMs"_s, qint64(m_offset.offset.count()));
    status.insert(u"roundTripMs"_s, qint64(m_offset.roundTrip.count()));
    printJson(status);
}

void StatusCommand::printText(const QDateTime &serverNow)
{
    printOut(u"Server %1, time %2 (this machine's clock is %3, ±%4)"_s.arg(
        context().admin->serverUrl().toDisplayString(), formatTimestamp(m_offset.serverTime),
        describeOffset(m_offset.offset), formatDuration(m_offset.roundTrip / 2)));
    if (m_licenses.isEmpty()) {
        printOut(u"\nNo licenses on this server."_s);
        return;
    }
    for (const LicenseSummary &license : std::as_const(m_licenses)) {
        const LeaseList list = m_leases.value(license.id);
        printOut(QString());
        printOut(u"%1 (%2): %3 of %4 in use; ttl %5, skew %6, reap grace %7; %8 denied in the last hour"_s
                     .arg(license.id, license.name)
                     .arg(list.inUse)
                     .arg(countOf(list.seatCount, u"seat"_s, u"seats"_s))
                     .arg(formatSeconds(license.ttlSeconds), formatSeconds(license.skewSeconds),
                          formatSeconds(license.reapGraceSeconds))
                     .arg(license.deniedLastHour));
        if (list.leases.isEmpty()) {
            printOut(u"  no seats held"_s);
        } else {
            const milliseconds skew {license.skewSeconds * 1000};
            TextTable table({u"SEAT"_s, u"HOLDER"_s, u"GEN"_s, u"HELD SINCE"_s, u"HELD FOR"_s, u"IDLE"_s,
                             u"EXPIRES IN"_s, u"STATE"_s});
            table.setIndent(2);
            table.setRightAligned(2);
            table.setRightAligned(5);
            table.setRightAligned(6);
            for (const LeaseRow &row : list.leases) {
                const QDateTime grantedAt = m_grantedAt.value(row.lease.seatId);
                const milliseconds expiresIn = between(serverNow, row.lease.expiresAt);
                QString state;
                const bool live = row.live && expiresIn + skew >= milliseconds {0};
                // A seat stops being held when its lease expires: a crashed holder's time stops there.
                const QDateTime heldUntil = live ? serverNow : std::min(serverNow, row.lease.expiresAt);
                if (live && row.lease.borrowed && row.writeOff.isSet()) {
                    // Its laptop lost (walk 51b N2): it will not come back, and counts until its expiry.
                    state = u"written off, counted until %1"_s.arg(formatTimestamp(row.lease.expiresAt));
                } else if (live && row.lease.borrowed) {
                    // Taken offline: it needs no heartbeat and counts until it is returned or expires.
                    state = u"borrowed, counted until it is returned or expires"_s;
                } else if (live) {
                    state = expiresIn.count() >= 0 ? u"live"_s : u"live (in skew)"_s;
                } else {
                    const milliseconds reapIn = between(serverNow, row.reapableAt);
                    state = reapIn.count() > 0 ? u"expired, reapable in %1"_s.arg(formatDuration(reapIn))
                                               : u"expired, awaiting reap"_s;
                }
                if (!row.signatureValid)
                    state += u", SIGNATURE INVALID"_s;
                const auto mark = m_marks.constFind(row.lease.seatId);
                if (live && mark != m_marks.cend() && mark->holder == row.lease.holder
                    && ReclaimMarks::stands(*mark, row.lastActivityAt)) {
                    ReclaimMark shown = *mark;
                    shown.waiter = ReclaimMarks::recipient(*mark, list.queue);
                    if (row.reclaimAt.isValid())
                        shown.reclaimAt = row.reclaimAt;
                    state += u", "_s + ReclaimMarks::describe(shown);
                } else if (live && row.reclaimAt.isValid()) {
                    state += u", "_s
                        + ReclaimMarks::describe(
                                 ReclaimMark {row.lease.seatId, row.lease.holder, {}, {}, row.reclaimAt});
                }
                table.addRow(
                    {row.lease.seatId.left(shortSeatLength), row.lease.holder, QString::number(row.lease.generation),
                     grantedAt.isValid() ? shortTime(grantedAt)
                                         : u"before %1"_s.arg(shortTime(
                                             m_offset.serverTime.addMSecs(-milliseconds(grantLookback).count()))),
                     grantedAt.isValid() ? formatDuration(between(grantedAt, heldUntil)) : u"over 1d"_s,
                     idleText(row.lastActivityAt, serverNow), formatDuration(expiresIn), state});
            }
            for (const QString &line : table.render())
                printOut(line);
        }
        if (!list.blocks.isEmpty()) {
            TextTable blocks({u"BLOCKED HOLDER"_s, u"UNTIL"_s, u"LEFT"_s, u"REASON"_s});
            blocks.setIndent(2);
            for (const HolderBlock &block : list.blocks)
                blocks.addRow({block.holder, shortTime(block.until), formatDuration(between(serverNow, block.until)),
                               block.reason.isEmpty() ? u"-"_s : block.reason});
            for (const QString &line : blocks.render())
                printOut(line);
        }
    }
}

} // namespace keyright::cli
