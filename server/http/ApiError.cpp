#include "http/ApiError.h"

#include "store/StoreTypes.h"
#include "wire/ErrorBody.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

ApiError ApiError::invalid(const QString &field, const QString &message)
{
    return ApiError {400, QString::fromUtf16(errorcode::invalidRequest), message, field, {}};
}

ApiError ApiError::unauthorized(const QString &message)
{
    return ApiError {401, QString::fromUtf16(errorcode::unauthorized), message, {}, {}};
}

ApiError ApiError::notFound(const QString &code, const QString &message)
{
    return ApiError {404, code, message, {}, {}};
}

ApiError ApiError::licenseNotFound(const QString &licenseId)
{
    return notFound(QString::fromUtf16(errorcode::licenseNotFound), u"there is no license \"%1\""_s.arg(licenseId));
}

ApiError ApiError::storeFailed()
{
    return ApiError {500,
                     QString::fromUtf16(errorcode::internal),
                     u"the server could not store the change; nothing was changed, try again"_s,
                     {},
                     {}};
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
    return ApiError {503, QString::fromUtf16(errorcode::databaseUnavailable), cause + u"; "_s + outcome, {}, {}};
}

QJsonObject ApiError::toJson() const
{
    return ErrorBody {code, message, field, extra}.toJson();
}

QByteArray ApiError::toBody() const
{
    return ErrorBody {code, message, field, extra}.toBody();
}

} // namespace keyright::server
