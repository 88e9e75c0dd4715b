#include "DashboardSettings.h"

#include "PollScheduler.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The version of the layout, written by every dashboard that knows it.
constexpr auto versionKey = "settings/version"_L1;

// The saved connection profiles: an array of groups, one per profile.
constexpr auto profilesArray = "profiles"_L1;
constexpr auto profileName = "name"_L1;
constexpr auto profileUrl = "url"_L1;
constexpr auto profileTokenFile = "tokenFile"_L1;
constexpr auto profileTokenFileOwned = "tokenFileOwned"_L1;
constexpr auto profileOtherInstances = "otherInstances"_L1;
constexpr auto profileCaFile = "caFile"_L1;
constexpr auto profileTrustedCertificates = "trustedCertificates"_L1; // "host:port FINGERPRINT" each

// Keys of layouts before version 1, read only by migrate().
namespace v0 {
constexpr auto holdersHeader = "seats/holdersHeader"_L1; // sorted by countdown, a stretched holder column
constexpr auto holdersHeader2 = "seats/holdersHeader2"_L1; // no "Counts against" column
constexpr auto holdersHeader3 = "seats/holdersHeader3"_L1; // the columns of version 1
} // namespace v0

} // namespace

const DashboardSettings::Key<int> DashboardSettings::pollIntervalMs {"connection/pollIntervalMs"_L1,
                                                                     int(PollScheduler::defaultInterval.count()),
                                                                     [](const int &ms) { return ms >= 100; }};
const DashboardSettings::Key<QString> DashboardSettings::language {"ui/language"_L1};
const DashboardSettings::Key<QString> DashboardSettings::lastProfile {"connection/lastProfile"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::windowGeometry {"window/geometry"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::windowState {"window/state"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::seatsSplitter {"seats/splitter"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::seatsLeftSplitter {"seats/leftSplitter"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::seatsRightSplitter {"seats/rightSplitter"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::seatsLicensesHeader {"seats/licensesHeader"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::seatsHoldersHeader {"seats/holdersHeader"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::eventsSplitter {"events/splitter"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::eventsHeader {"events/header"_L1};
const DashboardSettings::Key<QByteArray> DashboardSettings::alertsSplitter {"alerts/splitter"_L1};
const DashboardSettings::Key<QString> DashboardSettings::simulatorSandboxSuffix {"simulator/sandboxSuffix"_L1};

QList<int> DashboardSettings::pollIntervalChoices()
{
    return {1000, 2000, 5000, 10000, 30000};
}

DashboardSettings::DashboardSettings()
    : m_settings(std::make_unique<QSettings>())
    , m_dataDirectory(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
{
    migrate();
}

DashboardSettings::DashboardSettings(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
    , m_dataDirectory(QFileInfo(iniFile).absolutePath())
{
    migrate();
}

DashboardSettings::~DashboardSettings() = default;

void DashboardSettings::migrate()
{
    m_openedVersion = m_settings->value(versionKey, 0).toInt();
    if (m_openedVersion > currentVersion)
        return; // a newer dashboard's: read what this one knows, change nothing
    if (m_openedVersion < 1) {
        // The holders header was versioned by renaming its key. The last of those layouts is
        // version 1's under the plain name; the two before would put their widths and sort order
        // on the wrong columns, so they are dropped (the table starts with its default widths).
        const QVariant current = m_settings->value(v0::holdersHeader3);
        m_settings->remove(v0::holdersHeader);
        m_settings->remove(v0::holdersHeader2);
        m_settings->remove(v0::holdersHeader3);
        if (current.isValid())
            m_settings->setValue(seatsHoldersHeader.name, current);
    }
    // Version 2 orders the holders' columns anew; the page moves those of an older header itself
    // (openedVersion() < 2), keeping their widths and sort, so nothing is to be done here.
    // A step for version 3 goes here: `if (m_openedVersion < 3) { ... }`.
    if (m_openedVersion != currentVersion)
        m_settings->setValue(versionKey, currentVersion);
}

template <typename T>
T DashboardSettings::value(const Key<T> &key) const
{
    QVariant stored = m_settings->value(key.name);
    if (!stored.isValid() || !stored.convert(QMetaType::fromType<T>()))
        return key.fallback;
    T read = stored.value<T>();
    if (key.accepts && !key.accepts(read))
        return key.fallback;
    return read;
}

template <typename T>
void DashboardSettings::setValue(const Key<T> &key, const T &value)
{
    m_settings->setValue(key.name, QVariant::fromValue(value));
}

template <typename T>
void DashboardSettings::reset(const Key<T> &key)
{
    m_settings->remove(key.name);
}

template int DashboardSettings::value(const Key<int> &) const;
template QString DashboardSettings::value(const Key<QString> &) const;
template QByteArray DashboardSettings::value(const Key<QByteArray> &) const;
template void DashboardSettings::setValue(const Key<int> &, const int &);
template void DashboardSettings::setValue(const Key<QString> &, const QString &);
template void DashboardSettings::setValue(const Key<QByteArray> &, const QByteArray &);
template void DashboardSettings::reset(const Key<int> &);
template void DashboardSettings::reset(const Key<QString> &);
template void DashboardSettings::reset(const Key<QByteArray> &);

QList<ConnectionProfile> DashboardSettings::profiles() const
{
    QList<ConnectionProfile> result;
    const int count = m_settings->beginReadArray(profilesArray);
    for (int i = 0; i < count; ++i) {
        m_settings->setArrayIndex(i);
        ConnectionProfile p;
        p.name = m_settings->value(profileName).toString();
        p.url = QUrl(m_settings->value(profileUrl).toString());
        p.tokenFile = m_settings->value(profileTokenFile).toString();
        p.tokenFileOwned = m_settings->value(profileTokenFileOwned).toBool();
        for (const QString &other : m_settings->value(profileOtherInstances).toStringList())
            p.otherInstances.append(QUrl(other));
        p.caFile = m_settings->value(profileCaFile).toString();
        for (const QString &entry : m_settings->value(profileTrustedCertificates).toStringList()) {
            const QStringList parts = entry.split(u' ', Qt::SkipEmptyParts);
            if (parts.size() == 2)
                p.trustedCertificates.insert(parts.at(0), parts.at(1));
        }
        if (!p.name.isEmpty())
            result << p;
    }
    m_settings->endArray();
    return result;
}

void DashboardSettings::setProfiles(const QList<ConnectionProfile> &profiles)
{
    // The whole array is rewritten: a shorter list must not leave the last entries of a longer one.
    m_settings->remove(profilesArray);
    m_settings->beginWriteArray(profilesArray, int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        const ConnectionProfile &p = profiles.at(i);
        m_settings->setArrayIndex(i);
        m_settings->setValue(profileName, p.name);
        m_settings->setValue(profileUrl, p.url.toString());
        m_settings->setValue(profileTokenFile, p.tokenFile);
        m_settings->setValue(profileTokenFileOwned, p.tokenFileOwned);
        QStringList others;
        for (const QUrl &url : p.otherInstances)
            others << url.toString();
        m_settings->setValue(profileOtherInstances, others);
        m_settings->setValue(profileCaFile, p.caFile);
        QStringList pins;
        for (auto it = p.trustedCertificates.cbegin(); it != p.trustedCertificates.cend(); ++it)
            pins << it.key() + u' ' + it.value();
        m_settings->setValue(profileTrustedCertificates, pins);
    }
    m_settings->endArray();
}

void DashboardSettings::sync()
{
    m_settings->sync();
}

QString DashboardSettings::fileName() const
{
    return m_settings->fileName();
}

} // namespace keyright
