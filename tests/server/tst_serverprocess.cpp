#include "HttpBurst.h"
#include "ServerProcess.h"
#include "TestHttp.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

// keyright-server as operators run it: a separate process, killed with SIGKILL and started again
// on the same data directory.
class TestServerProcess : public QObject
{
    Q_OBJECT

private slots:
    void firstStartCreatesPrivateToken();
    void restartAfterKillKeepsEverything();
    void restartUnderAFakedBootClockKeepsEveryLease();
    void secondServerOnTheSameDataDirIsRefused();
    void storeFilesAreTheOwnersAlone();
    void demoLicensesAndKeys();
    void refusesNonLoopbackWithoutTls();
    void helpListsEveryOption();
};

void TestServerProcess::firstStartCreatesPrivateToken()
{
    ServerProcess server;
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QFileDevice::Permissions mode = QFile::permissions(server.adminTokenPath());
    QCOMPARE(mode & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
             QFileDevice::Permissions());
    QCOMPARE(server.adminToken().size(), 64);
    QVERIFY2(server.output().contains(server.adminTokenPath()), qPrintable(server.output()));
    QVERIFY(server.output().contains(u"(created)"_s));
    const QFileDevice::Permissions keyMode = QFile::permissions(QDir(server.dataDir()).filePath(u"signing.key"_s));
    QCOMPARE(keyMode & (QFile::ReadGroup | QFile::ReadOther), QFileDevice::Permissions());
    QVERIFY(server.terminate());
}

void TestServerProcess::restartAfterKillKeepsEverything()
{
    ServerProcess server;
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = "Bearer " + server.adminToken();
    const QByteArray token = server.adminToken();

    const auto created = http.put(
        u"/v1/licenses/survivor"_s,
        {{u"seatCount"_s, 2}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}}, admin);
    QCOMPARE(created.status, 201);
    const QByteArray key = "License " + created.json().value("key"_L1).toString().toLatin1();
    const auto granted = http.post(u"/v1/licenses/survivor/checkout"_s, {{u"holder"_s, u"alice"_s}}, key);
    QCOMPARE(granted.status, 201);
    const QString seatId = granted.json()["lease"_L1]["seatId"_L1].toString();
    const quint64 generation = quint64(granted.json()["lease"_L1]["generation"_L1].toInteger());
    const QString publicKey = http.get(u"/v1/public-key"_s).json().value("publicKey"_L1).toString();
    const int eventCount = int(http.get(u"/v1/events"_s, admin).json().value("events"_L1).toArray().size());

    server.kill(); // no shutdown path runs
    QVERIFY(!server.isRunning());
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY(!server.output().contains(u"(created)\n"_s + u"admin token"_s));

    QCOMPARE(server.adminToken(), token);
    QCOMPARE(http.get(u"/v1/public-key"_s).json().value("publicKey"_L1).toString(), publicKey);
    const auto licenses = http.get(u"/v1/licenses"_s, admin);
    QCOMPARE(licenses.status, 200);
    QCOMPARE(licenses.json().value("licenses"_L1).toArray().at(0)["id"_L1].toString(), u"survivor"_s);
    QCOMPARE(licenses.json().value("licenses"_L1).toArray().at(0)["inUse"_L1].toInt(), 1);
    const auto beat = http.call("POST", u"/v1/licenses/survivor/seats/%1/heartbeat"_s.arg(seatId), {}, key);
    QCOMPARE(beat.status, 200);
    QCOMPARE(beat.json()["lease"_L1]["generation"_L1].toInteger(), qint64(generation));
    QCOMPARE(int(http.get(u"/v1/events"_s, admin).json().value("events"_L1).toArray().size()), eventCount);
    // The generation counter survived too: the next seat gets a higher one.
    const auto next = http.post(u"/v1/licenses/survivor/checkout"_s, {{u"holder"_s, u"bob"_s}}, key);
    QVERIFY(quint64(next.json()["lease"_L1]["generation"_L1].toInteger()) > generation);
}

