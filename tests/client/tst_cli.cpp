// The `keyright` binary as an administrator runs it: against a real server process, each command's
// output (columns for people, --json parsed back) and its exit code.

#include "AdminJson.h"
#include "FaultProxy.h"
#include "SecretBuffer.h"
#include "ServerProcess.h"
#include "TestCertificates.h"
#include "Timestamps.h"
#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/Identifiers.h"
#include "wire/LedgerReport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <csignal>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

QString cliBinary()
{
    const QString fromEnvironment = qEnvironmentVariable("KEYRIGHT_CLI_BINARY");
    return fromEnvironment.isEmpty() ? QStringLiteral(KEYRIGHT_BINARY_DIR "/client/cli/keyright") : fromEnvironment;
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void helpListsCommandsAndExitCodes();
    void usageErrorsExitWithTwo_data();
    void usageErrorsExitWithTwo();
    void licenseCreateListAndSet();
    void licenseDatesAreSetListedAndCleared();
    void licenseBorrowPolicyIsSetListedAndSwitchedOff();
    void statusShowsEachHolderAndJson();
    void statusShowsEachHoldersIdleTime();
    void statusAnswersWithTheFirstInstanceDead_data();
    void statusAnswersWithTheFirstInstanceDead();
    void revokeBySeatPrefixFreesAndBlocks();
    void reapDryRunThenReap();
    void eventsFilterAndJson();
    void unknownOptionPointsToTheCommandsHelp();
    void repeatedDenialsFoldAndTheHolderFilterTellsTheStory();
    void heldForStopsAtExpiry();
    void eventsFollowPrintsNewEventsUntilInterrupted();
    void eventsFollowWaitsForADatabaseThatIsAway();
    void holdRenewsAndReleasesOnSigint();
    void holdOnAFullPoolExitsWithFive();
    void oneSeatIsSaidInTheSingular();
    void borrowKeepsTheLeaseAndReturnGivesItBack();
    void returnWithNothingBorrowedNeedsNoKey();
    void aDamagedBorrowedLeaseFileSaysWhatToDo();
    void writeOffKeepsALostLaptopsSeatCounted();
    void reportRangeTakesDatesAndRfc3339Times_data();
    void reportRangeTakesDatesAndRfc3339Times();
    void reportOfOneDayNamesTheDayAndTellsRequestsFromGrantedCheckouts();
    void reportPastTheHourlyHistorySaysWorkingHoursAreUnknown();
    void reportSinceEndsNowLikeItsWhatIf();
    void reportSaysTheBorrowedSeats();
    void explainAccountsForEverySeat();
    void explainSaysAShortWaitInWords();
    void statusAndExplainShowAReclaimMark();
    void holdWaitShowsThePlaceInLineThenHolds();
    void holdWaitJsonAndCtrlCLeavesTheLine();
    void holdWaitOnATerminalRewritesItsLineThenGivesUp();
    void holdWaitGivesUpSoonAfterItsWaitWithALongTtl();
    void holdActiveShowsAnIdleTimeInStatus();
    void holdOnATerminalReportsKeysAsActivity();
    void failuresMapToExitCodes_data();
    void failuresMapToExitCodes();
    void tokenCreateListWhoamiRevoke();
    void viewerTokenCannotRevokeAndExitsWithSeven();
    void alertRulesAreSetListedAndRefusedByName();
    void emailEndpointsAreAddedWithoutASecret();
    void acknowledgedAlertsAreMarkedInTheList();
    void serversThatDisagreeOnTheKeyAreNamed_data();
    void serversThatDisagreeOnTheKeyAreNamed();
    void aServerRefusedForTlsStopsTheKeyCheck_data();
    void aServerRefusedForTlsStopsTheKeyCheck();
    void httpsServerIsTrustedThroughItsAuthority_data();
    void httpsServerIsTrustedThroughItsAuthority();

private:
    QProcessEnvironment environment(const QMap<QString, QString> &extra = {}) const;
    CliRun run(const QStringList &arguments, const QMap<QString, QString> &extraEnvironment = {});
    QJsonObject runJson(const QStringList &arguments);
    // Creates a license through the CLI; returns the path of its key file.
    QString createLicense(const QString &id, int seats, const QString &ttl = u"60s"_s, const QString &skew = u"5s"_s,
                          const QString &grace = u"15s"_s);
    QString nextLicenseId() { return u"cli-%1"_s.arg(++m_licenseCounter); }
    // Checks a seat out as an application would; returns the seat id (empty on failure).
    // A checkout as a client sends it (with "wait": true when `wait`); the seat id when granted.
    QString checkout(const QString &licenseId, const QString &keyFile, const QString &holder, bool wait = false);
    QJsonObject licenseStatus(const QString &licenseId);
    // The holder's row in `keyright status --json` (empty when it holds none).
    QJsonObject leaseOf(const QString &licenseId, const QString &holder);
    // The holder's line in `keyright status LICENSE` (empty when none).
    QString statusLineOf(const QString &licenseId, const QString &holder);
    // A heartbeat as the application sends it, with how long its user has been idle if given; the
    // HTTP status.
    int heartbeat(const QString &licenseId, const QString &keyFile, const QString &seatId,
                  std::optional<qint64> idleMs = std::nullopt);
    // The license's waiting line as the admin listing shows it.
    QJsonArray queueOf(const QString &licenseId);
    // PUT /v1/licenses/{id}/rules with `rules` (the rules object); the HTTP status.
    int putRules(const QString &licenseId, const QJsonObject &rules);
    // PUT /v1/licenses/{id} with `body`; the HTTP status.
    int putLicense(const QString &licenseId, const QJsonObject &body);

    std::unique_ptr<ServerProcess> m_server;
    QTemporaryDir m_files;
    QNetworkAccessManager m_network;
    int m_licenseCounter = 0;
};

void TestCli::initTestCase()
{
    QVERIFY2(QFile::exists(cliBinary()), qPrintable(cliBinary()));
    QVERIFY(m_files.isValid());
    m_server = std::make_unique<ServerProcess>();
    // The alert rules evaluated often, so that an alert fires within a moment (acknowledgedAlerts...).
    m_server->setExtraArguments({u"--reap-interval"_s, u"0"_s, u"--alert-interval"_s, u"200ms"_s});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
}

void TestCli::cleanupTestCase()
{
    if (m_server)
        m_server->terminate();
    m_server.reset();
}

QProcessEnvironment TestCli::environment(const QMap<QString, QString> &extra) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {u"KEYRIGHT_SERVER"_s, u"KEYRIGHT_SERVERS"_s, u"KEYRIGHT_ADMIN_TOKEN"_s,
                                u"KEYRIGHT_LICENSE_KEY"_s, u"SSL_CERT_FILE"_s, u"SSL_CERT_DIR"_s})
        env.remove(name);
    env.insert(u"KEYRIGHT_SERVER"_s, m_server->url().toString());
    for (auto it = extra.cbegin(); it != extra.cend(); ++it) {
        if (it.value().isNull())
            env.remove(it.key());
        else
            env.insert(it.key(), it.value());
    }
    return env;
}

CliRun TestCli::run(const QStringList &arguments, const QMap<QString, QString> &extraEnvironment)
{
    QProcess process;
    process.setProcessEnvironment(environment(extraEnvironment));
    QStringList withToken = arguments;
    // Admin commands find the token in the server's data directory unless a test says otherwise.
    if (!arguments.contains(u"--token-file"_s) && !extraEnvironment.contains(u"KEYRIGHT_ADMIN_TOKEN"_s)
        && !arguments.contains(u"hold"_s) && !arguments.contains(u"borrow"_s) && !arguments.contains(u"return"_s))
        withToken << u"--token-file"_s << m_server->adminTokenPath();
    process.start(cliBinary(), withToken);
    CliRun result;
    if (!process.waitForFinished(20000)) {
        process.kill();
        process.waitForFinished(2000);
        result.err = u"test: keyright did not finish"_s;
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QJsonObject TestCli::runJson(const QStringList &arguments)
{
    const CliRun result = run(arguments);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(result.out.toUtf8(), &error);
    if (result.exitCode != 0 || error.error != QJsonParseError::NoError || !doc.isObject()) {
        qWarning("keyright %s: exit %d, %s%s", qPrintable(arguments.join(u' ')), result.exitCode,
                 qPrintable(result.err), qPrintable(error.errorString()));
        return {};
    }
    return doc.object();
}

QString TestCli::createLicense(const QString &id, int seats, const QString &ttl, const QString &skew,
                               const QString &grace)
{
    const QString keyFile = m_files.filePath(id + u".key"_s);
    const CliRun result
        = run({u"license"_s, u"create"_s, id, u"--name"_s, u"License "_s + id, u"--seats"_s, QString::number(seats),
               u"--ttl"_s, ttl, u"--skew"_s, skew, u"--grace"_s, grace, u"--key-file"_s, keyFile});
    if (result.exitCode != 0) {
        qWarning("license create %s: %s", qPrintable(id), qPrintable(result.err));
        return {};
    }
    return keyFile;
}

QString TestCli::checkout(const QString &licenseId, const QString &keyFile, const QString &holder, bool wait)
{
    const std::optional<SecretBuffer> key = readSecretFile(keyFile);
    if (!key)
        return {};
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1/checkout"_s.arg(licenseId));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "License " + key->view().toByteArray());
    request.setTransferTimeout(5000);
    QJsonObject body {{u"holder"_s, holder}};
    if (wait)
        body.insert(u"wait"_s, true);
    QNetworkReply *reply = m_network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000))
        return {};
    reply->deleteLater();
    return QJsonDocument::fromJson(reply->readAll())
        .object()
        .value(u"lease"_s)
        .toObject()
        .value(u"seatId"_s)
        .toString();
}

int TestCli::heartbeat(const QString &licenseId, const QString &keyFile, const QString &seatId,
                       std::optional<qint64> idleMs)
{
    const std::optional<SecretBuffer> key = readSecretFile(keyFile);
    if (!key)
        return 0;
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(licenseId, seatId));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "License " + key->view().toByteArray());
    request.setTransferTimeout(5000);
    QJsonObject body;
    if (idleMs)
        body.insert(u"idleMs"_s, *idleMs);
    QNetworkReply *reply = m_network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000))
        return 0;
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QJsonArray TestCli::queueOf(const QString &licenseId)
{
    const std::optional<SecretBuffer> token = readSecretFile(m_server->adminTokenPath());
    if (!token)
        return {};
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1/leases"_s.arg(licenseId));
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token->view().toByteArray());
    request.setTransferTimeout(5000);
    QNetworkReply *reply = m_network.get(request);
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000))
        return {};
    reply->deleteLater();
    return QJsonDocument::fromJson(reply->readAll()).object().value(u"queue"_s).toArray();
}

int TestCli::putRules(const QString &licenseId, const QJsonObject &rules)
{
    const std::optional<SecretBuffer> token = readSecretFile(m_server->adminTokenPath());
    if (!token)
        return 0;
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1/rules"_s.arg(licenseId));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + token->view().toByteArray());
    request.setTransferTimeout(5000);
    QNetworkReply *reply
        = m_network.put(request, QJsonDocument(QJsonObject {{u"rules"_s, rules}}).toJson(QJsonDocument::Compact));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000))
        return 0;
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

int TestCli::putLicense(const QString &licenseId, const QJsonObject &body)
{
    const std::optional<SecretBuffer> token = readSecretFile(m_server->adminTokenPath());
    if (!token)
        return 0;
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1"_s.arg(licenseId));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + token->view().toByteArray());
    request.setTransferTimeout(5000);
    QNetworkReply *reply = m_network.put(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 6000))
        return 0;
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QJsonObject TestCli::licenseStatus(const QString &licenseId)
{
    const QJsonObject status = runJson({u"status"_s, licenseId, u"--json"_s});
    return status.value(u"licenses"_s).toArray().at(0).toObject();
}

QJsonObject TestCli::leaseOf(const QString &licenseId, const QString &holder)
{
    for (const QJsonValue &value : licenseStatus(licenseId).value(u"leases"_s).toArray()) {
        if (value.toObject().value(u"holder"_s).toString() == holder)
            return value.toObject();
    }
    return {};
}

QString TestCli::statusLineOf(const QString &licenseId, const QString &holder)
{
    for (const QString &line : run({u"status"_s, licenseId}).out.split(u'\n')) {
        if (line.contains(u"  "_s + holder + u"  "_s))
            return line;
    }
    return {};
}

void TestCli::helpListsCommandsAndExitCodes()
{
    const CliRun result = run({u"--help"_s});
    QCOMPARE(result.exitCode, 0);
    for (const QString &command :
         {u"status"_s, u"hold"_s, u"revoke"_s, u"reap"_s, u"events"_s, u"license"_s, u"Exit codes"_s})
        QVERIFY2(result.out.contains(command), qPrintable(command));
    QVERIFY(result.out.contains(u"6  server unreachable"_s));
    QVERIFY(result.out.contains(u"7  forbidden"_s));
    QVERIFY(result.out.contains(u"token"_s) && result.out.contains(u"whoami"_s));

    const CliRun holdHelp = run({u"hold"_s, u"--help"_s});
    QCOMPARE(holdHelp.exitCode, 0);
    QVERIFY(holdHelp.out.startsWith(u"Usage: keyright [options] hold LICENSE --holder NAME"_s));
    QVERIFY(holdHelp.out.contains(u"--policy"_s));
}

