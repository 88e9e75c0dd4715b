#include "HttpBurst.h"
#include "KeepAliveClient.h"
#include "PgTestDatabase.h"
#include "ServeEventLoop.h"
#include "ServerProcess.h"
#include "TestCertificates.h"
#include "TestHttp.h"
#include "store/SqliteBackup.h"
#include "store/SqliteLeaseStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <sys/stat.h>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using keyright::server::SqliteBackup;

// keyright-server backup and restore (docs/DEPLOYMENT.md, "Backup and restore"), with the real
// binary: a backup taken by the running server while 50 clients renew keeps every renewal
// acknowledged before it started; one taken from the file of a stopped server; the signing key
// only when asked for; files 0600; restore refused for a running server and for a file that is
// not a whole store of a schema this server knows, changing nothing; the key restored only when
// asked for.
class TestStoreBackup : public QObject
{
    Q_OBJECT

private slots:
    void backupUnderLoadKeepsEveryAcknowledgedRenewal();
    void backupOfAStoppedServerReadsItsFile();
    void signingKeyOnlyWhenAsked();
    void backupFindsAnHttpsServerFromItsConfigFile();
    void restoreRefusesARunningServer();
    void restoreRefusesBadFilesAndChangesNothing_data();
    void restoreRefusesBadFilesAndChangesNothing();
    void restorePutsTheKeyBackOnlyWhenAsked();
    void postgresDumpAndRestore();

private:
    // Starts a server on a fresh data directory with one license of `seats` seats; its key.
    QByteArray startWithLicense(ServerProcess &server, int seats);
};

