#include "store/SqlAlerts.h"

#include "store/SqlConnection.h"
#include "wire/AlertJson.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

QVariant msOrNull(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

// A column that is NOT NULL '' when empty: a null QString would bind as NULL.
QString textOf(const QString &value)
{
    return value.isNull() ? u""_s : value;
}

QDateTime timeOf(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

} // namespace

struct SqlAlerts::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : lock(db)
        , stamp(db)
        , rules(db)
        , deleteRules(db)
        , insertRule(db)
        , dropOrphans(db)
        , tracks(db)
        , putTrack(db)
        , deleteTrack(db)
        , beat(db)
        , removeInstance(db)
        , instances(db)
    { }

    QSqlQuery lock, stamp, rules, deleteRules, insertRule, dropOrphans, tracks, putTrack, deleteTrack, beat,
        removeInstance, instances;
};

SqlAlerts::SqlAlerts(SqlConnection &connection, QString lockRow)
    : m_connection(connection)
    , m_lockRow(std::move(lockRow))
{ }

SqlAlerts::~SqlAlerts() = default;

QStringList SqlAlerts::createTables(const QString &integerType)
{
    return {
        u"CREATE TABLE alert_rules ("
        "  id TEXT PRIMARY KEY,"
        "  position %1 NOT NULL,"
        "  rule TEXT NOT NULL)"_s.arg(integerType),
        u"CREATE TABLE alert_tracks ("
        "  rule_id TEXT NOT NULL,"
        "  subject TEXT NOT NULL,"
        "  breached_since_ms %1,"
        "  clear_since_ms %1,"
        "  fired_at_ms %1,"
        "  told_at_ms %1,"
        "  value %1 NOT NULL,"
        "  limit_value %1 NOT NULL,"
        "  PRIMARY KEY (rule_id, subject))"_s.arg(integerType),
        u"CREATE TABLE alert_evaluation (id INTEGER PRIMARY KEY, evaluated_ms %1)"_s.arg(integerType),
        u"INSERT INTO alert_evaluation (id, evaluated_ms) VALUES (1, NULL)"_s,
    };
}

QStringList SqlAlerts::addAcknowledgements(const QString &integerType)
{
    return {
        u"ALTER TABLE alert_tracks ADD COLUMN fired_seq %1 NOT NULL DEFAULT 0"_s.arg(integerType),
        u"ALTER TABLE alert_tracks ADD COLUMN acknowledged_by TEXT NOT NULL DEFAULT ''"_s,
        u"ALTER TABLE alert_tracks ADD COLUMN acknowledged_at_ms %1"_s.arg(integerType),
        u"ALTER TABLE alert_tracks ADD COLUMN note TEXT NOT NULL DEFAULT ''"_s,
    };
}

QStringList SqlAlerts::createInstances(const QString &integerType)
{
    return {
        u"CREATE TABLE server_instances ("
        "  replica_id TEXT PRIMARY KEY,"
        "  url TEXT NOT NULL,"
        "  started_ms %1 NOT NULL,"
        "  last_seen_ms %1 NOT NULL)"_s.arg(integerType),
    };
}

SqlAlerts::Statements &SqlAlerts::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlAlerts::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->lock, u"SELECT evaluated_ms FROM alert_evaluation WHERE id = 1"_s + m_lockRow},
        {&s->stamp, u"UPDATE alert_evaluation SET evaluated_ms = :ms WHERE id = 1"_s},
        {&s->rules, u"SELECT id, rule FROM alert_rules ORDER BY position"_s},
        {&s->deleteRules, u"DELETE FROM alert_rules"_s},
        {&s->insertRule, u"INSERT INTO alert_rules (id, position, rule) VALUES (:id, :position, :rule)"_s},
        {&s->dropOrphans, u"DELETE FROM alert_tracks WHERE rule_id NOT IN (SELECT id FROM alert_rules)"_s},
        {&s->tracks,
         u"SELECT rule_id, subject, breached_since_ms, clear_since_ms, fired_at_ms, told_at_ms, value, limit_value, "
         "fired_seq, acknowledged_by, acknowledged_at_ms, note FROM alert_tracks ORDER BY rule_id, subject"_s},
        {&s->putTrack,
         u"INSERT INTO alert_tracks (rule_id, subject, breached_since_ms, clear_since_ms, fired_at_ms, told_at_ms, "
         "value, limit_value, fired_seq, acknowledged_by, acknowledged_at_ms, note) VALUES (:rule, :subject, "
         ":breached, :clear, :fired, :told, :value, :limit, :seq, :by, :at, :note) "
         "ON CONFLICT (rule_id, subject) DO UPDATE SET breached_since_ms = excluded.breached_since_ms, "
         "clear_since_ms = excluded.clear_since_ms, fired_at_ms = excluded.fired_at_ms, "
         "told_at_ms = excluded.told_at_ms, value = excluded.value, limit_value = excluded.limit_value, "
         "fired_seq = excluded.fired_seq, acknowledged_by = excluded.acknowledged_by, "
         "acknowledged_at_ms = excluded.acknowledged_at_ms, note = excluded.note"_s},
        {&s->deleteTrack, u"DELETE FROM alert_tracks WHERE rule_id = :rule AND subject = :subject"_s},
        {&s->beat,
         u"INSERT INTO server_instances (replica_id, url, started_ms, last_seen_ms) VALUES (:id, :url, :started, "
         ":seen) ON CONFLICT (replica_id) DO UPDATE SET url = excluded.url, started_ms = excluded.started_ms, "
         "last_seen_ms = excluded.last_seen_ms"_s},
        {&s->removeInstance, u"DELETE FROM server_instances WHERE replica_id = :id"_s},
        {&s->instances,
         u"SELECT replica_id, url, started_ms, last_seen_ms FROM server_instances ORDER BY replica_id"_s},
    };
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

