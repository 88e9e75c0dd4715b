#pragma once

#include "AdminClient.h"
#include "DisputeReconstruction.h"
#include "EventLogModel.h"
#include "InstanceHealthModel.h"
#include "LeaseTableModel.h"
#include "LicenseDetails.h"
#include "LicenseListModel.h"
#include "PollScheduler.h"
#include "ReclaimDecision.h"
#include "ServerClockEstimate.h"
#include "TlsTrust.h"
#include "UsageSeries.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace keyright {

class Clock;

// One connection of the dashboard to a lease server: drives the polls through a PollScheduler
// (never two at once, the next one scheduled when the last one ends, backing off after errors),
// feeds the dashboard's one ServerClockEstimate, and feeds the models. Everything is asynchronous; nothing here
// blocks the thread it runs on.
class DashboardSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DashboardSession)

public:
    enum class State {
        Disconnected,
        Connecting, // no poll has succeeded yet on this server
        Connected,
        Failing, // the last poll failed; retrying with backoff
    };
    Q_ENUM(State)

    DashboardSession(QNetworkAccessManager &network, const Clock &localClock, QObject *parent = nullptr);
    ~DashboardSession() override;

    // Connects to another server: models are reset, polling starts at once. `label` is what the
    // status bar shows (a profile name).
    void connectTo(const QUrl &url, QByteArrayView adminToken, const QString &label = {});
    // A site of several instances on one database: polls go to whichever answers (AdminClient
    // moves on from one that fails), and each instance is probed for the health view. `tls`: the
    // authorities and confirmed certificates trusted for HTTPS instances beyond the system's.
    void connectTo(const QList<QUrl> &urls, QByteArrayView adminToken, const QString &label = {},
                   const TlsTrust &tls = {});
    void disconnectFromServer();
    // A person confirmed the certificate an instance presented (certificateNeedsTrust): it is
    // trusted on this connection from now on, and the poll runs again at once.
    void trustCertificate(const QUrl &instance, const QString &fingerprint);

    // The instance that answered last (the first configured before any answered).
    QUrl serverUrl() const;
    QList<QUrl> serverUrls() const { return m_urls; }
    // Each instance up or down, round trip, clock offset, replica id, last error.
    InstanceHealthModel &instanceHealth() { return m_health; }
    const InstanceHealthModel &instanceHealth() const { return m_health; }
    int instanceCount() const { return int(m_urls.size()); }
    int instancesUp() const { return m_health.upCount(); }
    // Instances that answer but cannot reach their database (503 database_unavailable).
    int instancesWithoutDatabase() const { return m_health.databaseDownCount(); }
    // GET /v1/stats of one instance of the site (the Fleet page asks each), which also updates
    // its row in instanceHealth(): a page that learns the database is back says it everywhere.
    void statsOfInstance(const QUrl &instance, QObject *context,
                         std::function<void(const AdminResult<StatsSnapshot> &)> done);
    // How often every instance is probed (GET /v1/time and /v1/stats each); 0: with every poll.
    void setHealthInterval(std::chrono::milliseconds interval);
    QString serverLabel() const { return m_label; }
    // The admin client of the current connection (nullptr when disconnected). It changes with
    // every connectTo(): listen to clientChanged().
    AdminClient *client() const { return m_client.get(); }
    QNetworkAccessManager &network() const { return m_network; }
    const Clock &localClock() const { return m_localClock; }
    // The server's "now" as the dashboard knows it; the simulator reads and feeds it too.
    ServerClockEstimate &serverClock() { return m_serverClock; }
    const ServerClockEstimate &serverClock() const { return m_serverClock; }
    std::optional<ClockOffset> clockOffset() const { return m_serverClock.offset(); }

    void setPollInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds pollInterval() const { return m_scheduler.interval(); }
    void setMaxBackoff(std::chrono::milliseconds backoff);
    void setClockMeasureInterval(std::chrono::milliseconds interval);
    // Polls now (and after an error, retries now instead of waiting out the backoff).
    void refresh();

    State state() const { return m_state; }
    ClientError lastError() const { return m_lastError; }
    // An error for a person, in the interface's language. A code of the v1 API the dashboard knows
    // (errorcode::) is said in a sentence of its own, the server's words after it as detail.
    static QString describeError(const ClientError &error);
    // That sentence alone; empty for a code the dashboard does not know (or none).
    static QString errorSentence(const ClientError &error);
    // The last error for a person: describeError(), or "token revoked" when the server stopped
    // accepting a token it had accepted on this connection.
    QString lastErrorText() const;

    // Who the token speaks for (GET /v1/whoami, asked with the first poll of a connection);
    // nullopt until known, and for a server without roles, where every action is offered.
    std::optional<AccessTokenInfo> identity() const { return m_identity; }
    // The server refused a token it had accepted on this connection (revoked or expired). Polling
    // stops there: every further request would be refused the same way. refresh() tries again.
    bool isTokenRevoked() const { return m_tokenRevoked; }
    QDateTime lastPollTime() const { return m_lastPollTime; } // on the local clock
    std::chrono::milliseconds lastRoundTrip() const { return m_roundTrip; }
    int failureCount() const { return m_scheduler.failureCount(); }
    std::chrono::milliseconds retryDelay() const { return m_scheduler.retryDelay(); }
    // When the next poll after a failed one is due, on the local clock (invalid when polling is
    // not failing or is stopped).
    QDateTime nextTryAt() const { return m_nextTryAt; }
    bool isPollInFlight() const { return m_scheduler.isInFlight(); }

    void setSelectedLicenses(const QStringList &licenseIds);
    QStringList selectedLicenses() const { return m_selected; }

    LicenseListModel &licenses() { return m_licenses; }
    LeaseTableModel &leases() { return m_leases; }
    // What the last poll of a selected license said beyond its holder rows: its seat rules, the
    // server's groups, its waiting line and its seats split by seatUsage(). nullptr while the
    // license is not polled (not selected); licenseDetailsChanged() says when it changes.
    const LicenseDetails *licenseDetails(const QString &licenseId) const;
    // The license's seats and waiting line as idle reclaim sees them (core's ReclaimState), from its
    // last listing, on the estimated server clock: every lease row with its last activity (marks are
    // not listed: unmarked), the tickets still waiting, in line order. Empty when the license is not
    // polled.
    std::optional<ReclaimState> reclaimState(const QString &licenseId) const;
    QStringList detailedLicenses() const { return m_details.keys(); }
    // A poll's lease listings, as a complete poll applies them: the licenses' details, then the
    // holder rows (LeaseTableModel::applyPoll). Public for what feeds listings without a server
    // (the dashboard benchmark, widget tests).
    void applyLeaseLists(const QList<LeaseList> &lists);
    EventLogModel &events() { return m_events; }
    const UsageSeriesBuilder &usage() const { return m_usage; }
    // A license's seat rules and the server's groups as its last lease listing gave them: what the
    // dispute view assumes held at a denial no rules change explains. nullopt until listed;
    // fetchCurrentRules() lists a license the Seats page does not poll (currentRulesChanged).
    std::optional<CurrentSeatRules> currentRules(const QString &licenseId) const;
    void fetchCurrentRules(const QString &licenseId);
    // Asks for a license's seat rules alone (its rules, not its lease listing), for what needs
    // only them (the holder groups dialog): licenseRulesFetched().
    void fetchLicenseRules(const QString &licenseId);

    // How far back the events go: a backfill of `eventHistory` at connection, then every new one.
    void setEventHistory(std::chrono::milliseconds history);
    QDateTime eventsLoadedSince() const { return m_eventsSince; }
    bool eventsLoaded() const { return m_eventsLoaded; }
    // Loads the events between `since` and the oldest held (the Events view asks for an older range).
    void loadEarlierEvents(const QDateTime &since);

    // The countdown ticks once a second; at scale the view says which source rows it shows.
    void setVisibleRowsProvider(std::function<QList<int>()> provider);