namespace {

// Runs keyright-server with `arguments` while this process's event loop keeps serving (its
// clients go on renewing); the exit code, -1 when it did not finish in time.
int runServerCommand(const QStringList &arguments, QString *output, std::chrono::milliseconds bound = 60s)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(ServerProcess::binaryPath(), arguments);
    if (!process.waitForStarted(10'000))
        return -1;
    const bool done = serveUntil([&] { return process.state() == QProcess::NotRunning; }, bound);
    if (!done) {
        process.kill();
        process.waitForFinished(5000);
    }
    *output = QString::fromUtf8(process.readAll());
    return done && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

int modeOf(const QString &path)
{
    struct stat status
    { };
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return -1;
    return int(status.st_mode & 07777);
}

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray hashOf(const QString &path)
{
    return QCryptographicHash::hash(contentsOf(path), QCryptographicHash::Sha256).toHex();
}

int newestVersion()
{
    return int(server::SqliteLeaseStore::dialect().migrations.size());
}

// Runs `statements` on a SQLite file through Qt (to make broken backups).
bool executeOn(const QString &file, const QStringList &statements)
{
    const QString name = u"tst_storebackup_"_s + QString::number(quintptr(&file));
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(file);
        ok = db.open();
        for (const QString &statement : statements) {
            QSqlQuery query(db);
            ok = ok && query.exec(statement);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace

QByteArray TestStoreBackup::startWithLicense(ServerProcess &server, int seats)
{
    QString error;
    if (!server.start(&error)) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    TestHttp http(server.url());
    const auto created = http.put(
        u"/v1/licenses/busy"_s,
        {{u"seatCount"_s, seats}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}},
        "Bearer " + server.adminToken());
    if (created.status != 201)
        return {};
    return "License " + created.json().value("key"_L1).toString().toLatin1();
}

void TestStoreBackup::backupUnderLoadKeepsEveryAcknowledgedRenewal()
{
    constexpr int clients = 50;
    ServerProcess server;
    const QByteArray key = startWithLicense(server, clients);
    QVERIFY2(!key.isEmpty(), qPrintable(server.output()));

    // 50 clients, each on its own keep-alive connection: a checkout, then heartbeats back to back
    // until told to stop.
    struct Client
    {
        std::unique_ptr<KeepAliveClient> connection;
        QString seatId;
        int renewals = 0;
    };
    std::vector<Client> pool(clients);
    QHash<QString, qint64> acknowledged; // seat -> the latest expiresAt a 200 or 201 carried
    QStringList problems;
    bool stopping = false;
    int renewalsDuringBackup = 0;
    bool backupRunning = false;
    std::function<void(Client &)> beat = [&](Client &client) {
        if (stopping)
            return;
        client.connection->send(
            HttpBurst::request("POST", "/v1/licenses/busy/seats/" + client.seatId.toLatin1() + "/heartbeat", key, {}),
            [&](const HttpBurst::Reply &reply) {
                if (reply.status != 200) {
                    problems.append(u"heartbeat of %1 answered %2"_s.arg(client.seatId).arg(reply.status));
                    return;
                }
                const qint64 expires = msOf(jsonOf(reply).value("lease"_L1).toObject().value("expiresAt"_L1));
                acknowledged[client.seatId] = std::max(acknowledged.value(client.seatId), expires);
                ++client.renewals;
                if (backupRunning)
                    ++renewalsDuringBackup;
                beat(client);
            });
    };
    for (int i = 0; i < clients; ++i) {
        Client &client = pool[std::size_t(i)];
        client.connection = std::make_unique<KeepAliveClient>(QHostAddress::LocalHost, server.port(), 10s);
        client.connection->send(
            HttpBurst::request(
                "POST", "/v1/licenses/busy/checkout", key,
                QJsonDocument(QJsonObject {{u"holder"_s, u"client-%1"_s.arg(i)}}).toJson(QJsonDocument::Compact)),
            [&](const HttpBurst::Reply &reply) {
                if (reply.status != 201) {
                    problems.append(u"checkout answered %1"_s.arg(reply.status));
                    return;
                }
                const QJsonObject lease = jsonOf(reply).value("lease"_L1).toObject();
                client.seatId = lease.value("seatId"_L1).toString();
                acknowledged[client.seatId] = msOf(lease.value("expiresAt"_L1));
                beat(client);
            });
    }
    QVERIFY2(serveUntil(
                 [&] {
                     return !problems.isEmpty()
                         || std::all_of(pool.begin(), pool.end(), [](const Client &c) { return c.renewals >= 3; });
                 },
                 30s),
             "the clients did not get going");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"; "_s)));

    // What the clients hold acknowledged at the moment the backup starts.
    const QHash<QString, qint64> before = acknowledged;
    QCOMPARE(before.size(), clients);
    QTemporaryDir out;
    const QString file = out.filePath(u"under-load.sqlite"_s);
    backupRunning = true;
    QString output;
    const int status = runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--listen"_s,
                                         u"127.0.0.1:%1"_s.arg(server.port()), u"--to"_s, file},
                                        &output);
    backupRunning = false;
    stopping = true;
    QVERIFY(serveUntil(
        [&] { return std::none_of(pool.begin(), pool.end(), [](const Client &c) { return c.connection->busy(); }); },
        15s));
    QCOMPARE(status, 0);
    QVERIFY2(output.contains(u"taken by the running server"_s), qPrintable(output));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"; "_s)));
    QVERIFY2(renewalsDuringBackup > 0, "no renewal was served while the backup was taken");
    qInfo("%d renewals answered while the backup ran", renewalsDuringBackup);
    QCOMPARE(modeOf(file), 0600);
    QString why;
    const auto info = SqliteBackup::inspect(file, newestVersion(), &why);
    QVERIFY2(info, qPrintable(why));
    QCOMPARE(info->schemaVersion, newestVersion());
    QVERIFY(!info->hasSigningKey);

    // Restored in place of the store, the stopped server comes back with every seat at least as
    // renewed as its holder knew when the backup started.
    QVERIFY(server.terminate());
    QCOMPARE(runServerCommand({u"restore"_s, u"--data-dir"_s, server.dataDir(), u"--from"_s, file}, &output), 0);
    QCOMPARE(modeOf(QDir(server.dataDir()).filePath(u"keyright.sqlite"_s)), 0600);
    QVERIFY2(server.start(&why), qPrintable(why));
    TestHttp http(server.url());
    const auto listed = http.get(u"/v1/licenses/busy/leases"_s, "Bearer " + server.adminToken());
    QCOMPARE(listed.status, 200);
    QHash<QString, qint64> restored;
    for (const QJsonValue &row : listed.json().value("leases"_L1).toArray())
        restored.insert(row.toObject().value("seatId"_L1).toString(), msOf(row.toObject().value("expiresAt"_L1)));
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        QVERIFY2(restored.contains(it.key()),
                 qPrintable(u"seat %1 is missing from the restored store"_s.arg(it.key())));
        QVERIFY2(restored.value(it.key()) >= it.value(),
                 qPrintable(u"seat %1: acknowledged until %2 before the backup, restored until %3"_s.arg(it.key())
                                .arg(it.value())
                                .arg(restored.value(it.key()))));
    }
}

