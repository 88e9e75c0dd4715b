#include "SecretBuffer.h"
#include "ServerProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/types.h>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

QString cliBinary()
{
    const QString fromEnvironment = qEnvironmentVariable("KEYRIGHT_CLI_BINARY");
    return fromEnvironment.isEmpty() ? QStringLiteral(KEYRIGHT_BINARY_DIR "/client/cli/keyright") : fromEnvironment;
}

struct Answer
{
    int status = 0;
    QJsonObject json;
};

} // namespace

// A real client process (`keyright hold`) stopped with SIGSTOP for longer than its lease, then
// continued, against the real server binary: what a laptop lid closed mid-session does. The server
// must have taken the seat back, refuse the stale lease, and let the client take a seat again
// without it ever holding two.
class TestPausedClient final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void pausedHolderLosesItsSeatAndTakesOneBack();

private:
    Answer call(const QByteArray &verb, const QString &path, const QByteArray &authorization,
                const QJsonObject &body = {});
    QList<QJsonObject> liveLeases(const QString &licenseId);

    std::unique_ptr<ServerProcess> m_server;
    QTemporaryDir m_files;
    QNetworkAccessManager m_network;
};

void TestPausedClient::initTestCase()
{
    QVERIFY2(QFile::exists(cliBinary()), qPrintable(cliBinary()));
    QVERIFY(m_files.isValid());
    m_server = std::make_unique<ServerProcess>();
    // No reaper: a seat that is gone is one the server no longer counts, row or not.
    m_server->setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
}

void TestPausedClient::cleanupTestCase()
{
    if (m_server)
        m_server->terminate();
    m_server.reset();
}

Answer TestPausedClient::call(const QByteArray &verb, const QString &path, const QByteArray &authorization,
                              const QJsonObject &body)
{
    QUrl url = m_server->url();
    url.setPath(path);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", authorization);
    request.setTransferTimeout(5000);
    QNetworkReply *reply = m_network.sendCustomRequest(
        request, verb, body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact));
    Answer answer;
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000)) {
        reply->abort();
        reply->deleteLater();
        return answer;
    }
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.json = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return answer;
}

QList<QJsonObject> TestPausedClient::liveLeases(const QString &licenseId)
{
    QList<QJsonObject> live;
    const Answer listing = call("GET", u"/v1/licenses/%1/leases"_s.arg(licenseId), "Bearer " + m_server->adminToken());
    for (const QJsonValue &row : listing.json.value(u"leases"_s).toArray()) {
        if (row.toObject().value(u"live"_s).toBool())
            live.append(row.toObject());
    }
    return live;
}

void TestPausedClient::pausedHolderLosesItsSeatAndTakesOneBack()
{
    // One seat, a 3 s TTL and 1 s of skew: the seat is free 4 s after the last renewal.
    const QString id = u"paused"_s;
    const Answer created
        = call("PUT", u"/v1/licenses/"_s + id, "Bearer " + m_server->adminToken(),
               {{u"seatCount"_s, 1}, {u"ttlSeconds"_s, 3}, {u"skewSeconds"_s, 1}, {u"reapGraceSeconds"_s, 2}});
    QCOMPARE(created.status, 201);
    const QByteArray key = created.json.value(u"key"_s).toString().toLatin1();
    const QString keyFile = m_files.filePath(u"paused.key"_s);
    QByteArray keyBytes = key;
    QString why;
    QVERIFY2(writeSecretFile(keyFile, keyBytes, &why), qPrintable(why));
    const QByteArray license = "License " + key;

    QProcess hold;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"KEYRIGHT_SERVER"_s, m_server->url().toString());
    hold.setProcessEnvironment(env);
    hold.start(cliBinary(), {u"hold"_s, id, u"--holder"_s, u"alice@laptop"_s, u"--key-file"_s, keyFile});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"acquired seat"_s), 10000);
    QList<QJsonObject> live = liveLeases(id);
    QCOMPARE(live.size(), 1);
    const QString firstSeat = live.at(0).value(u"seatId"_s).toString();
    const qint64 firstGeneration = live.at(0).value(u"generation"_s).toInteger();

    const pid_t pid = pid_t(hold.processId());
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    // Past ttl + skew of the last renewal the server stops counting the seat, alone.
    QTRY_VERIFY_WITH_TIMEOUT(liveLeases(id).isEmpty(), 10000);
    const Answer stale = call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(id, firstSeat), license);
    QCOMPARE(stale.status, 410);
    QCOMPARE(stale.json.value(u"error"_s).toString(), u"seat_lost"_s);
    // The seat really is free: someone else can take it.
    const Answer bob = call("POST", u"/v1/licenses/%1/checkout"_s.arg(id), license, {{u"holder"_s, u"bob@ws-2"_s}});
    QCOMPARE(bob.status, 201);
    const QString bobSeat = bob.json.value(u"lease"_s).toObject().value(u"seatId"_s).toString();
    QVERIFY(!bobSeat.isEmpty());

    QCOMPARE(::kill(pid, SIGCONT), 0);
    // The client wakes up to a lost lease. While bob holds the only seat, it must not get one; and
    // at no moment does the server count more seats than there are.
    const auto countsAtMostOne = [&] {
        const QList<QJsonObject> now = liveLeases(id);
        return now.size() <= 1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"lapsed"_s) || out.contains(u"seat lost"_s), 10000);
    for (int i = 0; i < 10; ++i) {
        QVERIFY(countsAtMostOne());
        const QList<QJsonObject> now = liveLeases(id);
        QCOMPARE(now.size(), 1);
        QCOMPARE(now.at(0).value(u"holder"_s).toString(), u"bob@ws-2"_s);
        QTest::qWait(200); // sampling the listing while the client retries; bounded by the loop
    }

    // Bob gives the seat back: the client takes it, with a new generation, and holds one seat.
    QCOMPARE(call("DELETE", u"/v1/licenses/%1/seats/%2"_s.arg(id, bobSeat), license).status, 204);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const QList<QJsonObject> now = liveLeases(id);
            return now.size() == 1 && now.at(0).value(u"holder"_s).toString() == u"alice@laptop"_s;
        }(),
        20000);
    live = liveLeases(id);
    QCOMPARE(live.size(), 1);
    QVERIFY(live.at(0).value(u"seatId"_s).toString() != firstSeat);
    QVERIFY(live.at(0).value(u"generation"_s).toInteger() > firstGeneration);

    ::kill(pid, SIGINT);
    QVERIFY(hold.waitForFinished(8000));
    QCOMPARE(hold.exitStatus(), QProcess::NormalExit);
    QCOMPARE(hold.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(liveLeases(id).isEmpty(), 5000);
}

QTEST_GUILESS_MAIN(TestPausedClient)
#include "tst_pausedclient.moc"
