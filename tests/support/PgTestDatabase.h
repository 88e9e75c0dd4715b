#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QUrl>

namespace keyright {

// A fresh, empty PostgreSQL database for one test, on the cluster whose admin URL is in
// KEYRIGHT_TEST_PG (scripts/with-postgres and scripts/run-tests start one), dropped again with
// the fixture. Tests running in parallel each get their own database, so they never see each
// other's rows.
//
// Without KEYRIGHT_TEST_PG, or when the cluster does not answer, isAvailable() is false and
// reason() says why: the PostgreSQL cases then skip locally, but fail where KEYRIGHT_REQUIRE_PG=1
// (the test command sets it), so that CI can never pass them by skipping. Use KEYRIGHT_REQUIRE_PG_OR_SKIP.
class PgTestDatabase
{
public:
    // On the cluster of KEYRIGHT_TEST_PG, or on the one whose admin URL is given (PgCluster).
    explicit PgTestDatabase(const QString &clusterUrl = adminUrl());
    ~PgTestDatabase();
    PgTestDatabase(const PgTestDatabase &) = delete;
    PgTestDatabase &operator=(const PgTestDatabase &) = delete;

    bool isAvailable() const { return m_available; }
    QString reason() const { return m_reason; }
    // True when KEYRIGHT_REQUIRE_PG=1: a missing PostgreSQL is a failure, not a skip.
    static bool required();

    // postgresql://postgres@127.0.0.1:PORT/NAME, the form keyright-server --database takes.
    QString url() const { return m_url.toString(); }
    QString name() const { return m_name; }
    // The cluster's admin URL (database "postgres"), empty when not configured.
    static QString adminUrl();

    // A superuser connection to this database, for tests that look at rows directly or poke at
    // the server behind its back. Opened on first use; the fixture closes it.
    QSqlDatabase connection();
    // Runs one statement on connection(); false (with the error in *error) when it failed.
    bool exec(const QString &sql, QString *error = nullptr);
    // Cuts every other session on this database (pg_terminate_backend), as a database restart or
    // a network cut would: what a store must survive. Returns how many were cut, -1 on error.
    int terminateOtherSessions();
    // Makes this database a copy of `source` (CREATE DATABASE ... TEMPLATE): the same rows again,
    // for a second run from where a test left them. Closes both fixtures' own connections; no
    // other session may be open on `source`.
    bool copyFrom(PgTestDatabase &source, QString *error = nullptr);

private:
    static QSqlDatabase open(const QUrl &url, const QString &connectionName, QString *error);
    void closeConnection();

    bool m_available = false;
    QString m_reason;
    QString m_name;
    QUrl m_url;
    QString m_adminConnection;
    QString m_connection;
};

} // namespace keyright

// Skips the test function when there is no PostgreSQL, or fails it when one is required.
#define KEYRIGHT_REQUIRE_PG_OR_SKIP(db)                                                                                \
    do {                                                                                                               \
        if (!(db).isAvailable()) {                                                                                     \
            if (keyright::PgTestDatabase::required())                                                                  \
                QFAIL(qPrintable(QStringLiteral("PostgreSQL required (KEYRIGHT_REQUIRE_PG=1) but ") + (db).reason())); \
            QSKIP(qPrintable((db).reason()));                                                                          \
        }                                                                                                              \
    } while (false)
