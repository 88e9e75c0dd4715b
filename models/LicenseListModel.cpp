#include "LicenseListModel.h"

#include "DemoCatalogue.h"
#include "Durations.h"
#include "StatePalette.h"
#include "simulator/SandboxProvisioner.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString seconds(qint64 s)
{
    return s < 1 ? QCoreApplication::translate("keyright::Durations", "%1s").arg(0)
                 : formatDuration(std::chrono::seconds {s});
}

// Which columns differ between two versions of one license.
QList<int> changedColumns(const LicenseSummary &a, const LicenseSummary &b)
{
    QList<int> columns;
    // The dates show with the license (the Seats page's validity badge): a change of them alone
    // must reach the stored row, as the name's does.
    if (a.name != b.name || a.validity != b.validity)
        columns << LicenseListModel::NameColumn;
    if (a.seatCount != b.seatCount || a.inUse != b.inUse || a.reservedSeats != b.reservedSeats || a.waiting != b.waiting
        || a.borrowed != b.borrowed)
        columns << LicenseListModel::SeatsColumn;
    if (a.ttlSeconds != b.ttlSeconds)
        columns << LicenseListModel::TtlColumn;
    if (a.skewSeconds != b.skewSeconds)
        columns << LicenseListModel::SkewColumn;
    if (a.reapGraceSeconds != b.reapGraceSeconds)
        columns << LicenseListModel::GraceColumn;
    if (a.deniedLastHour != b.deniedLastHour)
        columns << LicenseListModel::DeniedColumn;
    return columns;
}

} // namespace

LicenseListModel::LicenseListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

LicenseListModel::~LicenseListModel() = default;

int LicenseListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_licenses.size());
}

int LicenseListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LicenseListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_licenses.size())
        return {};
    const LicenseSummary &l = m_licenses.at(index.row());
    switch (role) {
    case LicenseIdRole:
        return l.id;
    case SeatCountRole:
        return l.seatCount;
    case InUseRole:
        return inUseShown(l);
    case ReservedIdleRole:
        return reservedIdle(l);
    case FreeRole:
        return std::max(0, l.seatCount - inUseShown(l) - reservedIdle(l));
    case WaitingRole:
        return l.waiting;
    case BorrowedRole:
        return std::clamp(l.borrowed, 0, inUseShown(l));
    case SandboxRole:
        return DemoCatalogue::isSandboxLicense(l.id);
    case SandboxScenarioRole: {
        if (!DemoCatalogue::isSandboxLicense(l.id))
            return {};
        const QString scenario = SandboxProvisioner::sandboxScenario(l.id);
        return scenario.isEmpty() ? displayName(l) : scenario;
    }
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return displayName(l);
        case SeatsColumn:
            return tr("%1 / %2").arg(inUseShown(l)).arg(l.seatCount);
        case TtlColumn:
            return seconds(l.ttlSeconds);
        case SkewColumn:
            return seconds(l.skewSeconds);
        case GraceColumn:
            return seconds(l.reapGraceSeconds);
        case DeniedColumn:
            return l.deniedLastHour;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case NameColumn:
            return displayName(l).toLower();
        case SeatsColumn:
            return l.seatCount > 0 ? double(inUseShown(l)) / l.seatCount : 0.0;
        case TtlColumn:
            return l.ttlSeconds;
        case SkewColumn:
            return l.skewSeconds;
        case GraceColumn:
            return l.reapGraceSeconds;
        case DeniedColumn:
            return l.deniedLastHour;
        }
        break;
    case Qt::ToolTipRole:
        if (m_staleSince.isValid()) {
            QString tip = tr("As of %1: the server has not answered since.")
                              .arg(m_staleSince.toLocalTime().toString(u"HH:mm:ss"_s));
            if (index.column() == SeatsColumn && m_liveNow.contains(l.id))
                tip += u'\n'
                    + tr("%1 in use then; %n still live now by their last leases", nullptr, inUseShown(l)).arg(l.inUse);
            return tip;
        }
        switch (index.column()) {
        case NameColumn: {
            // The whole name: the column elides a long one (a simulator sandbox's).
            const QString tip = tr("%1\nLicense id: %2").arg(displayName(l), l.id);
            return DemoCatalogue::isSandboxLicense(l.id) ? tip + u'\n' + sandboxToolTip() : tip;
        }
        case SeatsColumn:
            return DemoCatalogue::isSandboxLicense(l.id) ? seatsToolTip(l) + u'\n' + sandboxToolTip() : seatsToolTip(l);
        case TtlColumn:
            return tr("Lease lifetime: a client must renew within this time");
        case SkewColumn:
            return tr("Clock skew tolerated: a lease still counts this long after it expires");
        case GraceColumn:
            return tr("Reap grace: an expired row is deleted this long after it expires");
        case DeniedColumn:
            return tr("Checkouts refused in the last hour because every seat was taken");
        }
        break;
    case Qt::FontRole:
        if (index.column() == NameColumn && DemoCatalogue::isSandboxLicense(l.id)) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ForegroundRole:
        if (m_staleSince.isValid())
            return QBrush(StatePalette::colour(StatePalette::Muted)); // nothing here is current
        // A simulator sandbox is training furniture: greyed, its staged denials too.
        if (DemoCatalogue::isSandboxLicense(l.id))
            return QBrush(StatePalette::colour(StatePalette::Muted));
        if (index.column() == DeniedColumn && l.deniedLastHour > 0)
            return QBrush(StatePalette::colour(StatePalette::Denied));
        break;
    default:
        break;
    }
    return {};
}

