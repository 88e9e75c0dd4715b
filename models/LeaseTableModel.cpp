#include "LeaseTableModel.h"

#include "Clock.h"
#include "Durations.h"
#include "LedgerSentence.h"
#include "PollMerge.h"
#include "StatePalette.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Whole seconds: a countdown under a second reads "0s", not "850 ms".
QString countdownText(qint64 ms)
{
    if (ms < 1000)
        return QCoreApplication::translate("keyright::Durations", "%1s").arg(0);
    return formatDuration(std::chrono::milliseconds {ms - ms % 1000});
}

// The whole moment, for tooltips: the cells may leave the date or the seconds out.
QString fullTimestamp(const QDateTime &time)
{
    return time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss t"_s);
}

const QList<int> &changeRoles()
{
    static const QList<int> roles {Qt::DisplayRole,
                                   Qt::ToolTipRole,
                                   Qt::ForegroundRole,
                                   LeaseTableModel::SortRole,
                                   LeaseTableModel::StateRole,
                                   LeaseTableModel::RemainingFractionRole,
                                   LeaseTableModel::SignatureValidRole,
                                   LeaseTableModel::ReservationRole,
                                   LeaseTableModel::CapsRole};
    return roles;
}

// The Idle for column's order: blocks, then holders of unknown activity, then the least idle
// first (milliseconds since the last activity).
qint64 idleSortKey(const HolderRow &row, const QDateTime &now)
{
    if (row.kind != HolderRow::Kind::Lease)
        return -2;
    if (!row.lease.lastActivityAt.isValid())
        return -1;
    return std::max<qint64>(row.lease.lastActivityAt.msecsTo(now), 0);
}

const QList<int> &tickRoles()
{
    static const QList<int> roles {Qt::DisplayRole, Qt::ForegroundRole, LeaseTableModel::SortRole,
                                   LeaseTableModel::RemainingFractionRole};
    return roles;
}

} // namespace

LeaseTableModel::LeaseTableModel(const Clock &serverClock, QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock(serverClock)
    , m_now(serverClock.now())
{ }

LeaseTableModel::~LeaseTableModel() = default;

QString LeaseTableModel::idleText(const QString &idle, const QString &reclaimAt)
{
    return tr("%1, reclaim at %2").arg(idle, reclaimAt);
}

QString LeaseTableModel::formatTime(const QDateTime &time, const QDateTime &now)
{
    if (!time.isValid())
        return {};
    const QDateTime local = time.toLocalTime();
    const QDate today = now.toLocalTime().date();
    if (local.date() == today)
        return local.toString(u"HH:mm:ss"_s);
    // A short day and month in the interface's language keeps the column narrow enough to read
    // whole; the year only when it is not this one.
    const QLocale locale;
    if (local.date().year() == today.year())
        return locale.toString(local, u"d MMM HH:mm"_s);
    return locale.toString(local, u"d MMM yyyy HH:mm"_s);
}

int LeaseTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LeaseTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::optional<HeldSeat> LeaseTableModel::seatAt(int row) const
{
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).kind != HolderRow::Kind::Lease)
        return std::nullopt;
    const HolderRow &r = m_rows.at(row);
    const SeatLease &lease = r.lease.lease;
    return HeldSeat {r.licenseId,
                     lease.seatId,
                     lease.holder,
                     lease.borrowed,
                     lease.borrowed ? lease.expiresAt : QDateTime(),
                     lease.borrowed && r.lease.writeOff.isSet()};
}

bool LeaseTableModel::isIdle(const HolderRow &row) const
{
    if (row.kind != HolderRow::Kind::Lease || !row.lease.lastActivityAt.isValid() || stateOf(row) != HolderState::Live)
        return false;
    return row.lease.lastActivityAt.msecsTo(m_now) > qint64(row.idleAfterMinutes) * 60 * 1000;
}

