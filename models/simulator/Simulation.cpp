#include "Simulation.h"

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
    // closing dashboard should do: the server frees the seats at their expiry.
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
    m_admin.putLicense(spec, this, [this, spec, done = std::move(done)](const AdminResult<LicenseWriteResult> &put) {
        if (!put.ok()) {
            if (put.error.kind == ClientError::Kind::Forbidden || put.error.kind == ClientError::Kind::Unauthorized)
                done(tr("A scenario runs on licenses of its own, which the simulator creates on the server, and "
                        "this connection's token may not create licenses. Connect with an admin token to play "
                        "scenarios; free play works on any license whose key you have."));
            else
                done(tr("Could not create the license %1: %2").arg(spec.id, put.error.message));
            return;
        }
        ScenarioPreset::Timing timing;
        timing.ttl = std::chrono::seconds {spec.ttlSeconds};
        timing.skew = std::chrono::seconds {spec.skewSeconds};
        timing.reapGrace = std::chrono::seconds {spec.reapGraceSeconds};
        timing.seatCount = spec.seatCount;
        setLicenseTiming(spec.id, timing);
        if (!put.value->key.isEmpty()) {
            setLicenseKey(spec.id, put.value->key.toUtf8());
            done({});
            return;
        }
        if (hasLicenseKey(spec.id)) {
            done({});
            return;
        }
        // It existed before and its key was shown only once: take a new one. The sandbox license
        // belongs to the simulator, so nobody else holds its key.
        m_admin.rotateKey(spec.id, this, [this, spec, done](const AdminResult<QString> &rotated) {
            if (!rotated.ok()) {
                done(tr("Could not get a key for the license %1: %2").arg(spec.id, rotated.error.message));
                return;
            }
            setLicenseKey(spec.id, rotated.value->toUtf8());
            done({});
        });
    });
}

void Simulation::emptySandboxLicense(const QString &licenseId, std::function<void(const QString &)> done)
{
    // Seats an earlier run left behind (a crashed client's, a run cut short) would still count for
    // up to a TTL and change the story: revoke every live one before the new run starts.
    m_admin.listLeases(licenseId, this, [this, licenseId, done](const AdminResult<LeaseList> &list) {
        if (!list.ok()) {
            done(tr("Could not read the seats of %1: %2").arg(licenseId, list.error.message));
            return;
        }
        auto pending = std::make_shared<int>(0);
        auto firstError = std::make_shared<QString>();
        for (const LeaseRow &row : list.value->leases) {
            if (!row.live)
                continue;
            ++*pending;
            RevokeRequest request;
            request.licenseId = licenseId;
            request.seatId = row.lease.seatId;
            request.reason = tr("simulator reset");
            m_admin.revoke(
                request, this, [pending, firstError, done, licenseId](const AdminResult<AdminClient::Empty> &r) {
                    // A seat that went away meanwhile is as good as revoked.
                    if (!r.ok() && r.error.kind != ClientError::Kind::NotFound
                        && r.error.kind != ClientError::Kind::Gone && firstError->isEmpty())
                        *firstError = tr("Could not free the seats of %1: %2").arg(licenseId, r.error.message);
                    if (--*pending == 0)
                        done(*firstError);
                });
        }
        if (*pending == 0)
            done({});
    });
}

LicenseSpec Simulation::sandboxSpec(const ScenarioPreset &preset, const ScenarioPreset::SandboxLicense &sandbox)
{
    using std::chrono::duration_cast;
    using std::chrono::seconds;
    LicenseSpec spec;
    spec.id = sandbox.id;
    // The name says what it is in the Seats list, since the server keeps it after the run.
    spec.name = tr("Simulator sandbox: %1").arg(preset.title);
    spec.seatCount = sandbox.seatCount;
    spec.ttlSeconds = std::max<qint64>(10, duration_cast<seconds>(preset.timing.ttl).count());
    spec.skewSeconds = duration_cast<seconds>(sandbox.skew).count();
    spec.reapGraceSeconds
        = std::max<qint64>(spec.skewSeconds + 1, duration_cast<seconds>(preset.timing.reapGrace).count());
    return spec;
}

