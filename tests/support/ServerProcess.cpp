#include "ServerProcess.h"

#include "SecretBuffer.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QSet>
#include <QTcpServer>
#include <QThread>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The first port of the kernel's ephemeral range (the local ports of outgoing connections and
// of listen(0)).
int firstEphemeralPort()
{
    QFile file(u"/proc/sys/net/ipv4/ip_local_port_range"_s);
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> bounds = file.readAll().simplified().split(' ');
        if (bounds.size() == 2 && bounds.at(0).toInt() > 0)
            return bounds.at(0).toInt();
    }
    return 32768; // Linux's default
}

quint16 freeLoopbackPort()
{
    // Below the ephemeral range: a port handed out by listen(0) could be taken, between a site's
    // stop and its restart on the same port, by any connection another test opens at that moment
    // (seen under load: "the bound address is already in use"). No connection is given a port
    // down here, and tests pick at random among thousands, checking each.
    // Never a port this process handed out before: a test picks the ports of several sites before
    // starting any (each is given the others' URLs), so a port free at the probe may be one another
    // site of the same test is about to take (CI, tst_replication: two sites on one port, the second
    // "started" because the first answered its health check).
    static QMutex mutex;
    static QSet<quint16> given;
    const QMutexLocker lock(&mutex);
    const auto take = [](quint16 port) {
        given.insert(port);
        return port;
    };
    const int ephemeralLow = firstEphemeralPort();
    constexpr int low = 10000;
    if (ephemeralLow - low >= 1000) {
        for (int attempt = 0; attempt < 200; ++attempt) {
            const auto port = quint16(QRandomGenerator::global()->bounded(low, ephemeralLow));
            if (given.contains(port))
                continue;
            QTcpServer probe;
            if (probe.listen(QHostAddress::LocalHost, port))
                return take(port);
        }
    }
    for (int attempt = 0; attempt < 20; ++attempt) {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            return 0;
        if (!given.contains(probe.serverPort()))
            return take(probe.serverPort());
    }
    return 0;
}

} // namespace

ServerProcess::ServerProcess(QObject *parent)
    : QObject(parent)
{ }

ServerProcess::~ServerProcess()
{
    kill();
}

QString ServerProcess::binaryPath()
{
    const QByteArray fromEnvironment = qgetenv("KEYRIGHT_SERVER_BINARY");
    if (!fromEnvironment.isEmpty())
        return QString::fromLocal8Bit(fromEnvironment);
#ifdef KEYRIGHT_SERVER_BINARY
    return QStringLiteral(KEYRIGHT_SERVER_BINARY);
#else
    return QStringLiteral(KEYRIGHT_BINARY_DIR) + u"/server/keyright-server"_s;
#endif
}

quint16 ServerProcess::pickFreePort()
{
    return freeLoopbackPort();
}

QString ServerProcess::adminTokenPath() const
{
    return QDir(m_dataDir).filePath(u"admin-token"_s);
}

