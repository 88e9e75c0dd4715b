#pragma once

#include "ConnectionProfile.h"

#include <QByteArray>
#include <QLatin1StringView>
#include <QList>
#include <QString>

#include <memory>

class QSettings;

namespace keyright {

// Every setting the dashboard keeps, in one place: its key in the file, its type and its default,
// and the version of the whole layout. A change that makes a stored value mean something else
// (a table that gains a column, a key that is renamed) bumps `currentVersion` and adds a step to
// migrate(), which moves a user's settings forward once, when they are opened; no key is renamed
// to start afresh. Models and widgets read and write through the keys below, never with a literal.
//
// Settings written by a newer dashboard (a higher version) are read as far as this one knows
// them and left as they are: going back to an older build loses nothing.
class DashboardSettings final
{
    Q_DISABLE_COPY_MOVE(DashboardSettings)

public:
    // One setting. `accepts`, when set, rejects a stored value that converts to T but makes no
    // sense (a poll interval of 0): value() then gives the default, as for one that does not convert.
    template <typename T>
    struct Key
    {
        QLatin1StringView name;
        T fallback {};
        bool (*accepts)(const T &) = nullptr;
    };

    // 0: the layout before this class (no version key). 1: the holders table's header under
    // "seats/holdersHeader" (it was "seats/holdersHeader3"). 2: the holders' columns in a new order
    // (state, signature and countdown first), the version written.
    static constexpr int currentVersion = 2;

    static const Key<int> pollIntervalMs;
    static const Key<QString> language; // a LanguageManager code; empty: the system's language
    static const Key<QString> lastProfile; // empty: the embedded demo server
    static const Key<QByteArray> windowGeometry;
    static const Key<QByteArray> windowState;
    static const Key<QByteArray> seatsSplitter;
    static const Key<QByteArray> seatsLeftSplitter;
    static const Key<QByteArray> seatsRightSplitter;
    static const Key<QByteArray> seatsLicensesHeader;
    static const Key<QByteArray> seatsHoldersHeader;
    static const Key<QByteArray> eventsSplitter;
    static const Key<QByteArray> eventsHeader;
    static const Key<QByteArray> alertsSplitter;
    // Four lowercase letters or digits that make this dashboard's simulator sandboxes its own
    // (SandboxProvisioner::ownSuffix); empty or malformed: made up anew.
    static const Key<QString> simulatorSandboxSuffix;

    // The poll intervals the View menu offers (the default is one of them).
    static QList<int> pollIntervalChoices();

    // The application's own settings (organization and application names must be set).
    DashboardSettings();
    // An INI file of the caller's (tests, screenshots).
    explicit DashboardSettings(const QString &iniFile);
    ~DashboardSettings();

    template <typename T>
    T value(const Key<T> &key) const;
    template <typename T>
    void setValue(const Key<T> &key, const T &value);
    // Forgets a stored value: value() gives the default again.
    template <typename T>
    void reset(const Key<T> &key);

    // The saved connection profiles, in the order they were added; a profile without a name is
    // skipped as unreadable.
    QList<ConnectionProfile> profiles() const;
    void setProfiles(const QList<ConnectionProfile> &profiles);

    // The layout version of the file as opened: what migrate() started from.
    int openedVersion() const { return m_openedVersion; }
    // Writes what was changed to disk now (it is also written when this object goes).
    void sync();
    QString fileName() const;
    // Where the dashboard keeps files beside these settings (the simulator's sandbox folders):
    // QStandardPaths::AppDataLocation for the application's own settings, the INI file's folder
    // for a caller's. Two dashboards with the same settings share it.
    QString dataDirectory() const { return m_dataDirectory; }

private:
    void migrate();

    std::unique_ptr<QSettings> m_settings;
    QString m_dataDirectory;
    int m_openedVersion = 0;
};

} // namespace keyright
