#include "PgTestDatabase.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <atomic>

namespace keyright {

namespace {

std::atomic<int> g_fixtures {0};

QString uniqueSuffix()
{
    return QStringLiteral("%1_%2_%3")
        .arg(QCoreApplication::applicationPid())
        .arg(g_fixtures.fetch_add(1))
        .arg(QRandomGenerator::global()->generate() & 0xffffff, 6, 16, QLatin1Char('0'));
}

} // namespace

QString PgTestDatabase::adminUrl()
{
    return qEnvironmentVariable("KEYRIGHT_TEST_PG");
}

bool PgTestDatabase::required()
{
    return qEnvironmentVariable("KEYRIGHT_REQUIRE_PG") == QLatin1String("1");
}

QSqlDatabase PgTestDatabase::open(const QUrl &url, const QString &connectionName, QString *error)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setUserName(url.userName());
    db.setDatabaseName(url.path().mid(1));
    db.setConnectOptions(QStringLiteral("connect_timeout=5"));
    if (!db.open() && error)
        *error = db.lastError().text();
    return db;
}

PgTestDatabase::PgTestDatabase(const QString &clusterUrl)
{
    const QString &admin = clusterUrl;
    if (admin.isEmpty()) {
        m_reason = QStringLiteral("no PostgreSQL for this test: KEYRIGHT_TEST_PG is not set "
                                  "(run it through scripts/with-postgres or scripts/run-tests)");
        return;
    }
    const QUrl adminUrl(admin);
    if (!adminUrl.isValid() || adminUrl.scheme() != QLatin1String("postgresql") || adminUrl.host().isEmpty()) {
        m_reason = QStringLiteral("KEYRIGHT_TEST_PG is not a postgresql:// URL: %1").arg(admin);
        return;
    }
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        m_reason = QStringLiteral("Qt's PostgreSQL driver QPSQL is missing (install libqt6sql6-psql)");
        return;
    }

    const QString suffix = uniqueSuffix();
    m_name = QStringLiteral("kr_test_%1").arg(suffix);
    m_adminConnection = QStringLiteral("pgtest-admin-%1").arg(suffix);
    m_connection = QStringLiteral("pgtest-%1").arg(suffix);

    QString error;
    QSqlDatabase db = open(adminUrl, m_adminConnection, &error);
    if (!db.isOpen()) {
        m_reason = QStringLiteral("PostgreSQL at %1 does not answer: %2").arg(admin, error);
        return;
    }
    QSqlQuery create(db);
    if (!create.exec(QStringLiteral("CREATE DATABASE %1").arg(m_name))) {
        m_reason = QStringLiteral("could not create database %1: %2").arg(m_name, create.lastError().text());
        return;
    }
    m_url = adminUrl;
    m_url.setPath(QLatin1Char('/') + m_name);
    m_available = true;
}

void PgTestDatabase::closeConnection()
{
    if (!m_connection.isEmpty() && QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

PgTestDatabase::~PgTestDatabase()
{
    closeConnection();
    if (m_adminConnection.isEmpty() || !QSqlDatabase::contains(m_adminConnection))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_adminConnection, false);
        if (m_available && db.isOpen()) {
            // FORCE: a server process the test killed may have left a session behind.
            QSqlQuery drop(db);
            if (!drop.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name)))
                qWarning("PgTestDatabase: could not drop %s: %s", qPrintable(m_name),
                         qPrintable(drop.lastError().text()));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(m_adminConnection);
}

QSqlDatabase PgTestDatabase::connection()
{
    if (!m_available)
        return {};
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            return db;
        db.open();
        return db;
    }
    QString error;
    QSqlDatabase db = open(m_url, m_connection, &error);
    if (!db.isOpen())
        qWarning("PgTestDatabase: cannot connect to %s: %s", qPrintable(m_name), qPrintable(error));
    return db;
}

bool PgTestDatabase::exec(const QString &sql, QString *error)
{
    QSqlQuery query(connection());
    if (query.exec(sql))
        return true;
    if (error)
        *error = query.lastError().text();
    return false;
}

bool PgTestDatabase::copyFrom(PgTestDatabase &source, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_available || !source.m_available)
        return fail(QStringLiteral("no PostgreSQL to copy in"));
    closeConnection();
    source.closeConnection();
    QSqlQuery admin(QSqlDatabase::database(m_adminConnection, false));
    if (!admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name)))
        return fail(admin.lastError().text());
    if (!admin.exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2").arg(m_name, source.m_name)))
        return fail(admin.lastError().text());
    return true;
}

int PgTestDatabase::terminateOtherSessions()
{
    QSqlQuery query(connection());
    if (!query.exec(QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
        || !query.next())
        return -1;
    return query.value(0).toInt();
}

} // namespace keyright
