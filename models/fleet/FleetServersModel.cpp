#include "FleetServersModel.h"

#include "FleetModel.h"
#include "InstanceHealthModel.h"
#include "StatePalette.h"

#include <QBrush>
#include <QColor>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString shortReplicaId(const QString &id)
{
    return id.size() > 8 ? id.left(8) + u"…"_s : id;
}

} // namespace

FleetServersModel::FleetServersModel(const FleetModel &fleet, QObject *parent)
    : QAbstractTableModel(parent)
    , m_fleet(fleet)
{ }

FleetServersModel::~FleetServersModel() = default;

int FleetServersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_fleet.servers().size());
}

int FleetServersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FleetServersModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const FleetServerStatus &server = m_fleet.servers().at(index.row());
    const bool answered = server.state == FleetServerStatus::State::Answered;
    const bool stale = m_fleet.isServerStale(server);

    switch (role) {
    case ReplicaIdRole:
        return server.replicaId;
    case AnsweredRole:
        return answered;
    case StaleRole:
        return stale;
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && server.state == FleetServerStatus::State::Failed)
            return QBrush(StatePalette::colour(StatePalette::Failed));
        if (index.column() == StatusColumn && stale)
            return QBrush(StatePalette::colour(StatePalette::Stale));
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ReplicaColumn)
            return server.replicaId;
        if (index.column() == StatusColumn)
            return server.serverSaid.isEmpty() ? server.error : server.serverSaid;
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }

    switch (index.column()) {
    case ServerColumn:
        return server.url.toDisplayString();
    case StatusColumn:
        switch (server.state) {
        case FleetServerStatus::State::NotPolled:
            return server.polling ? tr("asking…") : tr("not polled yet");
        case FleetServerStatus::State::Answered:
            return stale ? tr("answered, but not lately") : tr("answered");
        case FleetServerStatus::State::Failed:
            // An error answer is an answer: "no answer" beside a 503 misled (walk 47).
            if (!server.serverSaid.isEmpty()) {
                const QString phrase = InstanceHealthModel::errorPhrase(server.errorCode);
                return tr("error: %1").arg(phrase.isEmpty() ? server.error : phrase);
            }
            return tr("no answer: %1").arg(server.error);
        }
        return {};
    case ReplicaColumn:
        return server.replicaId.isEmpty() ? tr("unknown") : shortReplicaId(server.replicaId);
    case LastPollColumn:
        return m_fleet.describeAge(server.lastPoll);
    case LastAnswerColumn:
        return m_fleet.describeAge(server.lastAnswer);
    }
    return {};
}

QVariant FleetServersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ServerColumn:
        return tr("Server");
    case StatusColumn:
        return tr("Status");
    case ReplicaColumn:
        return tr("Replica");
    case LastPollColumn:
        return tr("Last poll");
    case LastAnswerColumn:
        return tr("Last answer");
    }
    return {};
}

void FleetServersModel::refreshAll()
{
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace keyright
