#include "DashboardSession.h"

#include "Clock.h"
#include "InstanceSet.h"
#include "PollMerge.h"
#include "wire/ErrorBody.h"

#include <QNetworkAccessManager>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {
constexpr int eventPageSize = 1000;
constexpr int maxEventPagesPerPoll = 20;
} // namespace

DashboardSession::DashboardSession(QNetworkAccessManager &network, const Clock &localClock, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_localClock(localClock)
    , m_serverClock(localClock)
    , m_leases(m_serverClock)
{
    m_scheduler.setPoll([this] { poll(); });
    connect(&m_scheduler, &PollScheduler::finished, this, &DashboardSession::pollDone);
    m_tickTimer.setSingleShot(true);
    m_tickTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_tickTimer, &QTimer::timeout, this, &DashboardSession::onTick);
    armTick();
}

DashboardSession::~DashboardSession() = default;

void DashboardSession::connectTo(const QUrl &url, QByteArrayView adminToken, const QString &label)
{
    connectTo(QList<QUrl> {url}, adminToken, label);
}

void DashboardSession::connectTo(const QList<QUrl> &urls, QByteArrayView adminToken, const QString &label,
                                 const TlsTrust &tls)
{
    ++m_epoch;
    // What the last connection learned goes first: clearing the models below emits signals, and a
    // page answering one can start a poll on the new client at once (a poll with the old
    // server's event cursor skipped the new server's first events, walk of issue 23).
    m_serverClock.reset();
    m_lastClockMeasure.reset();
    m_lastError = {};
    m_lastPollTime = {};
    m_nextTryAt = {};
    m_ticksSinceBackoffProbe = backoffProbeTicks;
    m_backoffProbeInFlight = false;
    m_databaseAsked.clear();
    m_eventCursor = 0;
    m_eventsSince = {};
    m_eventsLoaded = false;
    m_eventsInFlight = false;
    m_identity.reset();
    m_identityAsked = false;
    m_tokenRevoked = false;
    m_scheduler.stop();
    m_client = std::make_unique<AdminClient>(m_network, m_localClock);
    m_client->setServerUrls(urls);
    m_client->setAdminToken(adminToken);
    m_client->setTransferTimeout(5s);
    m_client->setTlsTrust(tls);
    m_certificatesAsked.clear();
    connect(m_client.get(), &AdminClient::instancesChanged, this, &DashboardSession::syncInstances);
    connect(m_client.get(), &AdminClient::certificateUntrusted, this,
            [this](const QUrl &instance, const QSslCertificate &certificate, const QString &problem) {
                const QString fingerprint = TlsTrust::fingerprint(certificate);
                const QString asked = instance.toString() + u' ' + fingerprint;
                if (m_certificatesAsked.contains(asked))
                    return;
                m_certificatesAsked.insert(asked);
                Q_EMIT certificateNeedsTrust(instance, fingerprint, problem);
            });
    m_urls = m_client->serverUrls();
    m_label = label.isEmpty() ? urls.value(0).toDisplayString() : label;
    m_health.setInstances(m_urls);
    m_lastProbe.reset();

    m_licenses.clear();
    m_leases.clear();
    dropDetails([](const QString &) { return false; });
    m_events.clear();
    m_usage.clear();
    m_currentRules.clear();
    m_rulesFetches.clear();
    m_licenseRulesFetches.clear();
    m_selected.clear();
    setState(State::Connecting);
    Q_EMIT identityChanged();
    Q_EMIT clientChanged(m_client.get());
    m_scheduler.start();
}

void DashboardSession::disconnectFromServer()
{
    ++m_epoch;
    m_scheduler.stop();
    m_client.reset();
    m_urls.clear();
    m_health.setInstances({});
    m_label.clear();
    m_licenses.clear();
    m_leases.clear();
    dropDetails([](const QString &) { return false; });
    m_events.clear();
    m_usage.clear();
    m_currentRules.clear();
    m_rulesFetches.clear();
    m_licenseRulesFetches.clear();
    m_serverClock.reset();
    m_identity.reset();
    m_tokenRevoked = false;
    m_nextTryAt = {};
    setState(State::Disconnected);
    Q_EMIT clientChanged(nullptr);
    Q_EMIT identityChanged();
}