QString LeaseTableModel::idleText(qint64 idleMs)
{
    const qint64 minutes = std::max<qint64>(idleMs, 0) / 60000;
    if (minutes < 1)
        return tr("active");
    // Minutes up to two hours: "74 min" reads quicker than "1 h 14 min".
    if (minutes < 120)
        return tr("%1 min").arg(minutes);
    return tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

LeaseTableModel::HolderState LeaseTableModel::stateOf(const HolderRow &row) const
{
    if (row.kind == HolderRow::Kind::Block)
        return HolderState::Blocked;
    // Decided on the same clock as the countdown: a row never reads "expired 1m ago" and "live"
    // at once, even when the last poll is old (an outage) and the server's word is out of date.
    if (!row.lease.live || m_now > row.lease.lease.expiresAt)
        return HolderState::ExpiredAwaitingReap;
    return row.lease.lease.borrowed ? HolderState::Borrowed : HolderState::Live;
}

QString LeaseTableModel::stateText(HolderState state, const QDateTime &asOf)
{
    QString text;
    switch (state) {
    case HolderState::Live:
        text = tr("live");
        break;
    case HolderState::ExpiredAwaitingReap:
        text = tr("expired, awaiting reap");
        break;
    case HolderState::Blocked:
        text = tr("blocked");
        break;
    case HolderState::Borrowed:
        text = tr("borrowed", "a seat's state");
        break;
    }
    if (asOf.isValid())
        return tr("%1 (as of %2)").arg(text, asOf.toLocalTime().toString(u"HH:mm"_s));
    return text;
}

QHash<QString, int> LeaseTableModel::liveSeatsByLicense() const
{
    QHash<QString, int> live;
    for (const HolderRow &row : m_rows) {
        int &count = live[row.licenseId]; // a license whose seats all expired still reads 0
        if (row.kind == HolderRow::Kind::Lease
            && (stateOf(row) == HolderState::Live || stateOf(row) == HolderState::Borrowed))
            ++count;
    }
    return live;
}

void LeaseTableModel::setStaleSince(const QDateTime &asOf)
{
    if (m_staleSince == asOf)
        return;
    m_staleSince = asOf;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1),
                           {Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole, StateRole});
}

