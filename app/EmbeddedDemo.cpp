#include "EmbeddedDemo.h"

#include "AdminClient.h"
#include "Clock.h"
#include "DemoCatalogue.h"
#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "LeaseServer.h"
#include "SecretBuffer.h"

#include <QDir>
#include <QEventLoop>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

using namespace keyright::server;

EmbeddedDemo::EmbeddedDemo(QNetworkAccessManager &network, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_clock(clock)
    , m_serverClock(clock)
{
    connect(&m_refused, &QTimer::timeout, this, &EmbeddedDemo::tryFullLicense);
    connect(&m_crash, &QTimer::timeout, this, &EmbeddedDemo::crashOne);
}

void EmbeddedDemo::jumpServerClock(std::chrono::milliseconds by)
{
    m_serverClock.setOffset(m_serverClock.offset() + by);
}

QList<QUrl> EmbeddedDemo::startInstances(QString *error)
{
    constexpr int count = 3;
    if (!isRunning()) {
        if (error)
            *error = tr("The embedded demo server is not running.");
        return {};
    }
    if (m_instancePorts.isEmpty()) {
        for (int i = 0; i < count; ++i) {
            m_instances.push_back(nullptr);
            m_instancePorts.append(0);
            if (!setInstanceUp(i, true, error)) {
                m_instances.clear();
                m_instancePorts.clear();
                return {};
            }
        }
    }
    QList<QUrl> urls;
    for (const quint16 port : std::as_const(m_instancePorts)) {
        QUrl url = m_server->url();
        url.setPort(port);
        urls.append(url);
    }
    return urls;
}

bool EmbeddedDemo::isInstanceUp(int index) const
{
    return index >= 0 && std::size_t(index) < m_instances.size() && m_instances.at(std::size_t(index)) != nullptr;
}

bool EmbeddedDemo::setInstanceUp(int index, bool up, QString *error)
{
    if (index < 0 || index >= m_instancePorts.size() || !isRunning()) {
        if (error)
            *error = tr("There is no instance %1.").arg(index + 1);
        return false;
    }
    auto &instance = m_instances.at(std::size_t(index));
    if (!up) {
        // Its listener closes and every open connection with it: the clients see a dead process
        // (refused, reset), not an answer, so their failover path is the real one.
        instance.reset();
        return true;
    }
    if (instance)
        return true;
    ServerConfig config = m_server->config();
    config.port = m_instancePorts.at(index); // 0 the first time; then the same port again
    config.dataDir = QDir(m_server->dataDir()).filePath(u"instance-%1"_s.arg(index + 1));
    config.peers.clear();
    // The demo server's own clock, not m_serverClock: the clock-jump scenario moves only the
    // demo server's, and its "clock jumped" events would otherwise come once per instance.
    auto server = std::make_unique<LeaseServer>(config, m_clock, *m_server);
    QString why;
    if (!server->start(&why)) {
        if (error)
            *error = tr("Instance %1 did not start: %2").arg(index + 1).arg(why);
        return false;
    }
    m_instancePorts[index] = server->port();
    instance = std::move(server);
    return true;
}

EmbeddedDemo::~EmbeddedDemo()
{
    m_refused.stop();
    m_crash.stop();
    m_keepers.clear();
    m_crashing.reset();
    m_clients.clear();
    m_instances.clear(); // before the server whose store they use
    if (m_server)
        m_server->stop();
}

bool EmbeddedDemo::isRunning() const
{
    return m_server && m_server->isRunning();
}

QUrl EmbeddedDemo::url() const
{
    return m_server ? m_server->url() : QUrl();
}

QString EmbeddedDemo::dataDir() const
{
    return m_server ? m_server->dataDir() : QString();
}

QString EmbeddedDemo::adminTokenPath() const
{
    return m_server ? m_server->adminTokenPath() : QString();
}

bool EmbeddedDemo::start(const QString &dataDir, QString *error)
{
    if (isRunning())
        return true;
    if (!QDir().mkpath(dataDir)) {
        if (error)
            *error = tr("Cannot create the folder %1").arg(dataDir);
        return false;
    }
    ServerConfig config;
    config.address = QHostAddress(QHostAddress::LocalHost);
    config.port = 0;
    config.dataDir = dataDir;
    config.demo = true;
    config.reapInterval = 10s; // expired demo seats do not linger long on screen
    m_server = std::make_unique<LeaseServer>(config, m_serverClock);
    if (!m_server->start(error)) {
        m_server.reset();
        return false;
    }

    applyDemoRules();
    // Staggered, so "held since" and the countdowns differ the way they do in an office.
    int step = 0;
    const auto next = [&step] { return std::chrono::milliseconds {150 * step++}; };
    for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
        for (const QString &holder : license.holders)
            addHolder(license.id, holder, next());
    }

    QTimer::singleShot(3s, this, &EmbeddedDemo::tryFullLicense);
    m_refused.start(25s);
    QTimer::singleShot(2s, this, &EmbeddedDemo::crashOne);
    m_crash.start(60s);
    return true;
}

