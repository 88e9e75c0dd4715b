#pragma once

#include "SeatRules.h"
#include "store/LeaseStore.h"
#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace keyright::server {

class SqlConnection;

// The holder_groups and license_rules tables (seat rules, issue 17). Both hold their v1 JSON
// (core/wire/SeatRulesJson) and are read and written whole: the groups as one list in the admin's
// order, a license's rules as one row, none when it has no rules. With caching on (one server owns
// the database) both are held in memory, since every checkout reads them, and dropCaches() is
// called on every rollback; with caching off every call reads the tables afresh.
class SqlSeatRules
{
public:
    // `holdGroups` is appended to the groups query when the caller wants the rows held until the
    // end of its transaction (" FOR SHARE"), `lockGroups` when it is about to replace them
    // (" FOR UPDATE"); both are empty where the transaction already serializes every writer.
    // `inIds` is the dialect's (SqlDialect::inIds): empty where rulesIn() is not available.
    SqlSeatRules(SqlConnection &connection, bool caching, QString holdGroups, QString lockGroups, QString inIds);
    ~SqlSeatRules();
    SqlSeatRules(const SqlSeatRules &) = delete;
    SqlSeatRules &operator=(const SqlSeatRules &) = delete;

    bool prepare(QString *error);
    void dropCaches();

    QList<HolderGroup> holderGroups(LeaseStore::GroupsRead read);
    void putHolderGroups(const QList<HolderGroup> &groups);
    SeatRules licenseRules(const QString &licenseId);
    QHash<QString, SeatRules> rulesOfAllLicenses();
    // licenseId -> rules for those of these licenses that have any, in one statement (TurnReads).
    QHash<QString, SeatRules> rulesIn(const QStringList &licenseIds);
    void putLicenseRules(const QString &licenseId, const SeatRules &rules);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();
    // A stored value that no longer decodes is the database's fault, not the request's.
    // Decodes (license_id, rules) rows, and finishes `q`.
    QHash<QString, SeatRules> rulesOfRows(QSqlQuery &q);
    [[noreturn]] void corrupt(const QString &what, const QString &why) const;

    SqlConnection &m_connection;
    bool m_caching;
    QString m_holdGroups;
    QString m_lockGroups;
    QString m_inIds;
    std::unique_ptr<Statements> m_statements;
    std::optional<QList<HolderGroup>> m_groups; // cached, caching only
    QHash<QString, SeatRules> m_rules; // cached by license (an empty SeatRules for none), caching only
};

} // namespace keyright::server
