#include "http/ApiError.h"

#include "store/StoreTypes.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace keyright::server {

ApiError ApiError::invalid(const QString &field, const QString &message)
{
    return ApiError {400, u"invalid_request"_s, message, field, {}};
}

ApiError ApiError::unauthorized(const QString &message)
{
    return ApiError {401, u"unauthorized"_s, message, {}, {}};
}

ApiError ApiError::notFound(const QString &code, const QString &message)
{
    return ApiError {404, code, message, {}, {}};
}

ApiError ApiError::storeFailed()
{
    return ApiError {
        500, u"internal"_s, u"the server could not store the change; nothing was changed, try again"_s, {}, {}};
}

ApiError ApiError::storeFailed(const StoreError &failure, bool detailed)
{
    if (!failure.isUnavailable())
        return storeFailed();
    const QString cause
        = detailed ? u"database unavailable (%1)"_s.arg(QString::fromUtf8(failure.what())) : u"database unavailable"_s;
    const QString outcome = failure.outcomeUnknown()
        ? u"the connection was lost while the change was being committed, so it may or may not have been kept: "
          "retry it (a checkout with the same requestId finds its seat)"_s
        : u"the request was not carried out: retry it"_s;
    return ApiError {503, QString::fromLatin1(databaseUnavailableCode), cause + u"; "_s + outcome, {}, {}};
}

QJsonObject ApiError::toJson() const
{
    QJsonObject json = extra;
    json.insert(u"error"_s, code);
    json.insert(u"message"_s, message);
    if (!field.isEmpty())
        json.insert(u"field"_s, field);
    return json;
}

QByteArray ApiError::toBody() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
}

} // namespace keyright::server
