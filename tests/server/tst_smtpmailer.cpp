// Alert mail over SMTP (issue 29): SmtpMailer against a real SMTP server of the test's own,
// Debian's python3-aiosmtpd run by tests/support/smtp_receiver.py on 127.0.0.1, with STARTTLS
// required (a certificate from TestCertificates' authority) and AUTH accepting one user. The
// receiver decodes every mail it accepts with Python's email package and writes it out as JSON,
// so the subject and body are checked as a mail reader sees them, not as Keyright wrote them.
//
// Without python3-aiosmtpd the cases are skipped, or fail when KEYRIGHT_REQUIRE_SMTP=1
// (scripts/run-tests sets it; scripts/install-deps.sh installs the package).
#include "ManualClock.h"
#include "ServerProcess.h"
#include "SmtpReceiver.h"
#include "TestCertificates.h"
#include "alerts/SmtpMailer.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace Qt::StringLiterals;
using namespace keyright;
using namespace keyright::server;

namespace {

using smtptest::password;
using smtptest::SmtpReceiver;
using smtptest::user;
const QString alertSentence = u"ACME CAD : 10 sièges sur 10 occupés depuis 15 min"_s;

} // namespace

class TestSmtpMailer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void alertMailArrivesWithSubjectAndBody();
    void smtpsIsTlsFromTheStart();
    void wrongPasswordIsRefusedAuthentication();
    void serverWithoutStartTlsGetsNothing();
    void refusedRecipientIsNamed();
    void untrustedCertificateIsATlsFailure();
    void passwordFileMustBePrivate();
    void closedPortIsARefusedConnection();
    void silentServerTimesOutWhileTheLoopTurns();
    void stoppingTheMailerEndsASendInFlight();
    void subjectEncoding();
    void sendTestMailCommand();

private:
    struct Outcome
    {
        SmtpResult result;
        int ticks = 0; // of a 20 ms timer while the send was in flight
        qint64 elapsedMs = 0;
        qint64 sendCallMs = 0; // how long send() itself took to return
    };

    SmtpSettings settingsFor(quint16 port, const QString &passwordFile) const;
    // Sends with a mailer on this thread's event loop and turns the loop until the result comes
    // back through the future's continuation (bounded at 60 s).
    Outcome sendAndWait(const SmtpSettings &settings, const MailMessage &message);
    QString writePasswordFile(const QString &name, const QByteArray &contents, QFile::Permissions permissions);

    QTemporaryDir m_dir;
    TestCertificates m_certificates;
    TestCertificates::Pair m_server;
    QString m_authority;
    QString m_passwordFile;
    ManualClock m_clock {QDateTime(QDate(2026, 12, 4), QTime(21, 0), Qt::UTC)};
};

void TestSmtpMailer::initTestCase()
{
    SmtpMailer::initialiseLibrary();
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_certificates.unavailableReason().isEmpty(), qPrintable(m_certificates.unavailableReason()));
    QString error;
    const auto authority = m_certificates.authority(&error);
    QVERIFY2(authority, qPrintable(error));
    m_authority = authority->certificate;
    const auto server = m_certificates.issue(u"smtp"_s, &error);
    QVERIFY2(server, qPrintable(error));
    m_server = *server;
    m_passwordFile
        = writePasswordFile(u"smtp-password"_s, QByteArray(password) + '\n', QFile::ReadOwner | QFile::WriteOwner);
}

QString TestSmtpMailer::writePasswordFile(const QString &name, const QByteArray &contents,
                                          QFile::Permissions permissions)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
        || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    file.close();
    QFile::setPermissions(path, permissions);
    return path;
}

SmtpSettings TestSmtpMailer::settingsFor(quint16 port, const QString &passwordFile) const
{
    SmtpSettings settings;
    settings.url = u"smtp://127.0.0.1:%1"_s.arg(port);
    settings.from = u"alerts@keyright.example"_s;
    settings.user = QString::fromLatin1(user);
    settings.passwordFile = passwordFile;
    settings.caFile = m_authority;
    settings.timeout = std::chrono::seconds(20);
    return settings;
}

