#include "ConnectionProfile.h"
#include "DashboardSettings.h"
#include "SecretBuffer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

class TestConnectionProfiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typedTokenLivesInAPrivateFileNotTheSettings();
    void profilesRoundTripAndRemove();
    void instancesOfOneSiteRoundTrip();
    void instanceListIsValidated_data();
    void instanceListIsValidated();
};

void TestConnectionProfiles::typedTokenLivesInAPrivateFileNotTheSettings()
{
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    const QByteArray token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    {
        DashboardSettings settings(ini);
        ConnectionProfileStore store(settings, dir.filePath(u"tokens"_s));
        QString error;
        const QString path = store.storeToken(u"Production"_s, token, &error);
        QVERIFY2(!path.isEmpty(), qPrintable(error));
        QCOMPARE(QFile::permissions(path)
                     & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
                 QFile::Permissions());
        store.save({u"Production"_s, QUrl(u"https://licenses.example:7400"_s), path, true});
        const auto read = ConnectionProfileStore::readToken(*store.profile(u"Production"_s), &error);
        QVERIFY2(read, qPrintable(error));
        QVERIFY(read->equals(token));
    }
    QFile file(ini);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(token));
}

void TestConnectionProfiles::profilesRoundTripAndRemove()
{
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    ConnectionProfileStore store(settings, dir.filePath(u"tokens"_s));
    const QString owned = store.storeToken(u"lab"_s, "secret-token");
    store.save({u"lab"_s, QUrl(u"http://127.0.0.1:7400"_s), owned, true});
    store.save({u"site-b"_s, QUrl(u"https://b.example"_s), u"/etc/keyright/admin-token"_s, false});
    store.setLastUsed(u"lab"_s);
    QCOMPARE(store.profiles().size(), 2);
    QCOMPARE(store.profile(u"site-b"_s)->url, QUrl(u"https://b.example"_s));
    store.save({u"site-b"_s, QUrl(u"https://b2.example"_s), u"/etc/keyright/admin-token"_s, false});
    QCOMPARE(store.profiles().size(), 2);
    QCOMPARE(store.profile(u"site-b"_s)->url, QUrl(u"https://b2.example"_s));
    store.remove(u"lab"_s);
    QCOMPARE(store.profiles().size(), 1);
    QVERIFY(!QFile::exists(owned)); // the dashboard's own copy of the token goes with the profile
    QVERIFY(store.lastUsed().isEmpty());
}

void TestConnectionProfiles::instancesOfOneSiteRoundTrip()
{
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    ConnectionProfileStore store(settings, dir.filePath(u"tokens"_s));
    const QList<QUrl> others {QUrl(u"https://b.example:7400"_s), QUrl(u"https://c.example:7400"_s)};
    store.save({u"site"_s, QUrl(u"https://a.example:7400"_s), u"/etc/keyright/admin-token"_s, false, others});
    store.save({u"single"_s, QUrl(u"https://solo.example"_s), u"/etc/keyright/admin-token"_s, false});
    const auto site = store.profile(u"site"_s);
    QVERIFY(site);
    QCOMPARE(site->instanceUrls(), QList<QUrl> {QUrl(u"https://a.example:7400"_s)} + others);
    QCOMPARE(site->instancesText(), u"https://a.example:7400, https://b.example:7400, https://c.example:7400"_s);
    QCOMPARE(ConnectionProfile::parseInstances(site->instancesText()), site->instanceUrls());
    QCOMPARE(store.profile(u"single"_s)->instanceUrls().size(), 1);
    // Removing one profile keeps the other's list.
    store.remove(u"single"_s);
    QCOMPARE(store.profile(u"site"_s)->otherInstances, others);
}

void TestConnectionProfiles::instanceListIsValidated_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("problem");
    QTest::newRow("one") << u"https://a.example:7400"_s << 1 << QString();
    QTest::newRow("three, commas") << u"http://a:7400, http://b:7400,http://c:7400"_s << 3 << QString();
    QTest::newRow("three, spaces") << u"http://a:7400 http://b:7400\thttp://c:7400"_s << 3 << QString();
    QTest::newRow("empty") << u" , "_s << 0 << u"Enter the server URL."_s;
    QTest::newRow("no scheme") << u"http://a:7400, b.example:7400"_s << 0 << u"\"b.example:7400\""_s;
    QTest::newRow("ftp") << u"ftp://a.example"_s << 0 << u"\"ftp://a.example\""_s;
    QTest::newRow("no host") << u"http://"_s << 0 << u"\"http://\""_s;
    QTest::newRow("twice") << u"http://a:7400, http://a:7400"_s << 0 << u"listed twice"_s;
}

void TestConnectionProfiles::instanceListIsValidated()
{
    QFETCH(QString, text);
    QFETCH(int, count);
    QFETCH(QString, problem);
    QString error;
    const QList<QUrl> urls = ConnectionProfile::parseInstances(text, &error);
    QCOMPARE(urls.size(), count);
    if (problem.isEmpty())
        QVERIFY2(error.isEmpty(), qPrintable(error));
    else
        QVERIFY2(error.contains(problem), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestConnectionProfiles)
#include "tst_connectionprofiles.moc"
