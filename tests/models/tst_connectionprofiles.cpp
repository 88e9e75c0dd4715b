#include "ConnectionProfile.h"
#include "SecretBuffer.h"

#include <QFile>
#include <QSettings>
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
};

void TestConnectionProfiles::typedTokenLivesInAPrivateFileNotTheSettings()
{
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    const QByteArray token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    {
        QSettings settings(ini, QSettings::IniFormat);
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
    QSettings settings(dir.filePath(u"admin.ini"_s), QSettings::IniFormat);
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

QTEST_GUILESS_MAIN(TestConnectionProfiles)
#include "tst_connectionprofiles.moc"