void Simulation::playPreset(const ScenarioPreset &preset, std::function<void(const QString &)> done)
{
    if (preset.jumpsServerClock() && !canJumpServerClock()) {
        done(tr("This scenario moves the server's own clock, so it plays only on the embedded demo server "
                "(Server > Use the embedded demo server)."));
        return;
    }
    if (preset.usesInstances() && !hasInstances()) {
        done(tr("This scenario kills and restarts server instances, so it plays only on the embedded demo server "
                "(Server > Use the embedded demo server)."));
        return;
    }
    QMap<ScenarioPreset::LicenseRole, QString> roles;
    QList<LicenseSpec> specs;
    for (const ScenarioPreset::SandboxLicense &sandbox : preset.licenses) {
        roles.insert(sandbox.role, sandbox.id);
        specs.append(sandboxSpec(preset, sandbox));
    }
    // The old run's clients go first, so their releases are not mistaken for leftovers.
    clear();
    const auto generation = ++m_playGeneration;
    // One license after the other: create or update it, take its key, empty it; then play. The
    // step holds itself weakly; the requests in flight hold it strongly, so an abandoned chain
    // (the simulation went away) frees itself.
    auto next = std::make_shared<std::function<void(qsizetype)>>();
    *next = [this, preset, roles, specs, done, weak = std::weak_ptr(next), generation](qsizetype i) {
        if (generation != m_playGeneration)
            return; // a newer play took over
        if (i == specs.size()) {
            QString error;
            loadPreset(preset, roles, &error);
            done(error);
            return;
        }
        const auto self = weak.lock();
        const LicenseSpec spec = specs.at(i);
        ensureSandboxLicense(spec, [this, spec, done, self, i](const QString &error) {
            if (!error.isEmpty()) {
                done(error);
                return;
            }
            if (!m_sandboxLicenses.contains(spec.id))
                m_sandboxLicenses.append(spec.id);
            emptySandboxLicense(spec.id, [done, self, i](const QString &emptyError) {
                if (!emptyError.isEmpty())
                    done(emptyError);
                else
                    (*self)(i + 1);
            });
        });
    };
    (*next)(0);
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
    Q_EMIT clientAboutToBeRemoved(client);
    m_clients.removeOne(client);
    m_presetClients.removeOne(client);
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

void Simulation::clear()
{
    if (!m_instanceUrls.isEmpty()) {
        m_instanceUrls.clear();
        m_instanceUp.clear();
        Q_EMIT instancesChanged();
    }
    m_preset.reset();
    m_presetClients.clear();
    m_nextAction = 0;
    const auto all = m_clients;
    for (SimulatedClient *client : all)
        removeClient(client);
}

bool Simulation::loadPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                            QString *error)
{
    for (const ScenarioPreset::Client &c : preset.clients) {
        const QString id = licenses.value(c.license);
        if (id.isEmpty() || !hasLicenseKey(id)) {
            if (error)
                *error = id.isEmpty() ? tr("Pick a license first.")
                                      : tr("There is no key for the license %1: load its key file first.").arg(id);
            return false;
        }
    }
    QList<QUrl> instances;
    if (preset.usesInstances()) {
        if (!hasInstances()) {
            if (error)
                *error = tr("This scenario needs several server instances, and this server has only one.");
            return false;
        }
        QString why;
        instances = m_instanceHooks.start(&why);
        // A run cut short may have left one dead: every run starts with all of them up.
        for (int i = 0; i < instances.size() && why.isEmpty(); ++i)
            m_instanceHooks.setUp(i, true, &why);
        if (instances.size() < preset.instances || !why.isEmpty()) {
            if (error)
                *error = tr("The server instances did not start: %1").arg(why);
            return false;
        }
        instances = instances.mid(0, preset.instances);
    }
    clear();
    m_instanceUrls = instances;
    m_instanceUp = QList<bool>(instances.size(), true);
    m_lastKilled = -1;
    Q_EMIT instancesChanged();
    for (qsizetype i = 0; i < preset.clients.size(); ++i) {
        const ScenarioPreset::Client &c = preset.clients.at(i);
        SimulatedClientSpec spec;
        spec.instanceUrls = instances;
        spec.firstInstance = instances.isEmpty() ? 0 : int(i % instances.size());
        spec.name = c.name;
        spec.licenseId = licenses.value(c.license);
        spec.offset = c.offset;
        spec.policy = c.policy;
        SimulatedClient *client = addClient(spec, error);
        if (!client)
            return false;
        m_presetClients.append(client);
    }
    m_preset = preset;
    std::stable_sort(m_preset->actions.begin(), m_preset->actions.end(),
                     [](const auto &a, const auto &b) { return a.at < b.at; });
    m_presetStart = m_base.monotonic();
    m_nextAction = 0;
    Q_EMIT presetLoaded();
    runDueActions();
    return true;
}

