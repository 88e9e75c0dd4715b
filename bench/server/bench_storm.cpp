// A site's clients keeping their seats through an outage (issue 30): many simulated programs, each
// doing what LeaseKeeper does with one seat, over a few keep-alive connections per server.
// Heartbeats and checkouts have connections and queues of their own (--connections each), since
// each real program sends its own: a heartbeat never waits behind other programs' checkouts here,
// which on shared connections starved every heartbeat once a storm of checkouts queued.
//
//   bench_storm --servers URL[,URL...] --licenses FILE --ttl SECONDS [--connections N] [--seconds S]
//
// FILE holds "LICENSE_ID KEY" lines (bench/peers/setup.py keyright-licenses); every license gets
// the same number of clients, its seat count (--clients-per-license). Each client, as the keeper:
// checks out (one requestId kept across the retries of one checkout), beats at a third of the TTL
// plus up to 2 s of jitter, retries a failed heartbeat after the retry interval (5 s) and never
// backs off while its lease is live, takes its lease as lapsed once the TTL has passed since the
// request that granted or renewed it and checks out again, retries a refusal (409) after the retry
// interval, follows a 503's Retry-After (plus up to half of it again: the instances size it for
// the site), and backs off from a server that does not answer: 5, 10, 20, 40, 60 s, each spread
// between half and all of it.
//
// One line a second on standard output, for bench/run-storm-bench.sh:
//   wall=<ms since the epoch> held=<clients holding a live lease> checkouts=<201s> denied=<409s>
//   unavailable=<503s and unanswered> heartbeats=<200s> lost=<410s> other=<anything else>
// (counts over that second). It runs until --seconds have passed, or until SIGTERM / SIGINT.
#include "HttpBurst.h"
#include "KeepAliveClient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSocketNotifier>
#include <QTimer>
#include <QUrl>
#include <queue>

#include <array>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

constexpr qint64 retryIntervalMs = 5000; // LeaseKeeper's default
constexpr qint64 maxRetryIntervalMs = 60000;
constexpr qint64 maxJitterMs = 2000;

struct Client
{
    int license = 0;
    int server = 0;
    QByteArray holder;
    QByteArray seatId; // empty: no lease held (or it lapsed)
    QByteArray requestId;
    int requestSerial = 0;
    int failedCheckouts = 0; // in a row, for the back-off
    qint64 lapsesAtMs = 0; // local monotonic: the held lease's end as the client counts it
};

struct Due
{
    qint64 atMs;
    int client;
    bool operator>(const Due &other) const { return atMs > other.atMs; }
};

struct Counts
{
    int checkouts = 0;
    int denied = 0;
    int unavailable = 0;
    int heartbeats = 0;
    int lost = 0;
    int other = 0;
};

int signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[1], &byte, 1);
}

class Storm
{
public:
    Storm(QList<QUrl> servers, QList<std::pair<QByteArray, QByteArray>> licenses, int perLicense, qint64 ttlMs,
          int connections)
        : m_servers(std::move(servers))
        , m_licenses(std::move(licenses))
        , m_ttlMs(ttlMs)
    {
        m_clock.start();
        for (Lane &lane : m_lanes) {
            lane.free.resize(std::size_t(m_servers.size()));
            lane.due.resize(std::size_t(m_servers.size()));
            for (int s = 0; s < m_servers.size(); ++s) {
                for (int c = 0; c < connections; ++c) {
                    m_connections.push_back(std::make_unique<KeepAliveClient>(QHostAddress(m_servers.at(s).host()),
                                                                              quint16(m_servers.at(s).port()), 10s));
                    lane.free[std::size_t(s)].push_back(m_connections.back().get());
                }
            }
        }
        for (int l = 0; l < m_licenses.size(); ++l) {
            for (int n = 0; n < perLicense; ++n) {
                Client client;
                client.license = l;
                client.server = int(m_clients.size()) % int(m_servers.size());
                client.holder = "storm-" + QByteArray::number(l) + "-" + QByteArray::number(n) + "@bench";
                m_clients.push_back(client);
            }
        }
        // Programs start over the first TTL, not all in one millisecond.
        for (int i = 0; i < int(m_clients.size()); ++i)
            schedule(i, qint64(QRandomGenerator::global()->bounded(quint32(std::max<qint64>(1, m_ttlMs / 3)))));
        QObject::connect(&m_tick, &QTimer::timeout, [this] { dispatch(); });
        m_tick.start(2);
        QObject::connect(&m_report, &QTimer::timeout, [this] { report(); });
        m_report.start(1000);
    }