void TestCli::usageErrorsExitWithTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("named"); // what the one-line error must mention
    QTest::newRow("no command") << QStringList {} << u"no command"_s;
    QTest::newRow("unknown command") << QStringList {u"lmstat"_s} << u"lmstat"_s;
    QTest::newRow("unknown option") << QStringList {u"status"_s, u"--bogus"_s} << u"bogus"_s;
    QTest::newRow("hold without holder") << QStringList {u"hold"_s, u"acme-cad"_s} << u"--holder"_s;
    QTest::newRow("hold wait not a duration")
        << QStringList {u"hold"_s, u"acme-cad"_s, u"--holder"_s, u"a@b"_s, u"--wait"_s, u"soon"_s} << u"--wait"_s;
    QTest::newRow("hold wait of nothing")
        << QStringList {u"hold"_s, u"acme-cad"_s, u"--holder"_s, u"a@b"_s, u"--wait"_s, u"0"_s} << u"at least 1s"_s;
    QTest::newRow("hold wait past a day")
        << QStringList {u"hold"_s, u"acme-cad"_s, u"--holder"_s, u"a@b"_s, u"--wait"_s, u"2d"_s} << u"--wait"_s;
    QTest::newRow("revoke without seat") << QStringList {u"revoke"_s, u"acme-cad"_s} << u"SEAT"_s;
    QTest::newRow("revoke bad block") << QStringList {u"revoke"_s, u"acme-cad"_s, u"abc1"_s, u"--block"_s, u"soon"_s}
                                      << u"--block"_s;
    QTest::newRow("create without seats")
        << QStringList {u"license"_s, u"create"_s, u"x"_s, u"--name"_s, u"X"_s} << u"--seats"_s;
    QTest::newRow("seats not a number") << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--seats"_s, u"many"_s}
                                        << u"--seats"_s;
    QTest::newRow("borrow days past the limit")
        << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--borrow-max-days"_s, u"366"_s} << u"--borrow-max-days"_s;
    QTest::newRow("borrow max of nothing")
        << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--borrow-max"_s, u"0"_s} << u"--borrow-max"_s;
    QTest::newRow("borrow keep not a number")
        << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--borrow-keep-on-site"_s, u"some"_s}
        << u"--borrow-keep-on-site"_s;
    QTest::newRow("borrow groups not names")
        << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--borrow-groups"_s, u"cad,,lab"_s} << u"--borrow-groups"_s;
    QTest::newRow("borrow and no-borrow")
        << QStringList {u"license"_s, u"set"_s, u"x"_s, u"--borrow"_s, u"--no-borrow"_s} << u"--no-borrow"_s;
    QTest::newRow("borrow numbers on create without borrow")
        << QStringList {u"license"_s, u"create"_s,       u"x"_s, u"--name"_s, u"X"_s, u"--seats"_s,
                        u"2"_s,       u"--borrow-max"_s, u"1"_s}
        << u"--borrow-max needs --borrow"_s;
    QTest::newRow("events since nonsense") << QStringList {u"events"_s, u"--since"_s, u"yesterday"_s} << u"--since"_s;
    QTest::newRow("json on revoke") << QStringList {u"revoke"_s, u"acme-cad"_s, u"abcd"_s, u"--json"_s} << u"json"_s;
    QTest::newRow("bad license id") << QStringList {u"status"_s, u"ACME CAD"_s} << u"ACME CAD"_s;
    QTest::newRow("token create without role")
        << QStringList {u"token"_s, u"create"_s, u"--name"_s, u"dana"_s} << u"--role"_s;
    QTest::newRow("token create bad role")
        << QStringList {u"token"_s, u"create"_s, u"--name"_s, u"dana"_s, u"--role"_s, u"root"_s} << u"root"_s;
    QTest::newRow("token create bad expiry") << QStringList {u"token"_s,  u"create"_s, u"--name"_s,    u"dana"_s,
                                                             u"--role"_s, u"viewer"_s, u"--expires"_s, u"soon"_s}
                                             << u"--expires"_s;
    QTest::newRow("token revoke bad name") << QStringList {u"token"_s, u"revoke"_s, u"Dana Smith"_s} << u"Dana Smith"_s;
    QTest::newRow("report from not a time")
        << QStringList {u"report"_s, u"acme-cad"_s, u"--from"_s, u"11/10/2026"_s} << u"2026-09-01T08:00:00+02:00"_s;
    QTest::newRow("report to not a day") << QStringList {u"report"_s,     u"acme-cad"_s, u"--from"_s,
                                                         u"2026-11-01"_s, u"--to"_s,     u"2026-11-31"_s}
                                         << u"--to"_s;
    QTest::newRow("report since with to")
        << QStringList {u"report"_s, u"acme-cad"_s, u"--since"_s, u"7d"_s, u"--to"_s, u"2026-11-01"_s} << u"--to"_s;
    QTest::newRow("whoami with an argument") << QStringList {u"whoami"_s, u"dana"_s} << u"dana"_s;
}

void TestCli::usageErrorsExitWithTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, named);
    const CliRun result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.startsWith(u"keyright"_s) && result.err.count(u'\n') == 1, qPrintable(result.err));
    QVERIFY2(result.err.contains(named), qPrintable(result.err));
}

void TestCli::licenseCreateListAndSet()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 3);
    QVERIFY(!keyFile.isEmpty());
    QCOMPARE(QFile::permissions(keyFile) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    const std::optional<SecretBuffer> key = readSecretFile(keyFile);
    QVERIFY(key);
    QVERIFY(isValidLicenseKey(QString::fromLatin1(key->view())));

    const auto findLicense = [this, &id]() -> QJsonObject {
        const QJsonArray licenses = runJson({u"license"_s, u"list"_s, u"--json"_s}).value(u"licenses"_s).toArray();
        for (const QJsonValue &license : licenses) {
            if (license.toObject().value(u"id"_s).toString() == id)
                return license.toObject();
        }
        return {};
    };
    QJsonObject listed = findLicense();
    QCOMPARE(listed.value(u"seatCount"_s).toInt(), 3);
    QCOMPARE(listed.value(u"ttlSeconds"_s).toInt(), 60);
    QCOMPARE(listed.value(u"name"_s).toString(), u"License "_s + id);

    const CliRun set = run({u"license"_s, u"set"_s, id, u"--seats"_s, u"5"_s, u"--ttl"_s, u"2m"_s});
    QCOMPARE(set.exitCode, 0);
    QVERIFY2(set.out.contains(u"5 seats"_s), qPrintable(set.out));
    listed = findLicense();
    QCOMPARE(listed.value(u"seatCount"_s).toInt(), 5);
    QCOMPARE(listed.value(u"ttlSeconds"_s).toInt(), 120);
    QCOMPARE(listed.value(u"name"_s).toString(), u"License "_s + id); // untouched fields stay

    const CliRun again = run({u"license"_s, u"create"_s, id, u"--name"_s, u"Again"_s, u"--seats"_s, u"1"_s});
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(u"already exists"_s), qPrintable(again.err));
    QCOMPARE(findLicense().value(u"seatCount"_s).toInt(), 5);

    const CliRun refused = run({u"license"_s, u"set"_s, id, u"--grace"_s, u"1s"_s}); // grace must exceed skew 5s
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(u"reapGraceSeconds"_s), qPrintable(refused.err));

    const CliRun list = run({u"license"_s, u"list"_s});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.startsWith(u"ID"_s));
    QVERIFY(list.out.contains(id));

    const CliRun rotated = run({u"license"_s, u"rotate-key"_s, id});
    QCOMPARE(rotated.exitCode, 0);
    const QStringList lines = rotated.out.trimmed().split(u'\n');
    QVERIFY(isValidLicenseKey(lines.constLast()));
    QVERIFY(lines.constLast() != QString::fromLatin1(key->view()));
}

// Issue 29: --valid-from/--valid-until/--maintenance-until on create and set (none removes one), a
// set of other options keeps them, the listing shows them, and a bad order is refused by the CLI.
void TestCli::licenseDatesAreSetListedAndCleared()
{
    const QString id = nextLicenseId();
    const CliRun created = run({u"license"_s, u"create"_s, id, u"--name"_s, u"Dated"_s, u"--seats"_s, u"2"_s,
                                u"--valid-until"_s, u"2099-03-31"_s, u"--maintenance-until"_s,
                                u"2098-12-31T12:00:00Z"_s, u"--key-file"_s, m_files.filePath(id + u".key"_s)});
    QCOMPARE(created.exitCode, 0);
    QVERIFY2(created.out.contains(u"valid until 2099-03-31"_s), qPrintable(created.out));
    const auto findLicense = [this, &id]() -> QJsonObject {
        const QJsonArray licenses = runJson({u"license"_s, u"list"_s, u"--json"_s}).value(u"licenses"_s).toArray();
        for (const QJsonValue &license : licenses) {
            if (license.toObject().value(u"id"_s).toString() == id)
                return license.toObject();
        }
        return {};
    };
    QJsonObject listed = findLicense();
    QCOMPARE(listed.value(u"validUntil"_s).toString(), u"2099-03-31T00:00:00.000Z"_s);
    QCOMPARE(listed.value(u"maintenanceUntil"_s).toString(), u"2098-12-31T12:00:00.000Z"_s);
    QVERIFY(listed.value(u"validFrom"_s).isNull());

    const CliRun table = run({u"license"_s, u"list"_s});
    QVERIFY2(table.out.contains(u"VALID UNTIL"_s) && table.out.contains(u"2099-03-31"_s)
                 && table.out.contains(u"2098-12-31 12:00:00Z"_s),
             qPrintable(table.out));

    // Another option keeps the dates; none removes one.
    QCOMPARE(run({u"license"_s, u"set"_s, id, u"--seats"_s, u"3"_s}).exitCode, 0);
    QCOMPARE(findLicense().value(u"validUntil"_s).toString(), u"2099-03-31T00:00:00.000Z"_s);
    QCOMPARE(run({u"license"_s, u"set"_s, id, u"--valid-until"_s, u"none"_s}).exitCode, 0);
    listed = findLicense();
    QVERIFY(listed.value(u"validUntil"_s).isNull());
    QCOMPARE(listed.value(u"maintenanceUntil"_s).toString(), u"2098-12-31T12:00:00.000Z"_s);

    const CliRun backwards
        = run({u"license"_s, u"set"_s, id, u"--valid-from"_s, u"2099-05-01"_s, u"--valid-until"_s, u"2099-04-01"_s});
    QCOMPARE(backwards.exitCode, 2);
    QVERIFY2(backwards.err.contains(u"--valid-until must be after --valid-from"_s), qPrintable(backwards.err));
    const CliRun bothDates
        = run({u"license"_s, u"set"_s, id, u"--valid-from"_s, u"2099-05-01"_s, u"--valid-until"_s, u"2099-06-01"_s});
    QCOMPARE(bothDates.exitCode, 0);
    const CliRun later = run({u"license"_s, u"set"_s, id, u"--valid-until"_s, u"2099-04-01"_s});
    QCOMPARE(later.exitCode, 2); // the server holds the order with the stored validFrom
    QVERIFY2(later.err.contains(u"validUntil"_s), qPrintable(later.err));
}

// Issue 27: the borrowing policy on create and set, in the listing (table and --json), kept by a
// set of other options, switched off by --no-borrow with its numbers kept.
void TestCli::licenseBorrowPolicyIsSetListedAndSwitchedOff()
{
    const QString id = nextLicenseId();
    const auto findLicense = [this, &id]() -> QJsonObject {
        const QJsonArray licenses = runJson({u"license"_s, u"list"_s, u"--json"_s}).value(u"licenses"_s).toArray();
        for (const QJsonValue &license : licenses) {
            if (license.toObject().value(u"id"_s).toString() == id)
                return license.toObject();
        }
        return {};
    };
    const CliRun created = run({u"license"_s, u"create"_s, id, u"--name"_s, u"Lent"_s, u"--seats"_s, u"4"_s,
                                u"--borrow"_s, u"--borrow-max-days"_s, u"10"_s, u"--borrow-keep-on-site"_s, u"1"_s,
                                u"--key-file"_s, m_files.filePath(id + u".key"_s)});
    QCOMPARE(created.exitCode, 0);
    QVERIFY2(created.out.contains(u"borrowing for at most 10 days, 1 seat at once, 1 kept on site."_s),
             qPrintable(created.out));
    QJsonObject borrow = findLicense().value(u"borrow"_s).toObject();
    QCOMPARE(borrow.value(u"allowed"_s).toBool(), true);
    QCOMPARE(borrow.value(u"maxDays"_s).toInt(), 10);
    QCOMPARE(borrow.value(u"maxBorrowed"_s).toInt(), 1); // the default
    QCOMPARE(borrow.value(u"keepOnSite"_s).toInt(), 1);
    QCOMPARE(borrow.value(u"groups"_s).toArray(), QJsonArray());

    const CliRun table = run({u"license"_s, u"list"_s});
    QVERIFY2(table.out.contains(u"BORROWING"_s) && table.out.contains(u"10d x1 keep 1"_s), qPrintable(table.out));
    // A group the server does not know is refused by the server, naming the member.
    const CliRun unknownGroup = run({u"license"_s, u"set"_s, id, u"--borrow-groups"_s, u"field,sales"_s});
    QCOMPARE(unknownGroup.exitCode, 2);
    QVERIFY2(unknownGroup.err.contains(u"borrow.groups"_s), qPrintable(unknownGroup.err));

    // Another option keeps the policy; a borrow option changes only itself.
    QCOMPARE(run({u"license"_s, u"set"_s, id, u"--seats"_s, u"5"_s}).exitCode, 0);
    QCOMPARE(findLicense().value(u"borrow"_s).toObject(), borrow);
    QCOMPARE(run({u"license"_s, u"set"_s, id, u"--borrow-max"_s, u"2"_s, u"--borrow-groups"_s, u"none"_s}).exitCode, 0);
    borrow = findLicense().value(u"borrow"_s).toObject();
    QCOMPARE(borrow.value(u"maxBorrowed"_s).toInt(), 2);
    QCOMPARE(borrow.value(u"maxDays"_s).toInt(), 10);
    QCOMPARE(borrow.value(u"groups"_s).toArray(), QJsonArray());

    // A policy the server accepts but that lends nothing (more kept on site than the 5 seats) is said
    // on stderr; an ordinary one is not.
    QVERIFY2(!run({u"license"_s, u"set"_s, id, u"--borrow-keep-on-site"_s, u"2"_s}).err.contains(u"warning"_s),
             "a policy that lends seats drew a warning");
    const CliRun keepsAll = run({u"license"_s, u"set"_s, id, u"--borrow-keep-on-site"_s, u"9"_s});
    QCOMPARE(keepsAll.exitCode, 0);
    QVERIFY2(keepsAll.err.contains(u"warning: keeping 9 seats on site, more than the 5 the license has, leaves "
                                   u"none to borrow"_s),
             qPrintable(keepsAll.err));
    QVERIFY2(run({u"license"_s, u"set"_s, id, u"--borrow-keep-on-site"_s, u"5"_s})
                 .err.contains(u"warning: keeping all 5 seats on site leaves none to borrow"_s),
             "keeping every seat drew no warning");
    QCOMPARE(run({u"license"_s, u"set"_s, id, u"--borrow-keep-on-site"_s, u"1"_s}).exitCode, 0);

    // Walk 51b N1: the change of the policy is in the license_updated event, as the listing writes it.
    const CliRun updates = run({u"events"_s, u"--license"_s, id, u"--kind"_s, u"license_updated"_s});
    QCOMPARE(updates.exitCode, 0);
    QVERIFY2(updates.out.contains(u"borrow=\"10d x2 keep 1\""_s), qPrintable(updates.out));

    const CliRun off = run({u"license"_s, u"set"_s, id, u"--no-borrow"_s});
    QCOMPARE(off.exitCode, 0);
    QVERIFY2(off.out.contains(u"no borrowing"_s), qPrintable(off.out));
    borrow = findLicense().value(u"borrow"_s).toObject();
    QCOMPARE(borrow.value(u"allowed"_s).toBool(), false);
    QCOMPARE(borrow.value(u"maxDays"_s).toInt(), 10);
    const QStringList rows = run({u"license"_s, u"list"_s}).out.split(u'\n');
    const auto row
        = std::find_if(rows.cbegin(), rows.cend(), [&id](const QString &line) { return line.startsWith(id); });
    QVERIFY(row != rows.cend());
    QVERIFY2(row->trimmed().endsWith(u" 0  -"_s), qPrintable(*row)); // none borrowed, no policy
}

void TestCli::statusAnswersWithTheFirstInstanceDead_data()
{
    QTest::addColumn<bool>("fromEnvironment");
    QTest::newRow("--server three times") << false;
    QTest::newRow("KEYRIGHT_SERVERS") << true;
}