void Simulation::renamePresetClients(const ScenarioPreset &preset)
{
    if (!m_preset || m_preset->number != preset.number)
        return;
    for (qsizetype i = 0; i < m_presetClients.size() && i < preset.clients.size(); ++i)
        m_presetClients.at(i)->setName(preset.clients.at(i).name);
    m_preset->title = preset.title;
    m_preset->narration = preset.narration;
}

milliseconds Simulation::presetElapsed() const
{
    if (!m_preset)
        return milliseconds {0};
    return m_base.monotonic() - m_presetStart;
}

bool Simulation::presetFinished() const
{
    return m_preset && presetElapsed() >= m_preset->duration;
}

void Simulation::runDueActions()
{
    if (!m_preset)
        return;
    const milliseconds elapsed = presetElapsed();
    while (m_nextAction < m_preset->actions.size() && m_preset->actions.at(m_nextAction).at <= elapsed)
        runAction(m_preset->actions.at(m_nextAction++));
}

void Simulation::runAction(const ScenarioPreset::Action &action)
{
    if (action.kind == ScenarioPreset::ActionKind::ServerClockJump) {
        if (m_serverClockJumper)
            m_serverClockJumper(action.amount);
        return;
    }
    if (action.kind == ScenarioPreset::ActionKind::KillInstance) {
        setInstanceUp(action.client == ScenarioPreset::busiestInstance ? busiestInstance() : action.client, false);
        return;
    }
    if (action.kind == ScenarioPreset::ActionKind::ReviveInstance) {
        setInstanceUp(action.client == ScenarioPreset::busiestInstance ? m_lastKilled : action.client, true);
        return;
    }
    if (action.client < 0 || action.client >= m_presetClients.size())
        return; // the trainer removed that client: the story goes on without it
    SimulatedClient *client = m_presetClients.at(action.client);
    switch (action.kind) {
    case ScenarioPreset::ActionKind::Start:
        client->start();
        break;
    case ScenarioPreset::ActionKind::Crash:
        client->crash();
        break;
    case ScenarioPreset::ActionKind::CutNetwork:
        client->cutNetwork(action.amount);
        break;
    case ScenarioPreset::ActionKind::ClockBack:
        client->setClockBack(action.amount);
        break;
    case ScenarioPreset::ActionKind::SetOffset:
        client->setOffset(action.amount);
        break;
    case ScenarioPreset::ActionKind::Release:
        client->release();
        break;
    case ScenarioPreset::ActionKind::ServerClockJump:
    case ScenarioPreset::ActionKind::KillInstance:
    case ScenarioPreset::ActionKind::ReviveInstance:
        break; // above: they need no client
    }
}

bool Simulation::isInstanceUp(int index) const
{
    return index >= 0 && index < m_instanceUp.size() && m_instanceUp.at(index);
}

bool Simulation::setInstanceUp(int index, bool up)
{
    if (index < 0 || index >= m_instanceUrls.size() || !hasInstances())
        return false;
    if (m_instanceUp.at(index) == up)
        return true;
    QString why;
    if (!m_instanceHooks.setUp(index, up, &why)) {
        fail(up ? tr("Instance %1 did not come back: %2").arg(index + 1).arg(why)
                : tr("Instance %1 could not be stopped: %2").arg(index + 1).arg(why));
        return false;
    }
    m_instanceUp[index] = up;
    if (!up)
        m_lastKilled = index;
    Q_EMIT instancesChanged();
    return true;
}

int Simulation::clientsOnInstance(int index) const
{
    int count = 0;
    for (const SimulatedClient *client : m_clients) {
        const auto state = client->keeper().state();
        if (client->instance() == index && state != LeaseKeeper::State::Stopped && state != LeaseKeeper::State::Idle)
            ++count;
    }
    return count;
}

int Simulation::busiestInstance() const
{
    int busiest = -1;
    int most = -1;
    for (int i = 0; i < m_instanceUrls.size(); ++i) {
        const int count = clientsOnInstance(i);
        if (m_instanceUp.at(i) && count > most) {
            busiest = i;
            most = count;
        }
    }
    return busiest;
}

void Simulation::tick()
{
    runDueActions();
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
    query.kinds = {EventKind::Released, EventKind::Reaped, EventKind::Revoked};
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
