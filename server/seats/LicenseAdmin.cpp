#include "seats/LicenseAdmin.h"

#include "Clock.h"
#include "Crypto.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"
#include "wire/Identifiers.h"
#include "wire/SeatRulesJson.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace keyright::server {

namespace {

constexpr int licenseKeyRandomBytes = licenseKeyHexLength / 2;

// What license_created and license_updated record: the license as it is now, in whole seconds.
eventdetail::LicenseChanged changeDetail(const LicenseState &license)
{
    const LicenseSummary summary = license.toWire();
    return eventdetail::LicenseChanged {summary.name,        summary.seatCount,        summary.ttlSeconds,
                                        summary.skewSeconds, summary.reapGraceSeconds, summary.validity,
                                        summary.borrow};
}

} // namespace

LicenseAdmin::LicenseAdmin(LeaseStore &store, const Clock &clock)
    : m_store(store)
    , m_clock(clock)
{ }

QString LicenseAdmin::generateLicenseKey()
{
    return licenseKeyPrefix + crypto::randomHex(licenseKeyRandomBytes);
}

void LicenseAdmin::record(const QDateTime &time, EventKind kind, const QString &licenseId, const QString &actor,
                          const QJsonObject &detail)
{
    m_store.recordEvent(EventRecord {0, time, kind, licenseId, {}, {}, actor, detail});
}

LicenseAdmin::PutLicenseResult LicenseAdmin::putLicense(const QString &licenseId, const LicenseSpec &spec,
                                                        const QString &actor)
{
    PutLicenseResult result;
    m_store.withLicense(licenseId, [&] {
        result = PutLicenseResult {};
        const auto existing = m_store.license(licenseId);
        using M = LicenseSpec::Member;
        if (!existing) {
            for (const M member : {M::SeatCount, M::TtlSeconds, M::SkewSeconds, M::ReapGraceSeconds}) {
                if (!spec.has(member)) {
                    const QString field = LicenseSpec::memberName(member);
                    result.error = ValidationError {field, u"%1 is required to create a license"_s.arg(field)};
                    return;
                }
            }
        }
        // Members not given keep the current value (which may have sub-second parts set in-process).
        const auto duration = [&](M member, qint64 given, milliseconds current) {
            return spec.has(member) ? milliseconds(seconds(given)) : current;
        };
        const qint64 seatCount = spec.has(M::SeatCount) ? spec.seatCount : existing->policy.seatCount();
        const milliseconds ttlMs
            = duration(M::TtlSeconds, spec.ttlSeconds, existing ? existing->policy.ttl() : milliseconds {});
        const milliseconds skewMs
            = duration(M::SkewSeconds, spec.skewSeconds, existing ? existing->policy.skew() : milliseconds {});
        const milliseconds graceMs = duration(M::ReapGraceSeconds, spec.reapGraceSeconds,
                                              existing ? existing->policy.reapGrace() : milliseconds {});
        ValidationError why;
        const auto policy = SeatPolicy::create(seatCount, ttlMs, skewMs, graceMs, &why);
        if (!policy) {
            result.error = why;
            return;
        }
        // Dates not given keep the current ones; a given null removes the bound.
        LicenseValidity validity = existing ? existing->validity : LicenseValidity {};
        if (spec.has(M::ValidFrom))
            validity.validFrom = spec.validity.validFrom;
        if (spec.has(M::ValidUntil))
            validity.validUntil = spec.validity.validUntil;
        if (spec.has(M::MaintenanceUntil))
            validity.maintenanceUntil = spec.validity.maintenanceUntil;
        if (!validity.validate(&why)) {
            result.error = why;
            return;
        }
        // The borrowing policy (issue 27) not given keeps the current one; its groups must exist.
        const BorrowPolicy borrow = spec.has(M::Borrow) ? spec.borrow : existing ? existing->borrow : BorrowPolicy {};
        if (spec.has(M::Borrow) && !borrow.groups.isEmpty()) {
            const QList<HolderGroup> known = m_store.holderGroups();
            for (qsizetype i = 0; i < borrow.groups.size(); ++i) {
                if (std::none_of(known.cbegin(), known.cend(),
                                 [&](const HolderGroup &g) { return g.name == borrow.groups.at(i); })) {
                    result.error = ValidationError {
                        u"borrow.groups[%1]"_s.arg(i),
                        u"borrow.groups[%1] names the group \"%2\", which does not exist; create it first"_s.arg(i).arg(
                            borrow.groups.at(i))};
                    return;
                }
            }
        }
        if (existing) {
            // The rules' reservations never exceed the seats (validateRules): a license cannot
            // shrink under them, or reserved seats would be promised that do not exist.
            const int reserved = m_store.licenseRules(licenseId).reservedSeats();
            if (seatCount < reserved) {
                result.error = ValidationError {
                    LicenseSpec::memberName(M::SeatCount),
                    u"seatCount %1 is below the %2 seats the rules of \"%3\" reserve; lower the reservations "
                    "first"_s.arg(seatCount)
                        .arg(reserved)
                        .arg(licenseId)};
                return;
            }
        }
        const QDateTime now = m_clock.now();
        std::optional<LicenseRecord> saved;
        if (existing) {
            saved = *existing;
            saved->policy = *policy;
            saved->validity = validity;
            saved->borrow = borrow;
            if (spec.has(M::Name))
                saved->name = spec.name;
            m_store.updateLicense(*saved);
            result.outcome = PutLicenseResult::Outcome::Updated;
        } else {
            result.key = generateLicenseKey();
            saved = LicenseRecord {licenseId, spec.has(M::Name) ? spec.name : licenseId,
                                   *policy,   crypto::hashSecret(result.key.toUtf8()),
                                   0,         validity,
                                   borrow};
            m_store.insertLicense(*saved);
            result.outcome = PutLicenseResult::Outcome::Created;
        }
        result.license = LicenseState::of(m_store, *saved, m_store.leases(licenseId), now, 0);
        result.license.deniedLastHour = m_store.countEventsSince(denialKinds(), now.addSecs(-3600)).value(licenseId);
        record(now, existing ? EventKind::LicenseUpdated : EventKind::LicenseCreated, licenseId, actor,
               changeDetail(result.license).toJson());
    });
    return result;
}

