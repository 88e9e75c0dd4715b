// DashboardSettings: every key with its type and default, and the migration of a file the
// dashboard wrote before the settings had a version (the keys of 59c1930), so that a user's
// profiles, language, poll interval and table layouts keep working after an upgrade.
#include "DashboardSettings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

class TestDashboardSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void anEmptyFileGivesTheDefaults();
    void aFileOfTheUnversionedLayoutKeepsEverything();
    void holderHeadersOfOlderLayoutsAreDropped_data();
    void holderHeadersOfOlderLayoutsAreDropped();
    void theMigrationRunsOnce();
    void aNewerLayoutIsLeftAsItIs();
    void aValueThatMakesNoSenseGivesTheDefault_data();
    void aValueThatMakesNoSenseGivesTheDefault();
    void valuesPersistAcrossOpenings();

private:
    QString ini() const { return m_dir->filePath(u"admin.ini"_s); }
    // The file as another program (or an older dashboard) sees it.
    std::unique_ptr<QSettings> raw() const { return std::make_unique<QSettings>(ini(), QSettings::IniFormat); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestDashboardSettings::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestDashboardSettings::cleanup()
{
    m_dir.reset();
}

void TestDashboardSettings::anEmptyFileGivesTheDefaults()
{
    {
        DashboardSettings settings(ini());
        QCOMPARE(settings.openedVersion(), 0);
        QCOMPARE(settings.value(DashboardSettings::pollIntervalMs), 2000);
        QVERIFY(DashboardSettings::pollIntervalChoices().contains(settings.value(DashboardSettings::pollIntervalMs)));
        QCOMPARE(settings.value(DashboardSettings::language), QString());
        QCOMPARE(settings.value(DashboardSettings::lastProfile), QString());
        QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), QByteArray());
        QVERIFY(settings.profiles().isEmpty());
    }
    // The version is written at once, so that the next start knows the layout.
    QCOMPARE(raw()->value(u"settings/version"_s).toInt(), DashboardSettings::currentVersion);
    DashboardSettings again(ini());
    QCOMPARE(again.openedVersion(), DashboardSettings::currentVersion);
}