void SqlAlerts::corrupt(const QString &what, const QString &why) const
{
    throw StoreError(StoreError::Kind::Failed,
                     u"%1 in %2 cannot be read: %3"_s.arg(what, m_connection.description(), why));
}

QDateTime SqlAlerts::lock(const QDateTime &now)
{
    auto &q = m_connection.exec(statements().lock);
    QDateTime last;
    if (q.next())
        last = timeOf(q.value(0));
    q.finish();
    auto &stamp = statements().stamp;
    stamp.bindValue(u":ms"_s, now.toMSecsSinceEpoch());
    m_connection.exec(stamp).finish();
    return last;
}

QList<AlertRule> SqlAlerts::rules()
{
    auto &q = m_connection.exec(statements().rules);
    QList<AlertRule> rules;
    while (q.next()) {
        const QString id = q.value(0).toString();
        QJsonParseError parse;
        const QJsonDocument json = QJsonDocument::fromJson(q.value(1).toString().toUtf8(), &parse);
        ValidationError error;
        const auto rule = alerts::ruleFromJson(json.object(), u"rule"_s, &error);
        if (!rule) {
            q.finish();
            corrupt(u"the alert rule \"%1\""_s.arg(id),
                    parse.error != QJsonParseError::NoError ? parse.errorString() : error.message);
        }
        rules.append(*rule);
    }
    q.finish();
    return rules;
}

void SqlAlerts::putRules(const QList<AlertRule> &rules)
{
    m_connection.exec(statements().deleteRules).finish();
    auto &q = statements().insertRule;
    for (qsizetype i = 0; i < rules.size(); ++i) {
        q.bindValue(u":id"_s, rules.at(i).id);
        q.bindValue(u":position"_s, qint64(i));
        q.bindValue(u":rule"_s,
                    QString::fromUtf8(QJsonDocument(alerts::ruleToJson(rules.at(i))).toJson(QJsonDocument::Compact)));
        m_connection.exec(q).finish();
    }
    m_connection.exec(statements().dropOrphans).finish();
}

QList<StoredAlertTrack> SqlAlerts::tracks()
{
    auto &q = m_connection.exec(statements().tracks);
    QList<StoredAlertTrack> tracks;
    while (q.next()) {
        StoredAlertTrack stored;
        stored.ruleId = q.value(0).toString();
        stored.subject = q.value(1).toString();
        stored.track.breachedSince = timeOf(q.value(2));
        stored.track.clearSince = timeOf(q.value(3));
        stored.track.firedAt = timeOf(q.value(4));
        stored.track.toldAt = timeOf(q.value(5));
        stored.value = q.value(6).toLongLong();
        stored.limit = q.value(7).toLongLong();
        stored.firedSeq = q.value(8).toLongLong();
        stored.acknowledgedBy = q.value(9).toString();
        stored.acknowledgedAt = timeOf(q.value(10));
        stored.note = q.value(11).toString();
        tracks.append(stored);
    }
    q.finish();
    return tracks;
}

void SqlAlerts::putTrack(const StoredAlertTrack &track)
{
    auto &q = statements().putTrack;
    q.bindValue(u":rule"_s, track.ruleId);
    q.bindValue(u":subject"_s, track.subject);
    q.bindValue(u":breached"_s, msOrNull(track.track.breachedSince));
    q.bindValue(u":clear"_s, msOrNull(track.track.clearSince));
    q.bindValue(u":fired"_s, msOrNull(track.track.firedAt));
    q.bindValue(u":told"_s, msOrNull(track.track.toldAt));
    q.bindValue(u":value"_s, track.value);
    q.bindValue(u":limit"_s, track.limit);
    q.bindValue(u":seq"_s, track.firedSeq);
    q.bindValue(u":by"_s, textOf(track.acknowledgedBy));
    q.bindValue(u":at"_s, msOrNull(track.acknowledgedAt));
    q.bindValue(u":note"_s, textOf(track.note));
    m_connection.exec(q).finish();
}

void SqlAlerts::deleteTrack(const QString &ruleId, const QString &subject)
{
    auto &q = statements().deleteTrack;
    q.bindValue(u":rule"_s, ruleId);
    q.bindValue(u":subject"_s, subject);
    m_connection.exec(q).finish();
}

void SqlAlerts::beatInstance(const StoredInstance &instance)
{
    auto &q = statements().beat;
    q.bindValue(u":id"_s, instance.replicaId);
    q.bindValue(u":url"_s, textOf(instance.url));
    q.bindValue(u":started"_s, instance.startedAt.toMSecsSinceEpoch());
    q.bindValue(u":seen"_s, instance.lastSeenAt.toMSecsSinceEpoch());
    m_connection.exec(q).finish();
}

bool SqlAlerts::removeInstance(const QString &replicaId)
{
    auto &q = statements().removeInstance;
    q.bindValue(u":id"_s, replicaId);
    m_connection.exec(q);
    const bool removed = q.numRowsAffected() > 0;
    q.finish();
    return removed;
}

QList<StoredInstance> SqlAlerts::instances()
{
    auto &q = m_connection.exec(statements().instances);
    QList<StoredInstance> instances;
    while (q.next())
        instances.append(
            StoredInstance {q.value(0).toString(), q.value(1).toString(), timeOf(q.value(2)), timeOf(q.value(3))});
    q.finish();
    return instances;
}

} // namespace keyright::server
