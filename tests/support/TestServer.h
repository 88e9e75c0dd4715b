#pragma once

#include "FaultProxy.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "PgTestDatabase.h"
#include "StoreUnderTest.h"
#include "wire/EventRecord.h"

#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace keyright {

class Clock;
namespace server {
class LeaseServer;
struct ServerConfig;
} // namespace server

// The real lease server in this process, on a free loopback port and a data directory of its
// own, reading a clock the test moves, with its admin token at hand and a small synchronous admin
// client for setting up licenses and reading back what the server counts. Every wait is bounded.
//
// This is the one way tests above the server layer (client, models, ui) reach keyright_server:
// this header names no server type beyond a forward declaration, and keyright_testserver links
// the server privately. Server-layer tests, which link keyright_server themselves, may reach
// inside through leaseServer().
class TestServer
{
public:
    struct Options
    {
        // The clock the server reads. Null: the fixture's own ManualClock, clock().
        const Clock *clock = nullptr;
        // Null string: a fresh temporary directory, removed with the fixture. A directory the
        // test names outlives the fixture, so a second TestServer can start on it.
        // The braces keep GCC's -Wmissing-field-initializers quiet when a designated initializer leaves
        // it out.
        QString dataDir {};
        // Add the demo licenses (and their keys in demo-keys/) when absent.
        bool demo = false;
        // The periodic reaper runs on real time; 0 turns it off. The tests move the server's clock
        // themselves and sweep (or reap through the API) when they mean to.
        std::chrono::seconds reapInterval = std::chrono::hours {1};
        // A FaultProxy in front of the server, for tests that cut, drop or tamper with traffic.
        bool faultProxy = false;
        // Serve from this PostgreSQL database (PgTestDatabase::url()) instead of the SQLite file in
        // the data directory. Empty: SQLite, unless onPostgres() says the whole test runs on
        // PostgreSQL, where the fixture makes a fresh database of its own.
        QString databaseUrl {};
        // How often the server closes usage buckets (ServerConfig::usageInterval), on real time;
        // 0 turns the timer off and the test closes them itself (LeaseServer::usageCloser()).
        std::chrono::milliseconds usageInterval {20'000};
        // How often the server evaluates its alert rules (ServerConfig::alertInterval), on real
        // time; 0 turns the timer off and the test evaluates them itself (evaluateAlerts()).
        std::chrono::milliseconds alertInterval {15'000};
        // Server-layer tests only: changes the configuration after the fixture filled it in (the
        // LDAP settings of tst_ldapgroups), before each start.
        std::function<void(server::ServerConfig &)> configure {};
    };

    // True when KEYRIGHT_TEST_STORE=postgres: the second ctest registration of a server contract
    // test (tst_leaseserver_postgres, ...) runs the same cases on PostgreSQL.
    static bool onPostgres();

    TestServer();
    explicit TestServer(Options options);
    ~TestServer();
    TestServer(const TestServer &) = delete;
    TestServer &operator=(const TestServer &) = delete;

    // Starts the server and reads its admin token and public key (GET /v1/public-key). After
    // stop(), starts a new server on the same data directory and port, as an operator restarting
    // a stopped server would; the proxy keeps pointing at it.
    bool start(QString *error);
    // Why this fixture cannot start here (the PostgreSQL it should use is not there); empty when
    // it can. KEYRIGHT_REQUIRE_STORE_OR_SKIP turns it into a skip, or a failure in CI.
    QString unavailableReason() const;
    // The PostgreSQL database the fixture made for itself (onPostgres()), else null.
    PgTestDatabase *database() { return m_database.get(); }
    void stop();
    bool isRunning() const;

    // The fixture's own clock; only when Options::clock was null.
    ManualClock &clock();
    QUrl url() const;
    quint16 port() const;
    QString dataDir() const;
    QByteArray adminToken() const { return m_adminToken; }
    QByteArray adminAuthorization() const { return "Bearer " + m_adminToken; }
    LeaseVerifier verifier() const { return *m_verifier; }
    QString demoKeyDirectory() const;

    // Only with Options::faultProxy.
    FaultProxy &proxy();
    QUrl proxyUrl() const;

    // The running server itself, for server-layer tests that reach inside (reaper, stats, store).
    // A restart replaces it.
    server::LeaseServer &leaseServer();

    // PUT /v1/licenses/{id}; returns the new license key (empty on failure).
    QByteArray createLicense(const QString &licenseId, int seatCount, std::chrono::seconds ttl,
                             std::chrono::seconds skew, std::chrono::seconds reapGrace);
    // GET /v1/licenses/{id}/leases.
    QJsonObject leases(const QString &licenseId);
    // Leases the server counts (live) for one holder.
    QList<QJsonObject> liveLeasesOf(const QString &licenseId, const QString &holder);
    // The row for one seat, live or not; empty when the server has none.
    QJsonObject leaseRow(const QString &licenseId, const QString &seatId);
    // POST .../revoke; true on 204.
    bool revoke(const QString &licenseId, const QString &seatId, std::chrono::seconds block = {});

    // Closes every usage bucket that is due on the server's clock now (the closer's periodic work,
    // done at once: UsageCloser::closeDue); returns the buckets written, -1 without a closer.
    int closeUsage();
    // One evaluation of the alert rules now; the alert_fired and alert_resolved events it recorded.
    QList<EventRecord> evaluateAlerts();

    // One admin request, waited for; status 0 when it did not complete.
    QJsonObject adminCall(const QByteArray &verb, const QString &path, const QJsonObject &body = {},
                          int *status = nullptr);

private:
    Options m_options;
    std::unique_ptr<PgTestDatabase> m_database; // outlives m_server: declared first
    ManualClock m_ownClock;
    std::optional<QTemporaryDir> m_tempDir;
    QString m_dataDir;
    quint16 m_port = 0; // 0 until the first start() picked one
    std::unique_ptr<server::LeaseServer> m_server;
    std::unique_ptr<FaultProxy> m_proxy;
    QNetworkAccessManager m_network;
    QByteArray m_adminToken;
    std::optional<LeaseVerifier> m_verifier;
};

} // namespace keyright

// Skips the test function when its fixture's store is not available (PostgreSQL runs without a
// cluster), or fails it where KEYRIGHT_REQUIRE_PG=1.
#define KEYRIGHT_REQUIRE_STORE_OR_SKIP(fixture)                                                                        \
    do {                                                                                                               \
        const QString keyrightWhyNot = (fixture).unavailableReason();                                                  \
        if (!keyrightWhyNot.isEmpty()) {                                                                               \
            if (keyright::PgTestDatabase::required())                                                                  \
                QFAIL(                                                                                                 \
                    qPrintable(QStringLiteral("PostgreSQL required (KEYRIGHT_REQUIRE_PG=1) but ") + keyrightWhyNot));  \
            QSKIP(qPrintable(keyrightWhyNot));                                                                         \
        }                                                                                                              \
    } while (false)
