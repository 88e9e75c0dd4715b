#include "CountingNetworkAccessManager.h"

#include <QNetworkReply>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString describe(QNetworkAccessManager::Operation op, const QNetworkRequest &request)
{
    QString verb;
    switch (op) {
    case QNetworkAccessManager::HeadOperation:
        verb = u"HEAD"_s;
        break;
    case QNetworkAccessManager::GetOperation:
        verb = u"GET"_s;
        break;
    case QNetworkAccessManager::PutOperation:
        verb = u"PUT"_s;
        break;
    case QNetworkAccessManager::PostOperation:
        verb = u"POST"_s;
        break;
    case QNetworkAccessManager::DeleteOperation:
        verb = u"DELETE"_s;
        break;
    default:
        verb = QString::fromLatin1(request.attribute(QNetworkRequest::CustomVerbAttribute).toByteArray());
        break;
    }
    return verb + u' ' + request.url().toDisplayString();
}

} // namespace

CountingNetworkAccessManager::CountingNetworkAccessManager(QObject *parent)
    : QNetworkAccessManager(parent)
{ }

CountingNetworkAccessManager::~CountingNetworkAccessManager()
{
    // QNetworkAccessManager's own destructor deletes the replies left, after this object's
    // members are gone: they must not report to it any more.
    for (QNetworkReply *reply : findChildren<QNetworkReply *>(Qt::FindDirectChildrenOnly))
        disconnect(reply, nullptr, this, nullptr);
}

QStringList CountingNetworkAccessManager::openRequests() const
{
    return openAmongFirst(m_serial);
}

QStringList CountingNetworkAccessManager::openAmongFirst(quint64 count) const
{
    QList<Open> open;
    for (const Open &o : m_open) {
        if (o.serial <= count)
            open << o;
    }
    std::sort(open.begin(), open.end(), [](const Open &a, const Open &b) { return a.serial < b.serial; });
    QStringList described;
    for (const Open &o : std::as_const(open))
        described << o.what;
    return described;
}

QNetworkReply *CountingNetworkAccessManager::createRequest(Operation op, const QNetworkRequest &request,
                                                           QIODevice *outgoingData)
{
    QNetworkReply *reply = QNetworkAccessManager::createRequest(op, request, outgoingData);
    m_open.insert(reply, Open {++m_serial, describe(op, request)});
    // Connected before the caller's own handler, so the count drops before that handler can send
    // the next request of a chain (release, then checkout).
    connect(reply, &QNetworkReply::finished, this, [this, reply] { m_open.remove(reply); });
    connect(reply, &QObject::destroyed, this, [this, reply] {
        const auto it = m_open.constFind(reply);
        if (it == m_open.cend())
            return;
        m_abandoned << it->what;
        m_open.remove(reply);
    });
    return reply;
}

} // namespace keyright