void TestStoreBackup::backupOfAStoppedServerReadsItsFile()
{
    ServerProcess server;
    QVERIFY(!startWithLicense(server, 3).isEmpty());
    QVERIFY(server.terminate());
    const QByteArray storeBefore = hashOf(QDir(server.dataDir()).filePath(u"keyright.sqlite"_s));
    QTemporaryDir out;
    const QString file = out.filePath(u"stopped.sqlite"_s);
    QString output;
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--to"_s, file}, &output), 0);
    QVERIFY2(output.contains(u"from the store file"_s), qPrintable(output));
    QCOMPARE(modeOf(file), 0600);
    QString why;
    QVERIFY2(SqliteBackup::inspect(file, newestVersion(), &why), qPrintable(why));
    QCOMPARE(hashOf(QDir(server.dataDir()).filePath(u"keyright.sqlite"_s)), storeBefore);
    // No temporary file is left beside it.
    QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden), QStringList {u"stopped.sqlite"_s});

    // A command without its file is a usage error.
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir()}, &output), 2);
    QVERIFY2(output.contains(u"keyright-server backup needs --to FILE"_s), qPrintable(output));

    // No store there at all: said so, nothing written.
    QTemporaryDir empty;
    QCOMPARE(
        runServerCommand({u"backup"_s, u"--data-dir"_s, empty.path(), u"--to"_s, out.filePath(u"none"_s)}, &output), 1);
    QVERIFY2(output.contains(u"there is no store at"_s), qPrintable(output));
    QVERIFY(!QFileInfo::exists(out.filePath(u"none"_s)));
}