void DashboardSession::trustCertificate(const QUrl &instance, const QString &fingerprint)
{
    if (!m_client)
        return;
    TlsTrust trust = m_client->tlsTrust();
    trust.trustCertificate(instance, fingerprint);
    m_client->setTlsTrust(trust);
    refresh();
}

QUrl DashboardSession::serverUrl() const
{
    return m_client ? m_client->serverUrl() : QUrl();
}

void DashboardSession::setHealthInterval(std::chrono::milliseconds interval)
{
    m_healthInterval = std::max(std::chrono::milliseconds {0}, interval);
}

void DashboardSession::syncInstances()
{
    if (!m_client)
        return;
    const InstanceSet &instances = m_client->instances();
    const QUrl answering = m_client->serverUrl();
    for (int i = 0; i < instances.size(); ++i) {
        const InstanceSet::Instance &instance = instances.at(i);
        const int row = m_health.indexOf(instance.url);
        if (row < 0)
            continue;
        InstanceHealth health = m_health.at(row);
        const InstanceHealth::Status before = health.status;
        const bool databaseRefused = instance.lastErrorCode == QStringView(errorcode::databaseUnavailable);
        if (databaseRefused && !health.databaseUnavailableSince)
            health.databaseUnavailableSince = m_localClock.now();
        if (instance.refused)
            health.status = InstanceHealth::Status::Refused;
        else if (databaseRefused)
            health.status = InstanceHealth::Status::DatabaseDown;
        else if (instance.up)
            // An answer to GET /v1/time needs no database: the outage lasts until a request that
            // needs it is answered (noteDatabaseAnswered).
            health.status
                = health.databaseUnavailableSince ? InstanceHealth::Status::DatabaseDown : InstanceHealth::Status::Up;
        else if (instance.failures > 0)
            health.status = InstanceHealth::Status::Down;
        health.answering = instance.url == answering
            && (health.status == InstanceHealth::Status::Up || health.status == InstanceHealth::Status::DatabaseDown);
        if (instance.roundTrip)
            health.roundTrip = instance.roundTrip;
        // A /v1/time answer clears the instance's error, not the outage: while the row says it
        // cannot reach its database, its last error keeps saying why.
        if (health.status != InstanceHealth::Status::DatabaseDown || !instance.lastError.isEmpty()) {
            health.lastError = instance.lastError;
            health.lastErrorCode = instance.lastErrorCode;
        }
        const bool backUp = health.status == InstanceHealth::Status::Up && before != InstanceHealth::Status::Up
            && before != InstanceHealth::Status::Unknown;
        if (backUp)
            health.databaseConfirmed = false;
        m_health.update(health);
        if (backUp)
            askDatabaseOf(instance.url);
    }
    Q_EMIT instancesChanged();
}

namespace {

// The error kept while a row said why it had no database is over with the outage: a row back "up"
// and still saying "database unavailable" contradicted itself until the next probe (seen under
// load in tst_instancefailover).
void forgetDatabaseError(InstanceHealth &health)
{
    if (health.lastErrorCode == QStringView(errorcode::databaseUnavailable)) {
        health.lastError.clear();
        health.lastErrorCode.clear();
    }
}

} // namespace

void DashboardSession::askDatabaseOf(const QUrl &instance)
{
    // Up again without a /v1/stats answer: the database it last named may be the primary that
    // failed (walk 48, finding 4). Ask now rather than at the next probe, and let the Fleet page
    // hear the same answer, so that its counts agree with this row.
    const int index = int(m_urls.indexOf(instance));
    if (!m_client || m_urls.size() < 2 || index < 0 || m_databaseAsked.contains(instance))
        return;
    m_databaseAsked.insert(instance);
    const quint64 epoch = m_epoch;
    m_client->statsAt(index, this, [this, epoch, instance](const AdminResult<StatsSnapshot> &result) {
        if (epoch != m_epoch)
            return;
        m_databaseAsked.remove(instance);
        noteInstanceStats(instance, result);
        Q_EMIT instanceStatsArrived(instance, result);
    });
}

