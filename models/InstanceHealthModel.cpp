#include "InstanceHealthModel.h"

#include "StatePalette.h"
#include "wire/ErrorBody.h"

#include <QBrush>
#include <QFont>

using namespace Qt::StringLiterals;

namespace keyright {

InstanceHealthModel::InstanceHealthModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void InstanceHealthModel::setInstances(const QList<QUrl> &urls)
{
    beginResetModel();
    m_rows.clear();
    for (const QUrl &url : urls) {
        InstanceHealth row;
        row.url = url;
        m_rows.append(row);
    }
    endResetModel();
}

void InstanceHealthModel::update(const InstanceHealth &health)
{
    const int row = indexOf(health.url);
    if (row < 0 || m_rows.at(row) == health)
        return;
    m_rows[row] = health;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int InstanceHealthModel::upCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const InstanceHealth &row) { return row.status == InstanceHealth::Status::Up; }));
}

int InstanceHealthModel::databaseDownCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), [](const InstanceHealth &row) {
        return row.status == InstanceHealth::Status::DatabaseDown;
    }));
}

int InstanceHealthModel::indexOf(const QUrl &url) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).url == url)
            return i;
    }
    return -1;
}

int InstanceHealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int InstanceHealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString InstanceHealthModel::statusText(InstanceHealth::Status status)
{
    switch (status) {
    case InstanceHealth::Status::Unknown:
        return tr("not asked yet");
    case InstanceHealth::Status::Up:
        return tr("up");
    case InstanceHealth::Status::Down:
        return tr("down");
    case InstanceHealth::Status::Refused:
        return tr("refused: another key");
    case InstanceHealth::Status::DatabaseDown:
        // Not "up": the summary above counts "0 of 3 up" and "3 answer but cannot reach the
        // database", and the row says the same in the same words (walk 48, finding 2).
        return tr("answers, no database");
    }
    return {};
}

QString InstanceHealthModel::errorPhrase(const QString &code)
{
    if (code == QStringView(errorcode::databaseUnavailable))
        return tr("database unavailable");
    if (code == QStringView(errorcode::serverBusy))
        return tr("server busy");
    if (code == QStringView(errorcode::internal))
        return tr("internal server error");
    return {};
}

QVariant InstanceHealthModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_rows.size())
        return {};
    const InstanceHealth &row = m_rows.at(index.row());
    if (role == StatusRole)
        return int(row.status);
    if (role == UrlRole)
        return row.url;
    if (role == Qt::ForegroundRole && index.column() == StatusColumn) {
        switch (row.status) {
        case InstanceHealth::Status::Up:
            return QBrush(StatePalette::colour(StatePalette::Live));
        case InstanceHealth::Status::Down:
        case InstanceHealth::Status::Refused:
            return QBrush(StatePalette::colour(StatePalette::Failed));
        case InstanceHealth::Status::DatabaseDown:
            return QBrush(StatePalette::colour(StatePalette::Pending));
        case InstanceHealth::Status::Unknown:
            return QBrush(StatePalette::colour(StatePalette::Pending));
        }
    }
    const bool stale = isStaleCell(row, index.column());
    if (stale && role == Qt::ForegroundRole)
        return QBrush(StatePalette::colour(StatePalette::Muted));
    if (stale && role == Qt::FontRole) {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    const QString reported = row.reportedAt ? row.reportedAt->toLocalTime().toString(u"HH:mm:ss"_s) : QString();
    if (role == Qt::ToolTipRole && index.column() == ErrorColumn)
        return row.lastError.isEmpty() ? QVariant() : QVariant(row.lastError);
    if (role == Qt::ToolTipRole && index.column() == StatusColumn && row.status == InstanceHealth::Status::DatabaseDown)
        return tr("The instance answers, but it cannot reach its database: it refuses every request that needs "
                  "it with 503 database_unavailable.");
    if (role == Qt::ToolTipRole && index.column() == DatabaseColumn && row.databaseUnavailableSince
        && !row.databaseServer.isEmpty())
        return tr("%1: unavailable since %2")
            .arg(row.databaseServer, row.databaseUnavailableSince->toLocalTime().toString(u"HH:mm:ss"_s));
    if (role == Qt::ToolTipRole && index.column() == DatabaseColumn && awaitsDatabase(row))
        return reported.isEmpty()
            ? tr("Last reported: %1. The instance is up again and is asked which database it is on now.")
                  .arg(row.databaseServer)
            : tr("Last reported at %1: %2. The instance is up again and is asked which database it is on now.")
                  .arg(reported, row.databaseServer);
    if (role == Qt::ToolTipRole && stale && !reported.isEmpty())
        return tr("Last reported at %1; the instance does not answer now.").arg(reported);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case InstanceColumn:
        return row.answering ? tr("%1 (answering)").arg(row.url.toDisplayString()) : row.url.toDisplayString();
    case StatusColumn:
        return statusText(row.status);
    case RoundTripColumn:
        return row.roundTrip ? tr("%1 ms").arg(row.roundTrip->count()) : QString();
    case OffsetColumn:
        if (!row.clockOffset)
            return QString();
        return tr("%1%2 ms").arg(row.clockOffset->count() >= 0 ? u"+"_s : QString()).arg(row.clockOffset->count());
    case ReplicaColumn:
        return row.replicaId.left(12);
    case DatabaseColumn:
        // Short, the host in the tooltip: "HOST:PORT: unavailable since TIME" was cut before its
        // time at 1280x720 and 150 % (walk 48, finding 6).
        if (row.databaseUnavailableSince)
            return tr("unavailable since %1").arg(row.databaseUnavailableSince->toLocalTime().toString(u"HH:mm:ss"_s));
        if (awaitsDatabase(row))
            return tr("checking…", "which database an instance is on");
        return row.databaseServer;
    case ErrorColumn: {
        // The server's own (English) words stay in the tooltip.
        const QString phrase = errorPhrase(row.lastErrorCode);
        return phrase.isEmpty() ? row.lastError : phrase;
    }
    default:
        return {};
    }
}

bool InstanceHealthModel::awaitsDatabase(const InstanceHealth &row)
{
    return row.status == InstanceHealth::Status::Up && !row.databaseConfirmed && !row.databaseServer.isEmpty();
}

bool InstanceHealthModel::isStaleCell(const InstanceHealth &row, int column)
{
    if (column == DatabaseColumn && awaitsDatabase(row))
        return true;
    const bool silent = row.status == InstanceHealth::Status::Down || row.status == InstanceHealth::Status::Refused;
    return silent && (column == DatabaseColumn || column == RoundTripColumn || column == OffsetColumn);
}

QVariant InstanceHealthModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case InstanceColumn:
        return tr("Instance");
    case StatusColumn:
        return tr("State");
    case RoundTripColumn:
        return tr("Round trip");
    case OffsetColumn:
        return tr("Clock offset");
    case ReplicaColumn:
        return tr("Replica");
    case DatabaseColumn:
        return tr("Database");
    case ErrorColumn:
        return tr("Last error");
    default:
        return {};
    }
}

} // namespace keyright
