#include "ldap/LdapGroupSync.h"

#include "Clock.h"
#include "seats/LicenseAdmin.h"
#include "store/StoreTypes.h"

#include <QLoggingCategory>
#include <QSet>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(ldapLog, "keyright.ldap")

} // namespace

LdapGroupSync::LdapGroupSync(LdapSettings settings, LicenseAdmin &licenses, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_licenses(licenses)
    , m_clock(clock)
{
    m_worker.setMaxThreadCount(1);
    m_worker.setExpiryTimeout(-1);
    m_timer.setInterval(m_settings.syncInterval);
    connect(&m_timer, &QTimer::timeout, this, &LdapGroupSync::syncNow);
    for (const LdapGroupConfig &group : m_settings.groups) {
        LdapGroupSource source;
        source.url = m_settings.url;
        source.baseDn = group.baseDn;
        source.filter = group.filter;
        source.attribute = group.attribute;
        source.hostPattern = group.hostPattern;
        m_licenses.setDirectoryGroup(group.name, source);
    }
}

LdapGroupSync::~LdapGroupSync()
{
    m_timer.stop();
    // A result posted back after this returns is dropped with this object.
    m_worker.waitForDone();
}

void LdapGroupSync::start()
{
    m_timer.start();
    syncNow();
}

bool LdapGroupSync::syncNow()
{
    if (m_inFlight)
        return false;
    m_inFlight = true;
    m_roundStartedAt = m_clock.now();
    m_worker.start([this, settings = m_settings] {
        const LdapFetch fetch = LdapDirectory::fetch(settings);
        QMetaObject::invokeMethod(
            this, [this, fetch] { apply(fetch); }, Qt::QueuedConnection);
    });
    return true;
}

QString LdapGroupSync::memberPattern(const QString &value, const QString &hostPattern)
{
    if (value.isEmpty())
        return {};
    for (const QChar c : value) {
        if (c == u'@' || c == u'*' || c == u'?' || c == u'[' || c == u']' || c == u'\\' || c.isSpace()
            || c.category() == QChar::Other_Control)
            return {};
    }
    return value + u'@' + hostPattern;
}

void LdapGroupSync::apply(const LdapFetch &fetch)
{
    m_inFlight = false;
    const QDateTime now = m_clock.now();
    // Each group's members as patterns, or why it cannot have them this round.
    QHash<QString, QString> problems;
    QList<std::pair<QString, QStringList>> members;
    for (const LdapGroupConfig &group : m_settings.groups) {
        QString problem = !fetch.error.isEmpty() ? fetch.error : fetch.groupErrors.value(group.name);
        QStringList patterns;
        if (problem.isEmpty()) {
            QSet<QString> seen;
            int unusable = 0;
            for (const QString &value : fetch.values.value(group.name)) {
                const QString pattern = memberPattern(value, group.hostPattern);
                if (pattern.isEmpty()) {
                    ++unusable;
                    continue;
                }
                if (!seen.contains(pattern)) {
                    seen.insert(pattern);
                    patterns.append(pattern);
                }
            }
            patterns.sort();
            if (unusable > 0)
                qCWarning(ldapLog, "LDAP group %s: %d value(s) of %s cannot name a holder and were left out",
                          qPrintable(group.name), unusable, qPrintable(group.attribute));
            ValidationError why;
            // An empty answer is far more often a wrong filter or an unreadable attribute than a
            // group emptied on purpose: the members stay until the directory names one again.
            if (patterns.isEmpty())
                problem = u"the search under %1 for %2 found no %3 values; the last members are kept"_s.arg(
                    group.baseDn, group.filter, group.attribute);
            else if (!validateGroups({HolderGroup {group.name, patterns, std::nullopt}}, &why))
                problem = u"the members cannot be kept as holder patterns: %1"_s.arg(why.message);
        }
        if (problem.isEmpty())
            members.append({group.name, patterns});
        else
            problems.insert(group.name, problem);
    }
    if (!members.isEmpty()) {
        QString failed;
        try {
            const auto result = m_licenses.putDirectoryGroups(members, m_roundStartedAt);
            if (result.outcome == LicenseAdmin::PutGroupsResult::Outcome::Invalid)
                failed = u"the groups cannot be stored: %1"_s.arg(result.error.message);
            else if (result.changed) {
                QStringList counts;
                for (const auto &[name, patterns] : std::as_const(members))
                    counts.append(u"%1 (%2 members)"_s.arg(name).arg(patterns.size()));
                qCInfo(ldapLog, "LDAP groups stored from %s: %s", qPrintable(m_settings.url),
                       qPrintable(counts.join(u", "_s)));
            }
        } catch (const StoreError &failure) {
            failed = u"the members could not be stored: %1"_s.arg(QString::fromUtf8(failure.what()));
        }
        if (!failed.isEmpty()) {
            for (const auto &[name, patterns] : std::as_const(members))
                problems.insert(name, failed);
        }
    }
    for (const LdapGroupConfig &group : m_settings.groups) {
        LdapGroupSource source = m_licenses.directoryGroup(group.name).value_or(LdapGroupSource {});
        source.lastAttempt = now;
        const QString problem = problems.value(group.name);
        if (problem.isEmpty()) {
            source.lastSuccess = now;
            source.lastError.clear();
        } else {
            if (source.lastError != problem)
                qCWarning(ldapLog, "LDAP group %s not synchronised: %s", qPrintable(group.name), qPrintable(problem));
            source.lastError = problem;
        }
        m_licenses.setDirectoryGroup(group.name, source);
    }
    ++m_roundsApplied;
    Q_EMIT roundApplied();
}

} // namespace keyright::server
