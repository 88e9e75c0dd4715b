#pragma once

#include "SeatRules.h"
#include "ValidationError.h"
#include "seats/LicenseState.h"
#include "store/LeaseStore.h"
#include "store/StoreTypes.h"
#include "wire/LicenseSpec.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace keyright {
class Clock;
} // namespace keyright

namespace keyright::server {

// The administration of licenses, holder groups and seat rules: creating and changing a license,
// rotating its key, replacing the groups, replacing a license's rules. Each change is validated
// with core's rules (SeatPolicy, validateGroups, validateRules: the dashboard's words), written in
// one unit of the store together with the event that records it, and reported as a typed result.
// Seats themselves are SeatService's.
class LicenseAdmin
{
public:
    LicenseAdmin(LeaseStore &store, const Clock &clock);

    struct PutLicenseResult
    {
        enum class Outcome { Created, Updated, Invalid };
        Outcome outcome = Outcome::Invalid;
        LicenseState license;
        QString key; // Created: the license key, which is not stored and cannot be shown again
        ValidationError error; // Invalid
    };
    // The members the spec was not given keep the current value on update; on create, seatCount,
    // ttlSeconds, skewSeconds and reapGraceSeconds are required and name defaults to the id. The
    // spec's own id is not read: licenseId is the one.
    PutLicenseResult putLicense(const QString &licenseId, const LicenseSpec &spec, const QString &actor);
    // A new key for the license (the old one stops working at once); nullopt for an unknown license.
    std::optional<QString> rotateKey(const QString &licenseId, const QString &actor);

    // Seat rules (issue 17): the server's holder groups and each license's rules, validated with
    // core's validateGroups()/validateRules(), so the words are the dashboard's. The groups as
    // answered: with their LDAP source and sync state (withSources).
    QList<HolderGroup> groups();
    struct PutGroupsResult
    {
        enum class Outcome { Saved, Invalid, GroupInUse };
        Outcome outcome = Outcome::Invalid;
        ValidationError error; // Invalid
        QString group; // GroupInUse: the first group that would disappear while rules name it
        QStringList licenses; // GroupInUse: the licenses whose rules name it
        QList<HolderGroup> saved; // Saved: the list as stored (directory groups as synchronised)
        bool changed = false; // Saved: something was written
        bool superseded = false; // Saved: not written, a newer round wrote (putDirectoryGroups)
    };
    // Replaces every group and records groups_changed with the new list, unless a group that
    // would disappear is still named by some license's rules (GroupInUse: nothing changes). A
    // group synchronised from LDAP is the directory's: it keeps its stored members whatever the
    // list says of it, and is not removed by leaving it out.
    PutGroupsResult putGroups(const QList<HolderGroup> &groups, const QString &actor);

    // Groups from LDAP (issue 28). setDirectoryGroup() declares one (LdapGroupSync, at start) and
    // updates its sync state; directoryGroup() reads it back. putDirectoryGroups() makes the
    // stored members of the groups a round read what it read, in one unit with the group rows
    // held, and writes (and records one groups_changed by the actor "ldap") only when they differ
    // and no newer round wrote meanwhile, so that instances sharing a database write each change
    // once.
    void setDirectoryGroup(const QString &name, const LdapGroupSource &source);
    std::optional<LdapGroupSource> directoryGroup(const QString &name) const;
    // `members`: group name -> the patterns a round read; `readSince`: when that round began. When
    // another round (of another instance) has written directory groups since then, this round's
    // answer may be older than what is stored: nothing is written (superseded), and the next
    // round reads afresh.
    PutGroupsResult putDirectoryGroups(const QList<std::pair<QString, QStringList>> &members,
                                       const QDateTime &readSince);
    // The groups with the source of each directory group filled in.
    QList<HolderGroup> withSources(QList<HolderGroup> groups) const;
    // nullopt for an unknown license; empty rules when it has none.
    std::optional<SeatRules> rules(const QString &licenseId);
    struct PutRulesResult
    {
        enum class Outcome { Saved, Invalid, LicenseNotFound };
        Outcome outcome = Outcome::LicenseNotFound;
        ValidationError error; // Invalid: the field under "rules." ("rules.reserve")
    };
    // Replaces the license's rules; records rules_changed with them.
    PutRulesResult putRules(const QString &licenseId, const SeatRules &rules, const QString &actor);

    // "kr1-" and 64 lowercase hex digits (256 random bits).
    static QString generateLicenseKey();

private:
    // The first group of `before` missing from `kept` that some license's rules name, with those
    // licenses (sorted); nullopt when every removed group is unused.
    std::optional<std::pair<QString, QStringList>> removedGroupInUse(const QList<HolderGroup> &before,
                                                                     const QList<HolderGroup> &kept);
    // `asked` with each directory group as stored (added when left out, dropped when not stored
    // yet), every other group as asked.
    QList<HolderGroup> keepDirectoryGroups(const QList<HolderGroup> &stored, const QList<HolderGroup> &asked) const;
    void record(const QDateTime &time, EventKind kind, const QString &licenseId, const QString &actor,
                const QJsonObject &detail);

    LeaseStore &m_store;
    const Clock &m_clock;
    QHash<QString, LdapGroupSource> m_directoryGroups;
};

} // namespace keyright::server