void TestDashboardSettings::aFileOfTheUnversionedLayoutKeepsEverything()
{
    const QByteArray geometry("geometry bytes\x01\x02", 16);
    const QByteArray holders("holders header of layout 3\x00\xff", 28);
    {
        // Written as the dashboard before this class did, key by key.
        auto old = raw();
        old->setValue(u"connection/pollIntervalMs"_s, 5000);
        old->setValue(u"connection/lastProfile"_s, u"lab"_s);
        old->setValue(u"ui/language"_s, u"fr"_s);
        old->setValue(u"window/geometry"_s, geometry);
        old->setValue(u"window/state"_s, QByteArray("state"));
        old->setValue(u"seats/splitter"_s, QByteArray("splitter"));
        old->setValue(u"seats/leftSplitter"_s, QByteArray("left"));
        old->setValue(u"seats/rightSplitter"_s, QByteArray("right"));
        old->setValue(u"seats/licensesHeader"_s, QByteArray("licenses"));
        old->setValue(u"seats/holdersHeader3"_s, holders);
        old->setValue(u"events/splitter"_s, QByteArray("events splitter"));
        old->setValue(u"events/header"_s, QByteArray("events header"));
        old->beginWriteArray(u"profiles"_s, 2);
        old->setArrayIndex(0);
        old->setValue(u"name"_s, u"lab"_s);
        old->setValue(u"url"_s, u"http://127.0.0.1:7400"_s);
        old->setValue(u"tokenFile"_s, u"/home/ann/.local/share/keyright/tokens/ab.token"_s);
        old->setValue(u"tokenFileOwned"_s, true);
        old->setValue(u"otherInstances"_s, QStringList {});
        old->setArrayIndex(1);
        old->setValue(u"name"_s, u"site"_s);
        old->setValue(u"url"_s, u"https://a.example:7400"_s);
        old->setValue(u"tokenFile"_s, u"/etc/keyright/admin-token"_s);
        old->setValue(u"tokenFileOwned"_s, false);
        old->setValue(u"otherInstances"_s, QStringList {u"https://b.example:7400"_s, u"https://c.example:7400"_s});
        old->endArray();
    }

    {
        DashboardSettings settings(ini());
        QCOMPARE(settings.openedVersion(), 0);
        QCOMPARE(settings.value(DashboardSettings::pollIntervalMs), 5000);
        QCOMPARE(settings.value(DashboardSettings::lastProfile), u"lab"_s);
        QCOMPARE(settings.value(DashboardSettings::language), u"fr"_s);
        QCOMPARE(settings.value(DashboardSettings::windowGeometry), geometry);
        QCOMPARE(settings.value(DashboardSettings::windowState), QByteArray("state"));
        QCOMPARE(settings.value(DashboardSettings::seatsSplitter), QByteArray("splitter"));
        QCOMPARE(settings.value(DashboardSettings::seatsLeftSplitter), QByteArray("left"));
        QCOMPARE(settings.value(DashboardSettings::seatsRightSplitter), QByteArray("right"));
        QCOMPARE(settings.value(DashboardSettings::seatsLicensesHeader), QByteArray("licenses"));
        QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), holders);
        QCOMPARE(settings.value(DashboardSettings::eventsSplitter), QByteArray("events splitter"));
        QCOMPARE(settings.value(DashboardSettings::eventsHeader), QByteArray("events header"));

        const QList<ConnectionProfile> profiles = settings.profiles();
        QCOMPARE(profiles.size(), 2);
        QCOMPARE(profiles.at(0),
                 (ConnectionProfile {u"lab"_s, QUrl(u"http://127.0.0.1:7400"_s),
                                     u"/home/ann/.local/share/keyright/tokens/ab.token"_s, true}));
        QCOMPARE(profiles.at(1),
                 (ConnectionProfile {u"site"_s,
                                     QUrl(u"https://a.example:7400"_s),
                                     u"/etc/keyright/admin-token"_s,
                                     false,
                                     {QUrl(u"https://b.example:7400"_s), QUrl(u"https://c.example:7400"_s)}}));
    }

    // On disk: the version, the header under its one name, no key of the old naming left behind.
    const auto file = raw();
    QCOMPARE(file->value(u"settings/version"_s).toInt(), DashboardSettings::currentVersion);
    QCOMPARE(file->value(u"seats/holdersHeader"_s).toByteArray(), holders);
    QVERIFY(!file->contains(u"seats/holdersHeader3"_s));
    QCOMPARE(file->value(u"connection/pollIntervalMs"_s).toInt(), 5000);
}

void TestDashboardSettings::holderHeadersOfOlderLayoutsAreDropped_data()
{
    QTest::addColumn<QStringList>("keys");
    QTest::newRow("layout 1 (sorted by countdown)") << QStringList {u"seats/holdersHeader"_s};
    QTest::newRow("layout 2 (no Counts against column)") << QStringList {u"seats/holdersHeader2"_s};
    QTest::newRow("layouts 1 and 2") << QStringList {u"seats/holdersHeader"_s, u"seats/holdersHeader2"_s};
}

void TestDashboardSettings::holderHeadersOfOlderLayoutsAreDropped()
{
    QFETCH(QStringList, keys);
    {
        auto old = raw();
        for (const QString &key : keys)
            old->setValue(key, QByteArray("widths for other columns"));
    }
    {
        DashboardSettings settings(ini());
        // Their widths and sort order would land on the wrong columns: the table starts afresh.
        QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), QByteArray());
    }
    const auto file = raw();
    for (const QString &key : std::as_const(keys))
        QVERIFY2(!file->contains(key), qPrintable(key));
}

void TestDashboardSettings::theMigrationRunsOnce()
{
    raw()->setValue(u"seats/holdersHeader3"_s, QByteArray("layout 3"));
    {
        DashboardSettings settings(ini());
        QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), QByteArray("layout 3"));
        settings.setValue(DashboardSettings::seatsHoldersHeader, QByteArray("resized since"));
    }
    // "seats/holdersHeader" was layout 1's name before the version: a second opening must not
    // take the header saved under it since as an old one.
    DashboardSettings settings(ini());
    QCOMPARE(settings.openedVersion(), DashboardSettings::currentVersion);
    QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), QByteArray("resized since"));
}

