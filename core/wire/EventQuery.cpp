#include "wire/EventQuery.h"

#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/Identifiers.h"
#include "wire/RequestFields.h"

#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString afterParameter = u"after"_s;
const QString licenseParameter = u"license"_s;
const QString holderParameter = u"holder"_s;
const QString kindParameter = u"kind"_s;
const QString sinceParameter = u"since"_s;
const QString untilParameter = u"until"_s;
const QString limitParameter = u"limit"_s;

QString encoded(const QString &value, const QByteArray &keep = {})
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value, keep));
}

} // namespace

QUrlQuery EventQuery::toQuery() const
{
    QUrlQuery query;
    query.addQueryItem(afterParameter, QString::number(after));
    if (!licenseId.isEmpty())
        query.addQueryItem(licenseParameter, encoded(licenseId));
    if (!holder.isEmpty())
        query.addQueryItem(holderParameter, encoded(holder));
    if (!kinds.isEmpty())
        query.addQueryItem(kindParameter, encoded(eventKindFilter(kinds), ","));
    if (since && since->isValid())
        query.addQueryItem(sinceParameter, encoded(formatTimestamp(*since)));
    if (until && until->isValid())
        query.addQueryItem(untilParameter, encoded(formatTimestamp(*until)));
    query.addQueryItem(limitParameter, QString::number(limit));
    return query;
}

std::optional<QList<EventKind>> EventQuery::kindsFromFilter(const QString &filter, ValidationError *error)
{
    QList<EventKind> kinds;
    for (const QString &kind : filter.split(u',')) {
        const QString trimmed = kind.trimmed();
        const std::optional<EventKind> eventKind = eventKindFromWire(trimmed);
        if (!eventKind) {
            requestfields::refuse(error, kindParameter,
                                  u"unknown event kind \"%1\"; known: %2"_s.arg(trimmed.left(40), eventKindNames()));
            return std::nullopt;
        }
        if (!kinds.contains(*eventKind))
            kinds.append(*eventKind);
    }
    return kinds;
}

std::optional<EventQuery> EventQuery::fromQuery(const QUrlQuery &query, ValidationError *error)
{
    using requestfields::refuse;
    static const QSet<QString> known {afterParameter, licenseParameter, holderParameter, kindParameter,
                                      sinceParameter, untilParameter,   limitParameter};
    EventQuery result;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    QSet<QString> seen;
    const auto fail = [error](const QString &field, const QString &message) -> std::optional<EventQuery> {
        refuse(error, field, message);
        return std::nullopt;
    };
    for (const auto &[key, value] : items) {
        if (!known.contains(key))
            return fail(key.left(64),
                        u"unknown query parameter \"%1\"; known: after, license, holder, kind, since, "
                        "until, limit"_s.arg(key.left(64)));
        if (seen.contains(key))
            return fail(key, u"%1 is given more than once"_s.arg(key));
        seen.insert(key);
        if (key == afterParameter) {
            bool ok = false;
            result.after = value.toLongLong(&ok);
            if (!ok || result.after < 0)
                return fail(key, u"after must be a non-negative event seq"_s);
        } else if (key == limitParameter) {
            bool ok = false;
            result.limit = value.toInt(&ok);
            if (!ok || result.limit < 1 || result.limit > maxLimit)
                return fail(key, u"limit must be a whole number from 1 to %1"_s.arg(maxLimit));
        } else if (key == licenseParameter) {
            if (!isValidLicenseId(value))
                return fail(key, u"license \"%1\" is not a valid license id"_s.arg(value.left(80)));
            result.licenseId = value;
        } else if (key == holderParameter) {
            QString why;
            if (!validateHolder(value, &why))
                return fail(key, why.isEmpty() ? u"holder is invalid"_s : why);
            result.holder = value;
        } else if (key == kindParameter) {
            const auto kinds = kindsFromFilter(value, error);
            if (!kinds)
                return std::nullopt;
            for (const EventKind kind : *kinds) {
                if (!result.kinds.contains(kind))
                    result.kinds.append(kind);
            }
        } else if (key == sinceParameter || key == untilParameter) {
            const auto time = parseTimestamp(value);
            if (!time)
                return fail(key,
                            u"%1 must be an RFC 3339 UTC timestamp with milliseconds, such as "
                            "2026-11-29T21:00:00.000Z"_s.arg(key));
            (key == sinceParameter ? result.since : result.until) = *time;
        }
    }
    if (!query.hasQueryItem(limitParameter))
        result.limit = defaultLimit;
    return result;
}

} // namespace keyright
