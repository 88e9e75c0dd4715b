#pragma once

#include "SeatDecision.h"
#include "SeatRules.h"
#include "ValidationError.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace keyright {

// The v1 API's spelling of seat rules, holder groups and rule-based denials (docs/API.md):
//   "rules":  {"allow": [entry...], "deny": [entry...], "reserve": [{"group", "seats"}...],
//              "max": [{"group", "seats"}...],
//              "reclaimIdle": [{"group"?, "afterMinutes", "warnMinutes"}...]}   (every member optional;
//              reclaimIdle may also be one {"afterMinutes", "warnMinutes"}, the license's default,
//              and is written only when set)
//   "groups": [{"name", "patterns": [glob...], "ldap"?}...]
//   "ldap":   {"url", "baseDn", "filter", "attribute", "hostPattern", "stale", "lastSyncAt"?,
//              "lastAttemptAt"?, "lastError"?}, in answers only, for a group synchronised from
//              LDAP; a request's "ldap" is read and ignored (the server's configuration decides)
// A denial is an error answer whose "error" is one of the codes below, with the numbers of the
// decision beside it. The decoders check shape only; validateRules()/validateGroups() decide
// whether the values may be used, so that the server and the dashboard's license dialog refuse
// the same things in the same words.
namespace seatrules {

inline constexpr char16_t noSeatsAvailable[] = u"no_seats_available";
inline constexpr char16_t holderNotAllowed[] = u"holder_not_allowed";
inline constexpr char16_t groupCapReached[] = u"group_cap_reached";
// A group_cap_reached denial's members beside the usage: the capped group, its cap, the seats it
// holds (a checkout's answer and denied event, a borrow's refusal).
inline constexpr char16_t capGroupMember[] = u"group";
inline constexpr char16_t capMember[] = u"cap";
inline constexpr char16_t capHeldMember[] = u"held";
// The members that carry them in a body: {"rules": ...}, {"groups": ...}.
inline constexpr char16_t rulesMember[] = u"rules";
inline constexpr char16_t groupsMember[] = u"groups";

QJsonObject rulesToJson(const SeatRules &rules);
std::optional<SeatRules> rulesFromJson(const QJsonValue &json, const QString &path, ValidationError *error = nullptr);
QJsonArray groupsToJson(const QList<HolderGroup> &groups);
std::optional<QList<HolderGroup>> groupsFromJson(const QJsonValue &json, const QString &path,
                                                 ValidationError *error = nullptr);

// The bodies that carry them whole. {"groups": [...]}: PUT /v1/groups asks with it, GET and PUT
// /v1/groups answer with it. {"rules": {...}}: PUT /v1/licenses/{id}/rules asks with it;
// {"licenseId", "rules"} is how GET and PUT of a license's rules answer. The decoders refuse a
// body without the member in the words of every request refusal, and a "licenseId" other than
// the license asked for.
QJsonObject groupsBodyToJson(const QList<HolderGroup> &groups);
std::optional<QList<HolderGroup>> groupsBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);
QJsonObject rulesBodyToJson(const SeatRules &rules);
std::optional<SeatRules> rulesBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);
QJsonObject licenseRulesToJson(const QString &licenseId, const SeatRules &rules);
std::optional<SeatRules> licenseRulesFromJson(const QJsonObject &json, const QString &licenseId,
                                              ValidationError *error = nullptr);

// The error code of a denial; empty for a grant.
QString denialCode(SeatDecision::Outcome outcome);
// The members a denial answer carries beside "error" and "message": "inUse", "seatCount",
// "reservedForOthers", "reservations" [{"group", "seats", "used"}] for every denial, plus "rule"
// ("deny" or "allow") and "entry" for holder_not_allowed, "group", "cap" and "held" for
// group_cap_reached.
QJsonObject denialToJson(const SeatDecision &decision);
// The decision a denial answer describes (what a client needs to explain it).
std::optional<SeatDecision> denialFromJson(const QJsonObject &json, ValidationError *error = nullptr);

} // namespace seatrules
} // namespace keyright
