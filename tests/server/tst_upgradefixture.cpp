#include "LeaseJson.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "PgTestDatabase.h"
#include "ServerProcess.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "store/SqliteLeaseStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// Upgrades keep every seat: stores written by keyright-server at commit eeee14c (SQLite schema 8,
// PostgreSQL 9; tests/fixtures/upgrade, made by make-fixture.sh there) are migrated by today's
// server, which then lists every license, seat, group, rule, token, ticket and event the old one
// answered, verifies the old leases with the old key and renews them. The fixture's leases were
// signed in the past: the server's clock is set to a moment when they are live. A store newer
// than this server is refused, naming the versions, on both stores.
class TestUpgradeFixture : public QObject
{
    Q_OBJECT

private slots:
    void sqliteStoreKeepsEverySeat();
    void olderBackupRestoredThenMigrated();
    void postgresDumpKeepsEverySeat();
    void newerSqliteStoreRefused();
    void newerPostgresStoreRefused();
};

namespace {

const QString fixtureDir = QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/tests/fixtures/upgrade/"_s;

QJsonObject readJson(const QString &name)
{
    QFile file(fixtureDir + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool copyPrivate(const QString &from, const QString &to)
{
    return QFile::copy(from, to) && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
}

// A data directory with the fixture's key and admin token (and its SQLite store, when asked).
bool prepareDataDir(const QString &dir, bool withStore)
{
    return copyPrivate(fixtureDir + u"signing.key"_s, dir + u"/signing.key"_s)
        && copyPrivate(fixtureDir + u"admin-token"_s, dir + u"/admin-token"_s)
        && (!withStore || copyPrivate(fixtureDir + u"store-v8.sqlite"_s, dir + u"/keyright.sqlite"_s));
}

// A moment when every lease of the fixture is live: ten minutes after the latest was signed.
QDateTime liveMoment(const QJsonObject &expected)
{
    qint64 latestIssue = 0;
    const QJsonObject leases = expected.value("leases"_L1).toObject();
    for (const QString &license : leases.keys()) {
        for (const QJsonValue &row : leases.value(license).toObject().value("leases"_L1).toArray())
            latestIssue = std::max(latestIssue, msOf(row.toObject().value("issuedAt"_L1)));
    }
    return QDateTime::fromMSecsSinceEpoch(latestIssue + 10 * 60 * 1000, Qt::UTC);
}

// Loads a plain pg_dump file into `db` with psql; false with its output.
bool loadDump(PgTestDatabase &db, const QString &file, QString *output)
{
    QProcess psql;
    psql.setProcessChannelMode(QProcess::MergedChannels);
    psql.start(
        u"psql"_s,
        {u"--quiet"_s, u"--no-psqlrc"_s, u"-v"_s, u"ON_ERROR_STOP=1"_s, u"--dbname"_s, db.url(), u"--file"_s, file});
    const bool done = psql.waitForFinished(60'000);
    *output = QString::fromUtf8(psql.readAll());
    return done && psql.exitStatus() == QProcess::NormalExit && psql.exitCode() == 0;
}

QSet<QString> namesIn(const QJsonArray &array, const QStringList &members)
{
    QSet<QString> names;
    for (const QJsonValue &value : array) {
        QStringList parts;
        for (const QString &member : members)
            parts.append(value.toObject().value(member).toVariant().toString());
        names.insert(parts.join(u" | "_s));
    }
    return names;
}

// Everything the old server answered is still there, the leases verify and renew.
void checkEverythingKept(TestServer &server, ManualClock &clock, const QJsonObject &expected,
                         const QJsonObject &secrets)
{
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    QFile keyFile(fixtureDir + u"public-key.txt"_s);
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    const auto verifier = LeaseVerifier::fromBase64(keyFile.readAll().trimmed());
    QVERIFY(verifier);
    QCOMPARE(server.verifier().publicKey(), verifier->publicKey());

    const auto licenses = http.get(u"/v1/licenses"_s, admin);
    QCOMPARE(licenses.status, 200);
    const QStringList licenseMembers {u"id"_s,         u"name"_s,        u"seatCount"_s,
                                      u"ttlSeconds"_s, u"skewSeconds"_s, u"reapGraceSeconds"_s};
    QCOMPARE(namesIn(licenses.json().value("licenses"_L1).toArray(), licenseMembers),
             namesIn(expected.value("licenses"_L1).toObject().value("licenses"_L1).toArray(), licenseMembers));

    const QStringList leaseMembers {u"seatId"_s,    u"holder"_s,     u"issuedAt"_s,
                                    u"expiresAt"_s, u"generation"_s, u"signature"_s};
    const QJsonObject expectedLeases = expected.value("leases"_L1).toObject();
    for (const QString &license : expectedLeases.keys()) {
        const auto now = http.get(u"/v1/licenses/%1/leases"_s.arg(license), admin);
        QCOMPARE(now.status, 200);
        const QJsonObject before = expectedLeases.value(license).toObject();
        QCOMPARE(namesIn(now.json().value("leases"_L1).toArray(), leaseMembers),
                 namesIn(before.value("leases"_L1).toArray(), leaseMembers));
        QCOMPARE(namesIn(now.json().value("blocks"_L1).toArray(), {u"holder"_s, u"until"_s, u"reason"_s}),
                 namesIn(before.value("blocks"_L1).toArray(), {u"holder"_s, u"until"_s, u"reason"_s}));
        QCOMPARE(namesIn(now.json().value("queue"_L1).toArray(), {u"ticketId"_s, u"holder"_s, u"state"_s}),
                 namesIn(before.value("queue"_L1).toArray(), {u"ticketId"_s, u"holder"_s, u"state"_s}));
        const QByteArray key
            = "License " + secrets.value("licenseKeys"_L1).toObject().value(license).toString().toLatin1();
        for (const QJsonValue &value : now.json().value("leases"_L1).toArray()) {
            const QJsonObject row = value.toObject();
            ValidationError why;
            const auto lease = leaseFromJson(row, &why);
            QVERIFY2(lease, qPrintable(why.message));
            QVERIFY2(verifier->verify(*lease), qPrintable(u"the old lease of %1 does not verify"_s.arg(lease->seatId)));
            if (!row.value("live"_L1).toBool())
                continue;
            clock.advance(1s);
            const auto renewed
                = http.post(u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(license, lease->seatId), {}, key);
            QCOMPARE(renewed.status, 200);
            const auto fresh = leaseFromJson(renewed.json().value("lease"_L1));
            QVERIFY(fresh);
            QVERIFY(fresh->expiresAt > lease->expiresAt);
            QVERIFY(verifier->verify(*fresh));
        }
    }

    const auto groups = http.get(u"/v1/groups"_s, admin);
    QCOMPARE(groups.status, 200);
    QCOMPARE(groups.json().value("groups"_L1), expected.value("groups"_L1).toObject().value("groups"_L1));
    const QJsonObject expectedRules = expected.value("rules"_L1).toObject();
    for (const QString &license : expectedRules.keys()) {
        const auto rules = http.get(u"/v1/licenses/%1/rules"_s.arg(license), admin);
        QCOMPARE(rules.status, 200);
        const QJsonObject before = expectedRules.value(license).toObject().value("rules"_L1).toObject();
        const QJsonObject now = rules.json().value("rules"_L1).toObject();
        for (const QString &member : before.keys())
            QCOMPARE(now.value(member), before.value(member));
    }

    const auto tokens = http.get(u"/v1/tokens"_s, admin);
    QCOMPARE(tokens.status, 200);
    // The named tokens as they were (the bootstrap one is the admin-token file, installed afresh at
    // every start).
    const QStringList tokenMembers {u"name"_s, u"role"_s, u"createdAt"_s, u"expiresAt"_s};
    QSet<QString> tokensNow = namesIn(tokens.json().value("tokens"_L1).toArray(), tokenMembers);
    QSet<QString> tokensBefore
        = namesIn(expected.value("tokens"_L1).toObject().value("tokens"_L1).toArray(), tokenMembers);
    for (QSet<QString> *set : {&tokensNow, &tokensBefore})
        set->removeIf([](const QString &token) { return token.startsWith(u"bootstrap |"_s); });
    QCOMPARE(tokensNow, tokensBefore);
    QCOMPARE(tokensBefore.size(), 2);
    // The old tokens still open the door.
    for (const QString &name : secrets.value("tokens"_L1).toObject().keys()) {
        const auto whoami = http.get(
            u"/v1/whoami"_s, "Bearer " + secrets.value("tokens"_L1).toObject().value(name).toString().toLatin1());
        QCOMPARE(whoami.status, 200);
        QCOMPARE(whoami.json().value("name"_L1).toString(), name);
    }

    const auto events = http.get(u"/v1/events?limit=1000"_s, admin);
    QCOMPARE(events.status, 200);
    const QStringList eventMembers {u"seq"_s, u"time"_s, u"kind"_s, u"licenseId"_s, u"seatId"_s, u"holder"_s};
    const QSet<QString> kept = namesIn(events.json().value("events"_L1).toArray(), eventMembers);
    const QSet<QString> before
        = namesIn(expected.value("events"_L1).toObject().value("events"_L1).toArray(), eventMembers);
    QVERIFY(!before.isEmpty());
    for (const QString &event : before)
        QVERIFY2(kept.contains(event), qPrintable(u"event lost in the upgrade: "_s + event));
}

void setVersion(QSqlDatabase db, int version)
{
    QSqlQuery query(db);
    QVERIFY(query.exec(u"UPDATE schema_version SET version = %1"_s.arg(version)));
}

} // namespace

void TestUpgradeFixture::sqliteStoreKeepsEverySeat()
{
    QTemporaryDir dir;
    QVERIFY(prepareDataDir(dir.path(), true));
    const QJsonObject expected = readJson(u"expected-sqlite.json"_s);
    QVERIFY(!expected.isEmpty());
    ManualClock clock(liveMoment(expected));
    TestServer server(
        TestServer::Options {.clock = &clock, .dataDir = dir.path(), .reapInterval = 0s, .usageInterval = 0ms});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    checkEverythingKept(server, clock, expected, readJson(u"secrets-sqlite.json"_s));
}

// keyright-server restore takes a backup of an older schema as it is; the next start migrates it.
void TestUpgradeFixture::olderBackupRestoredThenMigrated()
{
    QTemporaryDir dir;
    QVERIFY(prepareDataDir(dir.path(), false));
    QString output;
    QCOMPARE(ServerProcess::run(
                 {u"restore"_s, u"--data-dir"_s, dir.path(), u"--from"_s, fixtureDir + u"store-v8.sqlite"_s}, &output),
             0);
    const int newest = int(server::SqliteLeaseStore::dialect().migrations.size());
    QVERIFY2(output.contains(u"migrates it from schema version 8 to %1"_s.arg(newest)), qPrintable(output));
    const QJsonObject expected = readJson(u"expected-sqlite.json"_s);
    ManualClock clock(liveMoment(expected));
    TestServer server(
        TestServer::Options {.clock = &clock, .dataDir = dir.path(), .reapInterval = 0s, .usageInterval = 0ms});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    checkEverythingKept(server, clock, expected, readJson(u"secrets-sqlite.json"_s));
}

void TestUpgradeFixture::postgresDumpKeepsEverySeat()
{
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    QString output;
    QVERIFY2(loadDump(db, fixtureDir + u"store-v9.sql"_s, &output), qPrintable(output));
    QTemporaryDir dir;
    QVERIFY(prepareDataDir(dir.path(), false));
    const QJsonObject expected = readJson(u"expected-pg.json"_s);
    QVERIFY(!expected.isEmpty());
    ManualClock clock(liveMoment(expected));
    TestServer server(TestServer::Options {
        .clock = &clock, .dataDir = dir.path(), .reapInterval = 0s, .databaseUrl = db.url(), .usageInterval = 0ms});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    checkEverythingKept(server, clock, expected, readJson(u"secrets-pg.json"_s));
}

void TestUpgradeFixture::newerSqliteStoreRefused()
{
    QTemporaryDir dir;
    QVERIFY(prepareDataDir(dir.path(), true));
    const int newest = int(server::SqliteLeaseStore::dialect().migrations.size());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"newer"_s);
        db.setDatabaseName(dir.filePath(u"keyright.sqlite"_s));
        QVERIFY(db.open());
        setVersion(db, newest + 1);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"newer"_s);
    ManualClock clock(liveMoment(readJson(u"expected-sqlite.json"_s)));
    TestServer server(
        TestServer::Options {.clock = &clock, .dataDir = dir.path(), .reapInterval = 0s, .usageInterval = 0ms});
    QString error;
    QVERIFY(!server.start(&error));
    QVERIFY2(
        error.contains(u"schema version %1, newer than this server understands (%2)"_s.arg(newest + 1).arg(newest)),
        qPrintable(error));
}

void TestUpgradeFixture::newerPostgresStoreRefused()
{
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    QString output;
    QVERIFY2(loadDump(db, fixtureDir + u"store-v9.sql"_s, &output), qPrintable(output));
    QString error;
    QVERIFY2(db.exec(u"UPDATE schema_version SET version = 1000"_s, &error), qPrintable(error));
    QTemporaryDir dir;
    QVERIFY(prepareDataDir(dir.path(), false));
    ManualClock clock(liveMoment(readJson(u"expected-pg.json"_s)));
    TestServer server(TestServer::Options {
        .clock = &clock, .dataDir = dir.path(), .reapInterval = 0s, .databaseUrl = db.url(), .usageInterval = 0ms});
    QVERIFY(!server.start(&error));
    QVERIFY2(error.contains(u"schema version 1000, newer than this server understands"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestUpgradeFixture)
#include "tst_upgradefixture.moc"
