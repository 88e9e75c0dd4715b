#include "EmbeddedDemoWorker.h"

#include "AdminActions.h"
#include "AdminClient.h"
#include "Clock.h"
#include "DemoCatalogue.h"
#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "LeaseServer.h"
#include "SecretBuffer.h"
#include "seats/SeatService.h"
#include "wire/EventActor.h"

#include <QDir>
#include <QNetworkAccessManager>
#include <QSaveFile>
#include <QThread>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

using namespace keyright::server;

EmbeddedDemoWorker::EmbeddedDemoWorker(const Clock &serverClock, const Clock &clock)
    : m_serverClock(serverClock)
    , m_clock(clock)
{ }

EmbeddedDemoWorker::~EmbeddedDemoWorker()
{
    // The users of the network and of the server first, then the network (it aborts what is
    // still in flight), then the instances before the server whose store they use.
    m_keepers.clear();
    m_crashing.reset();
    m_adminActions.reset();
    m_admin.reset();
    m_clients.clear();
    m_network.reset();
    m_instances.clear();
    if (m_server)
        m_server->stop();
}

void EmbeddedDemoWorker::start(const QString &dataDir)
{
    if (!QDir().mkpath(dataDir)) {
        Q_EMIT startFailed(tr("Cannot create the folder %1").arg(dataDir));
        return;
    }
    ServerConfig config;
    config.address = QHostAddress(QHostAddress::LocalHost);
    config.port = 0;
    config.dataDir = dataDir;
    config.demo = true;
    config.reapInterval = 10s; // expired demo seats do not linger long on screen
    m_server = std::make_unique<LeaseServer>(config, m_serverClock);
    QString error;
    if (!m_server->start(&error)) {
        m_server.reset();
        Q_EMIT startFailed(error);
        return;
    }
    m_network = std::make_unique<QNetworkAccessManager>();

    clearLeftovers();
    applyDemoRules();
    // Staggered, so "held since" and the countdowns differ the way they do in an office.
    int step = 0;
    const auto next = [&step] { return std::chrono::milliseconds {150 * step++}; };
    for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
        for (const QString &holder : license.holders)
            addHolder(license.id, holder, next());
    }

    // The colleague queues first, so that idle reclaim marks node-03's seat for her, as the ledger
    // and the docs tell it, and not for the holder refused two seconds later.
    QTimer::singleShot(3s, this, &EmbeddedDemoWorker::startWaiter);
    QTimer::singleShot(5s, this, &EmbeddedDemoWorker::tryFullLicense);
    m_refused = new QTimer(this);
    connect(m_refused, &QTimer::timeout, this, &EmbeddedDemoWorker::tryFullLicense);
    m_refused->start(25s);
    // Its users at work, but for the one who left its application open; and someone waiting.
    m_activity = new QTimer(this);
    connect(m_activity, &QTimer::timeout, this, [this] {
        for (const auto &keeper : m_keepers) {
            if (keeper->holder() != DemoCatalogue::idleHolder())
                keeper->noteActivity();
        }
    });
    m_activity->start(20s);
    QTimer::singleShot(2s, this, &EmbeddedDemoWorker::crashOne);
    m_crash = new QTimer(this);
    connect(m_crash, &QTimer::timeout, this, &EmbeddedDemoWorker::crashOne);
    m_crash->start(60s);
    // The port is a free one, different at each start: the CLI reads it here, next to the admin
    // token (`keyright --server "$(cat DIR/server-url)" --token-file DIR/admin-token`). Not a
    // secret; written whole or not at all.
    QSaveFile urlFile(QDir(m_server->dataDir()).filePath(u"server-url"_s));
    if (!urlFile.open(QIODevice::WriteOnly) || urlFile.write(m_server->url().toString().toUtf8() + '\n') < 0
        || !urlFile.commit())
        qWarning("Embedded demo: cannot write %s: %s", qUtf8Printable(urlFile.fileName()),
                 qUtf8Printable(urlFile.errorString()));
    Q_EMIT started(m_server->url(), m_server->dataDir(), m_server->adminTokenPath());
}