void TestStoreBackup::signingKeyOnlyWhenAsked()
{
    ServerProcess server;
    QVERIFY(!startWithLicense(server, 3).isEmpty());
    const QByteArray seed = contentsOf(QDir(server.dataDir()).filePath(u"signing.key"_s));
    QCOMPARE(seed.size(), 32);
    // alerts.key goes with it: without it a restored site cannot open its webhooks' secrets.
    const QByteArray alertsKey = contentsOf(QDir(server.dataDir()).filePath(u"alerts.key"_s));
    QCOMPARE(alertsKey.size(), 32);
    QTemporaryDir out;
    const auto check = [&](const QString &file, bool withKey) {
        QString why;
        const auto info = SqliteBackup::inspect(file, newestVersion(), &why);
        QVERIFY2(info, qPrintable(why));
        QCOMPARE(info->hasSigningKey, withKey);
        QCOMPARE(modeOf(file), 0600);
        const auto read = SqliteBackup::signingSeed(file, &why);
        QCOMPARE(read.has_value(), withKey);
        if (withKey)
            QCOMPARE(read->view().toByteArray(), seed);
        else
            QVERIFY2(why.contains(u"holds no signing key"_s), qPrintable(why));
        QCOMPARE(info->hasAlertsKey, withKey);
        const auto alerts = SqliteBackup::alertsKey(file, &why);
        QCOMPARE(alerts.has_value(), withKey);
        if (withKey)
            QCOMPARE(alerts->view().toByteArray(), alertsKey);
    };
    QString output;
    const QStringList where {u"--data-dir"_s, server.dataDir(), u"--listen"_s, u"127.0.0.1:%1"_s.arg(server.port())};
    // From the running server, over HTTP.
    QCOMPARE(
        runServerCommand(QStringList {u"backup"_s} + where + QStringList {u"--to"_s, out.filePath(u"a"_s)}, &output),
        0);
    check(out.filePath(u"a"_s), false);
    QCOMPARE(runServerCommand(QStringList {u"backup"_s} + where
                                  + QStringList {u"--to"_s, out.filePath(u"b"_s), u"--include-key"_s},
                              &output),
             0);
    QVERIFY2(output.contains(u"with the signing key"_s) || output.contains(u"with the signing and alerts keys"_s),
             qPrintable(output));
    check(out.filePath(u"b"_s), true);
    // The route itself: admin only, and the key only with includeKey.
    TestHttp http(server.url());
    QCOMPARE(http.call("POST", u"/v1/admin/backup"_s).status, 401);
    const auto plain = http.call("POST", u"/v1/admin/backup"_s, {}, "Bearer " + server.adminToken(), 30s);
    QCOMPARE(plain.status, 200);
    QCOMPARE(plain.header("Content-Type"), QByteArray("application/vnd.sqlite3"));
    QVERIFY(!plain.body.contains(seed));
    QCOMPARE(http.call("POST", u"/v1/admin/backup?includeKey=maybe"_s, {}, "Bearer " + server.adminToken()).status,
             400);
    // Counted once each, with the status the copy was answered with.
    const QByteArray metrics = http.get(u"/metrics"_s, "Bearer " + server.adminToken()).body;
    QVERIFY2(metrics.contains("keyright_http_requests_total{route=\"backup\",code=\"200\"} 3"), metrics.constData());
    // A backup file that exists is replaced whole, and stays 0600.
    QFile loose(out.filePath(u"c"_s));
    QVERIFY(loose.open(QIODevice::WriteOnly));
    loose.write("old");
    loose.close();
    QVERIFY(loose.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
    // From the file of the stopped server.
    QVERIFY(server.terminate());
    QCOMPARE(
        runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--to"_s, out.filePath(u"c"_s)}, &output),
        0);
    check(out.filePath(u"c"_s), false);
    QCOMPARE(runServerCommand(
                 {u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--to"_s, out.filePath(u"d"_s), u"--include-key"_s},
                 &output),
             0);
    check(out.filePath(u"d"_s), true);
}

// The server as a configuration file describes it, serving HTTPS with a self-signed certificate:
// `backup --config FILE` finds its address and trusts that certificate, and no other.
void TestStoreBackup::backupFindsAnHttpsServerFromItsConfigFile()
{
    TestCertificates certificates;
    if (!certificates.unavailableReason().isEmpty())
        QSKIP(qPrintable(certificates.unavailableReason()));
    QString why;
    const auto own = certificates.selfSigned(u"server"_s, &why);
    QVERIFY2(own, qPrintable(why));
    ServerProcess server;
    server.setTls(own->certificate, own->key);
    QVERIFY2(server.start(&why), qPrintable(why + server.output()));
    QTemporaryDir out;
    const auto configure = [&](const QString &certificate) {
        const QString path = out.filePath(u"server.conf"_s);
        QFile config(path);
        if (!config.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QString();
        config.write(u"listen = 0.0.0.0:%1\ndata-dir = %2\ntls-cert = %3\ntls-key = %4\n"_s.arg(server.port())
                         .arg(server.dataDir(), certificate, own->key)
                         .toUtf8());
        return path;
    };
    QString output;
    const QString file = out.filePath(u"tls.sqlite"_s);
    QCOMPARE(runServerCommand({u"backup"_s, u"--config"_s, configure(own->certificate), u"--to"_s, file}, &output), 0);
    QVERIFY2(output.contains(u"taken by the running server at https://127.0.0.1:%1"_s.arg(server.port())),
             qPrintable(output));
    QVERIFY2(SqliteBackup::inspect(file, newestVersion(), &why), qPrintable(why));

    // A configuration naming another certificate: the server's is not trusted, nothing written.
    const auto other = certificates.selfSigned(u"other"_s, &why);
    QVERIFY2(other, qPrintable(why));
    const QString refused = out.filePath(u"refused.sqlite"_s);
    QCOMPARE(runServerCommand({u"backup"_s, u"--config"_s, configure(other->certificate), u"--to"_s, refused}, &output),
             1);
    QVERIFY2(
        output.contains(u"the server at https://127.0.0.1:%1 did not present the certificate"_s.arg(server.port())),
        qPrintable(output));
    QVERIFY(!QFileInfo::exists(refused));
}

void TestStoreBackup::restoreRefusesARunningServer()
{
    ServerProcess server;
    QVERIFY(!startWithLicense(server, 3).isEmpty());
    QTemporaryDir out;
    const QString file = out.filePath(u"b.sqlite"_s);
    QString output;
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--listen"_s,
                               u"127.0.0.1:%1"_s.arg(server.port()), u"--to"_s, file},
                              &output),
             0);
    QCOMPARE(runServerCommand({u"restore"_s, u"--data-dir"_s, server.dataDir(), u"--from"_s, file}, &output), 1);
    QVERIFY2(output.contains(u"is running on"_s) && output.contains(u"stop it before restoring"_s), qPrintable(output));
    // The server goes on serving its store.
    TestHttp http(server.url());
    QCOMPARE(http.get(u"/v1/licenses/busy/leases"_s, "Bearer " + server.adminToken()).status, 200);
}

