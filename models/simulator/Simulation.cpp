#include "Simulation.h"

#include "BorrowedLeaseFile.h"
#include "LeaseClient.h"
#include "OutcomeText.h"

#include <QDir>
#include <QLocale>
#include <QLockFile>
#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

Simulation::Simulation(QNetworkAccessManager &network, AdminClient &admin, const Clock &baseClock, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_admin(admin)
    , m_base(baseClock)
    , m_ownServerClock(baseClock)
{
    m_provisioner = new SandboxProvisioner(admin, this);
    m_player = new ScenarioPlayer(baseClock, this);
    connect(m_player, &ScenarioPlayer::failed, this, &Simulation::fail);
    m_tickTimer = new QTimer(this);
    m_tickTimer->setInterval(100);
    connect(m_tickTimer, &QTimer::timeout, this, &Simulation::tick);
    m_scheduler.setPoll([this] { pollLicenses(); });
    // The simulation polls at its pace whatever the server says: a failure shows in the status
    // line, and the trainer wants to see the server come back as soon as it does.
    m_scheduler.setMaxBackoff(milliseconds {0});
    connect(&m_scheduler, &PollScheduler::finished, this, [this] {
        Q_EMIT polled();
        const auto waiters = std::exchange(m_pollWaiters, {});
        for (const auto &waiter : waiters)
            waiter();
    });
    setAutoRun(true);
}

Simulation::~Simulation()
{
    // Children go with the QObject tree; keepers do not release on destruction, which is what a
    // closing dashboard should do: the server frees the seats at their expiry. A borrowed seat's
    // file stays in sandboxDirectory(), and the next run gives the seat back
    // (returnBorrowedSeats() returns them at once, for a dashboard that closes in good order).
    m_clients.clear();
}

void Simulation::setServerClock(ServerClockEstimate &estimate)
{
    m_serverClock = &estimate;
}

void Simulation::setServerUrl(const QUrl &url)
{
    m_serverUrl = url;
}

QUrl Simulation::serverUrl() const
{
    return m_serverUrl.isValid() ? m_serverUrl : m_admin.serverUrl();
}

void Simulation::setCurrentLicense(const QString &licenseId)
{
    m_currentLicense = licenseId;
}

void Simulation::setLicenseKey(const QString &licenseId, QByteArrayView key)
{
    m_keys.insert_or_assign(licenseId, SecretBuffer::copyOf(key));
}

bool Simulation::loadLicenseKeyFile(const QString &licenseId, const QString &path, QString *error)
{
    auto key = readSecretFile(path, error);
    if (!key)
        return false;
    if (key->isEmpty()) {
        if (error)
            *error = tr("The key file %1 is empty.").arg(path);
        return false;
    }
    m_keys.insert_or_assign(licenseId, std::move(*key));
    return true;
}

bool Simulation::hasLicenseKey(const QString &licenseId) const
{
    return m_keys.find(licenseId) != m_keys.end();
}

void Simulation::setLicenseTiming(const QString &licenseId, const ScenarioPreset::Timing &timing)
{
    m_licenseStates[licenseId].timing = timing;
}

ScenarioPreset::Timing Simulation::licenseTiming(const QString &licenseId) const
{
    return m_licenseStates.value(licenseId).timing;
}

void Simulation::refreshLicenses(std::function<void(const AdminResult<LicenseList> &)> done)
{
    m_admin.listLicenses(this, [this, done = std::move(done)](const AdminResult<LicenseList> &result) {
        if (result.ok()) {
            m_licenses = result.value->licenses;
            for (const LicenseSummary &license : std::as_const(m_licenses)) {
                ScenarioPreset::Timing timing;
                timing.ttl = std::chrono::seconds {license.ttlSeconds};
                timing.skew = std::chrono::seconds {license.skewSeconds};
                timing.reapGrace = std::chrono::seconds {license.reapGraceSeconds};
                timing.seatCount = license.seatCount;
                setLicenseTiming(license.id, timing);
            }
            Q_EMIT licensesChanged();
        } else {
            fail(tr("Could not list the licenses: %1").arg(result.error.message));
        }
        if (done)
            done(result);
    });
}

void Simulation::ensureSandboxLicense(const LicenseSpec &spec, std::function<void(const QString &)> done)
{
    m_provisioner->ensureLicense(spec, hasLicenseKey(spec.id),
                                 [this, spec, done = std::move(done)](const QString &error, QByteArrayView key) {
                                     if (!error.isEmpty()) {
                                         done(error);
                                         return;
                                     }
                                     ScenarioPreset::Timing timing;
                                     timing.ttl = std::chrono::seconds {spec.ttlSeconds};
                                     timing.skew = std::chrono::seconds {spec.skewSeconds};
                                     timing.reapGrace = std::chrono::seconds {spec.reapGraceSeconds};
                                     timing.seatCount = spec.seatCount;
                                     setLicenseTiming(spec.id, timing);
                                     if (!key.isEmpty())
                                         setLicenseKey(spec.id, key);
                                     done({});
                                 });
}

struct Simulation::PresetSetup
{
    ScenarioPreset preset;
    std::function<void(const QString &error)> done;
    quint64 generation = 0;
    QMap<ScenarioPreset::LicenseRole, QString> roles; // the sandboxes set up so far
    QStringList notices; // what the trainer is told with "Playing"
    int returnedFromFiles = 0; // borrowed seats an earlier run of the dashboard left, given back
};

void Simulation::playPreset(const ScenarioPreset &preset, std::function<void(const QString &)> done)
{
    if (preset.jumpsServerClock() && !m_player->canJumpServerClock()) {
        done(tr("This scenario moves the server's own clock, so it plays only on the embedded demo server "
                "(Server > Use the embedded demo server)."));
        return;
    }
    if (preset.usesInstances() && !m_player->hasInstances()) {
        done(tr("This scenario kills and restarts server instances, so it plays only on the embedded demo server "
                "(Server > Use the embedded demo server)."));
        return;
    }
    // The old run's clients go first, so their releases are not mistaken for leftovers.
    clear();
    m_playNotice.clear();
    auto setup = std::make_shared<PresetSetup>();
    setup->preset = preset;
    setup->done = std::move(done);
    setup->generation = ++m_playGeneration;
    // One license after the other: create or update it, take its key, give it its rules, empty
    // it; then play.
    setUpSandbox(setup, 0, 0);
}

void Simulation::setUpSandbox(const std::shared_ptr<PresetSetup> &setup, qsizetype index, int fresh)
{
    if (setup->generation != m_playGeneration)
        return; // stopped, or a newer play took over
    if (index == setup->preset.licenses.size()) {
        if (setup->returnedFromFiles > 0)
            //: Said before "Playing 10. ..." when the set-up gave back a seat a laptop of a dashboard
            //: that was killed or crashed still held borrowed.
            setup->notices.prepend(tr("Returned the seat a laptop still had borrowed from an earlier run.", nullptr,
                                      setup->returnedFromFiles));
        m_playNotice = setup->notices.join(u' ');
        startPreset(setup->preset, setup->roles, setup->generation, setup->done);
        return;
    }
    const ScenarioPreset::SandboxLicense &sandbox = setup->preset.licenses.at(index);
    const QString suffix = SandboxProvisioner::derivedSuffix(m_sandboxSuffix, u"fresh", fresh);
    const LicenseSpec spec = SandboxProvisioner::sandboxSpec(setup->preset, sandbox, suffix);
    const SeatRules rules = SandboxProvisioner::sandboxRules(sandbox);
    const auto stillWanted = [this, setup] { return setup->generation == m_playGeneration; };
    ensureSandboxLicense(spec, [=, this](const QString &error) {
        if (!stillWanted())
            return;
        if (!error.isEmpty()) {
            setup->done(error);
            return;
        }
        // The rules before the seats go: an old reclaim rule must not act on the new run.
        m_provisioner->ensureRules(spec.id, rules, [=, this](const QString &rulesError) {
            if (!stillWanted())
                return;
            if (!rulesError.isEmpty()) {
                setup->done(rulesError);
                return;
            }
            m_provisioner->emptyLicense(
                spec.id, returnerOf(spec.id, [setup] { ++setup->returnedFromFiles; }),
                [=, this](const QString &emptyError, const QList<SandboxProvisioner::StuckSeat> &stuck) {
                    if (!stillWanted())
                        return;
                    if (!emptyError.isEmpty()) {
                        setup->done(emptyError);
                        return;
                    }
                    if (stuck.isEmpty()) {
                        setup->roles.insert(sandbox.role, spec.id);
                        setUpSandbox(setup, index + 1, 0);
                        return;
                    }
                    // A borrowed seat nobody here can give back (its laptop's file is lost, or it is
                    // another dashboard's) would stay counted for the days it was lent, and the story
                    // the narration tells could not happen: the trainer is told, and the run plays on
                    // a sandbox of its own, the same fresh one at every such run.
                    const SandboxProvisioner::StuckSeat &seat = stuck.constFirst();
                    const QString until = QLocale().toString(seat.until.toLocalTime(), u"d MMM yyyy HH:mm"_s);
                    constexpr int maxFresh = 3;
                    if (fresh >= maxFresh) {
                        setup->done(tr("A seat of %1 is still borrowed by %2 until %3, and this dashboard cannot "
                                       "give it back early (its borrowed lease file is gone); a borrowed seat is "
                                       "never revoked, so this scenario cannot tell its story until then.")
                                        .arg(spec.id, seat.holder, until));
                        return;
                    }
                    const QString next = SandboxProvisioner::sandboxLicenseId(
                        sandbox.id, SandboxProvisioner::derivedSuffix(m_sandboxSuffix, u"fresh", fresh + 1));
                    setup->notices.append(
                        tr("A seat of %1 is still borrowed by %2 until %3, and this dashboard cannot give it back "
                           "early (its borrowed lease file is gone); a borrowed seat is never revoked. So that the "
                           "story can be told, this run plays on %4.")
                            .arg(spec.id, seat.holder, until, next));
                    setUpSandbox(setup, index, fresh + 1);
                });
        });
    });
}

void Simulation::startPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                             quint64 generation, std::function<void(const QString &)> done)
{
    if (!preset.usesInstances()) {
        done(loadPreset(preset, licenses, {}));
        return;
    }
    m_player->prepareInstances(
        preset.instances, [this, preset, licenses, generation, done](const QList<QUrl> &urls, const QString &error) {
            if (generation != m_playGeneration)
                return; // a newer play took over
            done(error.isEmpty() ? loadPreset(preset, licenses, urls) : error);
        });
}