    void report()
    {
        const qint64 now = m_clock.elapsed();
        int held = 0;
        for (const Client &c : m_clients)
            held += !c.seatId.isEmpty() && now < c.lapsesAtMs;
        std::printf("wall=%lld held=%d checkouts=%d denied=%d unavailable=%d heartbeats=%d lost=%d other=%d\n",
                    QDateTime::currentMSecsSinceEpoch(), held, m_counts.checkouts, m_counts.denied,
                    m_counts.unavailable, m_counts.heartbeats, m_counts.lost, m_counts.other);
        std::fflush(stdout);
        m_counts = {};
    }

private:
    // A client holding a seat goes in the heartbeats' lane, one without in the checkouts'.
    void schedule(int client, qint64 atMs)
    {
        const Client &c = m_clients[std::size_t(client)];
        m_lanes[c.seatId.isEmpty() ? 1 : 0].due[std::size_t(c.server)].push(Due {atMs, client});
    }

    qint64 jitter(qint64 upToMs) const
    {
        return upToMs > 0 ? qint64(QRandomGenerator::global()->bounded(quint32(upToMs))) : 0;
    }

    void dispatch()
    {
        const qint64 now = m_clock.elapsed();
        for (Lane &lane : m_lanes) {
            for (std::size_t s = 0; s < lane.due.size(); ++s) {
                auto &due = lane.due[s];
                auto &free = lane.free[s];
                while (!due.empty() && due.top().atMs <= now && !free.empty()) {
                    const int client = due.top().client;
                    due.pop();
                    KeepAliveClient *connection = free.back();
                    free.pop_back();
                    send(client, connection, free, now);
                }
            }
        }
    }

    void send(int index, KeepAliveClient *connection, std::vector<KeepAliveClient *> &pool, qint64 now)
    {
        Client &c = m_clients[std::size_t(index)];
        const auto &[licenseId, key] = m_licenses.at(c.license);
        const QByteArray auth = "License " + key;
        const QByteArray base = "/v1/licenses/" + licenseId;
        const bool holding = !c.seatId.isEmpty() && now < c.lapsesAtMs;
        QByteArray request;
        if (holding) {
            request = HttpBurst::request("POST", base + "/seats/" + c.seatId + "/heartbeat", auth, {});
        } else {
            c.seatId.clear();
            if (c.requestId.isEmpty())
                c.requestId = c.holder + "-" + QByteArray::number(++c.requestSerial);
            request = HttpBurst::request("POST", base + "/checkout", auth,
                                         QJsonDocument(QJsonObject {{u"holder"_s, QString::fromLatin1(c.holder)},
                                                                    {u"requestId"_s, QString::fromLatin1(c.requestId)}})
                                             .toJson(QJsonDocument::Compact));
        }
        connection->send(request, [this, index, connection, &pool, holding, sent = now](const HttpBurst::Reply &reply) {
            pool.push_back(connection);
            answered(index, holding, sent, reply);
        });
    }

