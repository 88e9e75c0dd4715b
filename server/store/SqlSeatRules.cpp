#include "store/SqlSeatRules.h"

#include "store/SqlConnection.h"
#include "store/SqlLeaseTables.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlSeatRules::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : groups(db)
        , heldGroups(db)
        , lockedGroups(db)
        , deleteGroups(db)
        , insertGroup(db)
        , rules(db)
        , allRules(db)
        , putRules(db)
        , deleteRules(db)
        , rulesIn(db)
    { }

    QSqlQuery groups, heldGroups, lockedGroups, deleteGroups, insertGroup, rules, allRules, putRules, deleteRules;
    QSqlQuery rulesIn; // prepared where the dialect reads many licenses at once
};

SqlSeatRules::SqlSeatRules(SqlConnection &connection, bool caching, QString holdGroups, QString lockGroups,
                           QString inIds)
    : m_connection(connection)
    , m_caching(caching)
    , m_holdGroups(std::move(holdGroups))
    , m_lockGroups(std::move(lockGroups))
    , m_inIds(std::move(inIds))
{ }

SqlSeatRules::~SqlSeatRules() = default;

SqlSeatRules::Statements &SqlSeatRules::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlSeatRules::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QString groups = u"SELECT name, patterns FROM holder_groups ORDER BY position"_s;
    QList<std::pair<QSqlQuery *, QString>> all {
        {&s->groups, groups},
        {&s->heldGroups, groups + m_holdGroups},
        {&s->lockedGroups, groups + m_lockGroups},
        {&s->deleteGroups, u"DELETE FROM holder_groups"_s},
        {&s->insertGroup,
         u"INSERT INTO holder_groups (name, position, patterns) VALUES (:name, :position, :patterns)"_s},
        {&s->rules, u"SELECT rules FROM license_rules WHERE license_id = :id"_s},
        {&s->allRules, u"SELECT license_id, rules FROM license_rules ORDER BY license_id"_s},
        {&s->putRules,
         u"INSERT INTO license_rules (license_id, rules) VALUES (:id, :rules) "
         "ON CONFLICT (license_id) DO UPDATE SET rules = excluded.rules"_s},
        {&s->deleteRules, u"DELETE FROM license_rules WHERE license_id = :id"_s},
    };
    if (!m_inIds.isEmpty())
        all.append({&s->rulesIn, u"SELECT license_id, rules FROM license_rules WHERE license_id%1"_s.arg(m_inIds)});
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    dropCaches();
    return true;
}

void SqlSeatRules::dropCaches()
{
    m_groups.reset();
    m_rules.clear();
}

void SqlSeatRules::corrupt(const QString &what, const QString &why) const
{
    throw StoreError(StoreError::Kind::Failed,
                     u"%1 in %2 cannot be read: %3"_s.arg(what, m_connection.description(), why));
}

QList<HolderGroup> SqlSeatRules::holderGroups(LeaseStore::GroupsRead read)
{
    using R = LeaseStore::GroupsRead;
    if (m_caching && m_groups && read == R::Plain)
        return *m_groups;
    auto &q = m_connection.exec(read == R::HeldUntilCommit     ? statements().heldGroups
                                    : read == R::HeldForChange ? statements().lockedGroups
                                                               : statements().groups);
    QList<HolderGroup> groups;
    while (q.next()) {
        HolderGroup group;
        group.name = q.value(0).toString();
        const QJsonDocument patterns = QJsonDocument::fromJson(q.value(1).toString().toUtf8());
        for (const QJsonValue &pattern : patterns.array())
            group.patterns.append(pattern.toString());
        if (!patterns.isArray() || group.patterns.isEmpty()) {
            q.finish();
            corrupt(u"the holder group \"%1\""_s.arg(group.name), u"its patterns are not a list of text"_s);
        }
        groups.append(group);
    }
    q.finish();
    if (m_caching)
        m_groups = groups;
    return groups;
}

void SqlSeatRules::putHolderGroups(const QList<HolderGroup> &groups)
{
    // Whole: deleting every row first also holds them (PostgreSQL) until the commit, so a rules
    // change elsewhere that reads the groups with holdUntilCommit waits and then sees the new list.
    m_groups.reset();
    m_connection.exec(statements().deleteGroups).finish();
    auto &q = statements().insertGroup;
    for (qsizetype i = 0; i < groups.size(); ++i) {
        QJsonArray patterns;
        for (const QString &pattern : groups.at(i).patterns)
            patterns.append(pattern);
        q.bindValue(u":name"_s, groups.at(i).name);
        q.bindValue(u":position"_s, qint64(i));
        q.bindValue(u":patterns"_s, QString::fromUtf8(QJsonDocument(patterns).toJson(QJsonDocument::Compact)));
        m_connection.exec(q).finish();
    }
    if (m_caching)
        m_groups = groups;
}

SeatRules SqlSeatRules::licenseRules(const QString &licenseId)
{
    if (m_caching) {
        if (const auto found = m_rules.constFind(licenseId); found != m_rules.cend())
            return *found;
    }
    auto &q = statements().rules;
    q.bindValue(u":id"_s, licenseId);
    m_connection.exec(q);
    SeatRules rules;
    if (q.next()) {
        const QString text = q.value(0).toString();
        q.finish();
        ValidationError why;
        const auto decoded = seatrules::rulesFromJson(QJsonDocument::fromJson(text.toUtf8()).object(), {}, &why);
        if (!decoded)
            corrupt(u"the rules of license \"%1\""_s.arg(licenseId), why.message);
        rules = *decoded;
    }
    q.finish();
    if (m_caching)
        m_rules.insert(licenseId, rules);
    return rules;
}

QHash<QString, SeatRules> SqlSeatRules::rulesOfAllLicenses()
{
    return rulesOfRows(m_connection.exec(statements().allRules));
}

QHash<QString, SeatRules> SqlSeatRules::rulesIn(const QStringList &licenseIds)
{
    auto &q = statements().rulesIn;
    q.bindValue(u":ids"_s, SqlLeaseTables::arrayLiteral(licenseIds));
    return rulesOfRows(m_connection.exec(q));
}

QHash<QString, SeatRules> SqlSeatRules::rulesOfRows(QSqlQuery &q)
{
    QHash<QString, SeatRules> all;
    QString broken;
    ValidationError why;
    while (q.next()) {
        const QString licenseId = q.value(0).toString();
        const auto decoded
            = seatrules::rulesFromJson(QJsonDocument::fromJson(q.value(1).toString().toUtf8()).object(), {}, &why);
        if (!decoded) {
            broken = licenseId;
            break;
        }
        all.insert(licenseId, *decoded);
    }
    q.finish();
    if (!broken.isEmpty())
        corrupt(u"the rules of license \"%1\""_s.arg(broken), why.message);
    return all;
}

void SqlSeatRules::putLicenseRules(const QString &licenseId, const SeatRules &rules)
{
    m_rules.remove(licenseId);
    if (rules.isEmpty()) {
        auto &q = statements().deleteRules;
        q.bindValue(u":id"_s, licenseId);
        m_connection.exec(q).finish();
    } else {
        auto &q = statements().putRules;
        q.bindValue(u":id"_s, licenseId);
        q.bindValue(u":rules"_s,
                    QString::fromUtf8(QJsonDocument(seatrules::rulesToJson(rules)).toJson(QJsonDocument::Compact)));
        m_connection.exec(q).finish();
    }
    if (m_caching)
        m_rules.insert(licenseId, rules);
}

} // namespace keyright::server
