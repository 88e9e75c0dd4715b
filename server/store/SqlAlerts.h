#pragma once

#include "AlertRules.h"
#include "store/StoreTypes.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace keyright::server {

class SqlConnection;

// The alert tables (issue 29): alert_rules (each rule's v1 JSON, core/wire/AlertJson, in the
// admin's order), alert_tracks (each alert's state between evaluations) and alert_evaluation (one
// row: when the alerts were last evaluated, locked by each evaluation so that servers sharing the
// database evaluate one after the other and each transition is recorded once), and
// server_instances (each instance's last sign of life, for instance_silent).
class SqlAlerts
{
public:
    // `lockRow` is appended to the read of the evaluation row (" FOR UPDATE"), empty where the
    // transaction already serializes every writer.
    SqlAlerts(SqlConnection &connection, QString lockRow);
    ~SqlAlerts();
    SqlAlerts(const SqlAlerts &) = delete;
    SqlAlerts &operator=(const SqlAlerts &) = delete;

    // The migration step that creates the tables, with the dialect's 64-bit integer type.
    static QStringList createTables(const QString &integerType);
    // The migration step that adds each firing alert's id and acknowledgement to alert_tracks.
    static QStringList addAcknowledgements(const QString &integerType);
    // The migration step that creates server_instances (instance_silent).
    static QStringList createInstances(const QString &integerType);

    bool prepare(QString *error);

    QDateTime lock(const QDateTime &now);
    QList<AlertRule> rules();
    void putRules(const QList<AlertRule> &rules);
    QList<StoredAlertTrack> tracks();
    void putTrack(const StoredAlertTrack &track);
    void deleteTrack(const QString &ruleId, const QString &subject);
    void beatInstance(const StoredInstance &instance);
    bool removeInstance(const QString &replicaId);
    QList<StoredInstance> instances();

private:
    struct Statements;

    Statements &statements();
    [[noreturn]] void corrupt(const QString &what, const QString &why) const;

    SqlConnection &m_connection;
    QString m_lockRow;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