void EmbeddedDemo::applyDemoRules()
{
    QString error;
    const auto token = readSecretFile(m_server->adminTokenPath(), &error);
    if (!token) {
        qWarning("Embedded demo: no admin token for the seat rules: %s", qUtf8Printable(error));
        return;
    }
    m_admin = std::make_unique<AdminClient>(m_network, m_clock);
    m_admin->setServerUrl(m_server->url());
    m_admin->setAdminToken(token->view());
    // The groups first: the rules name them.
    m_admin->putGroups(DemoCatalogue::holderGroups(), this, [this](const AdminResult<QList<HolderGroup>> &groups) {
        if (!groups.ok()) {
            qWarning("Embedded demo: holder groups not set: %s", qUtf8Printable(groups.error.message));
            return;
        }
        for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
            if (license.rules.isEmpty())
                continue;
            m_admin->putRules(license.id, license.rules, this, [id = license.id](const AdminResult<SeatRules> &rules) {
                if (!rules.ok())
                    qWarning("Embedded demo: seat rules of %s not set: %s", qUtf8Printable(id),
                             qUtf8Printable(rules.error.message));
            });
        }
    });
}

LeaseClient *EmbeddedDemo::clientFor(const QString &licenseId, QString *error)
{
    for (const auto &client : m_clients) {
        if (client->licenseId() == licenseId)
            return client.get();
    }
    const QString keyPath = QDir(QDir(m_server->dataDir()).filePath(DemoCatalogue::keyDirectoryName()))
                                .filePath(DemoCatalogue::keyFileName(licenseId));
    const auto key = readSecretFile(keyPath, error);
    if (!key)
        return nullptr;
    auto client = std::make_unique<LeaseClient>(m_network);
    client->setServerUrl(m_server->url());
    client->setLicense(licenseId, key->view());
    client->setTransferTimeout(3s);
    m_clients.push_back(std::move(client));
    return m_clients.back().get();
}

void EmbeddedDemo::addHolder(const QString &licenseId, const QString &holder, std::chrono::milliseconds delay)
{
    QString error;
    LeaseClient *client = clientFor(licenseId, &error);
    if (!client) {
        qWarning("Embedded demo: no key for %s: %s", qUtf8Printable(licenseId), qUtf8Printable(error));
        return;
    }
    auto keeper = std::make_unique<LeaseKeeper>(*client, m_clock);
    keeper->setHolder(holder);
    LeaseKeeper *raw = keeper.get();
    m_keepers.push_back(std::move(keeper));
    QTimer::singleShot(delay, raw, [raw] { raw->start(); });
}

void EmbeddedDemo::tryFullLicense()
{
    // Someone keeps trying the full render farm: the denials the Events view explains.
    QString error;
    LeaseClient *client = clientFor(DemoCatalogue::fullLicenseId(), &error);
    if (!client)
        return;
    client->checkout(DemoCatalogue::refusedHolder(), this, [client, this](const LeaseOutcome &outcome) {
        if (const auto *granted = std::get_if<outcome::Granted>(&outcome))
            client->release(granted->lease.seatId, this, [](const ReleaseOutcome &) {});
    });
}

void EmbeddedDemo::crashOne()
{
    // A kiosk takes a training seat and dies without releasing: the seat shows as expired, awaiting
    // reap, after its TTL and skew, then the reaper removes it.
    QString error;
    LeaseClient *client = clientFor(DemoCatalogue::trainingLicenseId(), &error);
    if (!client)
        return;
    m_crashing = std::make_unique<LeaseKeeper>(*client, m_clock);
    m_crashing->setHolder(DemoCatalogue::crashingHolder());
    LeaseKeeper *keeper = m_crashing.get();
    connect(keeper, &LeaseKeeper::acquired, keeper,
            [keeper] { QTimer::singleShot(1s, keeper, [keeper] { keeper->crash(); }); });
    keeper->start();
}

void EmbeddedDemo::releaseAll(std::chrono::milliseconds timeout)
{
    m_refused.stop();
    m_crash.stop();
    if (m_keepers.empty())
        return;
    QEventLoop loop;
    int pending = 0;
    for (const auto &keeper : m_keepers) {
        if (keeper->state() == LeaseKeeper::State::Holding || keeper->state() == LeaseKeeper::State::Acquiring
            || keeper->state() == LeaseKeeper::State::Waiting || keeper->state() == LeaseKeeper::State::Degraded) {
            ++pending;
            connect(keeper.get(), &LeaseKeeper::released, &loop, [&pending, &loop] {
                if (--pending == 0)
                    loop.quit();
            });
            keeper->release();
        }
    }
    if (pending == 0)
        return;
    QTimer::singleShot(timeout, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace keyright