QString Simulation::borrowedDirectory() const
{
    return m_sandboxDir.isEmpty() ? QString() : m_sandboxDir + u"/borrowed"_s;
}

std::pair<BorrowReturnSecret, QString> Simulation::findReturnSecret(const QString &licenseId,
                                                                    const QString &seatId) const
{
    if (const BorrowReturnSecret secret = m_returnSecrets.value(licenseId + u'/' + seatId); secret.isSet())
        return {secret, {}};
    const QString folder = borrowedDirectory();
    if (folder.isEmpty())
        return {};
    // One folder per simulated machine, one file per license in it.
    const QStringList machines = QDir(folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &machine : machines) {
        const BorrowedLeaseFile file = BorrowedLeaseFile::forLicense(licenseId, folder + u'/' + machine);
        if (!file.exists())
            continue;
        const auto state = file.read();
        if (state && state->lease.seatId == seatId && state->returnSecret.isSet())
            return {state->returnSecret, file.path()};
    }
    return {};
}

SandboxProvisioner::ReturnBorrowed Simulation::returnerOf(const QString &licenseId,
                                                          std::function<void()> returnedFromFile)
{
    using GiveBack = SandboxProvisioner::GiveBack;
    return [this, licenseId, returnedFromFile](const QString &seatId,
                                               std::function<void(GiveBack, const QString &)> done) {
        // Only a seat one of its own clients borrowed, in this run or one before it (the file it
        // kept outlives the dashboard): another dashboard's laptop (or a person's) holds its signed
        // lease offline, and only it can give the seat back (issue 27).
        const auto found = findReturnSecret(licenseId, seatId);
        const BorrowReturnSecret secret = found.first;
        const QString path = found.second;
        if (!secret.isSet()) {
            done(GiveBack::NoSecret, {});
            return;
        }
        const auto key = m_keys.find(licenseId);
        if (key == m_keys.end()) {
            done(GiveBack::Failed, tr("There is no key for the license %1: load its key file first.").arg(licenseId));
            return;
        }
        // A client of its own for the one request, as the laptop that borrowed it would send.
        auto *client = new LeaseClient(m_network, this);
        client->setServerUrl(serverUrl());
        client->setLicense(licenseId, key->second.view());
        const QString seat = licenseId + u'/' + seatId;
        client->returnBorrowed(seatId, secret, client,
                               [this, seat, path, client, done, returnedFromFile](const ReleaseOutcome &outcome) {
                                   client->deleteLater();
                                   if (std::holds_alternative<outcome::Released>(outcome)) {
                                       m_returnSecrets.remove(seat);
                                       if (!path.isEmpty()) {
                                           BorrowedLeaseFile(path).remove();
                                           // Only a file tells of an earlier dashboard's run: a secret in memory is the
                                           // run this one just stopped.
                                           if (returnedFromFile)
                                               returnedFromFile();
                                       }
                                       done(GiveBack::Returned, {});
                                   } else if (std::holds_alternative<outcome::ReturnRefused>(outcome)) {
                                       // The server does not take this secret for that seat: as good as lost.
                                       done(GiveBack::NoSecret, {});
                                   } else {
                                       done(GiveBack::Failed, failureText(outcome));
                                   }
                               });
    };
}