QVariant LeaseTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_rows.size())
        return {};
    const HolderRow &row = m_rows.at(index.row());
    const bool isLease = row.kind == HolderRow::Kind::Lease;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, index.column());
    case SortRole:
        return sortData(row, index.column());
    case Qt::ToolTipRole:
        if (m_staleSince.isValid()) {
            const QString tip = toolTipData(row, index.column()).toString();
            const QString age = tr("As of %1: the server has not answered since.")
                                    .arg(m_staleSince.toLocalTime().toString(u"HH:mm:ss"_s));
            return tip.isEmpty() ? age : age + u'\n' + tip;
        }
        return toolTipData(row, index.column());
    case KeyRole:
        return row.key;
    case SeatIdRole:
        return isLease ? row.lease.lease.seatId : QString();
    case LicenseIdRole:
        return row.licenseId;
    case HolderRole:
        return row.holder();
    case StateRole:
        return int(stateOf(row));
    case SignatureValidRole:
        return isLease ? QVariant(row.lease.signatureValid) : QVariant();
    case ReservationRole:
        return isLease ? row.reservation : QString();
    case IdleRole:
        return isIdle(row);
    case Qt::BackgroundRole:
        // An idle holder's whole row reads as a warning: its seat may be reclaimed for someone waiting.
        if (!m_staleSince.isValid() && isIdle(row))
            return QBrush(StatePalette::background(StatePalette::Idle));
        return {};
    case CapsRole: {
        QStringList groups;
        for (const HolderRow::Cap &cap : row.caps)
            groups << cap.group;
        return groups;
    }
    case RemainingFractionRole:
        if (index.column() == CountdownColumn && isLease) {
            const qint64 window = row.lease.lease.issuedAt.msecsTo(row.lease.lease.expiresAt);
            if (window <= 0)
                return 0.0;
            return double(m_now.msecsTo(row.lease.lease.expiresAt)) / double(window);
        }
        return {};
    case Qt::ForegroundRole:
        if (m_staleSince.isValid())
            return QBrush(StatePalette::colour(StatePalette::Muted)); // nothing here is current
        switch (index.column()) {
        case CountdownColumn:
            if (!isLease)
                return QBrush(StatePalette::colour(StatePalette::Muted));
            if (m_now > row.lease.lease.expiresAt)
                return QBrush(StatePalette::colour(StatePalette::Expired));
            return {};
        case StateColumn:
            switch (stateOf(row)) {
            case HolderState::Live:
                return QBrush(StatePalette::colour(StatePalette::Live));
            case HolderState::ExpiredAwaitingReap:
                return QBrush(StatePalette::colour(StatePalette::Expired));
            case HolderState::Blocked:
                return QBrush(StatePalette::colour(StatePalette::Reserved));
            case HolderState::Borrowed:
                // A written-off seat is lost, not away: a warning, not the borrowed olive that reads
                // close to live green (walk 57b, 13).
                return QBrush(
                    StatePalette::colour(row.lease.writeOff.isSet() ? StatePalette::Pending : StatePalette::Borrowed));
            }
            return {};
        case SignatureColumn:
            if (isLease)
                return QBrush(
                    StatePalette::colour(row.lease.signatureValid ? StatePalette::Live : StatePalette::Failed));
            return {};
        case CountsAgainstColumn:
            if (isLease && !row.reservation.isEmpty())
                return QBrush(StatePalette::colour(StatePalette::ReservedSeat));
            return {};
        case IdleForColumn:
            if (!isLease || !row.lease.lastActivityAt.isValid())
                return QBrush(StatePalette::colour(StatePalette::Muted));
            if (isIdle(row))
                return QBrush(StatePalette::colour(StatePalette::Idle));
            return {};
        case SeatColumn:
        case HeldSinceColumn:
            if (isLease && !row.heldSinceExact && index.column() == HeldSinceColumn)
                return QBrush(StatePalette::colour(StatePalette::Muted));
            return {};
        default:
            return isLease ? QVariant() : QVariant(QBrush(StatePalette::colour(StatePalette::Muted)));
        }
    case Qt::FontRole:
        if (index.column() == SeatColumn) {
            QFont font(u"monospace"_s);
            font.setStyleHint(QFont::Monospace);
            return font;
        }
        if (index.column() == SignatureColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case GenerationColumn:
        case CountdownColumn:
        case IdleForColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case SignatureColumn:
            return QVariant::fromValue(Qt::AlignCenter);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant LeaseTableModel::displayData(const HolderRow &row, int column) const
{
    if (row.kind == HolderRow::Kind::Block) {
        switch (column) {
        case HolderColumn:
            return row.block.holder;
        case LicenseColumn:
            return row.licenseId;
        case CountdownColumn: {
            const qint64 left = m_now.msecsTo(row.block.until);
            return left > 0 ? tr("%1 left").arg(countdownText(left)) : QString();
        }
        case ExpiresAtColumn:
            return formatTime(row.block.until, m_now);
        case StateColumn:
            return stateText(HolderState::Blocked, m_staleSince);
        default:
            return {};
        }
    }
    const SeatLease &lease = row.lease.lease;
    switch (column) {
    case HolderColumn:
        return lease.holder;
    case LicenseColumn:
        return row.licenseId;
    case SeatColumn:
        return lease.seatId.left(8);
    case GenerationColumn:
        return QString::number(lease.generation);
    case HeldSinceColumn:
        return formatTime(row.heldSince, m_now);
    case ExpiresAtColumn:
        return formatTime(lease.expiresAt, m_now);
    case CountdownColumn: {
        const qint64 left = m_now.msecsTo(lease.expiresAt);
        if (left >= 0)
            return countdownText(left);
        return tr("expired %1 ago").arg(countdownText(-left));
    }
    case StateColumn:
        if (stateOf(row) == HolderState::Borrowed) {
            const QString text = row.lease.writeOff.isSet()
                ? tr("written off, until %1").arg(borrowEndText(lease.expiresAt, m_now, QTimeZone::systemTimeZone()))
                : tr("borrowed until %1").arg(borrowEndText(lease.expiresAt, m_now, QTimeZone::systemTimeZone()));
            return m_staleSince.isValid()
                ? tr("%1 (as of %2)").arg(text, m_staleSince.toLocalTime().toString(u"HH:mm"_s))
                : text;
        }
        return stateText(stateOf(row), m_staleSince);
    case SignatureColumn:
        return row.lease.signatureValid ? u"\u2713"_s : u"\u2717"_s;
    case CountsAgainstColumn:
        return countsAgainstText(row);
    case IdleForColumn:
        // Offline by design, not unknown (walk 55): the tooltip says why.
        if (!row.lease.lastActivityAt.isValid() && stateOf(row) == HolderState::Borrowed)
            return u"\u2014"_s;
        if (!row.lease.lastActivityAt.isValid())
            return tr("unknown");
        if (row.lease.reclaimAt.isValid()) {
            return idleText(idleText(row.lease.lastActivityAt.msecsTo(m_now)), formatTime(row.lease.reclaimAt, m_now));
        }
        return idleText(row.lease.lastActivityAt.msecsTo(m_now));
    default:
        return {};
    }
}

QString LeaseTableModel::countsAgainstText(const HolderRow &row) const
{
    // Only a seat the server counts counts against anything; without rules there is nothing to say.
    // A borrowed seat counts as a live one does, away on its laptop (walk 55: its cell was empty).
    if (row.kind != HolderRow::Kind::Lease || !row.ruled
        || (stateOf(row) != HolderState::Live && stateOf(row) != HolderState::Borrowed))
        return {};
    // A cap says more than "shared seats" and keeps the column narrow; the tooltip has both.
    QStringList parts;
    if (!row.reservation.isEmpty())
        parts << tr("reserved for %1").arg(row.reservation);
    for (const HolderRow::Cap &cap : row.caps)
        parts << tr("max %1: %2 of %3").arg(cap.group).arg(cap.held).arg(cap.cap);
    if (parts.isEmpty())
        parts << tr("shared seats");
    return parts.join(u" · "_s);
}

const QString &LeaseTableModel::holderSortKey(const HolderRow &row) const
{
    // Holder, then held since, then seat: a key no renewal changes, so rows sorted by holder stay
    // where the pointer found them (a countdown or expiry key moves them every heartbeat). Built
    // once per row (sorting asks for it a dozen times per inserted row).
    if (row.holderSortKey.isEmpty()) {
        const bool isLease = row.kind == HolderRow::Kind::Lease;
        row.holderSortKey = row.holder().toLower() + QChar(1)
            + u"%1"_s.arg(isLease ? row.heldSince.toMSecsSinceEpoch() : Q_INT64_C(0), 16, 10, QLatin1Char('0'))
            + QChar(1) + row.key;
    }
    return row.holderSortKey;
}

bool LeaseTableModel::sortsBefore(int left, int right, int column) const
{
    const HolderRow &a = m_rows.at(left);
    const HolderRow &b = m_rows.at(right);
    const bool aLease = a.kind == HolderRow::Kind::Lease;
    const bool bLease = b.kind == HolderRow::Kind::Lease;
    switch (column) {
    case HolderColumn:
        return holderSortKey(a).compare(holderSortKey(b)) < 0;
    case LicenseColumn:
        return a.licenseId.compare(b.licenseId) < 0;
    case SeatColumn:
        return (aLease ? a.lease.lease.seatId : QString()).compare(bLease ? b.lease.lease.seatId : QString()) < 0;
    case GenerationColumn:
        return (aLease ? a.lease.lease.generation : 0) < (bLease ? b.lease.lease.generation : 0);
    case HeldSinceColumn:
        return (aLease ? a.heldSince.toMSecsSinceEpoch() : 0) < (bLease ? b.heldSince.toMSecsSinceEpoch() : 0);
    case ExpiresAtColumn:
    case CountdownColumn: // the same order: now minus the same moment for every row
        return (aLease ? a.lease.lease.expiresAt : a.block.until).toMSecsSinceEpoch()
            < (bLease ? b.lease.lease.expiresAt : b.block.until).toMSecsSinceEpoch();
    case StateColumn:
        return int(stateOf(a)) < int(stateOf(b));
    case SignatureColumn:
        return (aLease ? int(a.lease.signatureValid) : -1) < (bLease ? int(b.lease.signatureValid) : -1);
    case IdleForColumn:
        return idleSortKey(a, m_now) < idleSortKey(b, m_now);
    default:
        return sortData(a, column).toString().compare(sortData(b, column).toString()) < 0;
    }
}

QVariant LeaseTableModel::sortData(const HolderRow &row, int column) const
{
    const bool isLease = row.kind == HolderRow::Kind::Lease;
    switch (column) {
    case HolderColumn:
        return holderSortKey(row);
    case LicenseColumn:
        return row.licenseId;
    case SeatColumn:
        return isLease ? row.lease.lease.seatId : QString();
    case GenerationColumn:
        return isLease ? row.lease.lease.generation : Q_UINT64_C(0);
    case HeldSinceColumn:
        return isLease ? row.heldSince.toMSecsSinceEpoch() : Q_INT64_C(0);
    case ExpiresAtColumn:
        return (isLease ? row.lease.lease.expiresAt : row.block.until).toMSecsSinceEpoch();
    case CountdownColumn:
        return m_now.msecsTo(isLease ? row.lease.lease.expiresAt : row.block.until);
    case StateColumn:
        return int(stateOf(row));
    case SignatureColumn:
        return isLease ? int(row.lease.signatureValid) : -1;
    case CountsAgainstColumn:
        return countsAgainstText(row);
    case IdleForColumn:
        return idleSortKey(row, m_now);
    default:
        return {};
    }
}

QVariant LeaseTableModel::toolTipData(const HolderRow &row, int column) const
{
    if (row.kind == HolderRow::Kind::Block) {
        if (column == StateColumn || column == HolderColumn || column == CountdownColumn) {
            const QString until = formatTime(row.block.until, m_now);
            return row.block.reason.isEmpty()
                ? tr("%1 is blocked from this license until %2").arg(row.block.holder, until)
                : tr("%1 is blocked from this license until %2: %3").arg(row.block.holder, until, row.block.reason);
        }
        return {};
    }
    const SeatLease &lease = row.lease.lease;
    switch (column) {
    case SeatColumn:
        return lease.seatId;
    case HeldSinceColumn:
        return row.heldSinceExact ? tr("Seat granted at %1").arg(fullTimestamp(row.heldSince))
                                  : tr("Held since at least %1 (the grant is older than the events loaded)")
                                        .arg(fullTimestamp(row.heldSince));
    case ExpiresAtColumn:
        return tr("Signed expiry, UTC: %1").arg(lease.expiresAt.toUTC().toString(Qt::ISODateWithMs));
    case CountdownColumn:
        return tr("Time left before the signed expiry, on the server's clock");
    case GenerationColumn:
        return tr("Fencing token: grows with every grant on this license");
    case StateColumn:
        if (stateOf(row) == HolderState::Live)
            return tr("The seat counts against the license");
        if (stateOf(row) == HolderState::Borrowed && row.lease.writeOff.isSet()) {
            const BorrowWriteOff &writeOff = row.lease.writeOff;
            QString text = tr("Written off by %1 at %2: the laptop holding this borrowed seat is lost. Its signed "
                              "lease cannot be recalled offline, so the seat counts against the license until %3. "
                              "If the laptop turns up, returning the seat frees it at once.")
                               .arg(writeOff.by, borrowEndText(writeOff.at, m_now, QTimeZone::systemTimeZone()),
                                    borrowEndText(lease.expiresAt, m_now, QTimeZone::systemTimeZone()));
            if (!writeOff.note.isEmpty())
                text += u'\n' + tr("Note: %1").arg(writeOff.note);
            return text;
        }
        if (stateOf(row) == HolderState::Borrowed) {
            return tr("Borrowed: the seat is away on a laptop that holds a signed lease. It counts against the "
                      "license until it is returned or until %1, and cannot be revoked before.")
                .arg(borrowEndText(lease.expiresAt, m_now, QTimeZone::systemTimeZone()));
        }
        return tr("The lease expired; the seat no longer counts. The reaper deletes the row from %1.")
            .arg(formatTime(row.lease.reapableAt, m_now));
    case CountsAgainstColumn: {
        if (countsAgainstText(row).isEmpty())
            return {};
        QStringList lines;
        lines << (row.reservation.isEmpty()
                      ? tr("This seat counts against the shared seats, which anyone admitted may take.")
                      : tr("This seat counts against the seats reserved for %1.").arg(row.reservation));
        for (const HolderRow::Cap &cap : row.caps)
            lines << tr("%1 may hold at most %n seat(s); it holds %2.", nullptr, cap.cap).arg(cap.group).arg(cap.held);
        return lines.join(u'\n');
    }
    case IdleForColumn: {
        if (!row.lease.lastActivityAt.isValid() && stateOf(row) == HolderState::Borrowed)
            return tr("The laptop holding this borrowed seat is offline: a borrowed seat sends no heartbeats, by "
                      "design, so the server cannot know how long it has been idle");
        if (!row.lease.lastActivityAt.isValid())
            return tr("This client does not report activity; it is never counted as idle");
        QString text = isIdle(row)
            ? tr("Last activity at %1: idle for more than %n minute(s)", nullptr, row.idleAfterMinutes)
                  .arg(fullTimestamp(row.lease.lastActivityAt))
            : tr("Last activity at %1").arg(fullTimestamp(row.lease.lastActivityAt));
        if (row.lease.reclaimAt.isValid()) {
            text += u'\n'
                + tr("Someone is waiting: idle reclaim gives this seat to them at %1 unless its holder uses the "
                     "application before then.")
                      .arg(fullTimestamp(row.lease.reclaimAt));
        }
        return text;
    }
    case SignatureColumn:
        return row.lease.signatureValid
            ? tr("The signature verifies against the server's public key")
            : tr("The signature does NOT verify against the server's public key: this lease was altered");
    default:
        return {};
    }
}

QVariant LeaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case HolderColumn:
        return tr("Holder");
    case LicenseColumn:
        return tr("License");
    case SeatColumn:
        return tr("Seat");
    case GenerationColumn:
        return tr("Gen.");
    case HeldSinceColumn:
        return tr("Held since");
    case ExpiresAtColumn:
        return tr("Expires at");
    case CountdownColumn:
        return tr("Expires in");
    case CountsAgainstColumn:
        return tr("Counts against");
    case StateColumn:
        return tr("State");
    case SignatureColumn:
        return tr("Sig.");
    case IdleForColumn:
        return tr("Idle for");
    default:
        return {};
    }
}

