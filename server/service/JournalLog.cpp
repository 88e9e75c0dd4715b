#include "JournalLog.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace keyright::server {

namespace {

bool stderrIsJournal()
{
    const QByteArray stream = qgetenv("JOURNAL_STREAM");
    const qsizetype colon = stream.indexOf(':');
    if (colon <= 0)
        return false;
    bool devOk = false;
    bool inoOk = false;
    const qulonglong device = stream.left(colon).toULongLong(&devOk);
    const qulonglong inode = stream.mid(colon + 1).toULongLong(&inoOk);
    struct stat info = {};
    if (!devOk || !inoOk || ::fstat(STDERR_FILENO, &info) != 0)
        return false;
    return qulonglong(info.st_dev) == device && qulonglong(info.st_ino) == inode;
}

const char *priorityPrefix(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return "<7>";
    case QtInfoMsg:
        return "<6>";
    case QtWarningMsg:
        return "<4>";
    case QtCriticalMsg:
        return "<3>";
    case QtFatalMsg:
        return "<2>";
    }
    return "<6>";
}

void journalMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QString line = qFormatLogMessage(type, context, message);
    std::fprintf(stderr, "%s%s\n", priorityPrefix(type), line.toLocal8Bit().constData());
    std::fflush(stderr);
}

} // namespace

bool installJournalMessageHandler()
{
    if (!stderrIsJournal())
        return false;
    qInstallMessageHandler(journalMessage);
    return true;
}

} // namespace keyright::server