void TestCli::statusAnswersWithTheFirstInstanceDead()
{
    QFETCH(bool, fromEnvironment);
    const QString id = nextLicenseId();
    QVERIFY(!createLicense(id, 3).isEmpty());
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const QString dead = u"http://127.0.0.1:%1"_s.arg(probe.serverPort());
    probe.close();
    FaultProxy third;
    QVERIFY(third.start(QHostAddress::LocalHost, m_server->port()));
    const QStringList servers {dead, m_server->url().toString(), third.url().toString()};

    // The same command against the live instance alone: what starting the binary costs here.
    QElapsedTimer elapsed;
    elapsed.start();
    QCOMPARE(run({u"status"_s, id}).exitCode, 0);
    const qint64 alone = elapsed.restart();
    CliRun result;
    if (fromEnvironment) {
        result
            = run({u"status"_s, id}, {{u"KEYRIGHT_SERVER"_s, QString()}, {u"KEYRIGHT_SERVERS"_s, servers.join(u',')}});
    } else {
        QStringList arguments;
        for (const QString &server : servers)
            arguments << u"--server"_s << server;
        result = run(arguments + QStringList {u"status"_s, id});
    }
    const qint64 withDead = elapsed.elapsed();
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains(u"0 of 3 seats in use"_s), qPrintable(result.out + result.err));
    // It names the instance that answered.
    QVERIFY2(result.out.contains(m_server->url().toDisplayString()), qPrintable(result.out));
    qInfo("status: %lld ms with the first of three instances dead, %lld ms against the live one alone", withDead,
          alone);
    QVERIFY2(withDead < alone + 1000, qPrintable(u"%1 ms vs %2 ms"_s.arg(withDead).arg(alone)));
}

void TestCli::statusShowsEachHolderAndJson()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 3);
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QVERIFY(!checkout(id, keyFile, u"bob@ws-2"_s).isEmpty());

    const CliRun text = run({u"status"_s, id});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(u"2 of 3 seats in use"_s), qPrintable(text.out));
    QVERIFY(text.out.contains(u"alice@ws-1"_s) && text.out.contains(u"bob@ws-2"_s));
    QVERIFY(text.out.contains(u"EXPIRES IN"_s));
    QCOMPARE(text.out.count(u"  live\n"_s), 2);

    const QJsonObject license = licenseStatus(id);
    QCOMPARE(license.value(u"id"_s).toString(), id);
    QCOMPARE(license.value(u"inUse"_s).toInt(), 2);
    QCOMPARE(license.value(u"seatCount"_s).toInt(), 3);
    const QJsonArray leases = license.value(u"leases"_s).toArray();
    QCOMPARE(leases.size(), 2);
    for (const QJsonValue &value : leases) {
        const QJsonObject lease = value.toObject();
        QVERIFY(lease.value(u"live"_s).toBool());
        QVERIFY(lease.value(u"signatureValid"_s).toBool());
        QVERIFY(lease.value(u"heldSince"_s).isString());
        const qint64 expiresIn = qint64(lease.value(u"expiresInMs"_s).toDouble());
        QVERIFY2(expiresIn > 40000 && expiresIn <= 61000, qPrintable(QString::number(expiresIn)));
    }

    const CliRun all = run({u"status"_s});
    QCOMPARE(all.exitCode, 0);
    QVERIFY(all.out.contains(id));
}

void TestCli::statusShowsEachHoldersIdleTime()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 3);
    const QString alice = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!alice.isEmpty());
    QVERIFY(!checkout(id, keyFile, u"bob@ws-2"_s).isEmpty());
    // alice's application last saw her 74 minutes ago; bob's says nothing about activity.
    QCOMPARE(heartbeat(id, keyFile, alice, 74 * 60000 + 30000), 200);

    const CliRun text = run({u"status"_s, id});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(u" IDLE "_s), qPrintable(text.out));
    QVERIFY2(statusLineOf(id, u"alice@ws-1"_s).contains(u" 74 min  "_s), qPrintable(text.out));
    const QString bob = statusLineOf(id, u"bob@ws-2"_s);
    QVERIFY2(bob.contains(u"  -  "_s) && !bob.contains(u" min "_s), qPrintable(text.out));

    const QJsonObject aliceJson = leaseOf(id, u"alice@ws-1"_s);
    QVERIFY(aliceJson.value(u"lastActivityAt"_s).isString());
    const double idleMs = aliceJson.value(u"idleMs"_s).toDouble();
    QVERIFY2(idleMs >= 74 * 60000 + 30000 && idleMs < 75 * 60000, qPrintable(QString::number(idleMs)));
    const QJsonObject bobJson = leaseOf(id, u"bob@ws-2"_s);
    QVERIFY(!bobJson.isEmpty());
    QVERIFY(!bobJson.contains(u"lastActivityAt"_s));
    QVERIFY(bobJson.contains(u"idleMs"_s) && bobJson.value(u"idleMs"_s).isNull());
}

void TestCli::revokeBySeatPrefixFreesAndBlocks()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    const QString seat = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());

    const CliRun unknown = run({u"revoke"_s, id, seat.startsWith(u'0') ? u"1111"_s : u"0000"_s});
    QCOMPARE(unknown.exitCode, 4);

    const CliRun revoked
        = run({u"revoke"_s, id, seat.left(8), u"--reason"_s, u"training over"_s, u"--block"_s, u"10m"_s});
    QCOMPARE(revoked.exitCode, 0);
    QVERIFY2(revoked.out.contains(u"alice@ws-1"_s), qPrintable(revoked.out));

    const QJsonObject license = licenseStatus(id);
    QCOMPARE(license.value(u"inUse"_s).toInt(), 0);
    QVERIFY(license.value(u"leases"_s).toArray().isEmpty());
    const QJsonArray blocks = license.value(u"blocks"_s).toArray();
    QCOMPARE(blocks.size(), 1);
    QCOMPARE(blocks.at(0).toObject().value(u"holder"_s).toString(), u"alice@ws-1"_s);
    QCOMPARE(blocks.at(0).toObject().value(u"reason"_s).toString(), u"training over"_s);

    const CliRun text = run({u"status"_s, id});
    QVERIFY(text.out.contains(u"BLOCKED HOLDER"_s));
}

void TestCli::reapDryRunThenReap()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2, u"1s"_s, u"0"_s, u"1s"_s);
    const QString seat = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());
    const auto listsSeat = [&seat](const QJsonObject &reap) {
        for (const QJsonValue &value : reap.value(u"seats"_s).toArray()) {
            if (value.toObject().value(u"seatId"_s).toString() == seat)
                return true;
        }
        return false;
    };
    // Reapable 2 s after the checkout (ttl 1 s + grace 1 s).
    QJsonObject dryRun;
    QTRY_VERIFY_WITH_TIMEOUT(listsSeat(dryRun = runJson({u"reap"_s, u"--dry-run"_s, u"--json"_s})), 8000);
    QVERIFY(dryRun.value(u"dryRun"_s).toBool());
    // A dry run reaped nothing: it says what it would reap.
    QVERIFY2(!dryRun.contains(u"reaped"_s), QJsonDocument(dryRun).toJson().constData());
    QCOMPARE(dryRun.value(u"wouldReap"_s).toInt(), int(dryRun.value(u"seats"_s).toArray().size()));
    const CliRun dryText = run({u"reap"_s, u"--dry-run"_s});
    QVERIFY2(!dryText.out.contains(u"(s)"_s), qPrintable(dryText.out));
    QCOMPARE(licenseStatus(id).value(u"leases"_s).toArray().size(), 1); // still there

    const QJsonObject reaped = runJson({u"reap"_s, u"--json"_s});
    QVERIFY(!reaped.value(u"dryRun"_s).toBool());
    QVERIFY(listsSeat(reaped));
    QVERIFY(licenseStatus(id).value(u"leases"_s).toArray().isEmpty());

    const CliRun nothing = run({u"reap"_s, u"--dry-run"_s});
    QCOMPARE(nothing.exitCode, 0);
}

void TestCli::eventsFilterAndJson()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1);
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QVERIFY(checkout(id, keyFile, u"bob@ws-2"_s).isEmpty()); // denied

    const QJsonObject all = runJson({u"events"_s, u"--license"_s, id, u"--json"_s});
    QStringList kinds;
    for (const QJsonValue &event : all.value(u"events"_s).toArray())
        kinds.append(event.toObject().value(u"kind"_s).toString());
    QCOMPARE(kinds, (QStringList {u"license_created"_s, u"granted"_s, u"denied"_s}));

    const QJsonObject denied
        = runJson({u"events"_s, u"--license"_s, id, u"--kind"_s, u"denied"_s, u"--since"_s, u"10m"_s, u"--json"_s});
    const QJsonArray events = denied.value(u"events"_s).toArray();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).toObject().value(u"holder"_s).toString(), u"bob@ws-2"_s);

    const CliRun text = run({u"events"_s, u"--license"_s, id, u"--kind"_s, u"denied"_s});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(u"holders=alice@ws-1"_s), qPrintable(text.out));
}

void TestCli::unknownOptionPointsToTheCommandsHelp()
{
    const CliRun result = run({u"status"_s, u"--bogus"_s});
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(result.err, u"keyright status: unknown option --bogus (see keyright status --help)\n"_s);

    // Before the command, the command names it the same way; with no command, keyright does...
    const CliRun before = run({u"--bogus"_s, u"status"_s});
    QCOMPARE(before.exitCode, 2);
    QCOMPARE(before.err, u"keyright status: unknown option --bogus (see keyright status --help)\n"_s);
    const CliRun alone = run({u"--bogus"_s});
    QCOMPARE(alone.exitCode, 2);
    QCOMPARE(alone.err, u"keyright: unknown option --bogus (see keyright --help)\n"_s);
    // ...and a command's own option is the command's (walk 53: "--key-file K hold" was refused as
    // unknown): here it is read, and its file found missing.
    const QString missing = QDir(QDir::tempPath()).filePath(u"keyright-no-such-key-file"_s);
    const CliRun keyFirst = run({u"--key-file"_s, missing, u"hold"_s, u"acme-cad"_s, u"--holder"_s, u"a@b"_s});
    QCOMPARE(keyFirst.exitCode, 2);
    QVERIFY2(keyFirst.err.startsWith(u"keyright hold: --key-file: "_s) && keyFirst.err.contains(missing),
             qPrintable(keyFirst.err));
}

void TestCli::repeatedDenialsFoldAndTheHolderFilterTellsTheStory()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    const QString seat = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());
    const CliRun revoked
        = run({u"revoke"_s, id, seat, u"--block"_s, u"10m"_s, u"--token-file"_s, m_server->adminTokenPath()});
    QCOMPARE(revoked.exitCode, 0);
    QCOMPARE(heartbeat(id, keyFile, seat), 410); // the application learns it
    for (int i = 0; i < 5; ++i)
        QVERIFY(checkout(id, keyFile, u"alice@ws-1"_s).isEmpty()); // blocked, retried

    // The server keeps every attempt.
    const QJsonObject json = runJson({u"events"_s, u"--license"_s, id, u"--holder"_s, u"alice@ws-1"_s, u"--json"_s});
    QStringList kinds;
    for (const QJsonValue &event : json.value(u"events"_s).toArray())
        kinds.append(event.toObject().value(u"kind"_s).toString());
    QCOMPARE(kinds,
             (QStringList {u"granted"_s, u"revoked"_s, u"renew_refused"_s, u"holder_blocked"_s, u"holder_blocked"_s,
                           u"holder_blocked"_s, u"holder_blocked"_s, u"holder_blocked"_s}));

    // The listing folds them: the whole story in four rows.
    const CliRun text = run({u"events"_s, u"--license"_s, id, u"--holder"_s, u"alice@ws-1"_s});
    QCOMPARE(text.exitCode, 0);
    QStringList rows = text.out.split(u'\n', Qt::SkipEmptyParts);
    rows.removeFirst(); // the header
    QCOMPARE(rows.size(), 4);
    QVERIFY2(rows.last().contains(u"holder_blocked"_s) && rows.last().contains(u"attempts=5"_s), qPrintable(text.out));
    QVERIFY2(rows.at(2).contains(u"renew_refused"_s) && rows.at(2).contains(u"alice@ws-1"_s), qPrintable(text.out));
    const CliRun every = run({u"events"_s, u"--license"_s, id, u"--holder"_s, u"alice@ws-1"_s, u"--every-attempt"_s});
    QCOMPARE(every.out.count(u"holder_blocked"_s), 5);
}

void TestCli::heldForStopsAtExpiry()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2, u"1s"_s, u"0"_s, u"1h"_s);
    QVERIFY(!checkout(id, keyFile, u"crashed@ws-9"_s).isEmpty());
    const auto heldFor = [this, &id] {
        const CliRun text = run({u"status"_s, id});
        const QStringList lines = text.out.split(u'\n');
        QStringList header;
        for (const QString &line : lines) {
            const QStringList cells = line.trimmed().split(QRegularExpression(u"\\s{2,}"_s));
            if (cells.contains(u"HELD FOR"_s))
                header = cells;
            else if (!header.isEmpty() && line.contains(u"crashed@ws-9"_s) && cells.size() == header.size())
                return cells.at(header.indexOf(u"HELD FOR"_s));
        }
        return u"(not found) "_s + text.out;
    };
    // The application crashed at once: its lease expired a second after the grant.
    QTest::qWait(1500);
    const QString first = heldFor();
    QTest::qWait(2100);
    QCOMPARE(heldFor(), first);
    QVERIFY2(!first.contains(u"not found"_s) && (first.endsWith(u"ms"_s) || first == u"1s"_s), qPrintable(first));
}

void TestCli::eventsFollowPrintsNewEventsUntilInterrupted()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QProcess follow;
    follow.setProcessEnvironment(environment());
    follow.start(
        cliBinary(),
        {u"events"_s, u"--license"_s, id, u"--follow"_s, u"--json"_s, u"--token-file"_s, m_server->adminTokenPath()});
    QVERIFY(follow.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(follow.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"license_created"_s), 8000);

    QVERIFY(!checkout(id, keyFile, u"carol@ws-3"_s).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"carol@ws-3"_s), 8000);
    // One JSON object per line.
    for (const QString &line : out.trimmed().split(u'\n'))
        QVERIFY2(QJsonDocument::fromJson(line.toUtf8()).isObject(), qPrintable(line));

    ::kill(pid_t(follow.processId()), SIGINT);
    QVERIFY(follow.waitForFinished(5000));
    QCOMPARE(follow.exitStatus(), QProcess::NormalExit);
    QCOMPARE(follow.exitCode(), 0);
}

