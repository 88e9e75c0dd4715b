#include "CountingNetworkAccessManager.h"

#include <QNetworkReply>

namespace keyright {

CountingNetworkAccessManager::CountingNetworkAccessManager(QObject *parent)
    : QNetworkAccessManager(parent)
{ }

QNetworkReply *CountingNetworkAccessManager::createRequest(Operation op, const QNetworkRequest &request,
                                                           QIODevice *outgoingData)
{
    QNetworkReply *reply = QNetworkAccessManager::createRequest(op, request, outgoingData);
    ++m_pending;
    // Connected before the caller's own handler, so the count drops before that handler can send
    // the next request of a chain (release, then checkout).
    connect(reply, &QNetworkReply::finished, this, [this] { --m_pending; });
    return reply;
}

} // namespace keyright