void DashboardSession::noteDatabaseAnswered(const QUrl &instance)
{
    // The database serves this instance, so whatever the others said of it may be over too.
    askDatabaseOfOthers(instance);
    const int row = m_health.indexOf(instance);
    if (row < 0 || !m_health.at(row).databaseUnavailableSince)
        return;
    InstanceHealth health = m_health.at(row);
    health.databaseUnavailableSince.reset();
    forgetDatabaseError(health);
    const bool backUp = health.status == InstanceHealth::Status::DatabaseDown;
    if (backUp) {
        health.status = InstanceHealth::Status::Up;
        health.databaseConfirmed = false;
    }
    m_health.update(health);
    if (backUp)
        askDatabaseOf(instance);
    Q_EMIT instancesChanged();
}

void DashboardSession::askDatabaseOfOthers(const QUrl &answered)
{
    // One instance reaching the database again says the others, on the same database, most
    // likely do too: ask them now rather than leave them "answers, no database" until the next
    // probe, seconds after the status bar said the data is current (walk 49, finding 2).
    for (int row = 0; row < m_health.instanceCount(); ++row) {
        const InstanceHealth &other = m_health.at(row);
        if (other.url != answered && other.status == InstanceHealth::Status::DatabaseDown)
            askDatabaseOf(other.url);
    }
}

void DashboardSession::probeInstances()
{
    // One instance alone is what the poll itself measures.
    if (!m_client || m_urls.size() < 2)
        return;
    m_lastProbe = m_localClock.monotonic();
    const quint64 epoch = m_epoch;
    for (int i = 0; i < m_urls.size(); ++i) {
        const QUrl url = m_urls.at(i);
        m_client->measureClockAt(i, this, [this, epoch, url](const AdminResult<ClockOffset> &result) {
            const int row = m_health.indexOf(url);
            if (epoch != m_epoch || row < 0 || !result.ok())
                return;
            InstanceHealth health = m_health.at(row);
            health.clockOffset = result.value->offset;
            health.roundTrip = result.value->roundTrip;
            health.reportedAt = m_localClock.now();
            m_health.update(health);
        });
        m_client->statsAt(i, this, [this, epoch, url](const AdminResult<StatsSnapshot> &result) {
            if (epoch != m_epoch)
                return;
            noteInstanceStats(url, result);
            Q_EMIT instanceStatsArrived(url, result);
        });
    }
}

void DashboardSession::statsOfInstance(const QUrl &instance, QObject *context,
                                       std::function<void(const AdminResult<StatsSnapshot> &)> done)
{
    const int index = int(m_urls.indexOf(instance));
    if (!m_client || index < 0) {
        AdminResult<StatsSnapshot> none;
        none.error.kind = ClientError::Kind::Transport;
        none.error.message = tr("%1 is not an instance of the connected site.").arg(instance.toDisplayString());
        done(none);
        return;
    }
    const quint64 epoch = m_epoch;
    m_client->statsAt(index, context,
                      [this, epoch, instance, done = std::move(done)](const AdminResult<StatsSnapshot> &result) {
                          if (epoch == m_epoch)
                              noteInstanceStats(instance, result);
                          done(result);
                      });
}

void DashboardSession::noteInstanceStats(const QUrl &instance, const AdminResult<StatsSnapshot> &result)
{
    const int row = m_health.indexOf(instance);
    if (row < 0 || !result.ok())
        return;
    InstanceHealth health = m_health.at(row);
    health.replicaId = result.value->replicaId;
    health.databaseServer = result.value->database ? result.value->database->server : QString();
    // The instance's own word, now that it could answer.
    health.databaseUnavailableSince = result.value->database ? result.value->database->unavailableSince : std::nullopt;
    health.databaseConfirmed = true;
    health.reportedAt = m_localClock.now();
    const bool databaseBack = health.status == InstanceHealth::Status::DatabaseDown && !health.databaseUnavailableSince;
    if (databaseBack) {
        health.status = InstanceHealth::Status::Up;
        forgetDatabaseError(health);
    }
    m_health.update(health);
    if (databaseBack) {
        askDatabaseOfOthers(instance);
        Q_EMIT instancesChanged();
    }
    // The banner must not keep saying the database is unreachable beside a row that says it is
    // back until the backed-off poll comes round (walk 47): poll now.
    if (databaseBack && m_state == State::Failing)
        m_scheduler.pollNow();
}

