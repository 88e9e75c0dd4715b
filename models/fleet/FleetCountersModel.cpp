#include "FleetCountersModel.h"

#include "FleetModel.h"
#include "StatePalette.h"

#include <QBrush>
#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Child rows carry their license row + 1 as internal id; top-level rows carry 0. License rows are
// only appended, so the id stays valid for persistent indexes.
constexpr quintptr topLevel = 0;

} // namespace

FleetCountersModel::FleetCountersModel(const FleetModel &fleet, QObject *parent)
    : QAbstractItemModel(parent)
    , m_fleet(fleet)
{ }

FleetCountersModel::~FleetCountersModel() = default;

QModelIndex FleetCountersModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_rows.size() ? createIndex(row, column, topLevel) : QModelIndex();
    if (parent.internalId() != topLevel || parent.row() >= m_rows.size())
        return {};
    if (row >= m_rows.at(parent.row()).replicas.size())
        return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex FleetCountersModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == topLevel)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, topLevel);
}

int FleetCountersModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_rows.size());
    if (parent.internalId() != topLevel || parent.column() != 0 || parent.row() >= m_rows.size())
        return 0;
    return static_cast<int>(m_rows.at(parent.row()).replicas.size());
}

int FleetCountersModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant FleetCountersModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const bool isLicense = index.internalId() == topLevel;
    const int licenseRow = isLicense ? index.row() : static_cast<int>(index.internalId() - 1);
    if (licenseRow >= m_rows.size())
        return {};
    const LicenseRow &license = m_rows.at(licenseRow);
    if (!isLicense && index.row() >= license.replicas.size())
        return {};
    const int counter = index.column() - 1;

    if (isLicense) {
        switch (role) {
        case Qt::DisplayRole:
            return index.column() == NameColumn ? license.licenseId : QString::number(license.totals.at(counter));
        case ValueRole:
            return index.column() == NameColumn ? QVariant() : QVariant::fromValue(license.totals.at(counter));
        case LicenseIdRole:
            return license.licenseId;
        case ReplicaIdRole:
            return QString();
        case StaleRole:
            return false;
        case Qt::TextAlignmentRole:
            return index.column() == NameColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::FontRole: {
            QFont font;
            font.setBold(true);
            return font;
        }
        case Qt::ToolTipRole:
            return tr("Replicas merged: %1. For each replica, the largest count any server reported.")
                .arg(license.replicas.size());
        }
        return {};
    }

    const ReplicaRow &replica = license.replicas.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() != NameColumn)
            return QString::number(replica.values.at(counter));
        return replica.stale ? tr("%1… (stale)").arg(replica.replicaId.left(8)) : replica.replicaId.left(8) + u"…"_s;
    case ValueRole:
        return index.column() == NameColumn ? QVariant() : QVariant::fromValue(replica.values.at(counter));
    case LicenseIdRole:
        return license.licenseId;
    case ReplicaIdRole:
        return replica.replicaId;
    case StaleRole:
        return replica.stale;
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return replica.stale ? QBrush(StatePalette::colour(StatePalette::Stale)) : QVariant();
    case Qt::BackgroundRole:
        return replica.stale ? QBrush(StatePalette::background(StatePalette::Stale)) : QVariant();
    case Qt::FontRole:
        if (replica.stale) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (!replica.heardOf)
            return tr("Replica %1: no contact data; its counts arrived through other servers.").arg(replica.replicaId);
        return replica.stale ? tr("Replica %1: stale, last heard from %2.").arg(replica.replicaId, replica.heard)
                             : tr("Replica %1: last heard from %2.").arg(replica.replicaId, replica.heard);
    }
    return {};
}

QVariant FleetCountersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("License / replica");
    case GrantedColumn:
        return tr("Granted");
    case DeniedColumn:
        return tr("Denied");
    case ReleasedColumn:
        return tr("Released");
    case RevokedColumn:
        return tr("Revoked");
    case ReclaimedColumn:
        return tr("Reclaimed");
    case RenewedColumn:
        return tr("Renewed");
    }
    return {};
}

void FleetCountersModel::sync()
{
    const QStringList &licenses = m_fleet.licenses();
    for (int row = 0; row < licenses.size(); ++row) {
        const QString &licenseId = licenses.at(row);
        if (row >= m_rows.size()) {
            LicenseRow fresh;
            fresh.licenseId = licenseId;
            fresh.totals = totals(licenseId);
            for (const QString &replicaId : m_fleet.replicas(licenseId))
                fresh.replicas.append(replicaRow(licenseId, replicaId));
            beginInsertRows({}, row, row);
            m_rows.append(fresh);
            endInsertRows();
            continue;
        }

        LicenseRow &license = m_rows[row];
        const QList<quint64> newTotals = totals(licenseId);
        if (newTotals != license.totals) {
            license.totals = newTotals;
            Q_EMIT dataChanged(index(row, GrantedColumn), index(row, ColumnCount - 1));
        }
        const QModelIndex parentIndex = index(row, 0);
        const QStringList replicas = m_fleet.replicas(licenseId);
        for (int child = 0; child < replicas.size(); ++child) {
            ReplicaRow fresh = replicaRow(licenseId, replicas.at(child));
            if (child >= license.replicas.size()) {
                beginInsertRows(parentIndex, child, child);
                license.replicas.append(fresh);
                endInsertRows();
                continue;
            }
            ReplicaRow &held = license.replicas[child];
            const bool changed = held.values != fresh.values || held.stale != fresh.stale;
            const bool tooltipOnly = !changed && held.heard != fresh.heard;
            held = fresh;
            if (changed)
                Q_EMIT dataChanged(index(child, 0, parentIndex), index(child, ColumnCount - 1, parentIndex));
            else if (tooltipOnly)
                Q_EMIT dataChanged(index(child, 0, parentIndex), index(child, 0, parentIndex), {Qt::ToolTipRole});
        }
    }
}

FleetCountersModel::ReplicaRow FleetCountersModel::replicaRow(const QString &licenseId, const QString &replicaId) const
{
    ReplicaRow row;
    row.replicaId = replicaId;
    for (const QString &name : usageCounterNames())
        row.values.append(m_fleet.counter(licenseId, name).value(replicaId, 0));
    const std::optional<QDateTime> heard = m_fleet.lastHeard(replicaId);
    row.heardOf = heard.has_value();
    row.heard = heard ? m_fleet.describeAge(*heard) : QString();
    row.stale = m_fleet.isStale(replicaId);
    return row;
}

QList<quint64> FleetCountersModel::totals(const QString &licenseId) const
{
    QList<quint64> values;
    for (const QString &name : usageCounterNames())
        values.append(m_fleet.total(licenseId, name));
    return values;
}

} // namespace keyright