std::optional<QString> LicenseAdmin::rotateKey(const QString &licenseId, const QString &actor)
{
    std::optional<QString> key;
    m_store.withLicense(licenseId, [&] {
        key.reset();
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QString fresh = generateLicenseKey();
        license->keyHash = crypto::hashSecret(fresh.toUtf8());
        m_store.updateLicense(*license);
        record(m_clock.now(), EventKind::KeyRotated, licenseId, actor, {});
        key = fresh;
    });
    return key;
}

QList<HolderGroup> LicenseAdmin::groups()
{
    return withSources(m_store.holderGroups());
}

void LicenseAdmin::setDirectoryGroup(const QString &name, const LdapGroupSource &source)
{
    m_directoryGroups.insert(name, source);
}

std::optional<LdapGroupSource> LicenseAdmin::directoryGroup(const QString &name) const
{
    const auto found = m_directoryGroups.constFind(name);
    if (found == m_directoryGroups.cend())
        return std::nullopt;
    return *found;
}

QList<HolderGroup> LicenseAdmin::withSources(QList<HolderGroup> groups) const
{
    for (HolderGroup &group : groups)
        group.ldap = directoryGroup(group.name);
    return groups;
}

LicenseAdmin::PutGroupsResult LicenseAdmin::putDirectoryGroups(const QList<std::pair<QString, QStringList>> &members,
                                                               const QDateTime &readSince)
{
    PutGroupsResult result;
    m_store.withStore([&] {
        result = PutGroupsResult {};
        result.outcome = PutGroupsResult::Outcome::Saved;
        QList<HolderGroup> groups = m_store.holderGroups(LeaseStore::GroupsRead::HeldForChange);
        bool differs = false;
        for (const auto &[name, patterns] : members) {
            const auto found = std::find_if(groups.begin(), groups.end(),
                                            [&](const HolderGroup &group) { return group.name == name; });
            if (found == groups.end()) {
                groups.append(HolderGroup {name, patterns, std::nullopt});
                differs = true;
            } else if (found->patterns != patterns) {
                found->patterns = patterns;
                differs = true;
            }
        }
        if (!differs) {
            result.saved = m_store.holderGroups(LeaseStore::GroupsRead::Plain);
            return;
        }
        // Another instance's round that began after this one read the directory may have stored
        // newer members: writing these back would undo them until the next round. The rows are
        // held, so the write of any round committed before this unit is among the events read.
        // Strictly later: this instance's own last write may carry the very time its next round
        // began at (a clock that stood still).
        EventQuery written;
        written.kinds = {EventKind::GroupsChanged};
        written.since = readSince;
        written.limit = EventQuery::maxLimit;
        const QList<EventRecord> since = m_store.events(written);
        if (std::any_of(since.cbegin(), since.cend(), [&](const EventRecord &event) {
                return event.time > readSince && event.actor == QString::fromUtf16(ldapActor);
            })) {
            result.superseded = true;
            return;
        }
        if (!validateGroups(groups, &result.error)) {
            result.outcome = PutGroupsResult::Outcome::Invalid;
            return;
        }
        m_store.putHolderGroups(groups);
        record(m_clock.now(), EventKind::GroupsChanged, {}, QString::fromUtf16(ldapActor),
               eventdetail::GroupsChanged {groups}.toJson());
        result.saved = groups;
        result.changed = true;
    });
    return result;
}