// Walk 48: `events --follow`, started to watch a failover, gave up (exit 1) on the first 503
// database_unavailable, which is what every instance answers during one.
void TestCli::eventsFollowWaitsForADatabaseThatIsAway()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    FaultProxy proxy;
    QVERIFY(proxy.start(QHostAddress::LocalHost, m_server->port()));
    QProcess follow;
    QProcessEnvironment env = environment();
    env.insert(u"KEYRIGHT_SERVER"_s, proxy.url().toString());
    follow.setProcessEnvironment(env);
    follow.start(cliBinary(),
                 {u"events"_s, u"--license"_s, id, u"--follow"_s, u"--token-file"_s, m_server->adminTokenPath()});
    QVERIFY(follow.waitForStarted(5000));
    QString out;
    QString err;
    const auto read = [&] {
        out += QString::fromUtf8(follow.readAllStandardOutput());
        err += QString::fromUtf8(follow.readAllStandardError());
        return out;
    };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"license_created"_s), 8000);

    // The database goes away: every answer is the 503 the instances give meanwhile.
    auto refused = std::make_shared<int>(0);
    proxy.tamperResponses([refused](const QByteArray &) {
        ++*refused;
        const QByteArray body = R"({"error":"database_unavailable","message":"database unavailable; the request )"
                                R"(was not carried out: retry it"})";
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    });
    QTRY_VERIFY_WITH_TIMEOUT((read(), err.contains(u"answered 503: database unavailable"_s)), 8000);
    QCOMPARE(follow.state(), QProcess::Running);
    QVERIFY2(err.contains(u"retrying"_s), qPrintable(err));
    // Said once for the outage, not at every poll (walk 49: a line a second).
    const int seen = *refused;
    QTRY_VERIFY_WITH_TIMEOUT(*refused >= seen + 3, 10000);
    read();
    QCOMPARE(err.count(u"retrying"_s), 1);

    // It comes back: what happened meanwhile is printed.
    QVERIFY(!checkout(id, keyFile, u"dave@ws-4"_s).isEmpty());
    proxy.tamperResponses({});
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"dave@ws-4"_s), 8000);
    QVERIFY2(err.contains(u"the server answers again"_s), qPrintable(err));
    ::kill(pid_t(follow.processId()), SIGINT);
    QVERIFY(follow.waitForFinished(5000));
    QCOMPARE(follow.exitCode(), 0);
}

void TestCli::holdRenewsAndReleasesOnSigint()
{
    // ttl 6 s: the keeper beats after a third of it plus up to 2 s of jitter.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2, u"6s"_s, u"1s"_s, u"3s"_s);
    QProcess hold;
    hold.setProcessEnvironment(environment());
    hold.start(cliBinary(), {u"hold"_s, id, u"--holder"_s, u"trainer@room-1"_s, u"--key-file"_s, keyFile});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"acquired seat"_s), 8000);
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"renewed seat"_s), 10000);

    QJsonArray leases = licenseStatus(id).value(u"leases"_s).toArray();
    QCOMPARE(leases.size(), 1);
    QCOMPARE(leases.at(0).toObject().value(u"holder"_s).toString(), u"trainer@room-1"_s);

    ::kill(pid_t(hold.processId()), SIGINT);
    QVERIFY(hold.waitForFinished(8000));
    QCOMPARE(hold.exitStatus(), QProcess::NormalExit);
    QCOMPARE(hold.exitCode(), 0);
    read();
    QVERIFY2(out.contains(u"released seat"_s), qPrintable(out));
    // Every line is stamped.
    for (const QString &line : out.trimmed().split(u'\n'))
        QVERIFY2(line.size() > 24 && line.at(4) == u'-' && line.at(23) == u'Z', qPrintable(line));
    // The seat is free at once, not after the lease runs out.
    leases = licenseStatus(id).value(u"leases"_s).toArray();
    QVERIFY(leases.isEmpty());
}

void TestCli::holdOnAFullPoolExitsWithFive()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1);
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    const CliRun result = run({u"hold"_s, id, u"--holder"_s, u"bob@ws-2"_s, u"--key-file"_s, keyFile});
    QCOMPARE(result.exitCode, 5);
    QVERIFY2(result.err.contains(u"in use"_s), qPrintable(result.err));
    // One seat is said in the singular, not "all 1 seats are in use".
    QVERIFY2(result.err.contains(u"the only seat is in use"_s), qPrintable(result.err));
}

void TestCli::borrowKeepsTheLeaseAndReturnGivesItBack()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QCOMPARE(putLicense(id,
                        {{u"borrow"_s,
                          QJsonObject {
                              {u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 1}, {u"keepOnSite"_s, 0}}}}),
             200);
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QMap<QString, QString> home {{u"XDG_DATA_HOME"_s, data.path()}};
    const QString file = data.filePath(u"keyright/borrowed/%1.json"_s.arg(id));

    const CliRun tooLong = run({u"borrow"_s, id, u"--days"_s, u"8"_s, u"--key-file"_s, keyFile}, home);
    QCOMPARE(tooLong.exitCode, 5);
    QVERIFY2(tooLong.err.contains(u"7 days at most"_s), qPrintable(tooLong.err));
    QVERIFY(!QFile::exists(file));

    const CliRun borrowed = run(
        {u"borrow"_s, id, u"--days"_s, u"3"_s, u"--holder"_s, u"alice@laptop"_s, u"--key-file"_s, keyFile, u"--json"_s},
        home);
    QCOMPARE(borrowed.exitCode, 0);
    const QJsonObject answer = QJsonDocument::fromJson(borrowed.out.toUtf8()).object();
    QCOMPARE(answer.value(u"holder"_s).toString(), u"alice@laptop"_s);
    QCOMPARE(answer.value(u"file"_s).toString(), file);
    QVERIFY(QFile::exists(file));
    QCOMPARE(QFile::permissions(file) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    // The seat counts on the server.
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 1);
    // status tells a borrowed seat from a live one, held since its borrow (walk 50b).
    const QString line = statusLineOf(id, u"alice@laptop"_s);
    QVERIFY2(line.contains(u"borrowed, counted until"_s), qPrintable(line));
    QVERIFY2(!line.contains(u"over 1d"_s) && !line.contains(u"before "_s), qPrintable(line));
    // A second borrow of the same license from this computer is refused before asking, with the
    // refusal's exit code.
    const CliRun twice = run({u"borrow"_s, id, u"--days"_s, u"1"_s, u"--key-file"_s, keyFile}, home);
    QCOMPARE(twice.exitCode, 5);
    QVERIFY2(twice.err.contains(u"already holds a borrowed seat"_s), qPrintable(twice.err));
    // An admin cannot revoke it: refused, exit 5 with the server's sentence.
    const QString seatId = answer.value(u"seatId"_s).toString();
    const CliRun revoke = run({u"revoke"_s, id, seatId.left(8)});
    QCOMPARE(revoke.exitCode, 5);
    QVERIFY2(revoke.err.contains(u"borrowed"_s), qPrintable(revoke.err));

    // The file keeps the return secret; another computer with the license key and the seat id
    // (a copy of the file without it) cannot return the seat (walk 51b N7).
    QFile kept(file);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QJsonObject copy = QJsonDocument::fromJson(kept.readAll()).object();
    kept.close();
    QCOMPARE(copy.value(u"returnSecret"_s).toString().size(), 64);
    copy.remove(u"returnSecret"_s);
    QTemporaryDir otherData;
    QVERIFY(otherData.isValid());
    const QString otherFile = otherData.filePath(u"keyright/borrowed/%1.json"_s.arg(id));
    QVERIFY(QDir().mkpath(QFileInfo(otherFile).absolutePath()));
    QVERIFY(writeSecretFile(otherFile, QJsonDocument(copy).toJson()));
    const CliRun stranger = run({u"return"_s, id, u"--key-file"_s, keyFile}, {{u"XDG_DATA_HOME"_s, otherData.path()}});
    // Refused by the server; without a secret in the file nothing this computer does can return the
    // seat, so the file is said to be what is wrong (exit 8), not "ask again" (walk 57: the owner's
    // own file with the member deleted went round in a circle between borrow and return).
    QCOMPARE(stranger.exitCode, 8);
    QVERIFY2(stranger.err.contains(u"returnSecret is missing"_s), qPrintable(stranger.err));
    QVERIFY2(stranger.err.contains(u"an admin can write seat %1 off"_s.arg(seatId)), qPrintable(stranger.err));
    QCOMPARE(stranger.err.trimmed().count(u'\n'), 0);
    QVERIFY2(stranger.err.startsWith(u"keyright: returning the borrowed seat of %1: "_s.arg(id)),
             qPrintable(stranger.err));
    QVERIFY2(!stranger.err.contains(u"stays borrowed here"_s), qPrintable(stranger.err));
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 1);

    const CliRun returned = run({u"return"_s, id, u"--key-file"_s, keyFile}, home);
    QCOMPARE(returned.exitCode, 0);
    QVERIFY2(returned.out.contains(u"returned the borrowed seat of %1"_s.arg(id)), qPrintable(returned.out));
    QVERIFY(!QFile::exists(file));
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 0);
    const CliRun nothing = run({u"return"_s, id, u"--key-file"_s, keyFile}, home);
    QCOMPARE(nothing.exitCode, 4);
}

// The tester's walk (cli55): `return` on a computer that borrowed nothing says so (exit 4) even
// with no license key at hand, since nothing would be sent.
void TestCli::returnWithNothingBorrowedNeedsNoKey()
{
    const QString id = nextLicenseId();
    createLicense(id, 1);
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const CliRun nothing = run({u"return"_s, id}, {{u"XDG_DATA_HOME"_s, data.path()}});
    QCOMPARE(nothing.exitCode, 4);
    QVERIFY2(nothing.err.contains(u"this computer holds no borrowed seat of %1"_s.arg(id)), qPrintable(nothing.err));
    QVERIFY2(!nothing.err.contains(u"license key"_s), qPrintable(nothing.err));
}

// The tester's walk (cli55): a borrowed lease file whose return secret is damaged. Every command
// says the same way out (move the file away; the seat stays counted until its borrow ends, an
// admin can write it off) with exit 8, instead of sending the user from `return` to `borrow` and
// back, and `borrowed` no longer exits 0 over it. Once the file is moved, borrowing works again.
void TestCli::aDamagedBorrowedLeaseFileSaysWhatToDo()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 3);
    QCOMPARE(putLicense(id,
                        {{u"borrow"_s,
                          QJsonObject {
                              {u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 2}, {u"keepOnSite"_s, 0}}}}),
             200);
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QMap<QString, QString> home {{u"XDG_DATA_HOME"_s, data.path()}};
    const QString file = data.filePath(u"keyright/borrowed/%1.json"_s.arg(id));
    QCOMPARE(run({u"borrow"_s, id, u"--days"_s, u"3"_s, u"--key-file"_s, keyFile}, home).exitCode, 0);
    QFile kept(file);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QJsonObject damaged = QJsonDocument::fromJson(kept.readAll()).object();
    kept.close();
    damaged.insert(u"returnSecret"_s, u"not hex"_s);
    QVERIFY(writeSecretFile(file, QJsonDocument(damaged).toJson()));

    const auto saysTheWayOut = [&file](const CliRun &result) {
        return result.exitCode == 8 && result.err.contains(file) && result.err.contains(u"is damaged"_s)
            && result.err.contains(u"move the file out of its folder (or delete it) to borrow again"_s)
            && result.err.contains(u"counts that seat until its borrow ends"_s)
            && !result.err.contains(u"Borrow the seat again"_s);
    };
    const CliRun returned = run({u"return"_s, id, u"--key-file"_s, keyFile}, home);
    QVERIFY2(saysTheWayOut(returned), qPrintable(u"%1: %2"_s.arg(returned.exitCode).arg(returned.err)));
    const CliRun returnedWithoutKey = run({u"return"_s, id}, home);
    QVERIFY2(saysTheWayOut(returnedWithoutKey),
             qPrintable(u"%1: %2"_s.arg(returnedWithoutKey.exitCode).arg(returnedWithoutKey.err)));
    const CliRun again = run({u"borrow"_s, id, u"--days"_s, u"3"_s, u"--key-file"_s, keyFile}, home);
    QVERIFY2(saysTheWayOut(again), qPrintable(u"%1: %2"_s.arg(again.exitCode).arg(again.err)));
    QVERIFY2(!again.err.contains(u"keyright return"_s), qPrintable(again.err));
    const CliRun listed = run({u"borrowed"_s}, home);
    QCOMPARE(listed.exitCode, 8);
    QVERIFY2(listed.out.contains(u"is damaged"_s), qPrintable(listed.out));
    const CliRun listedJson = run({u"borrowed"_s, u"--json"_s}, home);
    QCOMPARE(listedJson.exitCode, 8);
    const QJsonArray rows = QJsonDocument::fromJson(listedJson.out.toUtf8()).object().value(u"borrowed"_s).toArray();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0).toObject().value(u"ok"_s).toBool(true), false);
    // The lease in it still reads: the listing and the message name the seat an admin writes off.
    const QString seat = rows.at(0).toObject().value(u"seatId"_s).toString();
    QVERIFY2(!seat.isEmpty(), qPrintable(listedJson.out));
    QVERIFY2(listed.out.contains(u"an admin can write seat %1 off"_s.arg(seat)), qPrintable(listed.out));
    QCOMPARE(listed.out.count(seat), 1); // named once, where the admin needs it (walk 56)
    QVERIFY2(!again.err.contains(u"cannot be read: The"_s), qPrintable(again.err));
    // The seat is still counted on the server.
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 1);

    // The way out works: with the file moved aside, this computer borrows again.
    QVERIFY(QFile::rename(file, data.filePath(u"damaged-lease.txt"_s)));
    QCOMPARE(run({u"borrow"_s, id, u"--days"_s, u"3"_s, u"--key-file"_s, keyFile}, home).exitCode, 0);
    QCOMPARE(run({u"borrowed"_s}, home).exitCode, 0);
}