QVariant LicenseListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("License");
        case SeatsColumn:
            return tr("Seats");
        case TtlColumn:
            return tr("TTL");
        case SkewColumn:
            return tr("Skew");
        case GraceColumn:
            return tr("Grace");
        case DeniedColumn:
            return tr("Denied (1 h)");
        }
    }
    if (role == Qt::ToolTipRole && section == DeniedColumn)
        return tr("Denials in the last hour");
    return {};
}

void LicenseListModel::applyList(const LicenseList &list)
{
    QHash<QString, const LicenseSummary *> incoming;
    incoming.reserve(list.licenses.size());
    for (const LicenseSummary &l : list.licenses)
        incoming.insert(l.id, &l);

    // Removals first, last run first, so earlier row numbers stay valid.
    bool removed = false;
    for (int row = int(m_licenses.size()) - 1; row >= 0;) {
        if (incoming.contains(m_licenses.at(row).id)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !incoming.contains(m_licenses.at(first - 1).id))
            --first;
        beginRemoveRows({}, first, row);
        m_licenses.remove(first, row - first + 1);
        endRemoveRows();
        removed = true;
        row = first - 1;
    }
    if (removed)
        rebuildIndex();

    const QList<int> roles {Qt::DisplayRole, Qt::ToolTipRole,  Qt::ForegroundRole, SortRole,    SeatCountRole,
                            InUseRole,       ReservedIdleRole, FreeRole,           WaitingRole, BorrowedRole};
    QList<LicenseSummary> added;
    for (const LicenseSummary &l : list.licenses) {
        const auto it = m_rowById.constFind(l.id);
        if (it == m_rowById.cend()) {
            added << l;
            continue;
        }
        const int row = it.value();
        if (m_licenses.at(row) == l)
            continue;
        const QList<int> columns = changedColumns(m_licenses.at(row), l);
        // What no column shows (the borrow policy) is kept too: the license dialog opens on the
        // stored record, and a Save would otherwise write an old policy back (walk 51b).
        m_licenses[row] = l;
        if (columns.isEmpty())
            continue;
        const auto [lo, hi] = std::minmax_element(columns.cbegin(), columns.cend());
        Q_EMIT dataChanged(index(row, *lo), index(row, *hi), roles);
    }
    if (!added.isEmpty()) {
        const int first = int(m_licenses.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        for (const LicenseSummary &l : added) {
            m_rowById.insert(l.id, int(m_licenses.size()));
            m_licenses << l;
        }
        endInsertRows();
    }
}

void LicenseListModel::clear()
{
    beginResetModel();
    m_licenses.clear();
    m_rowById.clear();
    m_usage.clear();
    m_staleSince = {};
    m_liveNow.clear();
    endResetModel();
}

void LicenseListModel::setStale(const QDateTime &asOf, const QHash<QString, int> &liveNow)
{
    const QHash<QString, int> shown = asOf.isValid() ? liveNow : QHash<QString, int> {};
    if (m_staleSince == asOf && m_liveNow == shown)
        return;
    m_staleSince = asOf;
    m_liveNow = shown;
    if (!m_licenses.isEmpty())
        Q_EMIT dataChanged(
            index(0, 0), index(int(m_licenses.size()) - 1, ColumnCount - 1),
            {Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole, SortRole, InUseRole, FreeRole, BorrowedRole});
}

int LicenseListModel::inUseShown(const LicenseSummary &l) const
{
    const auto it = m_liveNow.constFind(l.id);
    return it == m_liveNow.cend() ? l.inUse : std::min(l.inUse, it.value());
}

void LicenseListModel::setUsage(const QString &licenseId, const std::optional<SeatUsage> &usage)
{
    const auto before = m_usage.value(licenseId);
    const bool same = before.has_value() == usage.has_value()
        && (!usage
            || (before->inUse == usage->inUse && before->reservedIdle() == usage->reservedIdle()
                && before->free() == usage->free() && before->seatCount == usage->seatCount));
    if (usage)
        m_usage.insert(licenseId, usage);
    else
        m_usage.remove(licenseId);
    const int row = rowOf(licenseId);
    if (same || row < 0)
        return;
    const QModelIndex cell = index(row, SeatsColumn);
    Q_EMIT dataChanged(cell, cell, {Qt::ToolTipRole, ReservedIdleRole, FreeRole});
}

int LicenseListModel::reservedIdle(const LicenseSummary &l) const
{
    const std::optional<SeatUsage> usage = m_usage.value(l.id);
    // The listing and the summary come from the same poll; a summary that disagrees (a newer
    // seat count) wins over a split made for another one.
    if (usage && usage->seatCount == l.seatCount && usage->inUse == l.inUse)
        return usage->reservedIdle();
    // Every seat in use could count against a reservation: at least this many reserved seats are idle.
    return std::clamp(l.reservedSeats - l.inUse, 0, std::max(0, l.seatCount - l.inUse));
}

QString LicenseListModel::displayName(const LicenseSummary &l)
{
    if (const QString sandbox = SandboxProvisioner::sandboxName(l.id); !sandbox.isEmpty())
        return sandbox;
    return l.name.isEmpty() ? l.id : l.name;
}

QString LicenseListModel::sandboxToolTip()
{
    return tr("A simulator sandbox: the simulator's scenarios take and refuse its seats for training, so a full "
              "sandbox says nothing about anyone's use. Listed after the real licenses.");
}

QString LicenseListModel::seatsToolTip(const LicenseSummary &l) const
{
    QString tip = tr("%1 of %n seat(s) in use (live leases only)", nullptr, l.seatCount).arg(l.inUse);
    if (l.borrowed > 0)
        tip += u'\n'
            + tr("%n of them borrowed: away on laptops until they are returned or expire", nullptr, l.borrowed);
    if (l.reservedSeats > 0) {
        const std::optional<SeatUsage> usage = m_usage.value(l.id);
        const int idle = reservedIdle(l);
        const int free = std::max(0, l.seatCount - l.inUse - idle);
        if (usage && usage->seatCount == l.seatCount && usage->inUse == l.inUse) {
            tip += u'\n' + tr("%n reserved and idle: only their group may take them", nullptr, idle);
            for (const SeatUsage::Reservation &r : usage->reservations)
                tip += u'\n' + tr("  %1: %2 of %n reserved seat(s) in use", nullptr, r.seats).arg(r.group).arg(r.used);
        } else {
            tip += u'\n'
                + tr("At least %1 of the %n reserved seat(s) idle (select the license for the exact split)", nullptr,
                     l.reservedSeats)
                      .arg(idle);
        }
        tip += u'\n' + tr("%n free for anyone admitted", nullptr, free);
    }
    if (l.waiting > 0)
        tip += u'\n' + tr("%n waiting in line", nullptr, l.waiting);
    return tip;
}

const LicenseSummary *LicenseListModel::license(const QString &id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_licenses.at(row);
}

int LicenseListModel::rowOf(const QString &id) const
{
    return m_rowById.value(id, -1);
}

QStringList LicenseListModel::licenseIds() const
{
    QStringList ids;
    ids.reserve(m_licenses.size());
    for (const LicenseSummary &l : m_licenses)
        ids << l.id;
    return ids;
}

void LicenseListModel::rebuildIndex()
{
    m_rowById.clear();
    for (int row = 0; row < m_licenses.size(); ++row)
        m_rowById.insert(m_licenses.at(row).id, row);
}

} // namespace keyright