bool Simulation::claimSandbox(const QString &root, const QString &suffix)
{
    m_sandboxSuffix = suffix;
    m_sandboxDir.clear();
    m_sandboxLock.reset();
    constexpr int maxDashboards = 16;
    for (int n = 0; n < maxDashboards; ++n) {
        const QString candidate = SandboxProvisioner::derivedSuffix(suffix, u"dashboard", n);
        const QString folder = root + u'/' + (candidate.isEmpty() ? u"default"_s : candidate);
        if (!QDir().mkpath(folder))
            return false;
        auto lock = std::make_unique<QLockFile>(folder + u"/lock"_s);
        // Held as long as the dashboard runs: only a dead owner's lock is stale, never an old one.
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0))
            continue;
        m_sandboxSuffix = candidate;
        m_sandboxDir = folder;
        m_sandboxLock = std::move(lock);
        return true;
    }
    return false;
}

void Simulation::returnBorrowedSeats()
{
    for (SimulatedClient *client : std::as_const(m_clients)) {
        if (!client->canReturnBorrowed())
            continue;
        const auto key = m_keys.find(client->licenseId());
        if (key == m_keys.end())
            continue;
        // A request of its own that outlives the client and this simulation (the network access
        // manager owns it): nothing waits for the answer. A return that does not arrive leaves
        // the lease file, and the next set-up gives the seat back from it.
        auto *returner = new LeaseClient(m_network, &m_network);
        returner->setServerUrl(client->leaseClient().serverUrl());
        returner->setLicense(client->licenseId(), key->second.view());
        const auto file = client->borrowedFile();
        const QString path = file && !client->borrowDirectory().isEmpty() ? file->path() : QString();
        returner->returnBorrowed(client->serverView().seatId, client->returnSecret(), returner,
                                 [returner, path](const ReleaseOutcome &outcome) {
                                     returner->deleteLater();
                                     if (std::holds_alternative<outcome::Released>(outcome) && !path.isEmpty())
                                         BorrowedLeaseFile(path).remove();
                                 });
    }
}