Q_SIGNALS:
    void stateChanged(keyright::DashboardSession::State state);
    void clientChanged(keyright::AdminClient *client);
    void polled();
    void pollFailed(const keyright::ClientError &error);
    void clockMeasured(const keyright::ClockOffset &offset);
    void identityChanged();
    void eventsArrived(const QList<keyright::EventRecord> &events);
    void earlierEventsLoaded();
    void ticked();
    // An instance's row in instanceHealth() changed (up, down, refused, another one answering).
    void instancesChanged();
    // An instance's GET /v1/stats answered (or failed) for the health view's own probes, the
    // Fleet page can count from the same answers.
    void instanceStatsArrived(const QUrl &instance, const keyright::AdminResult<keyright::StatsSnapshot> &result);
    void currentRulesChanged(const QString &licenseId);
    void licenseRulesFetched(const QString &licenseId, const keyright::SeatRules &rules);
    // An HTTPS instance presented a certificate no authority vouches for: the window may ask the
    // person to compare its fingerprint and trust it (trustCertificate). Once per certificate and
    // connection.
    void certificateNeedsTrust(const QUrl &instance, const QString &fingerprint, const QString &problem);
    // licenseDetails() changed for these licenses (a poll, or they are no longer polled).
    void licenseDetailsChanged(const QStringList &licenseIds);

