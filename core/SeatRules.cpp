#include "SeatRules.h"

#include "wire/Identifiers.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <utility>

namespace keyright {

using namespace Qt::StringLiterals;

namespace {

QString groupPath(qsizetype i)
{
    return u"groups[%1]"_s.arg(i);
}

using Text = ValidationText;

bool fail(ValidationError *error, const QString &field, Text text)
{
    if (error)
        *error = ValidationError {field, text.english(), std::move(text)};
    return false;
}

// A list of the rules by its name in the v1 API ("allow"), as a word the dashboard translates.
Text listName(const QString &field)
{
    if (field == u"allow")
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "allow"));
    if (field == u"deny")
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "deny"));
    if (field == u"reserve")
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "reserve"));
    if (field == u"max")
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "max"));
    if (field == u"reclaimIdle")
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "reclaimIdle"));
    return Text::plain(field);
}

QRegularExpression compilePattern(const QString &pattern)
{
    return QRegularExpression(QRegularExpression::wildcardToRegularExpression(pattern));
}

// Empty when `pattern` is a usable glob; otherwise why not (patternProblem(), to translate).
ValidationText patternProblemText(const QString &pattern);

bool checkEntries(const QStringList &entries, const QString &field, const QSet<QString> &groupNames,
                  ValidationError *error)
{
    if (entries.size() > SeatRules::maxEntries)
        return fail(
            error, field,
            Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 has %2 entries; at most %3 are allowed"),
                           {listName(field), Text::plain(entries.size()), Text::plain(SeatRules::maxEntries)}));
    QSet<QString> seen;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString path = u"%1[%2]"_s.arg(field).arg(i);
        const QString &entry = entries.at(i);
        if (seen.contains(entry))
            return fail(error, path,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 lists \"%2\" twice"),
                                       {listName(field), Text::plain(entry)}));
        seen.insert(entry);
        if (groupNames.contains(entry))
            continue;
        Text problem = patternProblemText(entry);
        if (!problem.isEmpty())
            return fail(error, path,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "%1 (\"%2\") is neither a group nor a holder pattern: %3"),
                                       {Text::plain(path), Text::plain(entry), std::move(problem)}));
    }
    return true;
}

bool checkGroupSeats(const QList<GroupSeats> &list, const QString &field, const QSet<QString> &groupNames,
                     int seatCount, ValidationError *error)
{
    if (list.size() > SeatRules::maxEntries)
        return fail(
            error, field,
            Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 has %2 entries; at most %3 are allowed"),
                           {listName(field), Text::plain(list.size()), Text::plain(SeatRules::maxEntries)}));
    QSet<QString> seen;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = u"%1[%2]"_s.arg(field).arg(i);
        const GroupSeats &item = list.at(i);
        if (!groupNames.contains(item.group))
            return fail(error, path + u".group"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "%1 names the group \"%2\", which does not exist"),
                                       {listName(field), Text::plain(item.group)}));
        if (seen.contains(item.group))
            return fail(error, path + u".group"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 names the group \"%2\" twice"),
                                       {listName(field), Text::plain(item.group)}));
        seen.insert(item.group);
        const int least = field == u"reserve"_s ? 1 : 0;
        if (item.seats < least || item.seats > seatCount)
            return fail(error, path + u".seats"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "%1 for %2 is %3 seats; it must be between %4 and the "
                                                         "license's %5"),
                                       {listName(field), Text::plain(item.group), Text::plain(item.seats),
                                        Text::plain(least), Text::plain(seatCount)}));
    }
    return true;
}

bool checkReclaim(const QList<IdleReclaim> &list, const QSet<QString> &groupNames, ValidationError *error)
{
    const QString field = u"reclaimIdle"_s;
    if (list.size() > SeatRules::maxEntries)
        return fail(
            error, field,
            Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 has %2 entries; at most %3 are allowed"),
                           {listName(field), Text::plain(list.size()), Text::plain(SeatRules::maxEntries)}));
    QSet<QString> seen;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = u"%1[%2]"_s.arg(field).arg(i);
        const IdleReclaim &item = list.at(i);
        if (!item.group.isEmpty() && !groupNames.contains(item.group))
            return fail(error, path + u".group"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "%1 names the group \"%2\", which does not exist"),
                                       {listName(field), Text::plain(item.group)}));
        if (seen.contains(item.group))
            return fail(
                error, path + u".group"_s,
                item.group.isEmpty()
                    ? Text::sentence(
                        QT_TRANSLATE_NOOP("keyright::Validation", "%1 has two entries without a group (the default)"),
                        {listName(field)})
                    : Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "%1 names the group \"%2\" twice"),
                                     {listName(field), Text::plain(item.group)}));
        seen.insert(item.group);
        if (item.afterMinutes < 1 || item.afterMinutes > IdleReclaim::maxAfterMinutes)
            return fail(error, path + u".afterMinutes"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "a seat is reclaimed after %1 idle minutes; it must be "
                                                         "between 1 and %2 (a week)"),
                                       {Text::plain(item.afterMinutes), Text::plain(IdleReclaim::maxAfterMinutes)}));
        if (item.warnMinutes < 1 || item.warnMinutes > item.afterMinutes)
            return fail(error, path + u".warnMinutes"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "the holder is warned %1 minutes before; the warning "
                                                         "must be at least 1 minute and at most the idle time "
                                                         "(%2 minutes)"),
                                       {Text::plain(item.warnMinutes), Text::plain(item.afterMinutes)}));
    }
    return true;
}

} // namespace