void TestDashboardSettings::aNewerLayoutIsLeftAsItIs()
{
    {
        auto newer = raw();
        newer->setValue(u"settings/version"_s, DashboardSettings::currentVersion + 5);
        newer->setValue(u"seats/holdersHeader"_s, QByteArray("newer header"));
        newer->setValue(u"seats/holdersHeader3"_s, QByteArray("something else by then"));
        newer->setValue(u"alerts/threshold"_s, 90);
        newer->setValue(u"connection/pollIntervalMs"_s, 10000);
    }
    {
        DashboardSettings settings(ini());
        QCOMPARE(settings.openedVersion(), DashboardSettings::currentVersion + 5);
        QCOMPARE(settings.value(DashboardSettings::pollIntervalMs), 10000);
        QCOMPARE(settings.value(DashboardSettings::seatsHoldersHeader), QByteArray("newer header"));
    }
    // Going back to the newer build loses nothing.
    const auto file = raw();
    QCOMPARE(file->value(u"settings/version"_s).toInt(), DashboardSettings::currentVersion + 5);
    QCOMPARE(file->value(u"seats/holdersHeader3"_s).toByteArray(), QByteArray("something else by then"));
    QCOMPARE(file->value(u"alerts/threshold"_s).toInt(), 90);
}

void TestDashboardSettings::aValueThatMakesNoSenseGivesTheDefault_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<int>("read");
    QTest::newRow("a choice of the menu") << u"5000"_s << 5000;
    QTest::newRow("another interval") << u"750"_s << 750;
    QTest::newRow("not a number") << u"fast"_s << 2000;
    QTest::newRow("empty") << QString() << 2000;
    QTest::newRow("zero") << u"0"_s << 2000;
    QTest::newRow("negative") << u"-5000"_s << 2000;
    QTest::newRow("too short to be polled") << u"50"_s << 2000;
}

void TestDashboardSettings::aValueThatMakesNoSenseGivesTheDefault()
{
    QFETCH(QString, stored);
    QFETCH(int, read);
    // Edited by hand in the file, say.
    raw()->setValue(u"connection/pollIntervalMs"_s, stored);
    DashboardSettings settings(ini());
    QCOMPARE(settings.value(DashboardSettings::pollIntervalMs), read);
}

void TestDashboardSettings::valuesPersistAcrossOpenings()
{
    {
        DashboardSettings settings(ini());
        settings.setValue(DashboardSettings::pollIntervalMs, 10000);
        settings.setValue(DashboardSettings::language, u"fr"_s);
        settings.setValue(DashboardSettings::eventsHeader, QByteArray("\x00\x01\x02", 3));
        settings.setProfiles({ConnectionProfile {u"one"_s, QUrl(u"http://a:1"_s), u"/t1"_s, false},
                              ConnectionProfile {u"two"_s, QUrl(u"http://b:2"_s), u"/t2"_s, true}});
        settings.setProfiles({ConnectionProfile {u"two"_s, QUrl(u"http://b:2"_s), u"/t2"_s, true}});
        settings.setValue(DashboardSettings::lastProfile, u"two"_s);
        settings.reset(DashboardSettings::language);
    }
    DashboardSettings settings(ini());
    QCOMPARE(settings.value(DashboardSettings::pollIntervalMs), 10000);
    QCOMPARE(settings.value(DashboardSettings::language), QString());
    QCOMPARE(settings.value(DashboardSettings::eventsHeader), QByteArray("\x00\x01\x02", 3));
    QCOMPARE(settings.value(DashboardSettings::lastProfile), u"two"_s);
    // A shorter list leaves nothing of the longer one behind.
    QCOMPARE(settings.profiles().size(), 1);
    QCOMPARE(settings.profiles().at(0).name, u"two"_s);
}

QTEST_GUILESS_MAIN(TestDashboardSettings)
#include "tst_dashboardsettings.moc"