private:
    void poll();
    void measureClock();
    void fetchIdentity();
    void fetchEvents(int pagesLeft);
    void finishRequest(const ClientError &error);
    void pollDone(bool ok);
    void setState(State state);
    void armTick();
    void probeInstances();
    void noteInstanceStats(const QUrl &instance, const AdminResult<StatsSnapshot> &result);
    // A poll that needs the database was answered by `instance`: its database is back.
    void noteDatabaseAnswered(const QUrl &instance);
    void askDatabaseOf(const QUrl &instance);
    // Asks every other instance without its database whether it has it back.
    void askDatabaseOfOthers(const QUrl &answered);
    void probeDuringBackoff();
    void syncInstances();
    void onTick();
    // Forgets the details of licenses no longer polled (every one without `keep`).
    void dropDetails(const std::function<bool(const QString &licenseId)> &keep);

    QNetworkAccessManager &m_network;
    const Clock &m_localClock;
    ServerClockEstimate m_serverClock;
    std::unique_ptr<AdminClient> m_client;
    QList<QUrl> m_urls;
    QString m_label;
    QSet<QString> m_certificatesAsked; // "instance fingerprint", on this connection
    InstanceHealthModel m_health;
    std::chrono::milliseconds m_healthInterval {10000};
    std::optional<std::chrono::milliseconds> m_lastProbe; // local monotonic
    // While polls back off: GET /v1/health every this many ticks (seconds) asks whether the server
    // serves again.
    static constexpr int backoffProbeTicks = 2;
    int m_ticksSinceBackoffProbe = backoffProbeTicks;
    bool m_backoffProbeInFlight = false;
    QSet<QUrl> m_databaseAsked; // askDatabaseOf in flight

    LicenseListModel m_licenses;
    LeaseTableModel m_leases;
    EventLogModel m_events;
    UsageSeriesBuilder m_usage;
    QHash<QString, LicenseDetails> m_details; // polled licenses only
    QHash<QString, CurrentSeatRules> m_currentRules;
    QSet<QString> m_rulesFetches; // in flight
    QSet<QString> m_licenseRulesFetches; // in flight

    PollScheduler m_scheduler;
    QTimer m_tickTimer;
    std::chrono::milliseconds m_clockInterval {30000};
    std::chrono::milliseconds m_eventHistory {std::chrono::hours {24}};
    std::chrono::milliseconds m_roundTrip {0};
    std::optional<std::chrono::milliseconds> m_lastClockMeasure; // local monotonic

    State m_state = State::Disconnected;
    ClientError m_lastError;
    std::optional<AccessTokenInfo> m_identity;
    bool m_identityAsked = false; // on this connection
    bool m_tokenRevoked = false;
    ClientError m_pollError;
    QDateTime m_lastPollTime;
    QDateTime m_nextTryAt;
    quint64 m_epoch = 0; // bumped per connection, so a late answer from the previous server is ignored
    std::chrono::milliseconds m_pollStarted {0};
    QStringList m_selected;
    QList<LeaseList> m_leaseReplies;

    qint64 m_eventCursor = 0;
    QDateTime m_eventsSince;
    bool m_eventsLoaded = false;
    bool m_eventsInFlight = false;
    std::function<QList<int>()> m_visibleRows;
};

} // namespace keyright