void DashboardSession::setPollInterval(std::chrono::milliseconds interval)
{
    m_scheduler.setInterval(std::max(interval, std::chrono::milliseconds {100}));
}

void DashboardSession::setMaxBackoff(std::chrono::milliseconds backoff)
{
    m_scheduler.setMaxBackoff(backoff);
}

void DashboardSession::setClockMeasureInterval(std::chrono::milliseconds interval)
{
    m_clockInterval = interval;
}

void DashboardSession::setEventHistory(std::chrono::milliseconds history)
{
    m_eventHistory = history;
}

void DashboardSession::setVisibleRowsProvider(std::function<QList<int>()> provider)
{
    m_visibleRows = std::move(provider);
}

void DashboardSession::refresh()
{
    if (!m_client)
        return;
    if (m_tokenRevoked) {
        m_tokenRevoked = false;
        m_scheduler.resume();
    }
    m_scheduler.pollNow();
}

void DashboardSession::setSelectedLicenses(const QStringList &licenseIds)
{
    if (licenseIds == m_selected)
        return;
    m_selected = licenseIds;
    const QSet<QString> kept(licenseIds.cbegin(), licenseIds.cend());
    m_leases.retainLicenses(kept);
    dropDetails([&kept](const QString &id) { return kept.contains(id); });
    // Show the new selection's holders now rather than at the next tick of the poll timer.
    refresh();
}

QString DashboardSession::errorSentence(const ClientError &error)
{
    namespace code = errorcode;
    const QString &c = error.code;
    if (c.isEmpty())
        return {};
    if (c == QStringView(code::groupInUse)) {
        const auto inUse = errorextra::GroupInUse::fromJson(error.extra);
        if (inUse.group.isEmpty())
            return tr("A group that some license's seat rules name cannot be removed: take it out of those rules "
                      "first.");
        return tr("The group %1 is still named by the seat rules of %n license(s) (%2): take it out of those "
                  "rules first.",
                  nullptr, int(inUse.licenses.size()))
            .arg(inUse.group, inUse.licenses.join(u", "_s));
    }
    if (c == QStringView(code::licenseNotFound))
        return tr("The license does not exist (any more) on this server.");
    if (c == QStringView(code::seatNotFound))
        return tr("The seat is no longer held: it was released, reaped or revoked already.");
    if (c == QStringView(code::tokenNotFound))
        return tr("There is no access token of that name on this server.");
    if (c == QStringView(code::tokenExists))
        return tr("An access token of that name exists already: choose another name.");
    if (c == QStringView(code::bootstrapToken))
        return tr("The bootstrap token is the server's admin-token file: it cannot be revoked here.");
    if (c == QStringView(code::tooManyFailures)) {
        const auto wait = errorextra::TooManyFailures::fromJson(error.extra);
        return tr("Too many refused tokens from this address: the server answers again in %n second(s).", nullptr,
                  int(std::clamp<qint64>(wait.retryAfterSeconds, 0, 86400)));
    }
    if (c == QStringView(code::serverBusy))
        return tr("The server is busy (too many connections): try again in a moment.");
    if (c == QStringView(code::databaseUnavailable))
        return tr("The server cannot reach its database: retry when it is back.");
    if (c == QStringView(code::internal))
        return tr("The server failed on an internal error: its log says more.");
    if (c == QStringView(code::payloadTooLarge))
        return tr("The request is larger than the server accepts.");
    if (c == QStringView(code::requestTimeout))
        return tr("The request did not reach the server in time.");
    if (c == QStringView(code::invalidRequest)) {
        if (error.field.isEmpty())
            return tr("The server refused the request as invalid.");
        return tr("The server refused the value of %1.").arg(error.field);
    }
    if (c == QStringView(code::seatLost))
        return tr("The seat is no longer live (expired, revoked, reaped or released).");
    if (c == QStringView(code::holderBlocked))
        return tr("An admin blocked this holder.");
    if (c == QStringView(code::notFound) || c == QStringView(code::methodNotAllowed)
        || c == QStringView(code::notImplemented))
        return tr("This server does not offer that request (an older or newer version?).");
    return {};
}

