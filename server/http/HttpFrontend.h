#pragma once

#include "http/HttpApi.h"

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QList>
#include <QPointer>

class QTcpSocket;

namespace keyright::server {

class LeaseStore;

// Bridges QtHttpServer to HttpApi: turns each parsed request into an ApiRequest, answers it
// synchronously on the server's thread (QtHttpServer 6.4 crashes with QFuture routes under load)
// and writes the ApiResponse back.
//
// Group commit: the requests that arrive in one turn of the event loop share one store
// transaction (LeaseStore::beginBatch), each in its own unit. Their answers wait in memory and
// go out only after that transaction has committed, so a client never holds an acknowledgement
// of a change that a crash could still take back; one commit (one WAL append) then serves the
// whole turn instead of one per request. If the commit fails, every answer of the batch becomes
// a 500 and nothing of it is kept.
//
// Heartbeats of a batch are planned when they arrive and signed together when the batch closes
// (HttpApi::finishRenewals), on a thread pool where the machine has cores to spare: signing is
// the largest single cost of a renewal and the only one that needs no shared state.
class HttpFrontend final : public QAbstractHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpFrontend)

public:
    // Without a store (unit tests), every answer is written at once.
    explicit HttpFrontend(HttpApi &api, LeaseStore *store = nullptr, QObject *parent = nullptr);
    ~HttpFrontend() override;

    // A batch is committed when the event loop comes back, or as soon as it holds this many
    // requests, whichever is first: it bounds how long the first answer of a turn waits.
    static constexpr int maxBatchSize = 256;

    // Commits the current batch and writes its answers.
    void flush();

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    struct Pending
    {
        QPointer<QTcpSocket> socket;
        QByteArray bytes;
    };

    static QByteArray serialize(const ApiResponse &response);
    static void send(QTcpSocket *socket, const QByteArray &bytes);

    HttpApi &m_api;
    LeaseStore *m_store;
    QList<Pending> m_pending;
    QList<HttpApi::DeferredRenewal> m_renewals;
    QList<qsizetype> m_renewalSlots; // where each renewal's answer goes in m_pending
    bool m_flushQueued = false;
};

} // namespace keyright::server
