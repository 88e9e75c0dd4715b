#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace keyright::server {

class StoreError;

// An error answer of the v1 API with its HTTP status: the body is core's ErrorBody
// ({"error": code, "message": for a person, "field"?, ...extra}); the codes are core's too
// (wire/ErrorBody.h, errorcode).
struct ApiError
{
    int status = 500;
    QString code;
    QString message;
    QString field; // invalid_request: the field at fault
    QJsonObject extra; // further members (errorextra in wire/ErrorBody.h)

    static ApiError invalid(const QString &field, const QString &message);
    static ApiError unauthorized(const QString &message);
    static ApiError notFound(const QString &code, const QString &message);
    // 404 license_not_found naming the license.
    static ApiError licenseNotFound(const QString &licenseId);
    // 500: the store refused a change; nothing of the request was kept.
    static ApiError storeFailed();
    // What `failure` means for the request: a 503 database_unavailable when the database cannot
    // be reached or the outcome of a commit is unknown, saying which of the two it was (nothing
    // kept, or perhaps kept), else the 500 of storeFailed(). The store's message, which names the
    // database's host, port and the driver's error, is added only for a caller that proved who it
    // is (`detailed`: a valid access token); anyone else reads "database unavailable" alone, and
    // the log keeps the details. The instance keeps running either way.
    static ApiError storeFailed(const StoreError &failure, bool detailed = false);

    QJsonObject toJson() const;
    QByteArray toBody() const;
};

} // namespace keyright::server