int SeatRules::reservedSeats() const
{
    int total = 0;
    for (const GroupSeats &r : reserve)
        total += r.seats;
    return total;
}

bool SeatRules::namesGroup(const QString &group) const
{
    const auto names = [&](const QList<GroupSeats> &list) {
        return std::any_of(list.cbegin(), list.cend(), [&](const GroupSeats &g) { return g.group == group; });
    };
    const bool reclaims = std::any_of(reclaimIdle.cbegin(), reclaimIdle.cend(),
                                      [&](const IdleReclaim &r) { return !r.group.isEmpty() && r.group == group; });
    return allow.contains(group) || deny.contains(group) || names(reserve) || names(max) || reclaims;
}

bool isValidGroupName(const QString &name)
{
    if (name.isEmpty() || name.size() > 32)
        return false;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        const bool lowerOrDigit = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        if (!lowerOrDigit && (i == 0 || (c != u'-' && c != u'_')))
            return false;
    }
    return true;
}

namespace {

Text patternProblemText(const QString &pattern)
{
    if (pattern.isEmpty())
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "a pattern may not be empty"));
    const auto codePoints = pattern.toUcs4().size();
    if (codePoints > HolderGroup::maxPatternLength)
        return Text::sentence(
            QT_TRANSLATE_NOOP("keyright::Validation", "a pattern is at most %1 characters (this one has %2)"),
            {Text::plain(HolderGroup::maxPatternLength), Text::plain(codePoints)});
    if (!pattern.isValidUtf16())
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "a pattern must be valid Unicode"));
    for (const QChar c : pattern) {
        if (c.isSpace() || c.category() == QChar::Other_Control)
            return Text::sentence(
                QT_TRANSLATE_NOOP("keyright::Validation", "a pattern may not contain spaces or control characters"));
    }
    // Patterns match holders, which may not hold these either (core/wire/Identifiers).
    if (const auto fault = findTextFault(pattern);
        fault && (fault->kind == TextFault::Kind::Noncharacter || fault->kind == TextFault::Kind::ByteOrderMark))
        return Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                "a pattern may not contain Unicode non-characters or a byte order "
                                                "mark (%1 at position %2)"),
                              {Text::plain(codePointName(fault->codePoint)), Text::plain(fault->position)});
    if (!compilePattern(pattern).isValid())
        return Text::sentence(
            QT_TRANSLATE_NOOP("keyright::Validation", "\"%1\" is not a valid glob (check its [ ] brackets)"),
            {Text::plain(pattern)});
    return {};
}

} // namespace

QString patternProblem(const QString &pattern)
{
    return patternProblemText(pattern).english();
}

bool validateGroups(const QList<HolderGroup> &groups, ValidationError *error)
{
    if (groups.size() > SeatRules::maxGroups)
        return fail(
            error, u"groups"_s,
            Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "there are %1 groups; at most %2 are allowed"),
                           {Text::plain(groups.size()), Text::plain(SeatRules::maxGroups)}));
    QSet<QString> names;
    for (qsizetype i = 0; i < groups.size(); ++i) {
        const HolderGroup &group = groups.at(i);
        if (!isValidGroupName(group.name))
            return fail(error, groupPath(i) + u".name"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "\"%1\" is not a group name: use 1 to 32 lowercase letters, "
                                                         "digits, - and _, starting with a letter or digit"),
                                       {Text::plain(group.name)}));
        if (names.contains(group.name))
            return fail(error, groupPath(i) + u".name"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "there are two groups named \"%1\""),
                                       {Text::plain(group.name)}));
        names.insert(group.name);
        if (group.patterns.isEmpty())
            return fail(
                error, groupPath(i) + u".patterns"_s,
                Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "the group \"%1\" has no holder patterns"),
                               {Text::plain(group.name)}));
        if (group.patterns.size() > HolderGroup::maxPatterns)
            return fail(error, groupPath(i) + u".patterns"_s,
                        Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                         "the group \"%1\" has %2 patterns; at most %3 are allowed"),
                                       {Text::plain(group.name), Text::plain(group.patterns.size()),
                                        Text::plain(HolderGroup::maxPatterns)}));
        for (qsizetype j = 0; j < group.patterns.size(); ++j) {
            Text problem = patternProblemText(group.patterns.at(j));
            if (!problem.isEmpty())
                return fail(
                    error, groupPath(i) + u".patterns[%1]"_s.arg(j),
                    Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation", "pattern %1 of the group \"%2\": %3"),
                                   {Text::plain(j + 1), Text::plain(group.name), std::move(problem)}));
        }
    }
    return true;
}