SimulatedClient *Simulation::addClient(SimulatedClientSpec spec, QString *error)
{
    if (spec.licenseId.isEmpty())
        spec.licenseId = m_currentLicense;
    const auto key = m_keys.find(spec.licenseId);
    if (spec.licenseId.isEmpty() || key == m_keys.end()) {
        if (error)
            *error = spec.licenseId.isEmpty()
                ? tr("Pick a license first.")
                : tr("There is no key for the license %1: load its key file first.").arg(spec.licenseId);
        return nullptr;
    }
    if (spec.name.trimmed().isEmpty())
        spec.name = tr("Client %1").arg(m_clients.size() + 1);
    if (spec.borrowDirectory.isEmpty() && !m_sandboxDir.isEmpty()) {
        // A folder per machine, named after it (a second one of the same name gets its own).
        const QString base = borrowedDirectory() + u'/' + QString::fromLatin1(QUrl::toPercentEncoding(spec.name));
        QString folder = base;
        for (int n = 2; std::any_of(m_clients.cbegin(), m_clients.cend(),
                                    [&](const SimulatedClient *c) { return c->borrowDirectory() == folder; });
             ++n)
            folder = base + u'-' + QString::number(n);
        spec.borrowDirectory = folder;
    }
    auto *client = new SimulatedClient(m_network, serverUrl(), key->second.view(), m_base, spec, this);
    client->setLicenseSkew(licenseTiming(spec.licenseId).skew);
    m_clients.append(client);
    Q_EMIT clientAdded(client);
    return client;
}