void LeaseTableModel::applyPoll(const QList<LeaseList> &lists)
{
    m_now = m_clock.now();
    PollMerge merge = mergePoll(m_rows, m_rowByKey, lists, m_grants, m_now);

    // Each run of removed rows costs the proxy and the views a renumbering of every row after it:
    // a poll of a large server that removes rows here and there in many licenses is applied as
    // one layout change instead, with the persistent indexes (selection, current row) moved.
    if (merge.removals.size() > kMaxRemovalRuns) {
        applyAsLayoutChange(merge);
        return;
    }

    for (const auto &[first, last] : std::as_const(merge.removals)) {
        beginRemoveRows({}, first, last);
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
    }
    if (!merge.removals.isEmpty())
        rebuildIndex();

    // Rows that changed: dataChanged over the changed cells of runs of adjacent changed rows.
    for (PollMerge::Change &change : merge.changes)
        m_rows[change.row] = std::move(change.next);
    const QList<PollMerge::Change> &changes = merge.changes;
    for (qsizetype i = 0; i < changes.size();) {
        qsizetype j = i;
        unsigned mask = changes.at(i).columns;
        while (j + 1 < changes.size() && changes.at(j + 1).row == changes.at(j).row + 1) {
            ++j;
            mask |= changes.at(j).columns;
        }
        int lo = 0;
        while (!(mask & (1u << lo)))
            ++lo;
        int hi = ColumnCount - 1;
        while (!(mask & (1u << hi)))
            --hi;
        Q_EMIT dataChanged(index(changes.at(i).row, lo), index(changes.at(j).row, hi), changeRoles());
        i = j + 1;
    }

    if (!merge.additions.isEmpty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(merge.additions.size()) - 1);
        m_rows.reserve(m_rows.size() + merge.additions.size());
        for (HolderRow &row : merge.additions) {
            m_rowByKey.insert(row.key, int(m_rows.size()));
            m_rows.append(std::move(row));
        }
        endInsertRows();
    }
}

