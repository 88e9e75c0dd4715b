#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <atomic>
#include <memory>

class QNetworkAccessManager;
class QTimer;

namespace keyright {

class AdminClient;
class LeaseClient;

// A steady stream of heartbeats from a thread of its own, as a crowd of holders renewing would
// send them to the embedded demo server: a license of its own with `seats` holders, renewed round
// robin at `rate` heartbeats a second (at most 64 in flight). Made on the bench's thread, then
// moved to the load's thread; start() runs there.
class HeartbeatLoad final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeartbeatLoad)

public:
    HeartbeatLoad(const QUrl &server, const QString &adminTokenPath, int seats, int rate);
    ~HeartbeatLoad() override;

    // Creates the license, takes the seats, then keeps the rate: ready() or failed().
    void start();
    void stop();

    // Read from any thread.
    int answered() const { return m_answered.load(); }
    int refused() const { return m_refused.load(); }
    bool isReady() const { return m_ready.load(); }
    bool hasFailed() const { return m_failed.load(); }

private:
    void takeSeats();
    void send();

    QUrl m_server;
    QString m_adminTokenPath;
    int m_seats;
    int m_rate;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
    std::unique_ptr<LeaseClient> m_client;
    QList<QString> m_seatIds;
    QTimer *m_timer = nullptr;
    qint64 m_startedNs = 0;
    qint64 m_sent = 0;
    int m_inFlight = 0;
    std::atomic<int> m_answered {0};
    std::atomic<int> m_refused {0};
    std::atomic<bool> m_ready {false};
    std::atomic<bool> m_failed {false};
};

} // namespace keyright