void TestCli::writeOffKeepsALostLaptopsSeatCounted()
{
    // Issue 27: the laptop that borrowed a seat is lost; the admin writes the seat off by a prefix
    // of its id. It stays counted until its expiry, and the holder's return still frees it.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QCOMPARE(putLicense(id,
                        {{u"borrow"_s,
                          QJsonObject {
                              {u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 1}, {u"keepOnSite"_s, 0}}}}),
             200);
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QMap<QString, QString> home {{u"XDG_DATA_HOME"_s, data.path()}};
    const CliRun borrowed = run(
        {u"borrow"_s, id, u"--days"_s, u"3"_s, u"--holder"_s, u"alice@laptop"_s, u"--key-file"_s, keyFile, u"--json"_s},
        home);
    QCOMPARE(borrowed.exitCode, 0);
    const QJsonObject lease = QJsonDocument::fromJson(borrowed.out.toUtf8()).object();
    const QString seatId = lease.value(u"seatId"_s).toString();
    QCOMPARE(seatId.size(), 32);

    const CliRun tooLong = run({u"write-off"_s, id, seatId.left(8), u"--note"_s, QString(501, u'x')});
    QCOMPARE(tooLong.exitCode, 2);
    QVERIFY2(tooLong.err.contains(u"--note"_s), qPrintable(tooLong.err));

    const CliRun written = run({u"write-off"_s, id, seatId.left(8), u"--note"_s, u"left on the train"_s});
    QCOMPARE(written.exitCode, 0);
    QVERIFY2(written.out.contains(u"Wrote off seat %1 of %2, borrowed by alice@laptop"_s.arg(seatId.left(8), id)),
             qPrintable(written.out));
    QVERIFY2(written.out.contains(u"left on the train"_s), qPrintable(written.out));
    QVERIFY2(written.out.contains(u"It stays counted until %1"_s.arg(lease.value(u"expiresAt"_s).toString())),
             qPrintable(written.out));
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 1);

    // Again: the first write-off, said as such, the new note not taken (walk 51b, N6).
    const CliRun repeated = run({u"write-off"_s, id, seatId.left(8), u"--note"_s, u"again"_s});
    QCOMPARE(repeated.exitCode, 0);
    QVERIFY2(repeated.out.startsWith(u"Already written off by "_s), qPrintable(repeated.out));
    QVERIFY2(repeated.out.contains(u": left on the train; the new note was not recorded"_s), qPrintable(repeated.out));
    QVERIFY2(!repeated.out.contains(u"Wrote off"_s), qPrintable(repeated.out));

    // Walk 51b N2: the human table and the ledger tell the lost laptop apart from a borrow that
    // will come back.
    const CliRun status = run({u"status"_s, id});
    QCOMPARE(status.exitCode, 0);
    QVERIFY2(status.out.contains(u"written off, counted until %1"_s.arg(lease.value(u"expiresAt"_s).toString())),
             qPrintable(status.out));
    QVERIFY2(!status.out.contains(u"borrowed, counted until it is returned"_s), qPrintable(status.out));
    const CliRun explained = run({u"explain"_s, id});
    QCOMPARE(explained.exitCode, 0);
    QVERIFY2(explained.out.contains(u"1 seat borrowed, counted until returned or expired: alice@laptop (until "_s),
             qPrintable(explained.out));
    // One borrowed seat, already named: said plainly (walk 55).
    QVERIFY2(explained.out.contains(u"; it was written off: left on the train."_s), qPrintable(explained.out));

    // Again, as JSON: the first write-off, unchanged.
    const CliRun again = run({u"write-off"_s, id, seatId, u"--note"_s, u"other words"_s, u"--json"_s});
    QCOMPARE(again.exitCode, 0);
    const QJsonObject answer = QJsonDocument::fromJson(again.out.toUtf8()).object();
    QCOMPARE(answer.value(u"seatId"_s).toString(), seatId);
    QCOMPARE(answer.value(u"writeOffNote"_s).toString(), u"left on the train"_s);
    QCOMPARE(answer.value(u"countedUntil"_s).toString(), lease.value(u"expiresAt"_s).toString());

    // A seat the license does not have: the server's 404, exit 4.
    const CliRun unknown = run({u"write-off"_s, id, QString(32, u'f')});
    QCOMPARE(unknown.exitCode, 4);
    QVERIFY2(unknown.err.contains(u"has no seat"_s), qPrintable(unknown.err));

    // The laptop turns up: its return frees the seat.
    const CliRun returned = run({u"return"_s, id, u"--key-file"_s, keyFile}, home);
    QCOMPARE(returned.exitCode, 0);
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 0);
}

void TestCli::oneSeatIsSaidInTheSingular()
{
    const QString id = nextLicenseId();
    const QString keyFile = m_files.filePath(id + u".key"_s);
    const CliRun created
        = run({u"license"_s, u"create"_s, id, u"--name"_s, u"Solo"_s, u"--seats"_s, u"1"_s, u"--key-file"_s, keyFile});
    QCOMPARE(created.exitCode, 0);
    QVERIFY2(created.out.contains(u"\"Solo\": 1 seat, ttl"_s), qPrintable(created.out));
    const CliRun status = run({u"status"_s, id});
    QCOMPARE(status.exitCode, 0);
    QVERIFY2(status.out.contains(u"0 of 1 seat in use;"_s), qPrintable(status.out));
    const CliRun list = run({u"license"_s, u"set"_s, id, u"--seats"_s, u"2"_s});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains(u": 2 seats, ttl"_s), qPrintable(list.out));
    for (const QString &out : {created.out, status.out, list.out})
        QVERIFY2(!out.contains(u"1 seats"_s), qPrintable(out));
}

void TestCli::reportRangeTakesDatesAndRfc3339Times_data()
{
    QTest::addColumn<QStringList>("range");
    QTest::addColumn<QString>("from"); // the report's range as the server answers it
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("heading"); // after "LICENSE, "
    QTest::addColumn<QString>("widened"); // the line after it when the range was rounded out, else empty
    // A date is the day in --tz: --to includes it.
    QTest::newRow("one date in Paris") << QStringList {u"--from"_s,     u"2024-11-10"_s, u"--to"_s,
                                                       u"2024-11-10"_s, u"--tz"_s,       u"Europe/Paris"_s}
                                       << u"2024-11-09T23:00:00.000Z"_s << u"2024-11-10T23:00:00.000Z"_s
                                       << u"10 Nov 2024 (Europe/Paris)"_s << QString();
    QTest::newRow("dates in UTC") << QStringList {u"--from"_s,     u"2024-11-10"_s, u"--to"_s,
                                                  u"2024-11-11"_s, u"--tz"_s,       u"UTC"_s}
                                  << u"2024-11-10T00:00:00.000Z"_s << u"2024-11-12T00:00:00.000Z"_s
                                  << u"10 Nov to 11 Nov 2024 (UTC)"_s << QString();
    QTest::newRow("no fraction, Z") << QStringList {u"--from"_s, u"2024-11-10T00:00:00Z"_s,
                                                    u"--to"_s,   u"2024-11-10T06:00:00Z"_s,
                                                    u"--tz"_s,   u"UTC"_s}
                                    << u"2024-11-10T00:00:00.000Z"_s << u"2024-11-10T06:00:00.000Z"_s
                                    << u"10 Nov 2024 00:00 to 06:00 (UTC)"_s << QString();
    QTest::newRow("offsets") << QStringList {u"--from"_s, u"2024-11-10T09:00:00+01:00"_s,
                                             u"--to"_s,   u"2024-11-10T12:00:00.000+01:00"_s,
                                             u"--tz"_s,   u"UTC"_s}
                             << u"2024-11-10T08:00:00.000Z"_s << u"2024-11-10T11:00:00.000Z"_s
                             << u"10 Nov 2024 08:00 to 11:00 (UTC)"_s << QString();
    QTest::newRow("local times in --tz") << QStringList {u"--from"_s, u"2024-11-10T09:00"_s,
                                                         u"--to"_s,   u"2024-11-10T17:00"_s,
                                                         u"--tz"_s,   u"Europe/Paris"_s}
                                         << u"2024-11-10T08:00:00.000Z"_s << u"2024-11-10T16:00:00.000Z"_s
                                         << u"10 Nov 2024 09:00 to 17:00 (Europe/Paris)"_s << QString();
    QTest::newRow("to alone: 30 days up to it")
        << QStringList {u"--to"_s, u"2024-11-10"_s, u"--tz"_s, u"UTC"_s} << u"2024-10-12T00:00:00.000Z"_s
        << u"2024-11-11T00:00:00.000Z"_s << u"12 Oct to 10 Nov 2024 (UTC)"_s << QString();
    QTest::newRow("the strict form still")
        << QStringList {u"--from"_s, u"2024-11-10T00:00:00.000Z"_s, u"--to"_s, u"2024-11-11T00:00:00.000Z"_s, u"--tz"_s,
                        u"UTC"_s}
        << u"2024-11-10T00:00:00.000Z"_s << u"2024-11-11T00:00:00.000Z"_s << u"10 Nov 2024 (UTC)"_s << QString();
    QTest::newRow("times off the hour are widened, and said so")
        << QStringList {u"--from"_s, u"2024-11-10T09:30:00+01:00"_s,
                        u"--to"_s,   u"2024-11-10T17:30:00+01:00"_s,
                        u"--tz"_s,   u"UTC"_s}
        << u"2024-11-10T08:00:00.000Z"_s << u"2024-11-10T17:00:00.000Z"_s << u"10 Nov 2024 08:00 to 17:00 (UTC)"_s
        << u"Widened to whole hours, the history's buckets: you asked for 10 Nov 2024 08:30 to 16:30."_s;
}

void TestCli::reportRangeTakesDatesAndRfc3339Times()
{
    QFETCH(QStringList, range);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, heading);
    QFETCH(QString, widened);
    const QString id = nextLicenseId();
    QVERIFY(!createLicense(id, 2).isEmpty());
    const QJsonObject report = runJson(QStringList {u"report"_s, id, u"--by"_s, u"hour"_s, u"--json"_s} + range);
    QCOMPARE(report.value(u"from"_s).toString(), from);
    QCOMPARE(report.value(u"to"_s).toString(), to);
    const CliRun text = run(QStringList {u"report"_s, id} + range);
    QCOMPARE(text.exitCode, 0);
    QCOMPARE(text.out.section(u'\n', 0, 0), u"%1, %2"_s.arg(id, heading));
    if (widened.isEmpty())
        QVERIFY2(!text.out.contains(u"Widened"_s), qPrintable(text.out));
    else
        QCOMPARE(text.out.section(u'\n', 1, 1), widened);
    // The what-if under it replays that same range, widened as it is.
    const CliRun whatIf = run(QStringList {u"report"_s, id, u"--what-if"_s} + range);
    QCOMPARE(whatIf.exitCode, 0);
    const QString shown = heading.left(heading.lastIndexOf(u" ("_s));
    QVERIFY2(whatIf.out.contains(u" from %1 "_s.arg(shown)) || whatIf.out.contains(u" from %1:"_s.arg(shown))
                 || whatIf.out.contains(u" on %1 "_s.arg(shown)) || whatIf.out.contains(u" on %1:"_s.arg(shown)),
             qPrintable(whatIf.out));
}

void TestCli::reportOfOneDayNamesTheDayAndTellsRequestsFromGrantedCheckouts()
{
    // The demo server's made-up history has acme-cad busy on weekdays: a Wednesday of last week.
    ServerProcess demo;
    demo.setExtraArguments({u"--demo"_s});
    QString error;
    QVERIFY2(demo.start(&error), qPrintable(error));
    QDate day = QDateTime::currentDateTimeUtc().date().addDays(-7);
    while (day.dayOfWeek() != Qt::Wednesday)
        day = day.addDays(-1);
    const QString date = day.toString(u"yyyy-MM-dd"_s);
    const CliRun result
        = run({u"report"_s, u"acme-cad"_s, u"--from"_s, date, u"--to"_s, date, u"--tz"_s, u"UTC"_s, u"--what-if"_s,
               u"--server"_s, demo.url().toString(), u"--token-file"_s, demo.adminTokenPath()});
    demo.terminate();
    QCOMPARE(result.exitCode, 0);
    const QString named = QLocale::c().toString(day, u"d MMM yyyy"_s);
    // One whole day reads as that day, not "2026-11-02 to 2026-11-02".
    QCOMPARE(result.out.section(u'\n', 0, 0), u"acme-cad, %1 (UTC)"_s.arg(named));
    // The concurrency shares, aligned after the colon (walk 57b, 10: "1 seat : 2.8 %").
    QVERIFY2(result.out.contains(QRegularExpression(u"\n    1 seat: +[0-9]+\\.[0-9] %\n"_s)), qPrintable(result.out));
    QVERIFY2(!result.out.contains(u"seat :"_s), qPrintable(result.out));
    // The report counts the checkouts granted; the replay counts requests, granted or not.
    QVERIFY2(result.out.contains(QRegularExpression(u"\nCheckouts granted: [0-9]+\\. Denials: "_s)),
             qPrintable(result.out));
    QVERIFY2(
        result.out.contains(QRegularExpression(
            u"\nWith [0-9]+ seats?, [^\n]* checkout requests on %1 would "_s.arg(QRegularExpression::escape(named)))),
        qPrintable(result.out));
    QVERIFY2(result.out.contains(QRegularExpression(u"\n *SEATS +REQUESTS +GRANTED "_s)), qPrintable(result.out));
    QVERIFY2(!result.out.contains(u"CHECKOUTS"_s), qPrintable(result.out));
    // The table answers every count from the owned one down ("and with one seat fewer?"), even
    // where the day's peak was well below it.
    QList<int> seats;
    const QRegularExpression row(u"^ *([0-9]+)( \\(owned\\))? +[0-9]+ +[0-9]+ "_s);
    for (const QString &line : result.out.split(u'\n')) {
        if (const auto match = row.match(line); match.hasMatch())
            seats.append(match.captured(1).toInt());
    }
    QVERIFY2(seats.size() >= 3, qPrintable(result.out));
    QCOMPARE(seats.first(), 10);
    for (qsizetype i = 1; i < seats.size(); ++i)
        QCOMPARE(seats.at(i), seats.at(i - 1) - 1);
}

void TestCli::reportPastTheHourlyHistorySaysWorkingHoursAreUnknown()
{
    // Past the hours the server keeps (about two years) a report is summed from whole days: a
    // working-hours p95 of 0 next to seats in use would be a figure nobody measured.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QVERIFY(!keyFile.isEmpty());
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QVERIFY(QTest::qWaitFor(
        [&] {
            const CliRun recent = run({u"report"_s, id, u"--since"_s, u"1d"_s, u"--tz"_s, u"UTC"_s});
            return recent.out.contains(u"Peak: 1 on "_s);
        },
        10000));
    const CliRun recent = run({u"report"_s, id, u"--since"_s, u"30d"_s, u"--tz"_s, u"UTC"_s});
    QVERIFY2(recent.out.contains(QRegularExpression(u"over all hours, [0-9]+ over working hours\\."_s)),
             qPrintable(recent.out));
    const int hourBefore = QDateTime::currentDateTimeUtc().time().hour();
    const CliRun old = run({u"report"_s, id, u"--since"_s, u"1000d"_s, u"--tz"_s, u"UTC"_s});
    const int hourAfter = QDateTime::currentDateTimeUtc().time().hour();
    QCOMPARE(old.exitCode, 0);
    if (hourBefore == 0 && hourAfter == 0) {
        // In the first hour of a UTC day the day still open is shorter than an hour: its bucket,
        // which holds all of this test's use, is known by the hour, and the figure is a real one.
        QVERIFY2(old.out.contains(u"0 over working hours"_s), qPrintable(old.out));
        return;
    }
    if (hourBefore != hourAfter)
        return; // the report straddled an hour's end: either answer is right
    QVERIFY2(!old.out.contains(u"over working hours"_s), qPrintable(old.out));
    QVERIFY2(old.out.contains(u"working hours unknown"_s), qPrintable(old.out));
}