QString DashboardSession::describeError(const ClientError &error)
{
    // A code the dashboard knows is said in the interface's language; the server's own words
    // (English) follow only as detail.
    const bool rolesNamed = error.kind == ClientError::Kind::Forbidden && !error.requiredRole.isEmpty();
    if (!rolesNamed && error.kind != ClientError::Kind::Unauthorized) {
        const QString sentence = errorSentence(error);
        if (!sentence.isEmpty()) {
            if (error.message.isEmpty())
                return sentence;
            //: A translated error sentence, then what the server answered, in its own (English) words.
            return tr("%1 (The server said: %2)").arg(sentence, error.message);
        }
    }
    switch (error.kind) {
    case ClientError::Kind::None:
        return {};
    case ClientError::Kind::Transport:
        if (error.mayHaveHappened)
            return tr("No answer after the command was sent (%1): it may have happened; refreshed.").arg(error.message);
        return tr("Server unreachable: %1").arg(error.message);
    case ClientError::Kind::Tls:
        return tr("TLS error: %1").arg(error.message);
    case ClientError::Kind::Unauthorized:
        return tr("Unauthorized: the server refused the admin token. Check the connection profile.");
    case ClientError::Kind::Forbidden:
        if (!error.requiredRole.isEmpty())
            return tr("Not allowed: this needs the %1 role, and this token has the %2 role.")
                .arg(error.requiredRole, error.heldRole);
        return error.message;
    case ClientError::Kind::Server:
        return tr("The server failed (HTTP %1): %2").arg(error.httpStatus).arg(error.message);
    case ClientError::Kind::Protocol:
        return tr("Unexpected answer from the server: %1").arg(error.message);
    case ClientError::Kind::KeyMismatch:
        return tr("Wrong server: %1").arg(error.message);
    default:
        return error.message.isEmpty() ? tr("Request failed (HTTP %1)").arg(error.httpStatus) : error.message;
    }
}

QString DashboardSession::lastErrorText() const
{
    if (m_tokenRevoked)
        return tr("Token revoked: the server no longer accepts the token \"%1\". Ask an admin for a new one and "
                  "connect with it.")
            .arg(m_identity ? m_identity->name : QString());
    return describeError(m_lastError);
}

void DashboardSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

std::optional<CurrentSeatRules> DashboardSession::currentRules(const QString &licenseId) const
{
    const auto it = m_currentRules.constFind(licenseId);
    if (it == m_currentRules.cend())
        return std::nullopt;
    return *it;
}

const LicenseDetails *DashboardSession::licenseDetails(const QString &licenseId) const
{
    const auto it = m_details.constFind(licenseId);
    return it == m_details.cend() ? nullptr : &it.value();
}

std::optional<ReclaimState> DashboardSession::reclaimState(const QString &licenseId) const
{
    const LicenseDetails *details = licenseDetails(licenseId);
    if (!details)
        return std::nullopt;
    ReclaimState state;
    state.seatCount = details->seatCount;
    state.now = m_serverClock.now();
    if (const LicenseSummary *summary = m_licenses.license(licenseId))
        state.skew = std::chrono::seconds(summary->skewSeconds);
    const CompiledSeatRules serverRules(details->rules, details->groups);
    for (int r = 0; r < m_leases.rowCount(); ++r) {
        const HolderRow &row = m_leases.rowAt(r);
        if (row.licenseId != licenseId || row.kind != HolderRow::Kind::Lease)
            continue;
        ReclaimSeat seat;
        seat.lease = row.lease.lease;
        if (row.lease.lastActivityAt.isValid())
            seat.lastActivity = row.lease.lastActivityAt;
        // A standing mark, as the server listed it: the listing carries when the seat goes, and
        // the mark was made one warning earlier under the server's rule (never before the
        // holder's last activity, or the mark would not stand).
        if (row.lease.reclaimAt.isValid()) {
            const std::optional<IdleReclaim> rule = serverRules.reclaimRuleOf(row.lease.lease.holder);
            QDateTime markedAt = row.lease.reclaimAt.addSecs(-60 * (rule ? rule->warnMinutes : 0));
            if (seat.lastActivity && markedAt < *seat.lastActivity)
                markedAt = *seat.lastActivity;
            seat.markedAt = markedAt;
            seat.reclaimAt = row.lease.reclaimAt;
        }
        state.seats << seat;
    }
    // As the server reads its line: the tickets no seat is held for that still count now.
    for (const QueueTicket &ticket : details->queue) {
        if (ticket.state == QueueTicket::State::Waiting && ticket.expiresAt >= state.now
            && ticket.giveUpAt >= state.now)
            state.waiting << ReclaimWaiter {ticket.holder, ticket.queuedAt, ticket.ticketId};
    }
    // With nobody in line the server counts recent refusals instead, which a listing does not carry.
    state.lineInUse = !state.waiting.isEmpty();
    return state;
}

