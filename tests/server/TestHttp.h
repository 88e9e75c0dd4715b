#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QNetworkAccessManager>
#include <QUrl>

#include <chrono>

namespace keyright {

struct HttpResult
{
    int status = 0; // 0: no answer within the timeout
    QByteArray body;
    QList<std::pair<QByteArray, QByteArray>> headers;

    QJsonObject json() const;
    QByteArray header(QByteArrayView name) const;
    QString errorCode() const; // the "error" member of an error body
};

// A blocking HTTP client for tests: each call spins a local event loop (so an in-process server
// on the same thread keeps serving) until the reply or a bounded timeout.
class TestHttp
{
public:
    explicit TestHttp(QUrl base = {});
    void setBaseUrl(const QUrl &base) { m_base = base; }

    HttpResult call(const QByteArray &verb, const QString &pathAndQuery, const QByteArray &body = {},
                    const QByteArray &authorization = {}, std::chrono::milliseconds timeout = std::chrono::seconds {5});

    HttpResult get(const QString &pathAndQuery, const QByteArray &authorization = {});
    HttpResult post(const QString &pathAndQuery, const QJsonObject &body, const QByteArray &authorization = {});
    HttpResult put(const QString &pathAndQuery, const QJsonObject &body, const QByteArray &authorization = {});
    HttpResult del(const QString &pathAndQuery, const QByteArray &authorization = {});

private:
    QNetworkAccessManager m_network;
    QUrl m_base;
};

// A timestamp member of an answer ("expiresAt", "serverTime") in ms since the epoch; -1 when it
// is not a timestamp.
qint64 msOf(const QJsonValue &timestamp);

} // namespace keyright
