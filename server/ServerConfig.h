#pragma once

#include "AlertRules.h"
#include "alerts/SmtpSettings.h"
#include "http/HttpLimits.h"
#include "ldap/LdapSettings.h"
#include "usage/UsageCloser.h"

#include <QHostAddress>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <chrono>

namespace keyright::server {

// How a lease server is started: by main.cpp from the command line, by tests and by the
// dashboard's embedded server.
struct ServerConfig
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 7400; // 0 picks any free port; LeaseServer::port() tells which
    QString dataDir;
    bool demo = false; // add the demo licenses when absent
    // Hold a lock file in dataDir while serving (keyright-server does): a second server started on
    // the same directory is refused at once, naming the directory and the process that holds it.
    // Off for servers a test or the dashboard runs in one process.
    bool lockDataDir = false;
    std::chrono::seconds reapInterval {30};
    int eventRetentionDays = 90;
    // Usage history (docs/STATS.md, "Usage history"): retention per resolution and the true-denial
    // window; buckets are closed every usageInterval (0: only when a test calls the closer).
    UsageSettings usage;
    std::chrono::milliseconds usageInterval {20'000};
    // How often the alert rules are evaluated (issue 29; 0: only when a test calls the evaluator).
    std::chrono::milliseconds alertInterval {15'000};
    // How often due alert deliveries are claimed and sent (0: only when a test calls the deliverer).
    std::chrono::milliseconds alertDeliveryInterval {2'000};
    // How long a firing alert's condition must be clear before it resolves (core's alertClearMs;
    // only a test changes it, with the hidden --test-alert-clear-ms).
    std::chrono::milliseconds alertClearTime {alertClearMs};
    QString tlsCert; // PEM files; both or neither
    QString tlsKey;
    bool insecureHttp = false; // allow plain HTTP on a non-loopback address (and to peers elsewhere)
    HttpLimits http; // connection caps, header/body/buffer limits and timeouts of the front end

    // Usage statistics anti-entropy (docs/STATS.md): pull each peer's GET /v1/stats every
    // peerInterval and merge it. The tokens sent to the peers come from peerTokenFiles: one file
    // for every peer, or one per peer in the same order.
    QList<QUrl> peers;
    QStringList peerTokenFiles;
    std::chrono::milliseconds peerInterval {5000};

    // PostgreSQL instead of the SQLite file in dataDir, so that several instances serve one set of
    // licenses (docs/DEPLOYMENT.md): a libpq URI postgresql://user@host:port/dbname, never with a
    // password. The password comes from databasePasswordFile (mode 0600) when given, else from
    // libpq's PGPASSFILE or ~/.pgpass.
    QString databaseUrl;
    QString databasePasswordFile;
    // Refuse to start unless the database's commits are synchronous (a synchronous standby is named
    // and synchronous_commit is on or remote_apply): with a replicated database, what an instance
    // acknowledges must survive the primary's death (docs/DEPLOYMENT.md, "A database without a
    // single point of failure"). Without it, such a database only draws a warning.
    bool requireSynchronousCommit = false;
    // Holder groups from LDAP (issue 28, docs/DEPLOYMENT.md): off without a URL and a group.
    LdapSettings ldap;
    // Alert mail over SMTP (issue 29, docs/DEPLOYMENT.md "Alert mail"): off without a URL.
    SmtpSettings smtp;
    // Tests only (the hidden --test-clock-offset-ms): this instance's own wall clock runs this far
    // ahead (negative: behind), as a machine's clock would. With PostgreSQL no liveness decision
    // may notice, since they all take the database's clock.
    std::chrono::milliseconds testClockOffset {0};
    // Tests in one process only (TestServer): the seat logic reads the clock LeaseServer was given
    // even on PostgreSQL, so that a server contract test can move its ManualClock there too.
    // main.cpp never clears it: a real instance always takes the database's clock.
    bool seatClockFromDatabase = true;
};

} // namespace keyright::server