// Walk 27 (R): the summary of `keyright report` says how many seats were borrowed, in a line of
// its own, and only for a license whose seats were.
void TestCli::reportSaysTheBorrowedSeats()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QCOMPARE(putLicense(id,
                        {{u"borrow"_s,
                          QJsonObject {
                              {u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 1}, {u"keepOnSite"_s, 0}}}}),
             200);
    const CliRun before = run({u"report"_s, id, u"--since"_s, u"1d"_s, u"--tz"_s, u"UTC"_s});
    QCOMPARE(before.exitCode, 0);
    QVERIFY2(!before.out.contains(u"Borrowed"_s), qPrintable(before.out));

    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QMap<QString, QString> home {{u"XDG_DATA_HOME"_s, data.path()}};
    const CliRun borrowed
        = run({u"borrow"_s, id, u"--days"_s, u"3"_s, u"--holder"_s, u"alice@laptop"_s, u"--key-file"_s, keyFile}, home);
    QCOMPARE(borrowed.exitCode, 0);
    const CliRun after = run({u"report"_s, id, u"--since"_s, u"1d"_s, u"--tz"_s, u"UTC"_s});
    QCOMPARE(after.exitCode, 0);
    static const QRegularExpression line(
        u"^Borrowed seats: at most 1 at once, \\d+\\.\\d seat-hours, 1 of the 1 in use at the peak\\.$"_s,
        QRegularExpression::MultilineOption);
    QVERIFY2(line.match(after.out).hasMatch(), qPrintable(after.out));
    QCOMPARE(run({u"return"_s, id, u"--key-file"_s, keyFile}, home).exitCode, 0);
}

void TestCli::reportSinceEndsNowLikeItsWhatIf()
{
    // "--since 1d" ends now: the heading says so rather than the end of the hour still open, and
    // the what-if under it replays that same range.
    const QString id = nextLicenseId();
    QVERIFY(!createLicense(id, 2).isEmpty());
    const CliRun result = run({u"report"_s, id, u"--since"_s, u"1d"_s, u"--tz"_s, u"UTC"_s, u"--what-if"_s});
    QCOMPARE(result.exitCode, 0);
    const QRegularExpression heading(u"^%1, (.+) \\(UTC\\)$"_s.arg(id));
    const auto match = heading.match(result.out.section(u'\n', 0, 0));
    QVERIFY2(match.hasMatch(), qPrintable(result.out));
    const QString range = match.captured(1);
    QDateTime end = QLocale::c().toDateTime(range.section(u" to "_s, 1), u"d MMM yyyy HH:mm"_s);
    QVERIFY2(end.isValid(), qPrintable(range));
    end.setTimeZone(QTimeZone::utc());
    QVERIFY2(std::abs(end.secsTo(QDateTime::currentDateTimeUtc())) < 120, qPrintable(range));
    QVERIFY2(result.out.contains(u"from "_s + range), qPrintable(result.out));
}

void TestCli::explainAccountsForEverySeat()
{
    // "We bought three, why was I refused?": every seat in a sentence, now and at a past moment.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 3);
    QVERIFY(!keyFile.isEmpty());
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QVERIFY(!checkout(id, keyFile, u"bob@ws-2"_s).isEmpty());
    const QDateTime held = QDateTime::currentDateTimeUtc();

    const CliRun now = run({u"explain"_s, id, u"--tz"_s, u"UTC"_s});
    QCOMPARE(now.exitCode, 0);
    QVERIFY2(now.out.startsWith(u"%1, 3 seats, now ("_s.arg(id)), qPrintable(now.out));
    QVERIFY2(now.out.contains(u"2 seats held by clients that do not report activity (never counted as idle): "_s),
             qPrintable(now.out));
    QVERIFY2(now.out.contains(u"alice@ws-1"_s) && now.out.contains(u"bob@ws-2"_s), qPrintable(now.out));
    QVERIFY2(now.out.contains(u"\n  1 seat free.\n"_s), qPrintable(now.out));
    QVERIFY2(now.out.contains(u"Nobody is waiting."_s), qPrintable(now.out));

    // The moment they held their seats, from the history.
    const CliRun past = run({u"explain"_s, id, u"--at"_s, held.toString(Qt::ISODateWithMs), u"--tz"_s, u"UTC"_s});
    QCOMPARE(past.exitCode, 0);
    QVERIFY2(past.out.startsWith(u"%1, 3 seats, at "_s.arg(id)), qPrintable(past.out));
    QVERIFY2(past.out.contains(u"2 seats held by clients"_s), qPrintable(past.out));

    const QJsonObject json = runJson({u"explain"_s, id, u"--json"_s});
    const auto report = LedgerReport::fromJson(json);
    QVERIFY(report);
    QCOMPARE(report->ledger.accounted(), 3);

    const CliRun bad = run({u"explain"_s, id, u"--at"_s, u"tomorrow"_s});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(u"--at: \"tomorrow\" is not a time"_s), qPrintable(bad.err));
    const CliRun future
        = run({u"explain"_s, id, u"--at"_s, QDateTime::currentDateTimeUtc().addDays(1).toString(Qt::ISODateWithMs)});
    QVERIFY(future.exitCode != 0);
    QVERIFY2(future.err.contains(u"later than the server's time"_s), qPrintable(future.err));
}

void TestCli::explainSaysAShortWaitInWords()
{
    // A wait of a few seconds is "under a minute", not "0 min" (walk 26b).
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1);
    QVERIFY(!keyFile.isEmpty());
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QVERIFY(checkout(id, keyFile, u"bob@ws-2"_s, true).isEmpty()); // queued, no seat
    QCOMPARE(queueOf(id).size(), 1);
    const CliRun explain = run({u"explain"_s, id, u"--tz"_s, u"UTC"_s});
    QCOMPARE(explain.exitCode, 0);
    QVERIFY2(explain.out.contains(u"1 waiting: bob@ws-2 for under a minute."_s), qPrintable(explain.out));
}

void TestCli::statusAndExplainShowAReclaimMark()
{
    // One seat: alice holds it and her application says she has been idle for two hours; the
    // license reclaims a seat idle for 30 minutes after a 5-minute warning. carol is refused, so
    // someone needs the seat: the server marks alice's, and status and explain say so.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1);
    QVERIFY(!keyFile.isEmpty());
    const QString seat = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());
    QCOMPARE(heartbeat(id, keyFile, seat, qint64(2) * 3600 * 1000), 200);
    QCOMPARE(
        putRules(id, QJsonObject {{u"reclaimIdle"_s, QJsonObject {{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}}}}),
        200);
    // Before anyone waits, nothing is marked.
    QVERIFY2(!statusLineOf(id, u"alice@ws-1"_s).contains(u"reclaim"_s), qPrintable(statusLineOf(id, u"alice@ws-1"_s)));
    QVERIFY(checkout(id, keyFile, u"carol@ws-3"_s).isEmpty());

    const QString alice = statusLineOf(id, u"alice@ws-1"_s);
    const QRegularExpression mark(u"live, reclaim at (\\d\\d):(\\d\\d):\\d\\dZ \\(for carol@ws-3\\)"_s);
    const auto match = mark.match(alice);
    QVERIFY2(match.hasMatch(), qPrintable(alice));
    const QJsonObject json = leaseOf(id, u"alice@ws-1"_s);
    QCOMPARE(json.value(u"reclaimFor"_s).toString(), u"carol@ws-3"_s);
    const QDateTime reclaimAt = parseTimestamp(json.value(u"reclaimAt"_s).toString()).value_or(QDateTime());
    QVERIFY2(reclaimAt.isValid(), qPrintable(json.value(u"reclaimAt"_s).toString()));
    // The warning: five minutes from the mark, made just now.
    const qint64 inSeconds = QDateTime::currentDateTimeUtc().secsTo(reclaimAt);
    QVERIFY2(inSeconds > 4 * 60 && inSeconds <= 5 * 60 + 5, qPrintable(QString::number(inSeconds)));
    QCOMPARE(match.captured(1) + u':' + match.captured(2), reclaimAt.toString(u"HH:mm"_s));

    const CliRun explain = run({u"explain"_s, id, u"--tz"_s, u"UTC"_s});
    QCOMPARE(explain.exitCode, 0);
    QVERIFY2(explain.out.contains(
                 u"alice@ws-1's seat is marked by idle reclaim: it goes to whoever asks first "
                 u"(carol@ws-3 was refused a seat) at %1 unless used before."_s.arg(reclaimAt.toString(u"HH:mm:ss"_s))),
             qPrintable(explain.out));
    // The ledger's own line says it too, from the server's listing of the mark (with the date
    // before the time when the mark falls on the next day, as it does a few minutes before midnight).
    const qsizetype given = explain.out.indexOf(u", to be given to someone waiting at "_s);
    QVERIFY2(given >= 0, qPrintable(explain.out));
    QVERIFY2(explain.out.indexOf(u"%1.\n"_s.arg(reclaimAt.toString(u"HH:mm"_s)), given) > given,
             qPrintable(explain.out));
    const QJsonArray marks = runJson({u"explain"_s, id, u"--json"_s}).value(u"reclaimMarks"_s).toArray();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.first().toObject().value(u"holder"_s).toString(), u"alice@ws-1"_s);
    QCOMPARE(marks.first().toObject().value(u"seatId"_s).toString(), seat);

    // alice uses the application: the mark is lifted, and status no longer shows it.
    QCOMPARE(heartbeat(id, keyFile, seat, 0), 200);
    QTRY_VERIFY_WITH_TIMEOUT(!statusLineOf(id, u"alice@ws-1"_s).contains(u"reclaim"_s), 10000);
}

void TestCli::holdWaitShowsThePlaceInLineThenHolds()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1, u"6s"_s, u"1s"_s, u"3s"_s);
    const QString alice = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!alice.isEmpty());
    QProcess hold;
    hold.setProcessEnvironment(environment());
    hold.start(cliBinary(),
               {u"hold"_s, id, u"--holder"_s, u"bob@ws-2"_s, u"--key-file"_s, keyFile, u"--wait"_s, u"10m"_s});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"waiting in line: 1st of 1"_s), 8000);
    QVERIFY2(out.contains(u"waiting in line for at most 10m"_s), qPrintable(out));
    QCOMPARE(queueOf(id).size(), 1);
    QCOMPARE(hold.state(), QProcess::Running);

    // Alice's seat frees: bob's place in line becomes his seat, then he holds it as usual.
    QCOMPARE(run({u"revoke"_s, id, alice.left(8)}).exitCode, 0);
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"acquired seat"_s), 8000);
    QJsonArray leases = licenseStatus(id).value(u"leases"_s).toArray();
    QCOMPARE(leases.size(), 1);
    QCOMPARE(leases.at(0).toObject().value(u"holder"_s).toString(), u"bob@ws-2"_s);
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"renewed seat"_s), 10000);

    ::kill(pid_t(hold.processId()), SIGINT);
    QVERIFY(hold.waitForFinished(8000));
    QCOMPARE(hold.exitCode(), 0);
    read();
    QVERIFY2(out.contains(u"released seat"_s), qPrintable(out));
    // Not a terminal: one line per change, each stamped.
    for (const QString &line : out.trimmed().split(u'\n'))
        QVERIFY2(line.size() > 24 && line.at(4) == u'-' && line.at(23) == u'Z', qPrintable(line));
    QCOMPARE(out.count(u"waiting in line: 1st of 1"_s), 1);
}

void TestCli::holdWaitJsonAndCtrlCLeavesTheLine()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1, u"60s"_s);
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QProcess hold;
    hold.setProcessEnvironment(environment());
    hold.start(
        cliBinary(),
        {u"hold"_s, id, u"--holder"_s, u"bob@ws-2"_s, u"--key-file"_s, keyFile, u"--wait"_s, u"5m"_s, u"--json"_s});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"\"waiting\""_s), 8000);
    QCOMPARE(queueOf(id).size(), 1);

    ::kill(pid_t(hold.processId()), SIGINT);
    QVERIFY(hold.waitForFinished(8000));
    QCOMPARE(hold.exitCode(), 0);
    read();
    QStringList events;
    for (const QString &line : out.trimmed().split(u'\n')) {
        const QJsonObject event = QJsonDocument::fromJson(line.toUtf8()).object();
        QVERIFY2(!event.isEmpty() && event.contains(u"at"_s), qPrintable(line));
        events.append(event.value(u"event"_s).toString());
        if (events.last() == u"waiting"_s) {
            QCOMPARE(event.value(u"position"_s).toInt(), 1);
            QCOMPARE(event.value(u"waiting"_s).toInt(), 1);
            QVERIFY(isValidTicketId(event.value(u"ticketId"_s).toString()));
        }
    }
    QCOMPARE(events, (QStringList {u"checking_out"_s, u"waiting"_s, u"interrupted"_s, u"left_line"_s}));
    // Ctrl-C left the line at once.
    QCOMPARE(queueOf(id).size(), 0);
}

void TestCli::holdWaitOnATerminalRewritesItsLineThenGivesUp()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1, u"6s"_s, u"1s"_s, u"3s"_s);
    const QString alice = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!alice.isEmpty());
    // script(1) runs hold on a pseudo-terminal, as someone at a terminal would see it.
    const QString command = QStringList {cliBinary(),     u"hold"_s, id,          u"--holder"_s, u"bob@ws-2"_s,
                                         u"--key-file"_s, keyFile,   u"--wait"_s, u"3s"_s}
                                .join(u' ');
    QProcess hold;
    hold.setProcessEnvironment(environment());
    hold.start(u"script"_s, {u"-qefc"_s, command, u"/dev/null"_s});
    QVERIFY(hold.waitForStarted(5000));
    QElapsedTimer elapsed;
    elapsed.start();
    // Alice keeps her seat, so bob waits until his longest wait passes.
    while (hold.state() != QProcess::NotRunning && elapsed.elapsed() < 20000) {
        QCOMPARE(heartbeat(id, keyFile, alice), 200);
        hold.waitForFinished(1000);
    }
    QCOMPARE(hold.state(), QProcess::NotRunning);
    const QString out = QString::fromUtf8(hold.readAllStandardOutput());
    QCOMPARE(hold.exitCode(), 5);
    QVERIFY2(out.contains(u"longest wait"_s), qPrintable(out));
    // The place in line is one line rewritten in place every second ("\r ... \e[K"), not a
    // line per second.
    QVERIFY2(out.count(u"\x1b[K"_s) >= 2, qPrintable(out));
    QVERIFY2(out.contains(u"\r"_s + formatTimestamp(QDateTime::currentDateTimeUtc()).left(10)), qPrintable(out));
    int placeLines = 0;
    for (const QString &line : out.split(u'\n'))
        placeLines += line.contains(u"waiting in line: 1st of 1"_s) ? 1 : 0;
    QCOMPARE(placeLines, 1);
    QCOMPARE(queueOf(id).size(), 0);
}

// Walk 57: with a TTL of minutes the ticket's regular heartbeat comes long after a short --wait
// has passed; `hold` still gives up a moment after it, not when the TTL's third has gone by.
void TestCli::holdWaitGivesUpSoonAfterItsWaitWithALongTtl()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1, u"5m"_s, u"1s"_s, u"3s"_s);
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());
    QProcess hold;
    hold.setProcessEnvironment(environment());
    QElapsedTimer elapsed;
    elapsed.start();
    hold.start(cliBinary(),
               {u"hold"_s, id, u"--holder"_s, u"bob@ws-2"_s, u"--key-file"_s, keyFile, u"--wait"_s, u"2s"_s});
    QVERIFY(hold.waitForStarted(5000));
    // The regular ticket heartbeat would come after 100 s; the wait ends after 2 s.
    QVERIFY2(hold.waitForFinished(30000), "hold still waits 30 s after its 2 s wait");
    QVERIFY2(elapsed.elapsed() < 15000, qPrintable(QString::number(elapsed.elapsed())));
    const QString err = QString::fromUtf8(hold.readAllStandardError());
    QCOMPARE(hold.exitCode(), 5);
    QVERIFY2(err.contains(u"cannot hold a seat of %1"_s.arg(id)), qPrintable(err));
    QCOMPARE(queueOf(id).size(), 0);
}