QList<QUrl> EmbeddedDemoWorker::startInstances(QString *error)
{
    constexpr int count = 3;
    if (!m_server || !m_server->isRunning() || m_shuttingDown) {
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

bool EmbeddedDemoWorker::setInstanceUp(int index, bool up, QString *error)
{
    if (index < 0 || index >= m_instancePorts.size() || !m_server || !m_server->isRunning()) {
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
    // The real clock, not the demo server's: the clock-jump scenario moves only the demo
    // server's, and its "clock jumped" events would otherwise come once per instance.
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

void EmbeddedDemoWorker::applyDemoRules()
{
    QString error;
    const auto token = readSecretFile(m_server->adminTokenPath(), &error);
    if (!token) {
        qWarning("Embedded demo: no admin token for the seat rules: %s", qUtf8Printable(error));
        return;
    }
    m_admin = std::make_unique<AdminClient>(*m_network, m_clock);
    m_admin->setServerUrl(m_server->url());
    m_admin->setAdminToken(token->view());
    m_adminActions = std::make_unique<AdminActions>(*m_admin);
    connect(m_adminActions.get(), &AdminActions::failed, this,
            [](AdminActions::Action action, const QString &subject, const QString &message) {
                if (action == AdminActions::Action::EditGroups)
                    qWarning("Embedded demo: holder groups not set: %s", qUtf8Printable(message));
                else
                    qWarning("Embedded demo: seat rules of %s not set: %s", qUtf8Printable(subject),
                             qUtf8Printable(message));
            });
    // The groups first: the rules name them.
    connect(m_adminActions.get(), &AdminActions::groupsSaved, this, [this] {
        for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
            if (!license.rules.isEmpty())
                m_adminActions->saveRules(license.id, license.rules);
        }
    });
    m_adminActions->saveGroups(DemoCatalogue::holderGroups());
}

LeaseClient *EmbeddedDemoWorker::clientFor(const QString &licenseId, QString *error)
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
    auto client = std::make_unique<LeaseClient>(*m_network);
    client->setServerUrl(m_server->url());
    client->setLicense(licenseId, key->view());
    client->setTransferTimeout(3s);
    m_clients.push_back(std::move(client));
    return m_clients.back().get();
}

void EmbeddedDemoWorker::addHolder(const QString &licenseId, const QString &holder, std::chrono::milliseconds delay)
{
    QString error;
    LeaseClient *client = clientFor(licenseId, &error);
    if (!client) {
        qWarning("Embedded demo: no key for %s: %s", qUtf8Printable(licenseId), qUtf8Printable(error));
        return;
    }
    auto keeper = std::make_unique<LeaseKeeper>(*client, m_clock);
    keeper->setHolder(holder);
    if (holder == DemoCatalogue::idleHolder())
        keeper->noteActivity(DemoCatalogue::idleHolderIdleFor());
    else
        keeper->noteActivity();
    LeaseKeeper *raw = keeper.get();
    m_keepers.push_back(std::move(keeper));
    QTimer::singleShot(delay, raw, [raw] { raw->start(); });
}

void EmbeddedDemoWorker::clearLeftovers()
{
    // A run that ended without giving its seats back (killed, or the machine went down) leaves its
    // holders' seats held for up to a TTL and its colleague in line: the new run's holders would be
    // refused and the line would hold her twice. The demo's own people start afresh; anyone else
    // (a CLI `hold` against the demo) keeps their seat.
    SeatService *seats = m_server->seats();
    const QDateTime now = seats->clock().now();
    for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
        QStringList ours = license.holders;
        ours << DemoCatalogue::waitingHolder() << DemoCatalogue::refusedHolder() << DemoCatalogue::crashingHolder();
        const std::optional<SeatService::LeaseListing> listing = seats->leaseListing(license.id);
        if (!listing)
            continue;
        for (const QueueTicket &ticket : listing->queue) {
            if (ours.contains(ticket.holder))
                seats->leaveQueue(license.id, ticket.ticketId, QString::fromUtf16(serverActor));
        }
        for (const StoredLease &row : listing->leases) {
            if (ours.contains(row.lease.holder) && row.lease.expiresAt >= now)
                seats->revoke(license.id, row.lease.seatId, tr("the demo started again"), std::chrono::seconds {0},
                              QString::fromUtf16(serverActor));
        }
    }
}

void EmbeddedDemoWorker::tryFullLicense()
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

void EmbeddedDemoWorker::startWaiter()
{
    // The full render farm: a colleague queues for a seat (the ledger's "who waits").
    QString error;
    LeaseClient *client = clientFor(DemoCatalogue::fullLicenseId(), &error);
    if (!client || m_shuttingDown)
        return;
    auto waiter = std::make_unique<LeaseKeeper>(*client, m_clock);
    waiter->setHolder(DemoCatalogue::waitingHolder());
    waiter->setWaitInLine(std::chrono::hours {8});
    waiter->noteActivity();
    waiter->start();
    m_keepers.push_back(std::move(waiter)); // given back with the others at the end
}

void EmbeddedDemoWorker::crashOne()
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

void EmbeddedDemoWorker::shutDown(std::chrono::milliseconds timeout)
{
    if (m_shuttingDown)
        return;
    m_shuttingDown = true;
    if (m_refused)
        m_refused->stop();
    if (m_crash)
        m_crash->stop();
    if (m_activity)
        m_activity->stop();
    if (timeout <= 0ms) {
        quitThread();
        return;
    }
    // The thread's own timer: the window's thread waits for this one to end, not for an event
    // loop of its own.
    QTimer::singleShot(timeout, this, &EmbeddedDemoWorker::quitThread);
    // Those in line leave it first: a seat given back while someone still waits would go to them,
    // and the next start would find it held by a waiter that is gone (walk 46).
    const auto inLine = [](const LeaseKeeper &keeper) { return keeper.state() == LeaseKeeper::State::Waiting; };
    releaseKeepers(inLine, [this, inLine] {
        releaseKeepers([inLine](const LeaseKeeper &keeper) { return !inLine(keeper); }, [this] { quitThread(); });
    });
}

void EmbeddedDemoWorker::releaseKeepers(const std::function<bool(const LeaseKeeper &)> &which,
                                        const std::function<void()> &then)
{
    auto pending = std::make_shared<int>(0);
    for (const auto &keeper : m_keepers) {
        const auto state = keeper->state();
        const bool engaged = state == LeaseKeeper::State::Holding || state == LeaseKeeper::State::Acquiring
            || state == LeaseKeeper::State::Waiting || state == LeaseKeeper::State::Degraded;
        if (!engaged || !which(*keeper))
            continue;
        ++*pending;
        connect(keeper.get(), &LeaseKeeper::released, this, [pending, then] {
            if (--*pending == 0)
                then();
        });
        keeper->release();
    }
    if (*pending == 0)
        then();
}

void EmbeddedDemoWorker::quitThread()
{
    thread()->quit();
}

} // namespace keyright