void Simulation::removeClient(SimulatedClient *client)
{
    if (!m_clients.contains(client))
        return;
    // The network cut is the story's, not the room's: it ends with the client, so a laptop away
    // on its trip gives its borrowed seat back now rather than leaving it counted for a day.
    client->endNetworkCut();
    Q_EMIT clientAboutToBeRemoved(client);
    m_clients.removeOne(client);
    if (client->returnSecret().isSet())
        m_returnSecrets.insert(client->licenseId() + u'/' + client->borrowedSeatId(), client->returnSecret());
    m_player->forget(client);
    // Give the seat back before going, so removing a client does not leave the pool short for a
    // whole TTL; the keeper finishes its release request after the row is gone from the view.
    const auto state = client->keeper().state();
    if (state == LeaseKeeper::State::Holding || state == LeaseKeeper::State::Acquiring
        || state == LeaseKeeper::State::Waiting || state == LeaseKeeper::State::Degraded) {
        client->release();
        connect(&client->keeper(), &LeaseKeeper::released, client, &QObject::deleteLater);
        connect(&client->keeper(), &LeaseKeeper::stateChanged, client, [client](LeaseKeeper::State s) {
            if (s == LeaseKeeper::State::Stopped)
                client->deleteLater();
        });
        if (client->keeper().state() == LeaseKeeper::State::Stopped)
            client->deleteLater();
    } else {
        client->deleteLater();
    }
}

void Simulation::stop()
{
    ++m_playGeneration;
    clear();
}

void Simulation::clear()
{
    m_player->stop();
    const auto all = m_clients;
    for (SimulatedClient *client : all)
        removeClient(client);
}

QString Simulation::loadPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                               const QList<QUrl> &instances)
{
    for (const ScenarioPreset::Client &c : preset.clients) {
        const QString id = licenses.value(c.license);
        if (id.isEmpty() || !hasLicenseKey(id))
            return id.isEmpty() ? tr("Pick a license first.")
                                : tr("There is no key for the license %1: load its key file first.").arg(id);
    }
    clear();
    m_presetLicenses.clear();
    for (const ScenarioPreset::SandboxLicense &sandbox : preset.licenses)
        m_presetLicenses.append(licenses.value(sandbox.role));
    QList<SimulatedClient *> clients;
    for (qsizetype i = 0; i < preset.clients.size(); ++i) {
        const ScenarioPreset::Client &c = preset.clients.at(i);
        SimulatedClientSpec spec;
        spec.instanceUrls = instances;
        spec.firstInstance = instances.isEmpty() ? 0 : int(i % instances.size());
        spec.name = c.name;
        spec.licenseId = licenses.value(c.license);
        spec.offset = c.offset;
        spec.policy = c.policy;
        spec.waitInLine = c.waitInLine;
        QString error;
        SimulatedClient *client = addClient(spec, &error);
        if (!client)
            return error;
        clients.append(client);
    }
    m_player->play(preset, clients, instances);
    Q_EMIT presetLoaded();
    m_player->runDueActions();
    return {};
}

std::optional<ScenarioPreset> Simulation::preset() const
{
    return m_player->preset();
}

void Simulation::tick()
{
    m_player->runDueActions();
    const auto all = m_clients;
    for (SimulatedClient *client : all)
        client->tick();
}

void Simulation::setAutoRun(bool on, milliseconds pollInterval)
{
    if (on) {
        m_scheduler.setInterval(pollInterval);
        m_tickTimer->start();
        // The first poll waits for the interval, as it did with a plain repeating timer.
        m_scheduler.startLater();
    } else {
        m_tickTimer->stop();
        m_scheduler.pause();
    }
}

void Simulation::poll(std::function<void()> done)
{
    if (done)
        m_pollWaiters.append(std::move(done));
    // An explicit poll while one is in flight joins it: its waiters run when every answer of both
    // is in.
    if (m_scheduler.isInFlight())
        pollLicenses();
    else
        m_scheduler.pollNow();
}

void Simulation::pollLicenses()
{
    // The error of an earlier round is stale once a round goes through; lastError() then reads empty.
    m_lastError.clear();
    QStringList ids;
    for (SimulatedClient *client : std::as_const(m_clients)) {
        if (!ids.contains(client->licenseId()))
            ids.append(client->licenseId());
    }
    if (!m_currentLicense.isEmpty() && !ids.contains(m_currentLicense))
        ids.append(m_currentLicense);
    for (const QString &id : std::as_const(ids))
        pollLicense(id);
}

