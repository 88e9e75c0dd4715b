#include "ServerProcess.h"
#include "TestCertificates.h"
#include "TestHttp.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace keyright;

// keyright-server as a system service (docs/DEPLOYMENT.md): --check-config, a reload on SIGHUP,
// the sd_notify messages systemd waits for, and journal priorities. Real processes throughout;
// every wait is bounded.
class TestServerService : public QObject
{
    Q_OBJECT

private slots:
    void checkConfigExitCodes();
    void commandLineWinsOverTheFile();
    void reloadChangesTheLogLevel();
    void reloadReadsTheCertificateAndRetention();
    void notifiesSystemd();

private:
    QString writeFile(const QString &name, const QByteArray &contents);

    QTemporaryDir m_dir;
};

namespace {

// A unix datagram socket standing in for systemd's NOTIFY_SOCKET.
class NotifySocket
{
public:
    explicit NotifySocket(const QString &path)
        : m_path(path)
    {
        m_fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_un address = {};
        address.sun_family = AF_UNIX;
        const QByteArray bytes = QFile::encodeName(path);
        if (m_fd >= 0 && size_t(bytes.size()) < sizeof(address.sun_path)) {
            std::memcpy(address.sun_path, bytes.constData(), size_t(bytes.size()));
            m_bound = ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0;
        }
    }
    ~NotifySocket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool isBound() const { return m_bound; }

    // The next datagram within the timeout; empty when none came.
    QByteArray next(std::chrono::milliseconds timeout)
    {
        pollfd ready = {m_fd, POLLIN, 0};
        if (::poll(&ready, 1, int(timeout.count())) != 1)
            return {};
        char buffer[4096];
        const ssize_t size = ::recv(m_fd, buffer, sizeof(buffer), 0);
        return size > 0 ? QByteArray(buffer, size) : QByteArray();
    }
    // Datagrams until one contains `state`, within the timeout; that one, or empty.
    QByteArray waitFor(const QByteArray &state, std::chrono::milliseconds timeout, QByteArrayList *seen = nullptr)
    {
        QDeadlineTimer deadline(timeout);
        while (!deadline.hasExpired()) {
            const QByteArray message = next(std::chrono::milliseconds(std::max<qint64>(1, deadline.remainingTime())));
            if (seen && !message.isEmpty())
                seen->append(message);
            if (message.split('\n').contains(state))
                return message;
        }
        return {};
    }

private:
    QString m_path;
    int m_fd = -1;
    bool m_bound = false;
};

bool waitForOutput(const ServerProcess &server, const QString &text, std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    while (!server.output().contains(text)) {
        if (deadline.hasExpired())
            return false;
        QTest::qWait(20);
    }
    return true;
}

} // namespace

QString TestServerService::writeFile(const QString &name, const QByteArray &contents)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(contents);
    return path;
}