QUrl ServerProcess::url() const
{
    QUrl url;
    url.setScheme(m_tlsCertificate.isEmpty() ? u"http"_s : u"https"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(m_port);
    return url;
}

void ServerProcess::setTls(const QString &certificateFile, const QString &keyFile)
{
    m_tlsCertificate = certificateFile;
    m_tlsKey = keyFile;
}

bool ServerProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 ServerProcess::processId() const
{
    return isRunning() ? m_process->processId() : 0;
}

void ServerProcess::collectOutput()
{
    if (m_process)
        m_output += m_process->readAll();
}

QString ServerProcess::output() const
{
    QByteArray all = m_output;
    if (m_process)
        all += m_process->peek(m_process->bytesAvailable());
    return QString::fromLocal8Bit(all);
}

QString ServerProcess::fakeTimeLibrary()
{
    for (const QString &dir : QDir(u"/usr/lib"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString path = u"/usr/lib/%1/faketime/libfaketime.so.1"_s.arg(dir);
        if (QFileInfo::exists(path))
            return path;
    }
    return {};
}

bool ServerProcess::start(QString *error, std::chrono::milliseconds timeout)
{
    QString ignored;
    QString &why = error ? *error : ignored;
    if (isRunning())
        return true;
    if (!QFileInfo(binaryPath()).isExecutable()) {
        why = u"no keyright-server binary at %1; build the keyright-server target"_s.arg(binaryPath());
        return false;
    }
    if (m_dataDir.isEmpty()) {
        m_tempDir = std::make_unique<QTemporaryDir>();
        if (!m_tempDir->isValid()) {
            why = u"cannot create a temporary data directory"_s;
            return false;
        }
        m_dataDir = m_tempDir->filePath(u"data"_s);
    }
    if (m_port == 0)
        m_port = freeLoopbackPort();
    if (m_port == 0) {
        why = u"no free loopback port"_s;
        return false;
    }

    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process.get(), &QProcess::readyRead, this, &ServerProcess::collectOutput);
    QStringList arguments {u"--listen"_s, u"127.0.0.1:%1"_s.arg(m_port), u"--data-dir"_s, m_dataDir};
    if (!m_database.isEmpty())
        arguments += {u"--database"_s, m_database};
    if (!m_tlsCertificate.isEmpty())
        arguments += {u"--tls-cert"_s, m_tlsCertificate, u"--tls-key"_s, m_tlsKey};
    if (m_testClockOffset.count() != 0)
        arguments += {u"--test-clock-offset-ms"_s, QString::number(m_testClockOffset.count())};
    arguments += m_extraArguments;
    if (!m_fakeTime.isEmpty()) {
        const QString library = fakeTimeLibrary();
        if (library.isEmpty()) {
            why = u"libfaketime is not installed (scripts/install-deps.sh installs it)"_s;
            return false;
        }
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"LD_PRELOAD"_s, library);
        environment.insert(u"FAKETIME"_s, m_fakeTime);
        // Under the sanitizers libfaketime comes before the ASan runtime in the load order, which
        // ASan refuses by default; interposing clock calls is all libfaketime does.
        const QString asan = environment.value(u"ASAN_OPTIONS"_s);
        environment.insert(u"ASAN_OPTIONS"_s,
                           (asan.isEmpty() ? QString() : asan + u':') + u"verify_asan_link_order=0"_s);
        m_process->setProcessEnvironment(environment);
    }
    m_process->start(binaryPath(), arguments);
    if (!m_process->waitForStarted(int(timeout.count()))) {
        why = u"keyright-server did not start: %1"_s.arg(m_process->errorString());
        return false;
    }
    if (!waitForHealth(timeout, &why)) {
        kill();
        return false;
    }
    QString tokenError;
    const auto token = readSecretFile(adminTokenPath(), &tokenError);
    if (!token) {
        why = u"cannot read the admin token: %1"_s.arg(tokenError);
        return false;
    }
    m_adminToken = token->view().toByteArray();
    return true;
}

bool ServerProcess::waitForHealth(std::chrono::milliseconds timeout, QString *error)
{
    QNetworkAccessManager network;
    network.setProxy(QNetworkProxy::NoProxy);
    const QDeadlineTimer deadline(timeout);
    QUrl health = url();
    health.setPath(u"/v1/health"_s);
    while (!deadline.hasExpired()) {
        if (!isRunning()) {
            collectOutput();
            *error = u"keyright-server exited during start-up (code %1): %2"_s.arg(m_process->exitCode())
                         .arg(output().trimmed());
            return false;
        }
        QNetworkRequest request(health);
        request.setTransferTimeout(1000);
        QNetworkReply *reply = network.get(request);
        if (!m_tlsCertificate.isEmpty())
            reply->ignoreSslErrors();
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        reply->deleteLater();
        if (status == 200)
            return true;
        QThread::msleep(50);
    }
    collectOutput();
    *error
        = u"keyright-server did not answer /v1/health within %1 ms: %2"_s.arg(timeout.count()).arg(output().trimmed());
    return false;
}

void ServerProcess::kill()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(10000);
    }
    collectOutput();
    m_process.reset();
}

bool ServerProcess::terminate(std::chrono::milliseconds timeout)
{
    if (!m_process)
        return true;
    m_process->terminate();
    const bool finished = m_process->waitForFinished(int(timeout.count()));
    if (!finished) {
        kill();
        return false;
    }
    collectOutput();
    const bool clean = m_process->exitStatus() == QProcess::NormalExit && m_process->exitCode() == 0;
    m_process.reset();
    return clean;
}

bool ServerProcess::restart(QString *error)
{
    kill();
    return start(error);
}

int ServerProcess::run(const QStringList &arguments, QString *output, std::chrono::milliseconds timeout)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(binaryPath(), arguments);
    if (!process.waitForFinished(int(timeout.count()))) {
        process.kill();
        process.waitForFinished(5000);
        if (output)
            *output = QString::fromLocal8Bit(process.readAll());
        return -1;
    }
    if (output)
        *output = QString::fromLocal8Bit(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

} // namespace keyright