void TestStoreBackup::restoreRefusesBadFilesAndChangesNothing_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected"); // in the refusal
    QTest::addColumn<bool>("includeKey");

    QTest::newRow("garbage") << u"garbage"_s << u"is not a SQLite database"_s << false;
    QTest::newRow("empty") << u"empty"_s << u"is empty"_s << false;
    QTest::newRow("truncated") << u"truncated"_s << u"is truncated"_s << false;
    QTest::newRow("not a Keyright store") << u"foreign"_s << u"not a Keyright store"_s << false;
    QTest::newRow("newer schema") << u"newer"_s << u"newer than this keyright-server understands"_s << false;
    QTest::newRow("no key to restore") << u"good"_s << u"holds no signing key"_s << true;
    QTest::newRow("missing") << u"missing"_s << u"cannot read"_s << false;
}

void TestStoreBackup::restoreRefusesBadFilesAndChangesNothing()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QFETCH(bool, includeKey);
    ServerProcess server;
    QVERIFY(!startWithLicense(server, 3).isEmpty());
    QVERIFY(server.terminate());
    QTemporaryDir out;
    const QString good = out.filePath(u"good.sqlite"_s);
    QString output;
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--to"_s, good}, &output), 0);

    const QString file = out.filePath(kind);
    if (kind == u"good"_s) {
        QVERIFY(QFile::copy(good, file));
    } else if (kind != u"missing"_s) {
        QByteArray bytes;
        if (kind == u"garbage"_s)
            bytes = QByteArray("this is not a database, only words\n").repeated(100);
        else if (kind == u"truncated"_s)
            bytes = contentsOf(good).left(contentsOf(good).size() / 2);
        QFile write(file);
        QVERIFY(write.open(QIODevice::WriteOnly));
        write.write(bytes);
        write.close();
        if (kind == u"foreign"_s)
            QVERIFY(executeOn(file, {u"CREATE TABLE notes (text TEXT)"_s, u"INSERT INTO notes VALUES ('hello')"_s}));
        if (kind == u"newer"_s) {
            QVERIFY(QFile::remove(file));
            QVERIFY(QFile::copy(good, file));
            QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
            QVERIFY(executeOn(file, {u"UPDATE schema_version SET version = %1"_s.arg(newestVersion() + 1)}));
        }
    }
    const QDir dir(server.dataDir());
    const QByteArray store = hashOf(dir.filePath(u"keyright.sqlite"_s));
    const QByteArray key = hashOf(dir.filePath(u"signing.key"_s));
    const QStringList files = dir.entryList(QDir::Files | QDir::Hidden);
    QStringList arguments {u"restore"_s, u"--data-dir"_s, server.dataDir(), u"--from"_s, file};
    if (includeKey)
        arguments.append(u"--include-key"_s);
    QCOMPARE(runServerCommand(arguments, &output), 1);
    QVERIFY2(output.contains(expected), qPrintable(output));
    if (kind != u"missing"_s)
        QVERIFY2(output.contains(u"nothing was changed"_s), qPrintable(output));
    QCOMPARE(hashOf(dir.filePath(u"keyright.sqlite"_s)), store);
    QCOMPARE(hashOf(dir.filePath(u"signing.key"_s)), key);
    QCOMPARE(dir.entryList(QDir::Files | QDir::Hidden), files);
}