void TestCli::holdActiveShowsAnIdleTimeInStatus()
{
    // ttl 6 s: the keeper beats after a third of it plus up to 2 s of jitter.
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2, u"6s"_s, u"1s"_s, u"3s"_s);
    // bob's application says nothing about activity, as clients before issue 26.
    QVERIFY(!checkout(id, keyFile, u"bob@ws-2"_s).isEmpty());
    QProcess hold;
    hold.setProcessEnvironment(environment());
    hold.start(cliBinary(), {u"hold"_s, id, u"--holder"_s, u"alice@ws-1"_s, u"--key-file"_s, keyFile, u"--active"_s});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"renewed seat"_s), 12000);
    // Its stdin is no terminal: no keys to press.
    QVERIFY2(!out.contains(u"Press any key"_s), qPrintable(out));

    const QString alice = statusLineOf(id, u"alice@ws-1"_s);
    const QString bob = statusLineOf(id, u"bob@ws-2"_s);
    const CliRun text = run({u"status"_s, id});
    QVERIFY2(text.out.contains(u" IDLE "_s), qPrintable(text.out));
    QVERIFY2(alice.contains(u" 0 min  "_s), qPrintable(text.out));
    QVERIFY2(bob.contains(u"  -  "_s) && !bob.contains(u" min "_s), qPrintable(text.out));

    const QJsonObject aliceJson = leaseOf(id, u"alice@ws-1"_s);
    QVERIFY(aliceJson.value(u"lastActivityAt"_s).isString());
    const QJsonValue idleMs = aliceJson.value(u"idleMs"_s);
    QVERIFY2(idleMs.isDouble() && idleMs.toDouble() >= 0 && idleMs.toDouble() < 20000,
             qPrintable(QString::number(idleMs.toDouble())));
    const QJsonObject bobJson = leaseOf(id, u"bob@ws-2"_s);
    QVERIFY(!bobJson.isEmpty());
    QVERIFY(!bobJson.contains(u"lastActivityAt"_s));
    QVERIFY(bobJson.value(u"idleMs"_s).isNull());

    ::kill(pid_t(hold.processId()), SIGINT);
    QVERIFY(hold.waitForFinished(8000));
    QCOMPARE(hold.exitCode(), 0);
}

void TestCli::holdOnATerminalReportsKeysAsActivity()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1, u"6s"_s, u"1s"_s, u"3s"_s);
    // script(1) runs hold on a pseudo-terminal; what the test writes is typed at it. After hold,
    // stty shows the settings the terminal was left with.
    const QString command = QStringList {cliBinary(),     u"hold"_s,       id,      u"--holder"_s,
                                         u"carol@ws-3"_s, u"--key-file"_s, keyFile, u"; stty -a"_s}
                                .join(u' ');
    QProcess hold;
    hold.setProcessEnvironment(environment({{u"SHELL"_s, u"/bin/bash"_s}}));
    hold.start(u"script"_s, {u"-qefc"_s, command, u"/dev/null"_s});
    QVERIFY(hold.waitForStarted(5000));
    QString out;
    const auto read = [&] { return out += QString::fromUtf8(hold.readAllStandardOutput()); };
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"Press any key to show activity"_s), 8000);
    QTRY_VERIFY_WITH_TIMEOUT(read().contains(u"renewed seat"_s), 12000);
    // No key yet: activity unknown.
    QVERIFY2(statusLineOf(id, u"carol@ws-3"_s).contains(u"  -  "_s), qPrintable(out));

    hold.write("x");
    QTRY_VERIFY_WITH_TIMEOUT(leaseOf(id, u"carol@ws-3"_s).value(u"lastActivityAt"_s).isString(), 12000);
    QVERIFY2(statusLineOf(id, u"carol@ws-3"_s).contains(u" 0 min  "_s), qPrintable(out));
    // The key is read, not echoed into the output.
    QVERIFY2(!read().contains(u"\nx"_s), qPrintable(out));

    // Ctrl-C at the terminal still releases the seat, and the terminal gets its settings back.
    hold.write("\x03");
    QVERIFY(hold.waitForFinished(10000));
    read();
    QVERIFY2(out.contains(u"released seat"_s), qPrintable(out));
    QVERIFY2(out.contains(u" icanon"_s) && out.contains(u" echo "_s), qPrintable(out));
    QVERIFY(leaseOf(id, u"carol@ws-3"_s).isEmpty());
}

void TestCli::failuresMapToExitCodes_data()
{
    QTest::addColumn<QString>("situation");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("named");
    // The connection failed, not the clock reading that status happens to start with.
    QTest::newRow("unreachable server") << u"unreachable"_s << 6
                                        << u"keyright: server unreachable: connection refused"_s;
    QTest::newRow("hold with the server unreachable") << u"hold-unreachable"_s << 6 << u"connection refused"_s;
    QTest::newRow("wrong token file") << u"bad-token-file"_s << 3 << u"keyright: unauthorized: "_s;
    QTest::newRow("wrong token in environment")
        << u"bad-token-env"_s << 3
        << u"keyright: unauthorized: the access token is not valid (unknown or revoked); check --token-file"_s;
    QTest::newRow("token file readable by others")
        << u"open-token-file"_s << 1 << u"cannot use the token file: refusing secret file"_s;
    QTest::newRow("unknown license status") << u"unknown-status"_s << 4 << u"no-such-license"_s;
    QTest::newRow("unknown license set") << u"unknown-set"_s << 4 << u"no-such-license"_s;
    QTest::newRow("hold with a wrong key") << u"hold-bad-key"_s << 3 << u"refused"_s;
}

void TestCli::failuresMapToExitCodes()
{
    QFETCH(QString, situation);
    QFETCH(int, exitCode);
    QFETCH(QString, named);
    const QString wrongToken = QString(64, u'0');
    CliRun result;
    if (situation == u"unreachable"_s || situation == u"hold-unreachable"_s) {
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            closedPort = probe.serverPort();
        }
        const QString server = u"http://127.0.0.1:%1"_s.arg(closedPort);
        if (situation == u"unreachable"_s)
            result = run({u"--server"_s, server, u"status"_s});
        else
            result = run({u"--server"_s, server, u"hold"_s, u"acme-cad"_s, u"--holder"_s, u"alice@ws-1"_s},
                         {{u"KEYRIGHT_LICENSE_KEY"_s, u"kr1-"_s + QString(64, u'f')}});
    } else if (situation == u"bad-token-file"_s || situation == u"open-token-file"_s) {
        const QString path = m_files.filePath(situation);
        QVERIFY(writeSecretFile(path, wrongToken.toLatin1()));
        if (situation == u"open-token-file"_s)
            QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        result = run({u"status"_s, u"--token-file"_s, path});
    } else if (situation == u"bad-token-env"_s) {
        result = run({u"license"_s, u"list"_s}, {{u"KEYRIGHT_ADMIN_TOKEN"_s, wrongToken}});
    } else if (situation == u"unknown-status"_s) {
        result = run({u"status"_s, u"no-such-license"_s});
    } else if (situation == u"unknown-set"_s) {
        result = run({u"license"_s, u"set"_s, u"no-such-license"_s, u"--seats"_s, u"2"_s});
    } else {
        const QString id = nextLicenseId();
        QVERIFY(!createLicense(id, 1).isEmpty());
        result = run({u"hold"_s, id, u"--holder"_s, u"alice@ws-1"_s},
                     {{u"KEYRIGHT_LICENSE_KEY"_s, u"kr1-"_s + QString(64, u'f')}});
    }
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(result.err.startsWith(u"keyright: "_s) && result.err.trimmed().count(u'\n') == 0, qPrintable(result.err));
    QVERIFY2(result.err.contains(named), qPrintable(result.err));
}

void TestCli::tokenCreateListWhoamiRevoke()
{
    const CliRun created
        = run({u"token"_s, u"create"_s, u"--name"_s, u"dana"_s, u"--role"_s, u"operator"_s, u"--expires"_s, u"90d"_s});
    QCOMPARE(created.exitCode, 0);
    // The token alone on stdout, so that `keyright token create ... > dana.token` keeps only it.
    const QString secret = created.out.trimmed();
    QVERIFY2(QRegularExpression(u"^krt-[0-9a-f]{64}$"_s).match(secret).hasMatch(), qPrintable(created.out));
    QVERIFY2(created.err.contains(u"shown only now"_s), qPrintable(created.err));

    const QString tokenFile = m_files.filePath(u"dana.token"_s);
    QVERIFY(writeSecretFile(tokenFile, secret.toLatin1()));
    const CliRun whoami = run({u"whoami"_s, u"--token-file"_s, tokenFile});
    QCOMPARE(whoami.exitCode, 0);
    QVERIFY2(whoami.out.startsWith(u"dana (operator)\n"_s), qPrintable(whoami.out));
    QVERIFY2(whoami.out.contains(u"expires "_s), qPrintable(whoami.out));

    const CliRun list = run({u"token"_s, u"list"_s});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.startsWith(u"NAME"_s) && list.out.contains(u"LAST USED"_s), qPrintable(list.out));
    QVERIFY2(list.out.contains(u"bootstrap"_s) && list.out.contains(u"operator"_s), qPrintable(list.out));
    QVERIFY2(!list.out.contains(secret), "a listing never shows a token");
    const QJsonObject json = runJson({u"token"_s, u"list"_s, u"--json"_s});
    QStringList names;
    for (const QJsonValue &token : json.value(u"tokens"_s).toArray())
        names.append(token[u"name"_s].toString());
    QVERIFY2(names.contains(u"dana"_s) && names.contains(u"bootstrap"_s), qPrintable(names.join(u',')));

    const CliRun taken = run({u"token"_s, u"create"_s, u"--name"_s, u"dana"_s, u"--role"_s, u"viewer"_s});
    QCOMPARE(taken.exitCode, 1);
    QVERIFY2(taken.err.contains(u"already"_s), qPrintable(taken.err));

    const CliRun revoked = run({u"token"_s, u"revoke"_s, u"dana"_s});
    QCOMPARE(revoked.exitCode, 0);
    QVERIFY2(revoked.out.contains(u"Revoked token dana"_s), qPrintable(revoked.out));
    const CliRun after = run({u"whoami"_s, u"--token-file"_s, tokenFile});
    QCOMPARE(after.exitCode, 3);
    QCOMPARE(run({u"token"_s, u"revoke"_s, u"dana"_s}).exitCode, 4);

    // The audit log names the token that acted.
    const QJsonObject events = runJson({u"events"_s, u"--kind"_s, u"token_revoked"_s, u"--json"_s});
    const QJsonArray list2 = events.value(u"events"_s).toArray();
    QVERIFY(!list2.isEmpty());
    QCOMPARE(list2.last()[u"actor"_s].toString(), u"bootstrap (admin)"_s);
}

void TestCli::viewerTokenCannotRevokeAndExitsWithSeven()
{
    const CliRun created = run({u"token"_s, u"create"_s, u"--name"_s, u"sam"_s, u"--role"_s, u"viewer"_s});
    QCOMPARE(created.exitCode, 0);
    const QString tokenFile = m_files.filePath(u"sam.token"_s);
    QVERIFY(writeSecretFile(tokenFile, created.out.trimmed().toLatin1()));

    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    const QString seat = checkout(id, keyFile, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());
    const CliRun status = run({u"status"_s, id, u"--token-file"_s, tokenFile});
    QCOMPARE(status.exitCode, 0);
    QVERIFY2(status.out.contains(u"alice@ws-1"_s), qPrintable(status.out));

    const CliRun revoke = run({u"revoke"_s, id, seat.left(8), u"--token-file"_s, tokenFile});
    QCOMPARE(revoke.exitCode, 7);
    QVERIFY2(revoke.err.contains(u"forbidden"_s) && revoke.err.contains(u"operator role"_s), qPrintable(revoke.err));
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(), 1);
}

