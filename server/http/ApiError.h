#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace keyright::server {

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
    // 500: the store refused a change; nothing of the request was kept.
    static ApiError storeFailed();

    QJsonObject toJson() const;
    QByteArray toBody() const;
};

} // namespace keyright::server
