#include "SmtpReceiver.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace smtptest {

SmtpReceiver::SmtpReceiver()
{
    m_python = QStandardPaths::findExecutable(u"python3"_s, {u"/usr/bin"_s});
    if (m_python.isEmpty()) {
        m_unavailable = u"no /usr/bin/python3"_s;
        return;
    }
    QProcess probe;
    probe.start(m_python, {u"-c"_s, u"import aiosmtpd"_s});
    if (!probe.waitForFinished(30'000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        m_unavailable = u"%1 cannot import aiosmtpd (Debian's python3-aiosmtpd is not installed)"_s.arg(m_python);
}

SmtpReceiver::~SmtpReceiver()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(10'000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool SmtpReceiver::required()
{
    return qEnvironmentVariable("KEYRIGHT_REQUIRE_SMTP") == u"1"_s;
}

QString SmtpReceiver::failFile() const
{
    return QDir(m_dir.path()).filePath(u"fail"_s);
}

bool SmtpReceiver::setFailing(bool failing)
{
    QFile file(failFile());
    if (failing)
        return file.open(QIODevice::WriteOnly);
    return !file.exists() || file.remove();
}

bool SmtpReceiver::start(const Options &options, QString *error)
{
    if (!m_dir.isValid()) {
        *error = u"no temporary directory for the received mail"_s;
        return false;
    }
    QStringList arguments {QStringLiteral(KEYRIGHT_SOURCE_DIR "/tests/support/smtp_receiver.py"), m_dir.path()};
    if (!options.certificate.isEmpty())
        arguments << u"--cert"_s << options.certificate << u"--key"_s << options.key;
    if (options.authentication)
        arguments << u"--user"_s << QString::fromLatin1(user) << u"--password"_s << QString::fromLatin1(password);
    if (!options.refuseDomain.isEmpty())
        arguments << u"--refuse-domain"_s << options.refuseDomain;
    if (options.implicitTls)
        arguments << u"--implicit-tls"_s;
    arguments << u"--fail-file"_s << failFile();
    m_process.start(m_python, arguments);
    if (!m_process.waitForStarted(10'000)) {
        *error = u"smtp_receiver.py did not start: %1"_s.arg(m_process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(20'000);
    QByteArray output;
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        m_process.waitForReadyRead(200);
        output += m_process.readAllStandardOutput();
        const QRegularExpressionMatch ready
            = QRegularExpression(u"^READY (\\d+)$"_s, QRegularExpression::MultilineOption)
                  .match(QString::fromUtf8(output));
        if (ready.hasMatch()) {
            m_port = quint16(ready.captured(1).toUInt());
            return true;
        }
    }
    *error = u"smtp_receiver.py did not say READY within 20 s: %1 %2"_s.arg(
        QString::fromUtf8(output), QString::fromUtf8(m_process.readAllStandardError()));
    return false;
}

QList<QJsonObject> SmtpReceiver::messages() const
{
    QList<QJsonObject> received;
    for (int n = 1;; ++n) {
        QFile file(QDir(m_dir.path()).filePath(u"%1.json"_s.arg(n)));
        if (!file.open(QIODevice::ReadOnly))
            return received;
        received.append(QJsonDocument::fromJson(file.readAll()).object());
    }
}

} // namespace smtptest
