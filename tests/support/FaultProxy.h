#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>

namespace keyright {

// A TCP proxy on 127.0.0.1 (free port) in front of a server, whose faults tests switch on and off:
// a network that swallows packets (blackhole), one that refuses and resets (refuse), a slow one
// (delay), an answer lost after the server acted (dropNextResponse), and a man in the middle that
// rewrites answers (tamperResponses). HTTP framing is understood only as far as needed to cut the
// server's byte stream into responses (status line, headers, Content-Length body).
class FaultProxy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FaultProxy)

public:
    // Receives one whole HTTP response (head and body) and returns the bytes the client gets.
    // Changing the body's length is the tamperer's business (Content-Length is not fixed up).
    using Tamper = std::function<QByteArray(const QByteArray &response)>;

    explicit FaultProxy(QObject *parent = nullptr);
    ~FaultProxy() override;

    bool start(const QHostAddress &targetAddress, quint16 targetPort, QString *error = nullptr);
    // Points new connections at another server (one restarted on another port).
    void setTarget(const QHostAddress &targetAddress, quint16 targetPort);
    quint16 port() const;
    QUrl url() const; // http://127.0.0.1:<port>

    // Accepts and reads but never forwards or answers, so a client waits for its timeout. Applies
    // to open connections too.
    void setBlackhole(bool on);
    bool isBlackhole() const;
    // Closes open connections at once and every new one as soon as it is accepted.
    void setRefuse(bool on);
    bool isRefusing() const;
    // Holds every chunk sent towards the server for this long.
    void setDelay(std::chrono::milliseconds delay);
    // The next response from the server is swallowed and its connection closed: the server acted,
    // the client never learns it.
    void dropNextResponse();
    void tamperResponses(Tamper tamper); // an empty function stops tampering
    // Closes every open connection (both sides).
    void closeAll();

    int acceptedConnections() const;
    int droppedResponses() const;
    int tamperedResponses() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace keyright