void LeaseTableModel::applyAsLayoutChange(PollMerge &merge)
{
    Q_EMIT layoutAboutToBeChanged();
    const int before = int(m_rows.size());
    QList<int> newRow(before, 0);
    for (const auto &[first, last] : std::as_const(merge.removals))
        for (int r = first; r <= last; ++r)
            newRow[r] = -1;
    int kept = 0;
    for (int r = 0; r < before; ++r) {
        if (newRow.at(r) < 0)
            continue;
        if (kept != r)
            m_rows[kept] = std::move(m_rows[r]);
        newRow[r] = kept++;
    }
    m_rows.resize(kept);
    for (PollMerge::Change &change : merge.changes)
        m_rows[change.row] = std::move(change.next);
    m_rows.reserve(m_rows.size() + merge.additions.size());
    for (HolderRow &row : merge.additions)
        m_rows.append(std::move(row));
    rebuildIndex();

    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex &index : from) {
        const int row = index.row() < before ? newRow.at(index.row()) : -1;
        to << (row < 0 ? QModelIndex() : this->index(row, index.column()));
    }
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged();
}

void LeaseTableModel::retainLicenses(const QSet<QString> &licenseIds)
{
    const auto gone = [&](int r) { return !licenseIds.contains(m_rows.at(r).licenseId); };
    removeRowsWhere(gone);
}