std::optional<std::pair<QString, QStringList>> LicenseAdmin::removedGroupInUse(const QList<HolderGroup> &before,
                                                                               const QList<HolderGroup> &kept)
{
    QSet<QString> keptNames;
    for (const HolderGroup &group : kept)
        keptNames.insert(group.name);
    QHash<QString, SeatRules> all;
    bool rulesRead = false;
    for (const HolderGroup &old : before) {
        if (keptNames.contains(old.name))
            continue;
        if (!rulesRead) {
            all = m_store.rulesOfAllLicenses();
            rulesRead = true;
        }
        QStringList users;
        for (auto it = all.cbegin(); it != all.cend(); ++it) {
            if (it.value().namesGroup(old.name))
                users.append(it.key());
        }
        if (!users.isEmpty()) {
            users.sort();
            return std::pair {old.name, users};
        }
    }
    return std::nullopt;
}

QList<HolderGroup> LicenseAdmin::keepDirectoryGroups(const QList<HolderGroup> &stored,
                                                     const QList<HolderGroup> &asked) const
{
    const auto storedGroup = [&](const QString &name) -> const HolderGroup * {
        for (const HolderGroup &group : stored) {
            if (group.name == name)
                return &group;
        }
        return nullptr;
    };
    QList<HolderGroup> kept;
    QSet<QString> names;
    for (const HolderGroup &group : asked) {
        names.insert(group.name);
        if (!m_directoryGroups.contains(group.name)) {
            kept.append(HolderGroup {group.name, group.patterns, std::nullopt});
        } else if (const HolderGroup *synced = storedGroup(group.name)) {
            kept.append(*synced);
        }
        // A directory group not synchronised yet: the next round adds it.
    }
    for (const HolderGroup &group : stored) {
        if (m_directoryGroups.contains(group.name) && !names.contains(group.name))
            kept.append(group);
    }
    return kept;
}

LicenseAdmin::PutGroupsResult LicenseAdmin::putGroups(const QList<HolderGroup> &groups, const QString &actor)
{
    PutGroupsResult result;
    if (!validateGroups(groups, &result.error))
        return result;
    m_store.withStore([&] {
        result = PutGroupsResult {};
        // Held for the change until the commit: on a shared database a rules change validated
        // against these groups waits for this unit, and one that came first is among the rules
        // read next. So no removed group can be named by rules the check below did not see.
        const QList<HolderGroup> before = m_store.holderGroups(LeaseStore::GroupsRead::HeldForChange);
        const QList<HolderGroup> kept = keepDirectoryGroups(before, groups);
        if (const auto inUse = removedGroupInUse(before, kept)) {
            result.outcome = PutGroupsResult::Outcome::GroupInUse;
            result.group = inUse->first;
            result.licenses = inUse->second;
            return;
        }
        if (!validateGroups(kept, &result.error))
            return;
        m_store.putHolderGroups(kept);
        record(m_clock.now(), EventKind::GroupsChanged, {}, actor, eventdetail::GroupsChanged {kept}.toJson());
        result.outcome = PutGroupsResult::Outcome::Saved;
        result.saved = withSources(kept);
        result.changed = true;
    });
    return result;
}

std::optional<SeatRules> LicenseAdmin::rules(const QString &licenseId)
{
    if (!m_store.license(licenseId))
        return std::nullopt;
    return m_store.licenseRules(licenseId);
}

LicenseAdmin::PutRulesResult LicenseAdmin::putRules(const QString &licenseId, const SeatRules &rules,
                                                    const QString &actor)
{
    PutRulesResult result;
    m_store.withLicense(licenseId, [&] {
        result = PutRulesResult {};
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        // Held until the commit: a groups change on another instance cannot remove a group these
        // rules name between this check and the write.
        const QList<HolderGroup> groups = m_store.holderGroups(LeaseStore::GroupsRead::HeldUntilCommit);
        ValidationError why;
        if (!validateRules(rules, groups, license->policy.seatCount(), &why)) {
            result.outcome = PutRulesResult::Outcome::Invalid;
            const QString member = QString::fromUtf16(seatrules::rulesMember);
            result.error = ValidationError {why.field.isEmpty() ? member : member + u'.' + why.field, why.message};
            return;
        }
        m_store.putLicenseRules(licenseId, rules);
        const QDateTime now = m_clock.now();
        record(now, EventKind::RulesChanged, licenseId, actor, eventdetail::RulesChanged {rules}.toJson());
        // Without an idle reclaim rule no seat is reclaimed: the marks go now, each holder told by
        // its next heartbeat (with rules left, the next decision lifts those no rule covers).
        if (rules.reclaimIdle.isEmpty()) {
            for (const StoredLease &row : m_store.leases(licenseId)) {
                if (!row.reclaimMarked())
                    continue;
                m_store.markLease(licenseId, row.lease.seatId, {}, {});
                m_store.recordEvent(EventRecord {
                    0, now, EventKind::ReclaimCancelled, licenseId, row.lease.seatId, row.lease.holder, actor,
                    eventdetail::ReclaimCancelled {QString::fromUtf16(eventdetail::ReclaimCancelled::noRule),
                                                   row.reclaimAt}
                        .toJson()});
            }
        }
        result.outcome = PutRulesResult::Outcome::Saved;
    });
    return result;
}

} // namespace keyright::server