void TestStoreBackup::restorePutsTheKeyBackOnlyWhenAsked()
{
    ServerProcess server;
    QVERIFY(!startWithLicense(server, 3).isEmpty());
    const QDir dir(server.dataDir());
    const QByteArray seed = contentsOf(dir.filePath(u"signing.key"_s));
    const QByteArray alertsKey = contentsOf(dir.filePath(u"alerts.key"_s));
    QCOMPARE(alertsKey.size(), 32);
    const QByteArray publicKey = TestHttp(server.url()).get(u"/v1/public-key"_s).body;
    QTemporaryDir out;
    const QString file = out.filePath(u"keyed.sqlite"_s);
    QString output;
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--listen"_s,
                               u"127.0.0.1:%1"_s.arg(server.port()), u"--to"_s, file, u"--include-key"_s},
                              &output),
             0);
    QVERIFY(server.terminate());

    // Another key in the directory (a machine rebuilt, say).
    QVERIFY(QFile::remove(dir.filePath(u"signing.key"_s)));
    QFile other(dir.filePath(u"signing.key"_s));
    QVERIFY(other.open(QIODevice::WriteOnly));
    QVERIFY(other.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    other.write(QByteArray(32, 'k'));
    other.close();
    QVERIFY(QFile::remove(dir.filePath(u"alerts.key"_s)));

    QCOMPARE(runServerCommand({u"restore"_s, u"--data-dir"_s, server.dataDir(), u"--from"_s, file}, &output), 0);
    QVERIFY2(output.contains(u"left out"_s), qPrintable(output));
    QCOMPARE(contentsOf(dir.filePath(u"signing.key"_s)), QByteArray(32, 'k'));
    QString why;
    // The store put in place holds no key.
    QVERIFY(!SqliteBackup::inspect(dir.filePath(u"keyright.sqlite"_s), newestVersion(), &why)->hasSigningKey);

    // On a machine with no key yet, a restore without the key says what that means.
    QTemporaryDir fresh;
    QCOMPARE(runServerCommand({u"restore"_s, u"--data-dir"_s, fresh.path(), u"--from"_s, file}, &output), 0);
    QVERIFY2(output.contains(u"warning: there is no signing key at"_s)
                 && output.contains(u"or restore again with --include-key"_s),
             qPrintable(output));
    QCOMPARE(modeOf(QDir(fresh.path()).filePath(u"keyright.sqlite"_s)), 0600);

    QCOMPARE(runServerCommand({u"restore"_s, u"--data-dir"_s, server.dataDir(), u"--from"_s, file, u"--include-key"_s},
                              &output),
             0);
    QVERIFY2(output.contains(u"restored the signing key"_s), qPrintable(output));
    QCOMPARE(contentsOf(dir.filePath(u"signing.key"_s)), seed);
    QCOMPARE(modeOf(dir.filePath(u"signing.key"_s)), 0600);
    QVERIFY2(output.contains(u"restored the alerts key"_s), qPrintable(output));
    QCOMPARE(contentsOf(dir.filePath(u"alerts.key"_s)), alertsKey);
    QCOMPARE(modeOf(dir.filePath(u"alerts.key"_s)), 0600);
    QCOMPARE(modeOf(dir.filePath(u"keyright.sqlite"_s)), 0600);
    QVERIFY2(server.start(&why), qPrintable(why));
    QCOMPARE(TestHttp(server.url()).get(u"/v1/public-key"_s).body, publicKey);
    QCOMPARE(TestHttp(server.url()).get(u"/v1/licenses/busy/leases"_s, "Bearer " + server.adminToken()).status, 200);
}