void TestServerProcess::restartUnderAFakedBootClockKeepsEveryLease()
{
    // An operator restarts the server under `faketime '+1 hour'`, which fakes the monotonic
    // clocks too: the boot id is the same, but the boot clock reads about 57 years. Trusted, that
    // reading put the server's "now" in 2083, ended every lease and reported the wall clock as
    // jumping backward. The hour must be a forward jump of the wall clock, leases kept.
    if (ServerProcess::fakeTimeLibrary().isEmpty())
        QSKIP("libfaketime is not installed (scripts/install-deps.sh installs it)");
    ServerProcess server;
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = "Bearer " + server.adminToken();
    const auto created = http.put(
        u"/v1/licenses/faked"_s,
        {{u"seatCount"_s, 1}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}}, admin);
    QCOMPARE(created.status, 201);
    const QByteArray key = "License " + created.json().value("key"_L1).toString().toLatin1();
    const auto granted = http.post(u"/v1/licenses/faked/checkout"_s, {{u"holder"_s, u"alice"_s}}, key);
    QCOMPARE(granted.status, 201);
    const QString seatId = granted.json()["lease"_L1]["seatId"_L1].toString();
    const QDateTime expiresBefore
        = QDateTime::fromString(granted.json()["lease"_L1]["expiresAt"_L1].toString(), Qt::ISODateWithMs);
    QVERIFY(expiresBefore.isValid());

    QVERIFY(server.terminate());
    server.setFakeTime(u"+3600"_s);
    QVERIFY2(server.start(&error), qPrintable(error));

    const auto beat = http.call("POST", u"/v1/licenses/faked/seats/%1/heartbeat"_s.arg(seatId), {}, key);
    QCOMPARE(beat.status, 200);
    const QDateTime expiresAfter
        = QDateTime::fromString(beat.json()["lease"_L1]["expiresAt"_L1].toString(), Qt::ISODateWithMs);
    // Renewed for 600 s from a "now" at most a few seconds past the restart (the hour is caught
    // up at 20 %, not taken at once), and certainly not decades ahead.
    QVERIFY2(expiresAfter.isValid() && expiresAfter < expiresBefore.addSecs(120),
             qPrintable(u"renewed until %1, first granted until %2"_s.arg(expiresAfter.toString(Qt::ISODate),
                                                                          expiresBefore.toString(Qt::ISODate))));
    QCOMPARE(http.post(u"/v1/licenses/faked/checkout"_s, {{u"holder"_s, u"bob"_s}}, key).status, 409);

    const QJsonArray jumps = http.get(u"/v1/events?kind=clock_jumped"_s, admin).json().value("events"_L1).toArray();
    QCOMPARE(jumps.size(), 1);
    const QJsonObject detail = jumps.at(0)["detail"_L1].toObject();
    QCOMPARE(detail.value("clock"_L1).toString(), u"wall"_s);
    QCOMPARE(detail.value("direction"_L1).toString(), u"forward"_s);
    // The hour, less the 2 s a start believes when the downtime cannot be measured.
    const qint64 size = detail.value("sizeMs"_L1).toInteger();
    QVERIFY2(size > 3590000 && size <= 3600000 + 30000, qPrintable(QString::number(size)));
    // The log says why the downtime was not measured.
    QVERIFY2(server.output().contains(u"CLOCK_BOOTTIME"_s), qPrintable(server.output()));
    QVERIFY(server.terminate());
}

void TestServerProcess::secondServerOnTheSameDataDirIsRefused()
{
    // It used to start, then fail on "PRAGMA journal_mode=WAL: database is locked", which names
    // neither the directory nor the other server.
    ServerProcess first;
    QString error;
    QVERIFY2(first.start(&error), qPrintable(error));
    ServerProcess second;
    second.setDataDir(first.dataDir());
    QVERIFY(!second.start(&error));
    QVERIFY2(error.contains(u"the data directory %1 is in use by another keyright-server (process %2 "_s
                                .arg(QDir(first.dataDir()).absolutePath())
                                .arg(first.processId())),
             qPrintable(error));
    QVERIFY2(!error.contains(u"database is locked"_s), qPrintable(error));
    TestHttp http(first.url());
    QCOMPARE(http.get(u"/v1/health"_s).status, 200);
    // Once the first is gone, even killed without a chance to clean up, the directory is free.
    first.kill();
    QVERIFY2(second.start(&error), qPrintable(error));
    QVERIFY(second.terminate());
}

namespace {

// The mode bits group and others have on each store file that exists ("keyright.sqlite 0644").
QStringList looseStoreFiles(const QString &dataDir)
{
    QStringList loose;
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s}) {
        const QString path = QDir(dataDir).filePath(u"keyright.sqlite"_s + suffix);
        if (!QFile::exists(path))
            continue;
        const QFileDevice::Permissions others = QFile::permissions(path)
            & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther
               | QFile::ExeOther);
        if (others != QFileDevice::Permissions())
            loose.append(u"%1 (group/other bits %2)"_s.arg(QFileInfo(path).fileName()).arg(int(others), 0, 16));
    }
    return loose;
}

} // namespace