void Simulation::pollLicense(const QString &licenseId)
{
    // The audit log first, so a row missing from the lease list already has its reason.
    m_scheduler.beginRequest();
    EventQuery query;
    query.after = m_eventCursor.value(licenseId);
    query.licenseId = licenseId;
    query.kinds
        = {EventKind::Released, EventKind::Reaped, EventKind::Revoked, EventKind::Reclaimed, EventKind::BorrowReturned};
    query.limit = 1000;
    m_admin.events(query, this, [this, licenseId](const AdminResult<EventPage> &page) {
        if (!page.ok()) {
            fail(tr("Could not read the server's events: %1").arg(page.error.message));
            finishOnePoll(false);
            return;
        }
        for (const EventRecord &event : page.value->events) {
            SeatFate fate;
            fate.at = event.time;
            if (event.kind == EventKind::Released)
                fate.state = ServerSeatView::State::Released;
            else if (event.kind == EventKind::Reaped)
                fate.state = ServerSeatView::State::Reaped;
            else if (event.kind == EventKind::Revoked)
                fate.state = ServerSeatView::State::Revoked;
            else if (event.kind == EventKind::Reclaimed)
                fate.state = ServerSeatView::State::Reclaimed;
            else if (event.kind == EventKind::BorrowReturned)
                fate.state = ServerSeatView::State::Returned;
            else
                continue;
            m_seatFates.insert(event.seatId, fate);
        }
        m_eventCursor.insert(licenseId, std::max(m_eventCursor.value(licenseId), page.value->next));
        const milliseconds sent = m_serverClock->localClock().monotonic();
        m_admin.listLeases(licenseId, this, [this, licenseId, sent](const AdminResult<LeaseList> &list) {
            if (list.ok()) {
                m_serverClock->observe(list.value->serverTime, m_serverClock->localClock().monotonic() - sent);
                applyLeases(licenseId, *list.value);
            } else {
                fail(tr("Could not read the seats of %1: %2").arg(licenseId, list.error.message));
            }
            finishOnePoll(list.ok());
        });
    });
}

void Simulation::applyLeases(const QString &licenseId, const LeaseList &list)
{
    LicenseState &state = m_licenseStates[licenseId];
    state.known = true;
    state.inUse = list.inUse;
    state.maxInUse = std::max(state.maxInUse, list.inUse);
    state.serverTime = list.serverTime;
    state.leases = list.leases;
    state.timing.seatCount = list.seatCount;
    for (const LeaseRow &row : list.leases) {
        if (row.signatureValid)
            m_issued[row.lease.seatId].insert(row.lease.expiresAt.toMSecsSinceEpoch());
    }
    for (SimulatedClient *client : std::as_const(m_clients)) {
        if (client->licenseId() == licenseId)
            updateServerView(client);
    }
}

void Simulation::updateServerView(SimulatedClient *client)
{
    const QStringList seats = client->seatIds();
    if (seats.isEmpty())
        return;
    const LicenseState state = m_licenseStates.value(client->licenseId());
    ServerSeatView view = client->serverView();
    const QString seatId = seats.constLast();
    if (view.seatId != seatId) {
        view = ServerSeatView {};
        view.seatId = seatId;
    }
    const auto row = std::find_if(state.leases.cbegin(), state.leases.cend(),
                                  [&](const LeaseRow &r) { return r.lease.seatId == seatId; });
    if (row != state.leases.cend()) {
        view.state = row->live ? ServerSeatView::State::Live : ServerSeatView::State::ExpiredAwaitingReap;
        view.expiresAt = row->lease.expiresAt;
        view.countedUntil = row->lease.expiresAt.addMSecs(state.timing.skew.count());
        view.reapableAt = row->reapableAt;
        view.endedAt = {};
    } else if (m_seatFates.contains(seatId)) {
        const SeatFate fate = m_seatFates.value(seatId);
        view.state = fate.state;
        view.endedAt = fate.at;
    } else if (view.state == ServerSeatView::State::Live || view.state == ServerSeatView::State::ExpiredAwaitingReap) {
        view.state = ServerSeatView::State::Gone;
    }
    client->setServerView(view);
}

void Simulation::finishOnePoll(bool ok)
{
    m_scheduler.endRequest(ok);
}

void Simulation::fail(const QString &message)
{
    m_lastError = message;
    Q_EMIT errorOccurred(message);
}

std::optional<Simulation::LicenseState> Simulation::licenseState(const QString &licenseId) const
{
    const auto it = m_licenseStates.constFind(licenseId);
    if (it == m_licenseStates.cend() || !it->known)
        return std::nullopt;
    return *it;
}

bool Simulation::serverIssued(const SeatLease &lease) const
{
    return m_issued.value(lease.seatId).contains(lease.expiresAt.toMSecsSinceEpoch());
}

} // namespace keyright
