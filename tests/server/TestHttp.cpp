#include "TestHttp.h"

#include "Timestamps.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace keyright {

QJsonObject HttpResult::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray HttpResult::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QString HttpResult::errorCode() const
{
    return json().value("error"_L1).toString();
}

TestHttp::TestHttp(QUrl base)
    : m_base(std::move(base))
{
    m_network.setProxy(QNetworkProxy::NoProxy);
}

HttpResult TestHttp::call(const QByteArray &verb, const QString &pathAndQuery, const QByteArray &body,
                          const QByteArray &authorization, std::chrono::milliseconds timeout)
{
    QNetworkRequest request(QUrl(m_base.toString(QUrl::StripTrailingSlash) + pathAndQuery));
    request.setTransferTimeout(int(timeout.count()));
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(timeout + std::chrono::seconds {1});
    if (!reply->isFinished())
        loop.exec();
    HttpResult result;
    if (reply->isFinished()) {
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.body = reply->readAll();
        result.headers = reply->rawHeaderPairs();
    } else {
        reply->abort();
    }
    reply->deleteLater();
    return result;
}

HttpResult TestHttp::get(const QString &pathAndQuery, const QByteArray &authorization)
{
    return call("GET", pathAndQuery, {}, authorization);
}

HttpResult TestHttp::post(const QString &pathAndQuery, const QJsonObject &body, const QByteArray &authorization)
{
    return call("POST", pathAndQuery, QJsonDocument(body).toJson(QJsonDocument::Compact), authorization);
}

HttpResult TestHttp::put(const QString &pathAndQuery, const QJsonObject &body, const QByteArray &authorization)
{
    return call("PUT", pathAndQuery, QJsonDocument(body).toJson(QJsonDocument::Compact), authorization);
}

HttpResult TestHttp::del(const QString &pathAndQuery, const QByteArray &authorization)
{
    return call("DELETE", pathAndQuery, {}, authorization);
}

qint64 msOf(const QJsonValue &timestamp)
{
    const auto time = parseTimestamp(timestamp.toString());
    return time ? time->toMSecsSinceEpoch() : -1;
}

} // namespace keyright