void LeaseTableModel::removeRowsWhere(const std::function<bool(int row)> &gone)
{
    // Removed in runs, last run first so earlier row numbers stay valid.
    bool removed = false;
    for (int r = int(m_rows.size()) - 1; r >= 0;) {
        if (!gone(r)) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && gone(first - 1))
            --first;
        beginRemoveRows({}, first, r);
        m_rows.remove(first, r - first + 1);
        endRemoveRows();
        removed = true;
        r = first - 1;
    }
    if (removed)
        rebuildIndex();
}

void LeaseTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_rowByKey.clear();
    m_grants.clear();
    endResetModel();
}

void LeaseTableModel::noteGrant(const QString &seatId, const QDateTime &grantedAt)
{
    m_grants.insert(seatId, grantedAt);
    const int r = rowOfKey(seatId);
    if (r < 0)
        return;
    HolderRow &row = m_rows[r];
    if (row.heldSinceExact && row.heldSince == grantedAt)
        return;
    row.heldSince = grantedAt;
    row.heldSinceExact = true;
    row.holderSortKey.clear();
    const QModelIndex cell = index(r, HeldSinceColumn);
    Q_EMIT dataChanged(cell, cell, {Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole, SortRole});
}

void LeaseTableModel::tick()
{
    const QDateTime before = m_now;
    m_now = m_clock.now();
    if (m_rows.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, CountdownColumn), index(int(m_rows.size()) - 1, CountdownColumn), tickRoles());
    Q_EMIT dataChanged(index(0, IdleForColumn), index(int(m_rows.size()) - 1, IdleForColumn), tickRoles());
    QList<int> all(m_rows.size());
    std::iota(all.begin(), all.end(), 0);
    emitExpiredSince(before, all);
    emitIdleSince(before, all);
}