    void answered(int index, bool heartbeat, qint64 sent, const HttpBurst::Reply &reply)
    {
        Client &c = m_clients[std::size_t(index)];
        const qint64 now = m_clock.elapsed();
        const bool ok = heartbeat ? reply.status == 200 : reply.status == 201;
        if (ok) {
            heartbeat ? ++m_counts.heartbeats : ++m_counts.checkouts;
            if (!heartbeat) {
                c.seatId = jsonOf(reply).value("lease"_L1).toObject().value("seatId"_L1).toString().toLatin1();
                c.requestId.clear();
                c.failedCheckouts = 0;
            }
            c.lapsesAtMs = sent + m_ttlMs;
            schedule(index, sent + m_ttlMs / 3 + jitter(maxJitterMs));
            return;
        }
        if (reply.status == 503 || reply.status == 0) {
            ++m_counts.unavailable;
            if (heartbeat) {
                // A live lease is kept by beating, never by waiting longer.
                schedule(index, now + retryIntervalMs);
                return;
            }
            if (reply.status == 503 && reply.retryAfterSeconds > 0) {
                // The instance paces its site (StoreFailureLog): its wait, plus up to half again.
                const qint64 asked = qint64(reply.retryAfterSeconds) * 1000;
                c.failedCheckouts = 0;
                schedule(index, now + asked + jitter(asked / 2 + 1));
                return;
            }
            qint64 delay = retryIntervalMs << std::min(c.failedCheckouts, 4);
            delay = std::min(delay, maxRetryIntervalMs);
            delay = delay / 2 + jitter(delay / 2 + 1);
            if (reply.retryAfterSeconds >= 0)
                delay = std::max(delay, qint64(reply.retryAfterSeconds) * 1000);
            ++c.failedCheckouts;
            schedule(index, now + delay);
            return;
        }
        if (heartbeat && reply.status == 410) {
            ++m_counts.lost;
            c.seatId.clear();
            schedule(index, now);
            return;
        }
        if (!heartbeat && reply.status == 409) {
            ++m_counts.denied;
            c.requestId.clear();
            c.failedCheckouts = 0; // a server answered: a refusal is not an outage
            schedule(index, now + retryIntervalMs);
            return;
        }
        ++m_counts.other;
        if (m_reportedOther++ < 5)
            std::fprintf(stderr, "bench_storm: %s answered %d: %s\n", heartbeat ? "heartbeat" : "checkout",
                         reply.status, reply.body.left(200).constData());
        c.seatId.clear();
        c.requestId.clear();
        schedule(index, now + retryIntervalMs);
    }

    QList<QUrl> m_servers;
    QList<std::pair<QByteArray, QByteArray>> m_licenses;
    qint64 m_ttlMs;
    QElapsedTimer m_clock;
    std::vector<std::unique_ptr<KeepAliveClient>> m_connections;
    struct Lane
    {
        std::vector<std::vector<KeepAliveClient *>> free; // per server
        std::vector<std::priority_queue<Due, std::vector<Due>, std::greater<Due>>> due; // per server
    };
    std::array<Lane, 2> m_lanes; // heartbeats, checkouts
    std::vector<Client> m_clients;
    Counts m_counts;
    int m_reportedOther = 0;
    QTimer m_tick;
    QTimer m_report;
};

int usage()
{
    std::fprintf(stderr,
                 "usage: bench_storm --servers URL[,URL...] --licenses FILE --clients-per-license N "
                 "--ttl SECONDS [--connections N] [--seconds S]\n");
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QList<QUrl> servers;
    QString licensesFile;
    int perLicense = 0;
    qint64 ttlSeconds = 0;
    int connections = 32;
    int seconds = 0;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        const QString &name = args.at(i);
        const QString &value = args.at(i + 1);
        if (name == u"--servers"_s) {
            for (const QString &url : value.split(u',', Qt::SkipEmptyParts))
                servers.append(QUrl(url));
        } else if (name == u"--licenses"_s) {
            licensesFile = value;
        } else if (name == u"--clients-per-license"_s) {
            perLicense = value.toInt();
        } else if (name == u"--ttl"_s) {
            ttlSeconds = value.toLongLong();
        } else if (name == u"--connections"_s) {
            connections = value.toInt();
        } else if (name == u"--seconds"_s) {
            seconds = value.toInt();
        } else {
            return usage();
        }
    }
    QFile file(licensesFile);
    if (servers.isEmpty() || perLicense <= 0 || ttlSeconds <= 0 || connections <= 0 || !file.open(QIODevice::ReadOnly))
        return usage();
    QList<std::pair<QByteArray, QByteArray>> licenses;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QList<QByteArray> parts = line.simplified().split(' ');
        if (parts.size() == 2)
            licenses.append({parts.at(0), parts.at(1)});
    }
    if (licenses.isEmpty())
        return usage();

    if (::pipe(signalPipe) != 0)
        return 1;
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    QSocketNotifier stop(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&stop, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    if (seconds > 0)
        QTimer::singleShot(std::chrono::seconds(seconds), &app, &QCoreApplication::quit);

    Storm storm(servers, licenses, perLicense, ttlSeconds * 1000, connections);
    const int code = app.exec();
    storm.report();
    return code;
}
