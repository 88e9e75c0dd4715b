#pragma once

#include "ValidationError.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyright {

// A group whose members an LDAP directory names (issue 28): where the server looks them up and how
// its last synchronisation went. The server configures it (docs/DEPLOYMENT.md, "Holder groups from
// LDAP") and says it in its answers; a group with a source is read-only over the API: the server
// keeps the members it synchronised whatever a change of the groups says of it.
struct LdapGroupSource
{
    QString url; // the directory, ldap:// or ldaps://
    QString baseDn;
    QString filter;
    QString attribute; // the attribute whose values are the holders' user part ("uid")
    QString hostPattern; // a member "alice" becomes the holder pattern "alice@<hostPattern>"
    QDateTime lastSuccess; // invalid: never synchronised by this server
    QDateTime lastAttempt; // invalid: not tried yet
    QString lastError; // why the last attempt failed; empty when it succeeded

    // The members shown may be out of date: the last attempt failed, or none succeeded yet.
    bool stale() const { return !lastSuccess.isValid() || !lastError.isEmpty(); }

    friend bool operator==(const LdapGroupSource &, const LdapGroupSource &) = default;
};

// A named list of holder patterns ("render" = `*@render-*`, `alice@ws-12`), shared by the
// licenses of a server. Patterns are globs: `*` any run of characters, `?` one character, `[...]`
// one of a set; they match the whole holder, case-sensitively, and `*` does not cross a `/`.
struct HolderGroup
{
    static constexpr int maxPatterns = 256;
    static constexpr int maxPatternLength = 128; // code points

    QString name;
    QStringList patterns;
    std::optional<LdapGroupSource> ldap {}; // set in answers for a group synchronised from LDAP

    friend bool operator==(const HolderGroup &, const HolderGroup &) = default;
};

// `reserve N for GROUP` and `max N for GROUP`.
struct GroupSeats
{
    QString group;
    int seats = 0;

    friend bool operator==(const GroupSeats &, const GroupSeats &) = default;
};

// `reclaimIdle`: a seat whose holder has shown no activity for afterMinutes may be taken for
// someone waiting, after a warning of warnMinutes (core/IdleReclaim decides when). An entry with a
// group applies to the holders in that group (the first listed that a holder belongs to); the
// entry without one is the license's default for everyone else.
struct IdleReclaim
{
    static constexpr int maxAfterMinutes = 7 * 24 * 60; // a week

    QString group; // empty: the license's default
    int afterMinutes = 0; // 1..maxAfterMinutes
    int warnMinutes = 0; // 1..afterMinutes

    friend bool operator==(const IdleReclaim &, const IdleReclaim &) = default;
};

// The rules of one license. allow and deny list entries that are either the name of a group or a
// holder pattern (an entry naming a known group means the group).
//
// How they combine, for a holder asking for a seat (decideCheckout() applies them in this order
// and answers with the first that refuses):
// 1. deny: a holder matching a deny entry never gets a seat.
// 2. allow: when allow is not empty, only holders matching it check out, and members of a
//    reserving group (a reservation admits its group).
// 3. max: a holder in a capped group never takes a seat that would make the group hold more than
//    its cap; every cap of every group it belongs to applies.
// 4. reserve: N seats only members of GROUP may take, even while nobody uses them. A holder
//    counts against the reservation of the first reserving group listed that it belongs to,
//    while that reservation has room, and against the shared seats otherwise.
// A cap is never exceeded and a reserved seat never goes to an outsider, whatever else matches.
struct SeatRules
{
    static constexpr int maxEntries = 64; // per list
    static constexpr int maxGroups = 64;

    QStringList allow;
    QStringList deny;
    QList<GroupSeats> reserve;
    QList<GroupSeats> max;
    // Idle seats reclaimed for someone waiting; empty: never (issue 26).
    QList<IdleReclaim> reclaimIdle = {};

    bool isEmpty() const
    {
        return allow.isEmpty() && deny.isEmpty() && reserve.isEmpty() && max.isEmpty() && reclaimIdle.isEmpty();
    }
    int reservedSeats() const;
    // Whether the rules name `group`: in a reservation, a cap, a reclaim rule, or as an allow or deny
    // entry (an entry naming a group means the group; without it the entry would silently become a
    // holder pattern). The server refuses to remove a group some license's rules name (group_in_use).
    bool namesGroup(const QString &group) const;

    friend bool operator==(const SeatRules &, const SeatRules &) = default;
};

// Whether `groups` may be the server's groups: valid names, no duplicates, patterns that are
// globs within the limits. The field is the v1 API's path ("groups[1].patterns[0]").
bool validateGroups(const QList<HolderGroup> &groups, ValidationError *error = nullptr);
// Whether `rules` may be a license's rules under `groups` and `seatCount`: every group named
// exists, every pattern is valid, seat numbers are within range, the reservations add up to no
// more than the seat count, no group reserves more than its own cap lets it hold, and each
// reclaim rule waits 1 minute to a week and warns for at least a minute and no longer than it
// waits, once per group and once for the default.
bool validateRules(const SeatRules &rules, const QList<HolderGroup> &groups, int seatCount,
                   ValidationError *error = nullptr);
bool isValidGroupName(const QString &name);
// Empty when `pattern` is a usable glob; otherwise why not.
QString patternProblem(const QString &pattern);

// The rules compiled for matching: which groups a holder is in, which entry of a list matches.
// Built once per decision set (a checkout, a dashboard refresh) from validated rules and groups.
class CompiledSeatRules
{
public:
    CompiledSeatRules(SeatRules rules, const QList<HolderGroup> &groups);

    const SeatRules &rules() const { return m_rules; }
    bool inGroup(const QString &holder, const QString &group) const;
    // The first deny entry the holder matches.
    std::optional<QString> denyingEntry(const QString &holder) const;
    // True when allow is empty or an entry matches the holder.
    bool allowListAdmits(const QString &holder) const;
    // The reserving group the holder counts against (the first listed it belongs to), if any.
    std::optional<int> reservationOf(const QString &holder) const;
    // Indexes into rules().max of the caps that apply to the holder.
    QList<int> capsOf(const QString &holder) const;
    // The reclaim rule for the holder's seats: the first group entry it belongs to, else the
    // license's default, else none.
    std::optional<IdleReclaim> reclaimRuleOf(const QString &holder) const;

private:
    struct Entry
    {
        QString text;
        QList<QRegularExpression> patterns; // a group's patterns, or the entry's own
    };
    static bool matches(const QList<QRegularExpression> &patterns, const QString &holder);
    Entry compileEntry(const QString &text) const;

    SeatRules m_rules;
    QHash<QString, QList<QRegularExpression>> m_groups;
    QList<Entry> m_allow;
    QList<Entry> m_deny;
};

} // namespace keyright