void TestServerService::checkConfigExitCodes()
{
    QVERIFY(m_dir.isValid());
    const QString good = writeFile(u"good.conf"_s,
                                   "# a comment\nlisten = 127.0.0.1:7999\nlog-level = warning\n"
                                   "data-dir = state\n");
    QString output;
    QCOMPARE(ServerProcess::run({u"--check-config"_s, u"--config"_s, good}, &output), 0);
    QVERIFY2(output.contains(u"configuration: %1 is valid"_s.arg(good)), qPrintable(output));
    QVERIFY2(output.contains(u"log-level = warning    # %1:3"_s.arg(good)), qPrintable(output));
    QVERIFY2(output.contains(u"data-dir = %1"_s.arg(m_dir.filePath(u"state"_s))), qPrintable(output));
    // Checking starts nothing: no data directory appears.
    QVERIFY(!QFileInfo::exists(m_dir.filePath(u"state"_s)));

    const QString bad = writeFile(u"bad.conf"_s, "listen = 127.0.0.1:7999\n\nreap-intervall = 30s\n");
    QCOMPARE(ServerProcess::run({u"--check-config"_s, u"--config"_s, bad}, &output), 1);
    QVERIFY2(output.contains(u"%1:3: unknown key \"reap-intervall\""_s.arg(bad)), qPrintable(output));

    const QString secret = writeFile(u"db-password"_s, "pw\n");
    QVERIFY(QFile::setPermissions(secret, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
    const QString leaky
        = writeFile(u"leaky.conf"_s, "database = postgresql://k@localhost/k\ndatabase-password-file = db-password\n");
    QCOMPARE(ServerProcess::run({u"--check-config"_s, u"--config"_s, leaky}, &output), 1);
    QVERIFY2(output.contains(u"%1:2: database-password-file %2 can be read"_s.arg(leaky, secret)), qPrintable(output));

    // A server started on a broken file refuses to start, naming the line (exit 2 as for every
    // start-up refusal).
    QCOMPARE(ServerProcess::run({u"--config"_s, bad}, &output), 2);
    QVERIFY2(output.contains(u"%1:3:"_s.arg(bad)), qPrintable(output));
    QCOMPARE(ServerProcess::run({u"--check-config"_s, u"--config"_s, m_dir.filePath(u"absent.conf"_s)}, &output), 1);
    QVERIFY2(output.contains(u"cannot read the configuration file"_s), qPrintable(output));
}

void TestServerService::commandLineWinsOverTheFile()
{
    QVERIFY(m_dir.isValid());
    const QString conf = writeFile(u"wins.conf"_s, "event-retention-days = 12\nreap-interval = 1m\n");
    QString output;
    QCOMPARE(ServerProcess::run({u"--check-config"_s, u"--config"_s, conf, u"--reap-interval"_s, u"5s"_s}, &output), 0);
    QVERIFY2(output.contains(u"reap-interval = 5s    # --reap-interval"_s), qPrintable(output));
    QVERIFY2(output.contains(u"event-retention-days = 12    # %1:1"_s.arg(conf)), qPrintable(output));
}

void TestServerService::reloadChangesTheLogLevel()
{
    QVERIFY(m_dir.isValid());
    const QString conf = writeFile(u"reload.conf"_s, "log-level = info\n");
    ServerProcess server;
    server.setExtraArguments({u"--config"_s, conf});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY2(server.output().contains(u"configuration: %1"_s.arg(conf)), qPrintable(server.output()));

    // Unchanged: said so, and at level info the debug line stays out.
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(server, u"reload: %1 read, nothing changed"_s.arg(conf), std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY2(!server.output().contains(u"reload: log level"_s), qPrintable(server.output()));

    // log-level changes at once; max-connections needs a restart and is named.
    QVERIFY(!writeFile(u"reload.conf"_s, "log-level = debug\nmax-connections = 5\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(server, u"reload: log-level changed from info to debug"_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY2(waitForOutput(server, u"reload: log level debug"_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY2(server.output().contains(
                 u"reload: max-connections changed in %1 and take effect only after a restart"_s.arg(conf)),
             qPrintable(server.output()));
    // Plain lines on a pipe: no journal priority prefixes.
    QVERIFY2(!server.output().contains(u"<6>"_s), qPrintable(server.output()));

    // A broken file: the error with its line, the running configuration kept, still serving.
    QVERIFY(!writeFile(u"reload.conf"_s, "log-level = warning\nlog-level = error\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(
                 server, u"reload refused, the running configuration stays: %1:2: log-level is already set"_s.arg(conf),
                 std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY(server.isRunning());
    QCOMPARE(TestHttp(server.url()).get(u"/v1/health"_s).status, 200);

    // Back to warning: the info line about the change is the last one at info that shows.
    QVERIFY(!writeFile(u"reload.conf"_s, "log-level = error\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(server, u"reload: log-level changed from debug to error"_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY(!writeFile(u"reload.conf"_s, "log-level = error\nmax-connections = 9\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY(!writeFile(u"reload.conf"_s, "log-level = error\nlog-level = error\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    // The error still shows at level error; the warning about max-connections before it did not.
    QVERIFY2(waitForOutput(server, u"reload refused"_s, std::chrono::seconds(10)), qPrintable(server.output()));
    const QString afterError = server.output().mid(server.output().indexOf(u"changed from debug to error"_s));
    QVERIFY2(!afterError.contains(u"max-connections changed"_s), qPrintable(afterError));
    QVERIFY(server.terminate());
}

namespace {

// The certificate a new TLS connection to the server is shown; null when the handshake fails.
QSslCertificate certificateShown(const QUrl &url)
{
    QSslSocket socket;
    socket.setPeerVerifyMode(QSslSocket::VerifyNone);
    socket.connectToHostEncrypted(url.host(), quint16(url.port()));
    if (!socket.waitForEncrypted(10000))
        return QSslCertificate();
    const QSslCertificate shown = socket.peerCertificate();
    socket.disconnectFromHost();
    return shown;
}

bool copyOver(const QString &from, const QString &to)
{
    QFile::remove(to);
    return QFile::copy(from, to) && QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

} // namespace

void TestServerService::reloadReadsTheCertificateAndRetention()
{
    // A renewed certificate rewritten in place (as certbot or a site CA does) is served to new
    // connections after a reload, without a restart; so is a new event retention.
    QVERIFY(m_dir.isValid());
    TestCertificates certificates;
    if (!certificates.unavailableReason().isEmpty())
        QSKIP(qPrintable(certificates.unavailableReason()));
    QString error;
    const auto first = certificates.selfSigned(u"first"_s, &error);
    QVERIFY2(first, qPrintable(error));
    const auto second = certificates.selfSigned(u"second"_s, &error);
    QVERIFY2(second, qPrintable(error));
    const QString cert = m_dir.filePath(u"tls-cert.pem"_s);
    const QString key = m_dir.filePath(u"tls-key.pem"_s);
    QVERIFY(copyOver(first->certificate, cert));
    QVERIFY(copyOver(first->key, key));
    const QString conf = writeFile(u"tls.conf"_s, "event-retention-days = 90\n");
    ServerProcess server;
    server.setTls(cert, key);
    server.setExtraArguments({u"--config"_s, conf});
    QVERIFY2(server.start(&error), qPrintable(error));
    const QSslCertificate before = certificateShown(server.url());
    QVERIFY(!before.isNull());
    QCOMPARE(before, QSslCertificate::fromPath(first->certificate).value(0));

    QVERIFY(copyOver(second->certificate, cert));
    QVERIFY(copyOver(second->key, key));
    QVERIFY(!writeFile(u"tls.conf"_s, "event-retention-days = 30\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(server, u"new connections use them"_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY2(waitForOutput(server, u"reload: event-retention-days changed from 90 to 30"_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QVERIFY2(!server.output().contains(u"take effect only after a restart"_s), qPrintable(server.output()));
    QCOMPARE(certificateShown(server.url()), QSslCertificate::fromPath(second->certificate).value(0));

    // A key that does not parse: the certificate in use stays, and the server still answers.
    QVERIFY(!writeFile(u"tls-key.pem"_s, "not a key\n").isEmpty());
    QCOMPARE(::kill(pid_t(server.processId()), SIGHUP), 0);
    QVERIFY2(waitForOutput(server, u"reload: the TLS certificate in use stays: "_s, std::chrono::seconds(10)),
             qPrintable(server.output()));
    QCOMPARE(certificateShown(server.url()), QSslCertificate::fromPath(second->certificate).value(0));
    QVERIFY(server.terminate());
}

void TestServerService::notifiesSystemd()
{
    QVERIFY(m_dir.isValid());
    NotifySocket notify(m_dir.filePath(u"notify"_s));
    QVERIFY(notify.isBound());
    const quint16 port = ServerProcess::pickFreePort();
    QVERIFY(port != 0);
    const QString conf = writeFile(u"notify.conf"_s, "log-level = info\n");
    const QString log = m_dir.filePath(u"journal.log"_s);
    QVERIFY(!writeFile(u"journal.log"_s, {}).isEmpty());
    struct stat logInfo = {};
    QCOMPARE(::stat(QFile::encodeName(log).constData(), &logInfo), 0);

    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"NOTIFY_SOCKET"_s, m_dir.filePath(u"notify"_s));
    environment.insert(u"WATCHDOG_USEC"_s, u"400000"_s); // a ping every 200 ms
    // stderr goes to a file that JOURNAL_STREAM names, as systemd's journal stream would be.
    environment.insert(u"JOURNAL_STREAM"_s, u"%1:%2"_s.arg(qulonglong(logInfo.st_dev)).arg(qulonglong(logInfo.st_ino)));
    process.setProcessEnvironment(environment);
    process.setStandardErrorFile(log, QIODevice::Append);
    process.start(ServerProcess::binaryPath(),
                  {u"--config"_s, conf, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port), u"--data-dir"_s,
                   m_dir.filePath(u"notify-data"_s)});
    QVERIFY(process.waitForStarted(10000));
    const auto stop = qScopeGuard([&process] {
        process.kill();
        process.waitForFinished(5000);
    });

    // READY=1 comes only once the port listens: the health check right after it answers.
    QByteArrayList seen;
    const QByteArray ready = notify.waitFor("READY=1", std::chrono::seconds(20), &seen);
    QVERIFY2(!ready.isEmpty(), seen.join(" | ").constData());
    TestHttp http(QUrl(u"http://127.0.0.1:%1"_s.arg(port)));
    QCOMPARE(http.get(u"/v1/health"_s).status, 200);
    QVERIFY2(ready.contains("STATUS=serving on http://127.0.0.1:"), ready.constData());
    QVERIFY(!seen.join('\n').contains("WATCHDOG=1")); // nothing before readiness

    QVERIFY(!notify.waitFor("WATCHDOG=1", std::chrono::seconds(5)).isEmpty());
    QVERIFY(!notify.waitFor("WATCHDOG=1", std::chrono::seconds(5)).isEmpty());

    // A reload: RELOADING=1, then READY=1 again.
    QCOMPARE(::kill(pid_t(process.processId()), SIGHUP), 0);
    seen.clear();
    QVERIFY(!notify.waitFor("RELOADING=1", std::chrono::seconds(10), &seen).isEmpty());
    QVERIFY2(!notify.waitFor("READY=1", std::chrono::seconds(10), &seen).isEmpty(), seen.join(" | ").constData());

    // Stopping: STOPPING=1, then a clean exit.
    QCOMPARE(::kill(pid_t(process.processId()), SIGTERM), 0);
    QVERIFY(!notify.waitFor("STOPPING=1", std::chrono::seconds(10)).isEmpty());
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);

    // The journal got the reload's info line with the info priority prefix.
    QFile journal(log);
    QVERIFY(journal.open(QIODevice::ReadOnly));
    const QByteArray lines = journal.readAll();
    QVERIFY2(lines.contains("<6>keyright.server.config: reload: "), lines.constData());
}

QTEST_GUILESS_MAIN(TestServerService)
#include "tst_serverservice.moc"
