#include "PgCluster.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString script()
{
    return QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/scripts/pg-cluster.sh"_s;
}

constexpr auto scriptTimeout = std::chrono::seconds {90}; // initdb and a bounded start on a busy machine

} // namespace

PgCluster::PgCluster(Options options)
    : m_options(options)
{ }

PgCluster::~PgCluster()
{
    if (m_dir.isEmpty())
        return;
    QString output;
    // stop removes the directory too, whatever state the cluster is in.
    if (!runScript({u"stop"_s, m_dir}, &output))
        qWarning("PgCluster: could not stop the cluster in %s: %s", qPrintable(m_dir), qPrintable(output));
}

QString PgCluster::fakeTimeMissing()
{
    const QStringList pgCtl = QDir(u"/usr/lib/postgresql"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (pgCtl.isEmpty())
        return u"PostgreSQL is not installed (scripts/install-deps.sh installs it)"_s;
    for (const QString &dir : QDir(u"/usr/lib"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (QFileInfo::exists(u"/usr/lib/%1/faketime/libfaketime.so.1"_s.arg(dir)))
            return {};
    }
    return u"libfaketime is not installed (apt-get install faketime libfaketime, or scripts/install-deps.sh)"_s;
}

bool PgCluster::runScript(const QStringList &arguments, QString *output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(u"bash"_s, QStringList {script()} + arguments);
    const bool finished = process.waitForStarted(10000)
        && process.waitForFinished(int(std::chrono::milliseconds(scriptTimeout).count()));
    *output = QString::fromLocal8Bit(process.readAll()).trimmed();
    if (!finished) {
        process.kill();
        process.waitForFinished(5000);
        *output += u"\n(pg-cluster.sh %1 did not finish within %2 s)"_s.arg(arguments.value(0))
                       .arg(std::chrono::seconds(scriptTimeout).count());
        return false;
    }
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

bool PgCluster::start(QString *error)
{
    if (m_started)
        return true;
    // A fresh directory for the script, which hands it to the postgres user and removes it on stop.
    QTemporaryDir dir(QDir::tempPath() + u"/keyright-pgcluster.XXXXXX"_s);
    if (!dir.isValid()) {
        *error = u"cannot create a temporary directory for the cluster"_s;
        return false;
    }
    dir.setAutoRemove(false);
    m_dir = dir.path();
    QStringList arguments {u"start"_s, m_dir};
    if (m_options.fakeTime)
        arguments.append(u"--faketime"_s);
    QString output;
    if (!runScript(arguments, &output)) {
        *error = u"pg-cluster.sh could not start a cluster: %1"_s.arg(output);
        return false;
    }
    m_adminUrl = output.split(u'\n').constLast().trimmed();
    m_started = true;
    return true;
}

bool PgCluster::setClockOffset(std::chrono::seconds offset, QString *error)
{
    if (!m_started || !m_options.fakeTime) {
        *error = u"the cluster does not run under libfaketime"_s;
        return false;
    }
    // Written whole and renamed into place: libfaketime reads the file at every clock reading.
    QSaveFile file(QDir(m_dir).filePath(u"faketime"_s));
    if (!file.open(QIODevice::WriteOnly)) {
        *error = u"cannot write %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    const qint64 seconds = offset.count();
    file.write(QByteArray(seconds >= 0 ? "+" : "-") + QByteArray::number(qAbs(seconds)) + "\n");
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    if (!file.commit()) {
        *error = u"cannot write %1: %2"_s.arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

} // namespace keyright