TestSmtpMailer::Outcome TestSmtpMailer::sendAndWait(const SmtpSettings &settings, const MailMessage &message)
{
    Outcome outcome;
    SmtpMailer mailer(settings, m_clock);
    QEventLoop loop;
    QTimer ticker;
    ticker.setInterval(20);
    connect(&ticker, &QTimer::timeout, &loop, [&outcome] { ++outcome.ticks; });
    QTimer guard;
    guard.setSingleShot(true);
    connect(&guard, &QTimer::timeout, &loop, [&loop] { loop.exit(1); });
    bool answered = false;
    QElapsedTimer elapsed;
    elapsed.start();
    ticker.start();
    guard.start(60'000);
    QFuture<SmtpResult> future = mailer.send(message);
    outcome.sendCallMs = elapsed.elapsed();
    // A future that is already finished runs the continuation at once, here.
    future.then(&loop, [&](const SmtpResult &result) {
        outcome.result = result;
        answered = true;
        loop.quit();
    });
    if (!answered)
        loop.exec();
    outcome.elapsedMs = elapsed.elapsed();
    if (!answered)
        qWarning("no result within 60 s");
    return outcome;
}

void TestSmtpMailer::alertMailArrivesWithSubjectAndBody()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, {}}, &error), qPrintable(error));

    MailMessage message;
    message.to = {u"ops@example.org"_s, u"lead@example.org"_s};
    message.subject = alertSentence;
    // A line longer than quoted-printable's 76 characters, a line that SMTP would end the data at
    // without dot-stuffing, and a line an mbox would mangle.
    const QString body = alertSentence
        + u"\n\nLicence acme-cad : la règle « 10 sièges sur 10 » est vraie depuis 15 min ; les postes en attente "
          "patientent (file d'attente : 3). Ligne assez longue pour être coupée.\n.\nFrom here on, nothing.\n"_s;
    message.body = body;
    const Outcome sent = sendAndWait(settingsFor(receiver.port(), m_passwordFile), message);
    QVERIFY2(sent.result.ok, qPrintable(sent.result.error));
    QCOMPARE(sent.result.responseCode, 250);
    QVERIFY(sent.result.error.isEmpty());

    const QList<QJsonObject> received = receiver.messages();
    QCOMPARE(received.size(), 1);
    const QJsonObject mail = received.first();
    QCOMPARE(mail.value(u"subject"_s).toString(), alertSentence);
    QCOMPARE(mail.value(u"body"_s).toString().replace(u"\r\n"_s, u"\n"_s), body);
    QCOMPARE(mail.value(u"content_type"_s).toString(), u"text/plain"_s);
    QCOMPARE(mail.value(u"charset"_s).toString(), u"utf-8"_s);
    QVERIFY(mail.value(u"tls"_s).toBool());
    QCOMPARE(mail.value(u"authenticated_as"_s).toString(), QString::fromLatin1(user));
    QCOMPARE(mail.value(u"mail_from"_s).toString(), u"alerts@keyright.example"_s);
    QCOMPARE(mail.value(u"rcpt_tos"_s).toArray(), QJsonArray({u"ops@example.org"_s, u"lead@example.org"_s}));
    QCOMPARE(mail.value(u"from"_s).toString(), u"alerts@keyright.example"_s);
    QCOMPARE(mail.value(u"to"_s).toString(), u"ops@example.org, lead@example.org"_s);
    // The injected clock's "now", not the machine's.
    QCOMPARE(mail.value(u"date"_s).toString(), u"Fri, 04 Dec 2026 21:00:00 +0000"_s);
    QVERIFY2(QRegularExpression(u"^<[0-9a-f]{32}@keyright\\.example>$"_s)
                 .match(mail.value(u"message_id"_s).toString())
                 .hasMatch(),
             qPrintable(mail.value(u"message_id"_s).toString()));
    // 7-bit lines within SMTP's limit, whatever the server announces: the subject as RFC 2047
    // words, the body as quoted-printable.
    QVERIFY(mail.value(u"all_lines_ascii"_s).toBool());
    QVERIFY2(mail.value(u"longest_line"_s).toInt() <= 998,
             qPrintable(QString::number(mail.value(u"longest_line"_s).toInt())));
    QVERIFY2(mail.value(u"raw_headers"_s).toString().contains(u"Subject: =?UTF-8?B?"_s),
             qPrintable(mail.value(u"raw_headers"_s).toString()));
    QVERIFY2(mail.value(u"raw_headers"_s).toString().contains(u"Auto-Submitted: auto-generated"_s),
             qPrintable(mail.value(u"raw_headers"_s).toString()));
    QCOMPARE(mail.value(u"transfer_encoding"_s).toString(), u"quoted-printable"_s);
}

