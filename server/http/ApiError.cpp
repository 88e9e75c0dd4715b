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

ApiError ApiError::licenseNotFound(const QString &licenseId)
{
    return notFound(u"license_not_found"_s, u"there is no license \"%1\""_s.arg(licenseId));
}

ApiError ApiError::storeFailed()
{
    return ApiError {
        500, u"internal"_s, u"the server could not store the change; nothing was changed, try again"_s, {}, {}};
}

ApiError ApiError::storeFailed(const StoreError &failure)
{
    if (!failure.isUnavailable())
        return storeFailed();
    return ApiError {503,
                     QString::fromLatin1(databaseUnavailableCode),
                     u"%1; the request was not carried out (if it was a change, it may or may not have been kept: "
                     "retry it, with the same requestId for a checkout)"_s.arg(QString::fromUtf8(failure.what())),
                     {},
                     {}};
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