void TestCli::alertRulesAreSetListedAndRefusedByName()
{
    const CliRun none = run({u"alerts"_s});
    QCOMPARE(none.exitCode, 0);
    QCOMPARE(none.out, u"No alert is firing.\n"_s);

    // A rule with a field out of range: refused before anything is sent, naming the field.
    const QString bad = m_files.filePath(u"bad-rules.json"_s);
    QFile badFile(bad);
    QVERIFY(badFile.open(QIODevice::WriteOnly));
    badFile.write(R"({"rules":[{"id":"cad-full","kind":"seats_in_use","threshold":120}]})");
    badFile.close();
    const CliRun refused = run({u"alerts"_s, u"--set"_s, bad});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(u"bad-rules.json"_s) && refused.err.contains(u"percentage"_s),
             qPrintable(refused.err));

    const QString good = m_files.filePath(u"rules.json"_s);
    QFile goodFile(good);
    QVERIFY(goodFile.open(QIODevice::WriteOnly));
    goodFile.write(R"({"rules":[{"id":"cad-full","kind":"seats_in_use","threshold":90,"minutes":10,)"
                   R"("severity":"critical"},{"id":"ending","kind":"validity_ending","daysBefore":[30,7]}]})");
    goodFile.close();
    const CliRun saved = run({u"alerts"_s, u"--set"_s, good});
    QCOMPARE(saved.exitCode, 0);
    QVERIFY2(saved.out.startsWith(u"2 alert rules saved.\n"_s), qPrintable(saved.out));
    const CliRun listed = run({u"alerts"_s, u"--rules"_s});
    QCOMPARE(listed.exitCode, 0);
    QVERIFY2(listed.out.startsWith(u"ID"_s) && listed.out.contains(u"cad-full"_s) && listed.out.contains(u"critical"_s)
                 && listed.out.contains(u"days 30,7"_s),
             qPrintable(listed.out));
    const CliRun json = run({u"alerts"_s, u"--rules"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 0);
    const auto rules = alerts::rulesBodyFromJson(QJsonDocument::fromJson(json.out.toUtf8()).object());
    QVERIFY2(rules && rules->size() == 2, qPrintable(json.out));

    // Back to none, for the other cases sharing this server.
    QFile emptyFile(good);
    QVERIFY(emptyFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    emptyFile.write(R"({"rules":[]})");
    emptyFile.close();
    QCOMPARE(run({u"alerts"_s, u"--set"_s, good}).exitCode, 0);
}

void TestCli::acknowledgedAlertsAreMarkedInTheList()
{
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 1);
    const QString rulesFile = m_files.filePath(u"ack-rules.json"_s);
    QFile file(rulesFile);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(u"{\"rules\":[{\"id\":\"full\",\"kind\":\"seats_in_use\",\"scope\":\"license\",\"scopeName\":\"%1\","
               "\"threshold\":100,\"minutes\":0}]}"_s.arg(id)
                   .toUtf8());
    file.close();
    QCOMPARE(run({u"alerts"_s, u"--set"_s, rulesFile}).exitCode, 0);
    // Back to no rules whatever happens, for the other cases sharing this server.
    const auto noRules = qScopeGuard([&] {
        QFile empty(rulesFile);
        if (empty.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            empty.write(R"({"rules":[]})");
            empty.close();
            run({u"alerts"_s, u"--set"_s, rulesFile});
        }
    });
    QVERIFY(!checkout(id, keyFile, u"alice@ws-1"_s).isEmpty());

    // The server's next evaluation fires it (every 200 ms here).
    QList<alerts::FiringAlert> firing;
    const auto fired = [&] {
        firing = alerts::alertsBodyFromJson(runJson({u"alerts"_s, u"--json"_s})).value_or(QList<alerts::FiringAlert>());
        return firing.size() == 1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(fired(), 8000);
    const QString alertId = QString::number(firing.first().id);
    QVERIFY(firing.first().id > 0);
    const CliRun before = run({u"alerts"_s});
    QCOMPARE(before.exitCode, 0);
    QVERIFY2(before.out.startsWith(u"ID "_s) && before.out.section(u'\n', 0, 0).endsWith(u"ACKNOWLEDGED"_s)
                 && before.out.section(u'\n', 1, 1).startsWith(alertId + u' ')
                 && before.out.section(u'\n', 1, 1).endsWith(u"  no"_s),
             qPrintable(before.out));

    // Refused before anything is sent: a malformed id, a --note alone.
    const CliRun malformed = run({u"alerts"_s, u"--acknowledge"_s, u"first"_s});
    QCOMPARE(malformed.exitCode, 2);
    QVERIFY2(malformed.err.contains(u"is not an alert id"_s), qPrintable(malformed.err));
    const CliRun alone = run({u"alerts"_s, u"--note"_s, u"x"_s});
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains(u"--note goes with --acknowledge"_s), qPrintable(alone.err));
    const CliRun unknown = run({u"alerts"_s, u"--acknowledge"_s, u"999999"_s});
    QVERIFY(unknown.exitCode != 0);
    QVERIFY2(unknown.err.contains(u"there is no alert 999999"_s), qPrintable(unknown.err));

    const CliRun acknowledged = run({u"alerts"_s, u"--acknowledge"_s, alertId, u"--note"_s, u"on it, OPS-42"_s});
    QCOMPARE(acknowledged.exitCode, 0);
    QVERIFY2(acknowledged.out.startsWith(u"Alert %1 (rule full, %2) acknowledged by "_s.arg(alertId, id))
                 && acknowledged.out.contains(u": on it, OPS-42."_s),
             qPrintable(acknowledged.out));
    // A second one says that nothing was recorded, with the first one's who and note (walk 51a #17).
    const CliRun second = run({u"alerts"_s, u"--acknowledge"_s, alertId, u"--note"_s, u"second"_s});
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.startsWith(u"keyright: alert %1: already acknowledged by "_s.arg(alertId))
                 && second.err.contains(u": on it, OPS-42; the new note was not recorded"_s),
             qPrintable(second.err));
    QVERIFY2(second.out.isEmpty(), qPrintable(second.out));
    const CliRun after = run({u"alerts"_s});
    QCOMPARE(after.exitCode, 0);
    QVERIFY2(after.out.section(u'\n', 1, 1).contains(u": on it, OPS-42"_s)
                 && after.out.section(u'\n', 1, 1).contains(u" by "_s),
             qPrintable(after.out));
    const auto json = alerts::alertsBodyFromJson(runJson({u"alerts"_s, u"--json"_s}));
    QVERIFY(json && json->size() == 1);
    QCOMPARE(json->first().note, u"on it, OPS-42"_s);
    QVERIFY(json->first().acknowledgedAt.isValid());

    // No endpoint, so no delivery: said of the status asked for (walk 51a N4).
    const CliRun none = run({u"alerts"_s, u"--deliveries"_s});
    QCOMPARE(none.exitCode, 0);
    QCOMPARE(none.out.trimmed(), u"No alert deliveries."_s);
    const CliRun nonePending = run({u"alerts"_s, u"--deliveries"_s, u"--status"_s, u"pending"_s});
    QCOMPARE(nonePending.exitCode, 0);
    QCOMPARE(nonePending.out.trimmed(), u"No pending alert deliveries."_s);
}

void TestCli::emailEndpointsAreAddedWithoutASecret()
{
    const CliRun added
        = run({u"alerts"_s, u"--add-endpoint"_s, u"ops-mail"_s, u"mailto:ops@example.org, lead@example.org"_s});
    QCOMPARE(added.exitCode, 0);
    QVERIFY2(added.out.contains(u"mailing ops@example.org,lead@example.org through the server's smtp-url"_s),
             qPrintable(added.out));
    QVERIFY2(!added.out.contains(u"secret"_s), qPrintable(added.out));

    // Not a plain address: refused before anything is sent, naming it.
    const CliRun refused = run({u"alerts"_s, u"--add-endpoint"_s, u"x"_s, u"mailto:Ops <ops@example.org>"_s});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(u"not a plain address"_s), qPrintable(refused.err));

    const CliRun listed = run({u"alerts"_s, u"--endpoints"_s, u"--json"_s});
    QCOMPARE(listed.exitCode, 0);
    const auto endpoints
        = alerts::webhook::endpointsBodyFromJson(QJsonDocument::fromJson(listed.out.toUtf8()).object());
    QVERIFY2(endpoints && endpoints->size() == 1, qPrintable(listed.out));
    QCOMPARE(endpoints->first().kind, u"email"_s);
    QCOMPARE(endpoints->first().url, u"mailto:ops@example.org,lead@example.org"_s);

    // Gone again, for the other cases sharing this server.
    QCOMPARE(run({u"alerts"_s, u"--remove-endpoint"_s, endpoints->first().id}).exitCode, 0);
}

void TestCli::serversThatDisagreeOnTheKeyAreNamed_data()
{
    QTest::addColumn<bool>("hold");
    QTest::newRow("status") << false;
    QTest::newRow("hold") << true;
}

// `keyright --server FOREIGN --server GOOD status`, FOREIGN being another site's server (so
// another signing key): it used to answer "unauthorized: the access token is not valid" from
// FOREIGN. With no key pinned, the CLI cannot know which of the two is right: it says they
// disagree and names both, and asks neither anything else.
void TestCli::serversThatDisagreeOnTheKeyAreNamed()
{
    QFETCH(bool, hold);
    ServerProcess foreign;
    foreign.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(foreign.start(&error), qPrintable(error));
    const QString id = nextLicenseId();
    const QString keyFile = createLicense(id, 2);
    QVERIFY(!keyFile.isEmpty());
    const QStringList servers {u"--server"_s, foreign.url().toString(), u"--server"_s, m_server->url().toString()};
    const CliRun result = hold
        ? run(servers + QStringList {u"hold"_s, id, u"--holder"_s, u"alice@ws-1"_s, u"--key-file"_s, keyFile})
        : run(servers + QStringList {u"status"_s});
    QCOMPARE(result.exitCode, 1);
    const QString err = result.err.trimmed();
    QVERIFY2(err.startsWith(u"keyright: "_s) && !err.contains(u'\n'), qPrintable(result.err));
    QVERIFY2(err.contains(u"disagree on the signing key"_s), qPrintable(err));
    QVERIFY2(err.contains(foreign.url().toDisplayString()) && err.contains(m_server->url().toDisplayString()),
             qPrintable(err));
    QVERIFY2(!err.contains(u"unauthorized"_s), qPrintable(err));
    QCOMPARE(licenseStatus(id).value(u"inUse"_s).toInt(-1), 0);
    QVERIFY(foreign.terminate());
}

void TestCli::aServerRefusedForTlsStopsTheKeyCheck_data()
{
    QTest::addColumn<bool>("hold");
    QTest::newRow("status") << false;
    QTest::newRow("hold") << true;
}

// `keyright --server https://SITE --server FOREIGN status`, SITE's certificate not trusted (its
// authority not given): SITE's key could not be read, FOREIGN's key was taken for the site's
// alone, and the token went to FOREIGN ("unauthorized"). A server refused for TLS counts as one
// whose key is unknown: nothing is sent to either, and the message names SITE and why.
void TestCli::aServerRefusedForTlsStopsTheKeyCheck()
{
    QFETCH(bool, hold);
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto pair = certificates.issue(u"site"_s, &error);
    QVERIFY2(pair, qPrintable(error));
    ServerProcess site;
    site.setTls(pair->certificate, pair->key);
    QVERIFY2(site.start(&error), qPrintable(error));
    const QString where = u"127.0.0.1:%1"_s.arg(site.port());

    QStringList arguments {u"--server"_s, site.url().toString(), u"--server"_s, m_server->url().toString()};
    QMap<QString, QString> environment;
    if (hold) {
        arguments << u"hold"_s << u"acme-cad"_s << u"--holder"_s << u"alice@ws-1"_s;
        environment.insert(u"KEYRIGHT_LICENSE_KEY"_s, u"kr1-"_s + QString(64, u'f'));
    } else {
        arguments << u"status"_s << u"--token-file"_s << site.adminTokenPath();
    }
    const CliRun result = run(arguments, environment);
    QVERIFY2(result.exitCode == 6, qPrintable(u"exit %1: %2"_s.arg(result.exitCode).arg(result.err)));
    QVERIFY2(result.err.contains(where) && result.err.contains(u"not trusted"_s), qPrintable(result.err));
    QVERIFY2(result.err.contains(u"--ca-file"_s) && result.err.contains(u"SSL_CERT_DIR"_s), qPrintable(result.err));
    QVERIFY2(!result.err.contains(u"unauthorized"_s) && !result.err.contains(u"refused:"_s), qPrintable(result.err));
    QVERIFY(site.terminate());
}

void TestCli::httpsServerIsTrustedThroughItsAuthority_data()
{
    QTest::addColumn<bool>("selfSigned"); // the server's certificate
    QTest::addColumn<QString>("trust"); // how the CLI is told to trust it
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("named"); // in stderr, when it fails
    QTest::newRow("private CA, system authorities only") << false << u"none"_s << u"status"_s << 6 << u"not trusted"_s;
    QTest::newRow("private CA, --ca-file") << false << u"ca-file"_s << u"status"_s << 0 << QString();
    QTest::newRow("private CA, SSL_CERT_FILE") << false << u"cert-file"_s << u"status"_s << 0 << QString();
    QTest::newRow("private CA, SSL_CERT_DIR") << false << u"cert-dir"_s << u"status"_s << 0 << QString();
    // One directory of the list missing: skipped with a warning naming it, the others read.
    QTest::newRow("private CA, SSL_CERT_DIR with a missing directory")
        << false << u"cert-dir-missing"_s << u"status"_s << 0 << QString();
    // Every --ca-file counts, not only the last.
    QTest::newRow("private CA, second of two --ca-file") << false << u"two-ca-files"_s << u"status"_s << 0 << QString();
    QTest::newRow("self-signed, untrusted") << true << u"none"_s << u"status"_s << 6 << u"not trusted"_s;
    QTest::newRow("self-signed, itself as --ca-file") << true << u"ca-file"_s << u"status"_s << 0 << QString();
    QTest::newRow("hold, untrusted") << false << u"none"_s << u"hold"_s << 6 << u"not trusted"_s;
    // The server is reached and refuses the key: the TLS part worked.
    QTest::newRow("hold, --ca-file") << false << u"ca-file"_s << u"hold"_s << 3 << u"refused"_s;
    QTest::newRow("a --ca-file that holds no certificate")
        << false << u"bad-ca-file"_s << u"status"_s << 1 << u"no PEM or DER certificate"_s;
}

void TestCli::httpsServerIsTrustedThroughItsAuthority()
{
    QFETCH(bool, selfSigned);
    QFETCH(QString, trust);
    QFETCH(QString, command);
    QFETCH(int, exitCode);
    QFETCH(QString, named);
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto pair
        = selfSigned ? certificates.selfSigned(u"server"_s, &error) : certificates.issue(u"server"_s, &error);
    QVERIFY2(pair, qPrintable(error));
    const auto authority = certificates.authority(&error);
    QVERIFY2(authority, qPrintable(error));
    const QString trusted = selfSigned ? pair->certificate : authority->certificate;
    const auto fingerprint = certificates.fingerprint(pair->certificate, &error);
    QVERIFY2(fingerprint, qPrintable(error));
    ServerProcess server;
    server.setTls(pair->certificate, pair->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    QCOMPARE(server.url().scheme(), u"https"_s);

    QStringList arguments {u"--server"_s, server.url().toString()};
    QMap<QString, QString> environment;
    if (trust == u"ca-file"_s) {
        arguments << u"--ca-file"_s << trusted;
    } else if (trust == u"bad-ca-file"_s) {
        arguments << u"--ca-file"_s << server.adminTokenPath();
    } else if (trust == u"cert-file"_s) {
        environment.insert(u"SSL_CERT_FILE"_s, trusted);
    } else if (trust == u"two-ca-files"_s) {
        const auto other = certificates.selfSigned(u"other"_s, &error);
        QVERIFY2(other, qPrintable(error));
        arguments << u"--ca-file"_s << trusted << u"--ca-file"_s << other->certificate;
    } else if (trust == u"cert-dir"_s || trust == u"cert-dir-missing"_s) {
        const QString dir = QDir(certificates.directory()).filePath(u"authorities"_s);
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(QFile::copy(trusted, QDir(dir).filePath(u"private-ca.pem"_s)));
        environment.insert(u"SSL_CERT_DIR"_s, trust == u"cert-dir"_s ? dir : u"/nonexistent-keyright-certs:"_s + dir);
    }
    if (command == u"hold"_s) {
        arguments << u"hold"_s << u"acme-cad"_s << u"--holder"_s << u"alice@ws-1"_s;
        environment.insert(u"KEYRIGHT_LICENSE_KEY"_s, u"kr1-"_s + QString(64, u'f'));
    } else {
        arguments << u"status"_s << u"--token-file"_s << server.adminTokenPath();
    }
    const CliRun result = run(arguments, environment);
    QVERIFY2(result.exitCode == exitCode, qPrintable(u"exit %1: %2"_s.arg(result.exitCode).arg(result.err)));
    if (exitCode == 0) {
        QVERIFY2(result.out.startsWith(u"Server %1"_s.arg(server.url().toDisplayString())), qPrintable(result.out));
        if (trust == u"cert-dir-missing"_s)
            QVERIFY2(result.err.contains(u"keyright: warning: SSL_CERT_DIR: /nonexistent-keyright-certs does not "
                                         u"exist; skipped"_s),
                     qPrintable(result.err));
        return;
    }
    QVERIFY2(result.err.contains(named), qPrintable(result.err));
    if (named == u"not trusted"_s) {
        // The fingerprint a person can compare with `openssl x509 -fingerprint -sha256` on the server.
        QVERIFY2(result.err.contains(*fingerprint), qPrintable(result.err + u" / "_s + *fingerprint));
        // How to trust it, from every command (hold said nothing).
        QVERIFY2(result.err.contains(u"--ca-file"_s) && result.err.contains(u"SSL_CERT_DIR"_s), qPrintable(result.err));
    }
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestCli)
#include "tst_cli.moc"