// The procedure of docs/DEPLOYMENT.md for PostgreSQL: pg_dump while the server runs, pg_restore
// into an empty database, a server started on it serves the same seats, which renew.
void TestStoreBackup::postgresDumpAndRestore()
{
    PgTestDatabase source;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(source);
    PgTestDatabase target;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(target);
    ServerProcess server;
    server.setDatabase(source.url());
    const QByteArray key = startWithLicense(server, 3);
    QVERIFY2(!key.isEmpty(), qPrintable(server.output()));
    TestHttp http(server.url());
    const auto granted = http.post(u"/v1/licenses/busy/checkout"_s, {{u"holder"_s, u"pg@ws-1"_s}}, key);
    QCOMPARE(granted.status, 201);
    const QString seat = granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    const qint64 expires = msOf(granted.json().value("lease"_L1).toObject().value("expiresAt"_L1));

    // Neither the route nor keyright-server backup copies PostgreSQL: they point at pg_dump.
    const auto route = http.call("POST", u"/v1/admin/backup"_s, {}, "Bearer " + server.adminToken());
    QCOMPARE(route.status, 409);
    QCOMPARE(route.errorCode(), u"backup_unavailable"_s);
    QString output;
    QTemporaryDir out;
    QCOMPARE(runServerCommand({u"backup"_s, u"--data-dir"_s, server.dataDir(), u"--database"_s, source.url(), u"--to"_s,
                               out.filePath(u"no.sqlite"_s)},
                              &output),
             1);
    QVERIFY2(output.contains(u"pg_dump"_s), qPrintable(output));

    const QString dump = out.filePath(u"keyright.dump"_s);
    QProcess pgDump;
    pgDump.setProcessChannelMode(QProcess::MergedChannels);
    pgDump.start(u"pg_dump"_s, {u"--format=custom"_s, u"--file"_s, dump, u"--dbname"_s, source.url()});
    QVERIFY(serveUntil([&] { return pgDump.state() == QProcess::NotRunning; }, 60s));
    QVERIFY2(pgDump.exitCode() == 0, pgDump.readAll().constData());
    QVERIFY(server.terminate());

    QProcess pgRestore;
    pgRestore.setProcessChannelMode(QProcess::MergedChannels);
    pgRestore.start(u"pg_restore"_s, {u"--no-owner"_s, u"--exit-on-error"_s, u"--dbname"_s, target.url(), dump});
    QVERIFY(pgRestore.waitForFinished(60'000));
    QVERIFY2(pgRestore.exitCode() == 0, pgRestore.readAll().constData());

    ServerProcess restored;
    restored.setDataDir(server.dataDir()); // the same signing key and admin token
    restored.setDatabase(target.url());
    QString why;
    QVERIFY2(restored.start(&why), qPrintable(why + restored.output()));
    TestHttp again(restored.url());
    const auto listed = again.get(u"/v1/licenses/busy/leases"_s, "Bearer " + restored.adminToken());
    QCOMPARE(listed.status, 200);
    const QJsonArray rows = listed.json().value("leases"_L1).toArray();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().toObject().value("seatId"_L1).toString(), seat);
    QCOMPARE(msOf(rows.first().toObject().value("expiresAt"_L1)), expires);
    const auto renewed = again.post(u"/v1/licenses/busy/seats/%1/heartbeat"_s.arg(seat), {}, key);
    QCOMPARE(renewed.status, 200);
    QVERIFY(msOf(renewed.json().value("lease"_L1).toObject().value("expiresAt"_L1)) >= expires);
}

QTEST_GUILESS_MAIN(TestStoreBackup)
#include "tst_storebackup.moc"