void DashboardSession::applyLeaseLists(const QList<LeaseList> &lists)
{
    const QDateTime now = m_serverClock.now();
    QStringList detailed;
    for (const LeaseList &list : lists) {
        if (list.licenseId.isEmpty())
            continue;
        m_details.insert(list.licenseId, licenseDetailsOf(list, now));
        detailed << list.licenseId;
    }
    m_leases.applyPoll(lists);
    if (!detailed.isEmpty())
        Q_EMIT licenseDetailsChanged(detailed);
}

void DashboardSession::dropDetails(const std::function<bool(const QString &licenseId)> &keep)
{
    QStringList dropped;
    for (auto it = m_details.begin(); it != m_details.end();) {
        if (keep(it.key())) {
            ++it;
            continue;
        }
        dropped << it.key();
        it = m_details.erase(it);
    }
    if (!dropped.isEmpty())
        Q_EMIT licenseDetailsChanged(dropped);
}

void DashboardSession::fetchCurrentRules(const QString &licenseId)
{
    if (!m_client || licenseId.isEmpty() || m_rulesFetches.contains(licenseId))
        return;
    m_rulesFetches.insert(licenseId);
    const quint64 epoch = m_epoch;
    m_client->listLeases(licenseId, this, [this, epoch, licenseId](const AdminResult<LeaseList> &result) {
        if (epoch != m_epoch)
            return;
        m_rulesFetches.remove(licenseId);
        if (!result.ok())
            return; // the dispute keeps saying the rules are not known
        m_currentRules.insert(licenseId, {result.value->rules, result.value->groups});
        Q_EMIT currentRulesChanged(licenseId);
    });
}

void DashboardSession::fetchLicenseRules(const QString &licenseId)
{
    if (!m_client || licenseId.isEmpty() || m_licenseRulesFetches.contains(licenseId))
        return;
    m_licenseRulesFetches.insert(licenseId);
    const quint64 epoch = m_epoch;
    m_client->rules(licenseId, this, [this, epoch, licenseId](const AdminResult<SeatRules> &result) {
        if (epoch != m_epoch)
            return;
        m_licenseRulesFetches.remove(licenseId);
        if (result.ok())
            Q_EMIT licenseRulesFetched(licenseId, *result.value);
    });
}

void DashboardSession::poll()
{
    if (!m_client)
        return;
    const quint64 epoch = m_epoch;
    m_pollError = {};
    m_pollStarted = m_localClock.monotonic();
    m_leaseReplies.clear();

    if (!m_lastClockMeasure || m_localClock.monotonic() - *m_lastClockMeasure >= m_clockInterval)
        measureClock();
    if (!m_identityAsked)
        fetchIdentity();
    if (!m_lastProbe || m_localClock.monotonic() - *m_lastProbe >= m_healthInterval)
        probeInstances();

    m_scheduler.beginRequest();
    m_client->listLicenses(this, [this, epoch](const AdminResult<LicenseList> &result) {
        if (epoch != m_epoch)
            return;
        if (result.ok()) {
            m_roundTrip = m_localClock.monotonic() - m_pollStarted;
            m_licenses.applyList(*result.value);
            for (const LicenseSummary &l : result.value->licenses)
                m_usage.addSample(l.id, result.value->serverTime, l.inUse, l.seatCount, l.reservedSeats, l.waiting);
        }
        finishRequest(result.error);
    });

    const QStringList selected = m_selected;
    for (const QString &id : selected) {
        m_scheduler.beginRequest();
        m_client->listLeases(id, this, [this, epoch](const AdminResult<LeaseList> &result) {
            if (epoch != m_epoch)
                return;
            if (result.ok()) {
                m_leaseReplies << *result.value;
                m_currentRules.insert(result.value->licenseId, {result.value->rules, result.value->groups});
            } else if (result.error.kind == ClientError::Kind::NotFound)
                m_leaseReplies << LeaseList {}; // the license went; its rows go with the licenses poll
            finishRequest(result.error.kind == ClientError::Kind::NotFound ? ClientError {} : result.error);
        });
    }

    if (!m_eventsInFlight)
        fetchEvents(maxEventPagesPerPoll);
}