bool validateRules(const SeatRules &rules, const QList<HolderGroup> &groups, int seatCount, ValidationError *error)
{
    QSet<QString> names;
    for (const HolderGroup &group : groups)
        names.insert(group.name);
    if (!checkEntries(rules.allow, u"allow"_s, names, error) || !checkEntries(rules.deny, u"deny"_s, names, error)
        || !checkGroupSeats(rules.reserve, u"reserve"_s, names, seatCount, error)
        || !checkGroupSeats(rules.max, u"max"_s, names, seatCount, error)
        || !checkReclaim(rules.reclaimIdle, names, error))
        return false;
    const int reserved = rules.reservedSeats();
    if (reserved > seatCount)
        return fail(error, u"reserve"_s,
                    Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                     "the reservations add up to %1 seats but the license has %2"),
                                   {Text::plain(reserved), Text::plain(seatCount)}));
    for (const GroupSeats &r : rules.reserve) {
        for (const GroupSeats &m : rules.max) {
            if (m.group == r.group && r.seats > m.seats)
                return fail(error, u"reserve"_s,
                            Text::sentence(QT_TRANSLATE_NOOP("keyright::Validation",
                                                             "%1 reserves %2 seats but may hold at most %3 (its max)"),
                                           {Text::plain(r.group), Text::plain(r.seats), Text::plain(m.seats)}));
        }
    }
    return true;
}

CompiledSeatRules::CompiledSeatRules(SeatRules rules, const QList<HolderGroup> &groups)
    : m_rules(std::move(rules))
{
    for (const HolderGroup &group : groups) {
        QList<QRegularExpression> patterns;
        patterns.reserve(group.patterns.size());
        for (const QString &pattern : group.patterns)
            patterns.append(compilePattern(pattern));
        m_groups.insert(group.name, patterns);
    }
    for (const QString &entry : std::as_const(m_rules.allow))
        m_allow.append(compileEntry(entry));
    for (const QString &entry : std::as_const(m_rules.deny))
        m_deny.append(compileEntry(entry));
}

CompiledSeatRules::Entry CompiledSeatRules::compileEntry(const QString &text) const
{
    const auto group = m_groups.constFind(text);
    if (group != m_groups.constEnd())
        return Entry {text, *group};
    return Entry {text, {compilePattern(text)}};
}

bool CompiledSeatRules::matches(const QList<QRegularExpression> &patterns, const QString &holder)
{
    for (const QRegularExpression &pattern : patterns) {
        if (pattern.match(holder).hasMatch())
            return true;
    }
    return false;
}

bool CompiledSeatRules::inGroup(const QString &holder, const QString &group) const
{
    const auto it = m_groups.constFind(group);
    return it != m_groups.constEnd() && matches(*it, holder);
}

std::optional<QString> CompiledSeatRules::denyingEntry(const QString &holder) const
{
    for (const Entry &entry : m_deny) {
        if (matches(entry.patterns, holder))
            return entry.text;
    }
    return std::nullopt;
}

bool CompiledSeatRules::allowListAdmits(const QString &holder) const
{
    if (m_allow.isEmpty())
        return true;
    for (const Entry &entry : m_allow) {
        if (matches(entry.patterns, holder))
            return true;
    }
    return false;
}

std::optional<int> CompiledSeatRules::reservationOf(const QString &holder) const
{
    for (qsizetype i = 0; i < m_rules.reserve.size(); ++i) {
        if (inGroup(holder, m_rules.reserve.at(i).group))
            return int(i);
    }
    return std::nullopt;
}

QList<int> CompiledSeatRules::capsOf(const QString &holder) const
{
    QList<int> caps;
    for (qsizetype i = 0; i < m_rules.max.size(); ++i) {
        if (inGroup(holder, m_rules.max.at(i).group))
            caps.append(int(i));
    }
    return caps;
}

std::optional<IdleReclaim> CompiledSeatRules::reclaimRuleOf(const QString &holder) const
{
    std::optional<IdleReclaim> fallback;
    for (const IdleReclaim &rule : m_rules.reclaimIdle) {
        if (rule.group.isEmpty()) {
            if (!fallback)
                fallback = rule;
        } else if (inGroup(holder, rule.group)) {
            return rule;
        }
    }
    return fallback;
}

} // namespace keyright
