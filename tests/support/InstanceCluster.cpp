#include "InstanceCluster.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The files every instance must share. Only the first instance ever creates them.
const QStringList sharedSecrets {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s};

constexpr QFile::Permissions ownerOnly = QFile::ReadOwner | QFile::WriteOwner;

} // namespace

InstanceCluster::InstanceCluster(int count, const QString &databaseUrl, QObject *parent)
    : QObject(parent)
    , m_databaseUrl(databaseUrl)
{
    for (int i = 0; i < count; ++i) {
        auto process = std::make_unique<ServerProcess>();
        process->setDataDir(m_root.filePath(u"instance-%1"_s.arg(i)));
        process->setDatabase(databaseUrl);
        m_instances.push_back(std::move(process));
    }
}

InstanceCluster::~InstanceCluster()
{
    stopAll();
}

void InstanceCluster::setExtraArguments(const QStringList &arguments)
{
    for (auto &process : m_instances)
        process->setExtraArguments(arguments);
}

void InstanceCluster::setTestClockOffset(int index, std::chrono::milliseconds offset)
{
    instance(index).setTestClockOffset(offset);
}

bool InstanceCluster::provision(int index, QString *error)
{
    const QDir from(instance(0).dataDir());
    const QString to = instance(index).dataDir();
    // The data directory holds secrets: owner only, as the server makes its own.
    if (!QDir().mkpath(to) || !QFile::setPermissions(to, ownerOnly | QFile::ExeOwner)) {
        *error = u"cannot create the data directory %1"_s.arg(to);
        return false;
    }
    for (const QString &name : sharedSecrets) {
        const QString target = QDir(to).filePath(name);
        if (QFileInfo::exists(target))
            continue; // a restart: the copy is already there
        if (!QFile::copy(from.filePath(name), target) || !QFile::setPermissions(target, ownerOnly)) {
            *error = u"cannot copy %1 to instance %2 (0600)"_s.arg(from.filePath(name)).arg(index);
            return false;
        }
    }
    return true;
}

bool InstanceCluster::start(QString *error, std::chrono::milliseconds timeoutEach)
{
    QString ignored;
    if (!error)
        error = &ignored;
    if (!m_root.isValid()) {
        *error = u"cannot create a temporary directory for the instances"_s;
        return false;
    }
    for (int i = 0; i < size(); ++i) {
        if (i > 0 && !provision(i, error))
            return false;
        QString why;
        if (!instance(i).start(&why, timeoutEach)) {
            *error = u"instance %1 did not start: %2"_s.arg(i).arg(why);
            return false;
        }
    }
    m_adminToken = instance(0).adminToken();
    return true;
}

void InstanceCluster::kill(int index)
{
    instance(index).kill();
}

bool InstanceCluster::restart(int index, QString *error)
{
    QString why;
    if (!instance(index).restart(&why)) {
        if (error)
            *error = u"instance %1 did not come back: %2"_s.arg(index).arg(why);
        return false;
    }
    return true;
}

void InstanceCluster::stopAll()
{
    for (auto &process : m_instances)
        process->kill();
}

QList<QUrl> InstanceCluster::urls() const
{
    QList<QUrl> all;
    for (const auto &process : m_instances)
        all.append(process->url());
    return all;
}

QUrl InstanceCluster::roundRobin(int n) const
{
    return m_instances.at(std::size_t(roundRobinIndex(n)))->url();
}

QString InstanceCluster::serverList() const
{
    QStringList all;
    for (const QUrl &url : urls())
        all.append(url.toString());
    return all.join(u',');
}

QString InstanceCluster::output() const
{
    QString all;
    for (int i = 0; i < int(m_instances.size()); ++i)
        all += u"--- instance %1 ---\n%2\n"_s.arg(i).arg(m_instances.at(std::size_t(i))->output().right(4000));
    return all;
}

} // namespace keyright