void DashboardSession::measureClock()
{
    const quint64 epoch = m_epoch;
    m_scheduler.beginRequest();
    m_client->measureClock(this, [this, epoch](const AdminResult<ClockOffset> &result) {
        if (epoch != m_epoch)
            return;
        if (result.ok()) {
            m_lastClockMeasure = m_localClock.monotonic();
            m_serverClock.observe(*result.value);
            Q_EMIT clockMeasured(*result.value);
        }
        finishRequest(result.error);
    });
}

void DashboardSession::fetchIdentity()
{
    const quint64 epoch = m_epoch;
    m_scheduler.beginRequest();
    m_client->whoami(this, [this, epoch](const AdminResult<AccessTokenInfo> &result) {
        if (epoch != m_epoch)
            return;
        if (result.ok()) {
            m_identityAsked = true;
            m_identity = *result.value;
            Q_EMIT identityChanged();
        } else if (result.error.kind == ClientError::Kind::NotFound) {
            m_identityAsked = true; // a server from before roles: one admin token, every action
        }
        finishRequest(result.error.kind == ClientError::Kind::NotFound ? ClientError {} : result.error);
    });
}

void DashboardSession::fetchEvents(int pagesLeft)
{
    const quint64 epoch = m_epoch;
    EventQuery query;
    query.after = m_eventCursor;
    query.limit = eventPageSize;
    if (m_eventCursor == 0) {
        if (!m_eventsSince.isValid())
            m_eventsSince = m_serverClock.now().addMSecs(-m_eventHistory.count());
        query.since = m_eventsSince;
    }
    m_scheduler.beginRequest();
    m_eventsInFlight = true;
    m_client->events(query, this, [this, epoch, pagesLeft](const AdminResult<EventPage> &result) {
        if (epoch != m_epoch)
            return;
        if (result.ok()) {
            const EventPage &page = *result.value;
            m_eventCursor = std::max(m_eventCursor, page.next);
            if (!page.events.isEmpty()) {
                m_events.appendEvents(page.events);
                m_usage.addEvents(page.events);
                for (const EventRecord &e : page.events) {
                    if (e.kind == EventKind::Granted && !e.seatId.isEmpty())
                        m_leases.noteGrant(e.seatId, e.time);
                }
                Q_EMIT eventsArrived(page.events);
            }
            if (page.events.size() >= eventPageSize && pagesLeft > 1) {
                // The next page joins the poll before this one leaves it, so the poll goes on.
                fetchEvents(pagesLeft - 1);
                m_scheduler.endRequest(true);
                return;
            }
            m_eventsLoaded = true;
        }
        m_eventsInFlight = false;
        finishRequest(result.error);
    });
}

void DashboardSession::loadEarlierEvents(const QDateTime &since)
{
    if (!m_client || !since.isValid() || (m_eventsSince.isValid() && since >= m_eventsSince))
        return;
    const quint64 epoch = m_epoch;
    const QDateTime until = m_eventsSince;
    m_eventsSince = since;
    // Pages go oldest first; collect them, then insert the lot in front of what is held.
    auto collected = std::make_shared<QList<EventRecord>>();
    auto fetch = std::make_shared<std::function<void(qint64)>>();
    *fetch = [this, epoch, since, until, collected, fetch](qint64 after) {
        EventQuery query;
        query.after = after;
        query.since = since;
        query.until = until;
        query.limit = eventPageSize;
        m_client->events(query, this, [this, epoch, collected, fetch](const AdminResult<EventPage> &result) {
            if (epoch != m_epoch)
                return;
            const qint64 firstHeld = m_events.firstSeq();
            bool more = false;
            if (result.ok()) {
                for (const EventRecord &e : result.value->events) {
                    if (firstHeld == 0 || e.seq < firstHeld)
                        *collected << e;
                }
                more = result.value->events.size() >= eventPageSize && collected->size() < m_events.capacity();
            }
            if (more) {
                (*fetch)(result.value->next);
                return;
            }
            m_events.prependEvents(*collected);
            m_usage.addEvents(*collected);
            for (const EventRecord &e : std::as_const(*collected)) {
                if (e.kind == EventKind::Granted && !e.seatId.isEmpty())
                    m_leases.noteGrant(e.seatId, e.time);
            }
            Q_EMIT earlierEventsLoaded();
            *fetch = nullptr; // breaks the self-reference
        });
    };
    (*fetch)(0);
}

