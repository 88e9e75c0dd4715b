#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace keyright::server {

class StoreError;

// An error answer of the v1 API: {"error": code, "message": for a person, "field"?, ...extra}.
struct ApiError
{
    int status = 500;
    QString code;
    QString message;
    QString field; // invalid_request: the field at fault
    QJsonObject extra; // further members, e.g. seatCount/inUse/nextExpiry for no_seats_available

    static ApiError invalid(const QString &field, const QString &message);
    static ApiError unauthorized(const QString &message);
    static ApiError notFound(const QString &code, const QString &message);
    // 404 license_not_found naming the license.
    static ApiError licenseNotFound(const QString &licenseId);
    // The error code of a 503 for database trouble. (The other codes are written where they are
    // answered; this one is answered from several places.)
    static constexpr const char *databaseUnavailableCode = "database_unavailable";

    // 500: the store refused a change; nothing of the request was kept.
    static ApiError storeFailed();
    // What `failure` means for the request: a 503 database_unavailable with the store's message
    // (which names the database) when the database cannot be reached or the outcome of a commit
    // is unknown, else the 500 of storeFailed(). The instance keeps running either way.
    static ApiError storeFailed(const StoreError &failure);

    QJsonObject toJson() const;
    QByteArray toBody() const;
};

} // namespace keyright::server