void LeaseTableModel::tickRows(QList<int> rows)
{
    const QDateTime before = m_now;
    m_now = m_clock.now();
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (qsizetype i = 0; i < rows.size();) {
        if (rows.at(i) < 0 || rows.at(i) >= m_rows.size()) {
            ++i;
            continue;
        }
        qsizetype j = i;
        while (j + 1 < rows.size() && rows.at(j + 1) == rows.at(j) + 1 && rows.at(j + 1) < m_rows.size())
            ++j;
        Q_EMIT dataChanged(index(rows.at(i), CountdownColumn), index(rows.at(j), CountdownColumn), tickRoles());
        Q_EMIT dataChanged(index(rows.at(i), IdleForColumn), index(rows.at(j), IdleForColumn), tickRoles());
        i = j + 1;
    }
    emitExpiredSince(before, rows);
    emitIdleSince(before, rows);
}

void LeaseTableModel::emitExpiredSince(const QDateTime &before, const QList<int> &rows)
{
    // The state turns "expired" on the tick that takes the countdown past zero; only those rows.
    for (int r : rows) {
        if (r < 0 || r >= m_rows.size() || m_rows.at(r).kind != HolderRow::Kind::Lease)
            continue;
        const QDateTime &expiresAt = m_rows.at(r).lease.lease.expiresAt;
        if (before <= expiresAt && m_now > expiresAt) {
            const QModelIndex cell = index(r, StateColumn);
            Q_EMIT dataChanged(cell, cell, {Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole, StateRole, SortRole});
        }
    }
}

void LeaseTableModel::emitIdleSince(const QDateTime &before, const QList<int> &rows)
{
    // A holder turns idle (or live again, at expiry) between two ticks: its whole row's mark changes.
    for (int r : rows) {
        if (r < 0 || r >= m_rows.size() || m_rows.at(r).kind != HolderRow::Kind::Lease)
            continue;
        const HolderRow &row = m_rows.at(r);
        if (!row.lease.lastActivityAt.isValid())
            continue;
        const QDateTime threshold = row.lease.lastActivityAt.addSecs(qint64(row.idleAfterMinutes) * 60);
        const bool crossed = (before <= threshold && m_now > threshold)
            || (before <= row.lease.lease.expiresAt && m_now > row.lease.lease.expiresAt);
        if (crossed)
            Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1),
                               {Qt::BackgroundRole, Qt::ForegroundRole, IdleRole});
    }
}

void LeaseTableModel::rebuildIndex()
{
    m_rowByKey.clear();
    m_rowByKey.reserve(m_rows.size());
    for (int r = 0; r < m_rows.size(); ++r)
        m_rowByKey.insert(m_rows.at(r).key, r);
}

} // namespace keyright
