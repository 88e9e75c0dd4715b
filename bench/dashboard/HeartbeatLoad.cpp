#include "HeartbeatLoad.h"

#include "AdminClient.h"
#include "LeaseClient.h"
#include "SecretBuffer.h"
#include "SystemClock.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {

constexpr int maxInFlight = 64;

qint64 monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

HeartbeatLoad::HeartbeatLoad(const QUrl &server, const QString &adminTokenPath, int seats, int rate)
    : m_server(server)
    , m_adminTokenPath(adminTokenPath)
    , m_seats(seats)
    , m_rate(rate)
{ }

HeartbeatLoad::~HeartbeatLoad()
{
    m_client.reset();
    m_admin.reset();
    m_network.reset();
}

void HeartbeatLoad::start()
{
    QString error;
    const auto token = readSecretFile(m_adminTokenPath, &error);
    if (!token) {
        std::fprintf(stderr, "load: %s\n", qPrintable(error));
        m_failed = true;
        return;
    }
    m_network = std::make_unique<QNetworkAccessManager>();
    m_admin = std::make_unique<AdminClient>(*m_network, SystemClock::instance());
    m_admin->setServerUrl(m_server);
    m_admin->setAdminToken(token->view());
    LicenseSpec spec;
    spec.id = u"bench-load"_s;
    spec.name = u"Bench load"_s;
    spec.seatCount = m_seats;
    spec.ttlSeconds = 300;
    spec.skewSeconds = 5;
    spec.reapGraceSeconds = 15;
    m_admin->putLicense(spec, this, [this](const AdminResult<LicenseWriteResult> &put) {
        if (!put.ok() || put.value->key.isEmpty()) {
            std::fprintf(stderr, "load: no license: %s\n", qPrintable(put.error.message));
            m_failed = true;
            return;
        }
        m_client = std::make_unique<LeaseClient>(*m_network);
        m_client->setServerUrl(m_server);
        m_client->setLicense(u"bench-load"_s, put.value->key.toUtf8());
        m_client->setTransferTimeout(10s);
        takeSeats();
    });
}

void HeartbeatLoad::takeSeats()
{
    auto pending = std::make_shared<int>(m_seats);
    for (int i = 0; i < m_seats; ++i) {
        m_client->checkout(u"load-%1@bench"_s.arg(i), this, [this, pending](const LeaseOutcome &outcome) {
            if (const auto *granted = std::get_if<outcome::Granted>(&outcome))
                m_seatIds.append(granted->lease.seatId);
            if (--*pending > 0)
                return;
            if (m_seatIds.isEmpty()) {
                std::fprintf(stderr, "load: no seat\n");
                m_failed = true;
                return;
            }
            m_timer = new QTimer(this);
            m_timer->setTimerType(Qt::PreciseTimer);
            connect(m_timer, &QTimer::timeout, this, &HeartbeatLoad::send);
            m_startedNs = monotonicNs();
            m_timer->start(2ms);
            m_ready = true;
        });
    }
}

void HeartbeatLoad::send()
{
    const double elapsed = double(monotonicNs() - m_startedNs) / 1e9;
    const auto due = qint64(elapsed * m_rate);
    while (m_sent < due && m_inFlight < maxInFlight) {
        const QString &seat = m_seatIds.at(int(m_sent % m_seatIds.size()));
        ++m_sent;
        ++m_inFlight;
        m_client->heartbeat(seat, this, [this](const LeaseOutcome &outcome) {
            --m_inFlight;
            if (std::holds_alternative<outcome::Granted>(outcome))
                ++m_answered;
            else
                ++m_refused;
        });
    }
    // Behind by more than a second's worth (the server could not keep up): the rate starts afresh
    // rather than bursting to catch up.
    if (due - m_sent > m_rate)
        m_sent = due;
}

void HeartbeatLoad::stop()
{
    if (m_timer)
        m_timer->stop();
}

} // namespace keyright