void TestServerProcess::storeFilesAreTheOwnersAlone()
{
    // keyright.sqlite holds key and token hashes and every holder's name: 0600 from the start,
    // its WAL too, whatever the umask lets through.
    ServerProcess server;
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = "Bearer " + server.adminToken();
    const auto created = http.put(
        u"/v1/licenses/private"_s,
        {{u"seatCount"_s, 2}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}}, admin);
    QCOMPARE(created.status, 201);
    const QString database = QDir(server.dataDir()).filePath(u"keyright.sqlite"_s);
    QVERIFY(QFile::exists(database));
    QVERIFY2(QFile::exists(database + u"-wal"_s), "no WAL to check while the server runs");
    QVERIFY2(looseStoreFiles(server.dataDir()).isEmpty(), qPrintable(looseStoreFiles(server.dataDir()).join(u", "_s)));

    // A store an older version left readable by others is made private at the next start, and
    // the log says so, naming the file.
    server.kill();
    const QFileDevice::Permissions loose = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
    QVERIFY(QFile::setPermissions(database, loose));
    if (QFile::exists(database + u"-wal"_s))
        QVERIFY(QFile::setPermissions(database + u"-wal"_s, loose));
    QVERIFY(!looseStoreFiles(server.dataDir()).isEmpty());
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY2(looseStoreFiles(server.dataDir()).isEmpty(), qPrintable(looseStoreFiles(server.dataDir()).join(u", "_s)));
    QVERIFY2(server.output().contains(database + u" could be read by other users (mode 0644); made it 0600"_s),
             qPrintable(server.output()));
    QCOMPARE(http.get(u"/v1/licenses/private/leases"_s, admin).status, 200);
}

void TestServerProcess::demoLicensesAndKeys()
{
    ServerProcess server;
    server.setExtraArguments({u"--demo"_s});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const auto list
        = http.get(u"/v1/licenses"_s, "Bearer " + server.adminToken()).json().value("licenses"_L1).toArray();
    QStringList ids;
    for (const QJsonValue &license : list)
        ids.append(license["id"_L1].toString());
    QCOMPARE(ids, (QStringList {u"acme-cad"_s, u"render-farm"_s, u"training-demo"_s}));
    const QString keyPath = QDir(server.dataDir()).filePath(u"demo-keys/training-demo.key"_s);
    QCOMPARE(QFile::permissions(keyPath) & (QFile::ReadGroup | QFile::ReadOther), QFileDevice::Permissions());
    QFile keyFile(keyPath);
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    const QByteArray key = keyFile.readAll().trimmed();
    const auto granted
        = http.post(u"/v1/licenses/training-demo/checkout"_s, {{u"holder"_s, u"trainer"_s}}, "License " + key);
    QCOMPARE(granted.status, 201);
    // A second start with --demo keeps the licenses and the key.
    QVERIFY2(server.restart(&error), qPrintable(error));
    QCOMPARE(
        http.post(u"/v1/licenses/training-demo/checkout"_s, {{u"holder"_s, u"trainer"_s}}, "License " + key).status,
        201);
}

void TestServerProcess::refusesNonLoopbackWithoutTls()
{
    QTemporaryDir dir;
    QString output;
    const int code = ServerProcess::run({u"--listen"_s, u"0.0.0.0:0"_s, u"--data-dir"_s, dir.path()}, &output);
    QVERIFY2(code != 0, qPrintable(output));
    QVERIFY2(output.contains(u"without TLS"_s), qPrintable(output));
    QVERIFY(output.contains(u"--insecure-http"_s));
    QVERIFY2(!QFile::exists(QDir(dir.path()).filePath(u"admin-token"_s)), "refused before touching the data dir");
}

void TestServerProcess::helpListsEveryOption()
{
    QString output;
    QCOMPARE(ServerProcess::run({u"--help"_s}, &output), 0);
    for (const QString &option : {u"--listen"_s, u"--data-dir"_s, u"--demo"_s, u"--reap-interval"_s,
                                  u"--event-retention-days"_s, u"--tls-cert"_s, u"--tls-key"_s, u"--insecure-http"_s})
        QVERIFY2(output.contains(option), qPrintable(option));
}

QTEST_GUILESS_MAIN(TestServerProcess)
#include "tst_serverprocess.moc"