void TestSmtpMailer::smtpsIsTlsFromTheStart()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, {}, true}, &error), qPrintable(error));
    SmtpSettings settings = settingsFor(receiver.port(), m_passwordFile);
    settings.url = u"smtps://127.0.0.1:%1"_s.arg(receiver.port());
    const Outcome sent = sendAndWait(settings, {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY2(sent.result.ok, qPrintable(sent.result.error));
    const QList<QJsonObject> received = receiver.messages();
    QCOMPARE(received.size(), 1);
    QCOMPARE(received.first().value(u"subject"_s).toString(), alertSentence);
    QVERIFY(received.first().value(u"tls"_s).toBool());
    QCOMPARE(received.first().value(u"authenticated_as"_s).toString(), QString::fromLatin1(user));
    // The same server spoken to as smtp:// answers nothing a client can read in clear.
    settings.url = u"smtp://127.0.0.1:%1"_s.arg(receiver.port());
    settings.timeout = std::chrono::seconds(3);
    const Outcome clear = sendAndWait(settings, {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!clear.result.ok);
    QVERIFY2(clear.result.error.contains(u"did not complete the exchange within 3 s"_s),
             qPrintable(clear.result.error));
    QCOMPARE(receiver.messages().size(), 1);
}

void TestSmtpMailer::wrongPasswordIsRefusedAuthentication()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, {}}, &error), qPrintable(error));
    const QString wrong
        = writePasswordFile(u"wrong-password"_s, "not-the-password\n", QFile::ReadOwner | QFile::WriteOwner);
    const Outcome sent
        = sendAndWait(settingsFor(receiver.port(), wrong), {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QCOMPARE(sent.result.responseCode, 535);
    QVERIFY2(sent.result.error.startsWith(
                 u"the mail server 127.0.0.1:%1 refused authentication as keyright: 535"_s.arg(receiver.port())),
             qPrintable(sent.result.error));
    QVERIFY(!sent.result.error.contains(u"not-the-password"_s));
    QVERIFY(receiver.messages().isEmpty());
}

void TestSmtpMailer::serverWithoutStartTlsGetsNothing()
{
    // A server that offers no TLS and would take any mail without AUTH: the mailer stops before
    // saying anything but EHLO, rather than send the alert (or the password) in clear text.
    SmtpReceiver clear;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(clear);
    QString error;
    QVERIFY2(clear.start({{}, {}, false, {}}, &error), qPrintable(error));
    for (const bool withUser : {true, false}) {
        SmtpSettings settings = settingsFor(clear.port(), m_passwordFile);
        if (!withUser) {
            settings.user.clear();
            settings.passwordFile.clear();
        }
        const Outcome sent = sendAndWait(settings, {{u"ops@example.org"_s}, alertSentence, alertSentence});
        QVERIFY(!sent.result.ok);
        QVERIFY2(
            sent.result.error.startsWith(
                u"the mail server 127.0.0.1:%1 does not offer STARTTLS, and mail is never sent in clear text"_s.arg(
                    clear.port())),
            qPrintable(sent.result.error));
    }
    QVERIFY(clear.messages().isEmpty());
}

void TestSmtpMailer::refusedRecipientIsNamed()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, u"refused.example"_s}, &error),
             qPrintable(error));
    const Outcome sent
        = sendAndWait(settingsFor(receiver.port(), m_passwordFile),
                      {{u"ops@example.org"_s, u"nobody@refused.example"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QCOMPARE(sent.result.responseCode, 550);
    QVERIFY2(sent.result.error.startsWith(
                 u"the mail server 127.0.0.1:%1 refused the recipient nobody@refused.example: 550 5.1.1"_s.arg(
                     receiver.port())),
             qPrintable(sent.result.error));
    QVERIFY(receiver.messages().isEmpty());
}

void TestSmtpMailer::untrustedCertificateIsATlsFailure()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    const auto selfSigned = m_certificates.selfSigned(u"smtp-self"_s, &error);
    QVERIFY2(selfSigned, qPrintable(error));
    QVERIFY2(receiver.start({selfSigned->certificate, selfSigned->key, true, {}}, &error), qPrintable(error));
    const Outcome sent = sendAndWait(settingsFor(receiver.port(), m_passwordFile),
                                     {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QVERIFY2(sent.result.error.startsWith(u"TLS with the mail server 127.0.0.1:%1 failed: "_s.arg(receiver.port())),
             qPrintable(sent.result.error));
    QVERIFY2(sent.result.error.contains(m_authority), qPrintable(sent.result.error));
    QVERIFY(receiver.messages().isEmpty());
}

void TestSmtpMailer::passwordFileMustBePrivate()
{
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, {}}, &error), qPrintable(error));
    const QString open = writePasswordFile(u"open-password"_s, QByteArray(password) + '\n',
                                           QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    const Outcome sent
        = sendAndWait(settingsFor(receiver.port(), open), {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QVERIFY2(sent.result.error.startsWith(u"smtp-password-file: Refusing secret file %1"_s.arg(open)),
             qPrintable(sent.result.error));
    QVERIFY2(sent.result.error.contains(u"chmod 600"_s), qPrintable(sent.result.error));
    QVERIFY(!sent.result.error.contains(QString::fromLatin1(password)));
    QVERIFY(receiver.messages().isEmpty());
}

void TestSmtpMailer::closedPortIsARefusedConnection()
{
    const quint16 port = ServerProcess::pickFreePort();
    SmtpSettings settings = settingsFor(port, m_passwordFile);
    settings.timeout = std::chrono::seconds(5);
    const Outcome sent = sendAndWait(settings, {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QCOMPARE(sent.result.responseCode, 0);
    QCOMPARE(sent.result.error,
             u"the mail server 127.0.0.1:%1 refused the connection (nothing listens on that port?)"_s.arg(port));
    QVERIFY2(sent.elapsedMs < 5000, qPrintable(QString::number(sent.elapsedMs)));
}

void TestSmtpMailer::silentServerTimesOutWhileTheLoopTurns()
{
    // It accepts the connection (the kernel does, from the backlog) and never greets: the send
    // takes the whole timeout, on a worker thread, while this thread's timer keeps ticking.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    SmtpSettings settings = settingsFor(silent.serverPort(), m_passwordFile);
    settings.timeout = std::chrono::milliseconds(1500);
    const Outcome sent = sendAndWait(settings, {{u"ops@example.org"_s}, alertSentence, alertSentence});
    QVERIFY(!sent.result.ok);
    QVERIFY2(sent.result.error.startsWith(
                 u"the mail server 127.0.0.1:%1 did not complete the exchange within 1500 ms (smtp-timeout; "
                 "connecting or waiting for its greeting)"_s.arg(silent.serverPort())),
             qPrintable(sent.result.error));
    QVERIFY2(sent.elapsedMs >= 1400 && sent.elapsedMs < 10'000, qPrintable(QString::number(sent.elapsedMs)));
    QVERIFY2(sent.sendCallMs < 500, qPrintable(QString::number(sent.sendCallMs)));
    // 1.5 s of a 20 ms timer: 75 ticks on an idle machine, fewer on a loaded one or under a
    // sanitizer; a loop blocked by the send gets at most one (a late timer fires once, not once
    // per missed interval).
    QVERIFY2(sent.ticks >= 10, qPrintable(QString::number(sent.ticks)));
}

void TestSmtpMailer::stoppingTheMailerEndsASendInFlight()
{
    // A mail server that never answers and a timeout of a minute: the mailer is destroyed (the
    // server stopping) while the send waits. It ends the send within about a second, its thread
    // and pool with it (nothing is left running or leaked), and the future holds a failure.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    SmtpSettings settings = settingsFor(silent.serverPort(), m_passwordFile);
    settings.timeout = std::chrono::seconds(60);
    auto mailer = std::make_unique<SmtpMailer>(settings, m_clock);
    QFuture<SmtpResult> inFlight = mailer->send({{u"ops@example.org"_s}, alertSentence, alertSentence});
    // And one waiting for a thread behind two in flight: it fails without being sent.
    QFuture<SmtpResult> second = mailer->send({{u"ops@example.org"_s}, alertSentence, alertSentence});
    QFuture<SmtpResult> queued = mailer->send({{u"ops@example.org"_s}, alertSentence, alertSentence});
    QTRY_VERIFY_WITH_TIMEOUT(silent.hasPendingConnections(), 10'000);
    QVERIFY(!inFlight.isFinished());
    QElapsedTimer stopping;
    stopping.start();
    mailer.reset();
    QVERIFY2(stopping.elapsed() < 3000, qPrintable(QString::number(stopping.elapsed())));
    QVERIFY(inFlight.isFinished());
    QVERIFY(second.isFinished());
    QVERIFY(queued.isFinished());
    QCOMPARE(queued.result().error,
             u"the mail to 127.0.0.1:%1 was not sent: the server is stopping"_s.arg(silent.serverPort()));
    const SmtpResult result = inFlight.result();
    QVERIFY(!result.ok);
    QCOMPARE(
        result.error,
        u"the mail to 127.0.0.1:%1 was not finished: the server stopped while sending it"_s.arg(silent.serverPort()));
}

void TestSmtpMailer::subjectEncoding()
{
    QCOMPARE(SmtpMailer::encodeSubject(u"Seats of acme-cad all taken"_s), QByteArray("Seats of acme-cad all taken"));
    // A line break would start a header of the sender's choosing: it becomes a space in a word.
    const QByteArray injected = SmtpMailer::encodeSubject(u"hello\r\nBcc: victim@example.org"_s);
    QVERIFY2(!injected.contains("\r\nBcc"), injected.constData());
    QVERIFY2(injected.startsWith("=?UTF-8?B?"), injected.constData());
    // Long and non-ASCII: words of whole characters, lines within 78 with "Subject: " before.
    const QString longSubject = QString(alertSentence + u" — "_s).repeated(4);
    const QByteArray encoded = SmtpMailer::encodeSubject(longSubject);
    const QByteArrayList lines = encoded.split('\n');
    QVERIFY(lines.size() > 1);
    QString decoded;
    for (QByteArray line : lines) {
        line = line.trimmed();
        QVERIFY2(line.size() + 9 <= 78, line.constData());
        QVERIFY(line.startsWith("=?UTF-8?B?") && line.endsWith("?="));
        const QByteArray bytes = QByteArray::fromBase64(line.mid(10, line.size() - 12));
        const QString piece = QString::fromUtf8(bytes);
        QCOMPARE(piece.toUtf8(), bytes); // no character split between two words
        decoded += piece;
    }
    QCOMPARE(decoded, longSubject);
    QCOMPARE(SmtpMailer::formatDate(QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::OffsetFromUTC, 3600)),
             QByteArray("Fri, 02 Jan 2026 02:04:05 +0000"));
}

void TestSmtpMailer::sendTestMailCommand()
{
    // What an operator runs before relying on alerts: the real binary, the settings from a file.
    SmtpReceiver receiver;
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(receiver);
    QString error;
    QVERIFY2(receiver.start({m_server.certificate, m_server.key, true, {}}, &error), qPrintable(error));
    const QString wrong = writePasswordFile(u"wrong-for-command"_s, "nope\n", QFile::ReadOwner | QFile::WriteOwner);
    const auto configWith = [&](const QString &name, const QString &passwordFile) {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write(u"data-dir = %1\nsmtp-url = smtp://127.0.0.1:%2\nsmtp-from = alerts@keyright.example\n"
                   "smtp-user = %3\nsmtp-password-file = %4\nsmtp-ca-file = %5\n"_s.arg(m_dir.filePath(u"data"_s))
                       .arg(receiver.port())
                       .arg(QString::fromLatin1(user), passwordFile, m_authority)
                       .toUtf8());
        return path;
    };
    QString output;
    QCOMPARE(ServerProcess::run({u"--config"_s, configWith(u"good.conf"_s, m_passwordFile), u"--send-test-mail"_s,
                                 u"ops@example.org"_s},
                                &output, std::chrono::seconds(60)),
             0);
    QVERIFY2(
        output.startsWith(u"test mail to ops@example.org accepted by smtp://127.0.0.1:%1: 250"_s.arg(receiver.port())),
        qPrintable(output));
    const QList<QJsonObject> received = receiver.messages();
    QCOMPARE(received.size(), 1);
    QVERIFY2(received.first().value(u"subject"_s).toString().startsWith(u"Keyright test mail from "_s),
             qPrintable(received.first().value(u"subject"_s).toString()));
    QCOMPARE(received.first().value(u"rcpt_tos"_s).toArray(), QJsonArray({u"ops@example.org"_s}));

    QCOMPARE(ServerProcess::run(
                 {u"--config"_s, configWith(u"wrong.conf"_s, wrong), u"--send-test-mail"_s, u"ops@example.org"_s},
                 &output, std::chrono::seconds(60)),
             1);
    QVERIFY2(output.contains(u"the test mail to ops@example.org was not sent: the mail server 127.0.0.1:%1 refused "
                             "authentication as keyright"_s.arg(receiver.port())),
             qPrintable(output));
    QCOMPARE(receiver.messages().size(), 1);

    // --check-config names a bad URL with where it came from.
    QCOMPARE(ServerProcess::run({u"--config"_s, configWith(u"good.conf"_s, m_passwordFile), u"--check-config"_s,
                                 u"--smtp-url"_s, u"smtp://mail.example.org:587/relay"_s},
                                &output),
             1);
    QVERIFY2(output.contains(u"--smtp-url: smtp-url smtp://mail.example.org:587/relay: expected smtp://host[:port]"_s),
             qPrintable(output));
}

QTEST_GUILESS_MAIN(TestSmtpMailer)
#include "tst_smtpmailer.moc"