void DashboardSession::finishRequest(const ClientError &error)
{
    if (error.isError() && !m_pollError.isError())
        m_pollError = error;
    m_scheduler.endRequest(!error.isError());
}

void DashboardSession::pollDone(bool ok)
{
    if (!ok) {
        m_lastError = m_pollError;
        if (m_lastError.kind == ClientError::Kind::Unauthorized && m_identity && !m_tokenRevoked) {
            // Accepted on this connection, refused now: revoked (or expired). Asking again would
            // only be refused again, so the dashboard stops and says so.
            m_tokenRevoked = true;
            m_scheduler.pause();
        }
        m_nextTryAt = m_tokenRevoked ? QDateTime() : m_localClock.now().addMSecs(retryDelay().count());
        setState(State::Failing);
        Q_EMIT pollFailed(m_lastError);
        return;
    }
    // Holders are applied only with a complete poll, so a half-failed poll never drops rows.
    QList<LeaseList> lists;
    for (const LeaseList &list : std::as_const(m_leaseReplies)) {
        if (!list.licenseId.isEmpty() && m_selected.contains(list.licenseId))
            lists << list;
    }
    m_leaseReplies.clear();
    applyLeaseLists(lists);
    const QStringList known = m_licenses.licenseIds();
    QStringList stillSelected;
    for (const QString &id : std::as_const(m_selected)) {
        if (known.contains(id))
            stillSelected << id;
    }
    if (stillSelected != m_selected) {
        m_selected = stillSelected;
        const QSet<QString> kept(stillSelected.cbegin(), stillSelected.cend());
        m_leases.retainLicenses(kept);
        dropDetails([&kept](const QString &id) { return kept.contains(id); });
    }
    noteDatabaseAnswered(serverUrl());
    m_lastError = {};
    m_nextTryAt = {};
    m_lastPollTime = m_localClock.now();
    setState(State::Connected);
    Q_EMIT polled();
}

void DashboardSession::armTick()
{
    // Tick just after each whole second of the server's clock, so every countdown changes together.
    const qint64 ms = m_serverClock.nowMs() % 1000;
    m_tickTimer.start(std::chrono::milliseconds {1000 - ms + 5});
}

void DashboardSession::onTick()
{
    if (m_visibleRows)
        m_leases.tickRows(m_visibleRows());
    else
        m_leases.tick();
    probeDuringBackoff();
    Q_EMIT ticked();
    armTick();
}

void DashboardSession::probeDuringBackoff()
{
    // The polls back off up to maxBackoff after failures; GET /v1/health needs no token and says
    // whether the database serves again, so the outage display ends when it does, not up to 30 s
    // later (walk 48, finding 7). A refused token or certificate is not waited out this way.
    if (!m_client || m_state != State::Failing || m_tokenRevoked || m_backoffProbeInFlight
        || m_lastError.kind == ClientError::Kind::Unauthorized || m_lastError.kind == ClientError::Kind::Tls
        || !m_nextTryAt.isValid()
        || m_localClock.now().msecsTo(m_nextTryAt) < 2000) // the poll itself comes soon enough
        return;
    // Every other tick of the once-a-second tick, so an unanswered probe is not followed by the next at once.
    if (++m_ticksSinceBackoffProbe < backoffProbeTicks)
        return;
    m_ticksSinceBackoffProbe = 0;
    m_backoffProbeInFlight = true;
    const quint64 epoch = m_epoch;
    m_client->health(this, [this, epoch](const AdminResult<QString> &result) {
        if (epoch != m_epoch)
            return;
        m_backoffProbeInFlight = false;
        if (result.ok() && m_state == State::Failing)
            m_scheduler.pollNow();
    });
}

} // namespace keyright
