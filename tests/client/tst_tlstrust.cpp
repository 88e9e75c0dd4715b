// TlsTrust on its own: fingerprints as openssl prints them, what a confirmed fingerprint binds,
// and the CA files and OpenSSL variables it reads, with the errors a person sees.

#include "TestCertificates.h"
#include "TlsTrust.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;

namespace keyright {

class TestTlsTrust final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();

    void fingerprintIsOpenSslsSha256();
    void confirmedFingerprintBindsOneInstance();
    void instanceKeyNamesHostAndPort_data();
    void instanceKeyNamesHostAndPort();
    void caFileIsReadOrNamed();
    void environmentVariablesAreRead();

private:
    TestCertificates m_certificates;
    TestCertificates::Pair m_first;
    TestCertificates::Pair m_second;
};

void TestTlsTrust::initTestCase()
{
    QVERIFY2(m_certificates.unavailableReason().isEmpty(), qPrintable(m_certificates.unavailableReason()));
    QString error;
    const auto first = m_certificates.selfSigned(u"first"_s, &error);
    const auto second = m_certificates.issue(u"second"_s, &error);
    QVERIFY2(first && second, qPrintable(error));
    m_first = *first;
    m_second = *second;
}

void TestTlsTrust::cleanup()
{
    qunsetenv("SSL_CERT_FILE");
    qunsetenv("SSL_CERT_DIR");
}

void TestTlsTrust::fingerprintIsOpenSslsSha256()
{
    QString error;
    for (const QString &file : {m_first.certificate, m_second.certificate}) {
        const auto expected = m_certificates.fingerprint(file, &error);
        QVERIFY2(expected, qPrintable(error));
        const auto read = TlsTrust::readCaFile(file, &error);
        QVERIFY2(read && read->size() == 1, qPrintable(error));
        QCOMPARE(TlsTrust::fingerprint(read->constFirst()), *expected);
        // Shown on two lines of 16 bytes, nothing lost.
        const QStringList lines = TlsTrust::fingerprintOnTwoLines(*expected).split(u'\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).split(u':').size(), 16);
        QCOMPARE(lines.at(1).split(u':').size(), 16);
        QCOMPARE(lines.join(u':'), *expected);
    }
    QCOMPARE(TlsTrust::fingerprintOnTwoLines(u"AB:CD"_s), u"AB:CD"_s);
}

void TestTlsTrust::confirmedFingerprintBindsOneInstance()
{
    QString error;
    const QSslCertificate first = TlsTrust::readCaFile(m_first.certificate, &error)->constFirst();
    const QSslCertificate second = TlsTrust::readCaFile(m_second.certificate, &error)->constFirst();
    const QUrl instance(u"https://licenses.example:7400"_s);
    TlsTrust trust;
    QCOMPARE(trust.judge(instance, first), TlsTrust::Verdict::NoPin);
    // Written as a person might copy it: lower case, without the colons.
    trust.trustCertificate(instance, TlsTrust::fingerprint(first).toLower().remove(u':'));
    QCOMPARE(trust.trustedFingerprint(instance), TlsTrust::fingerprint(first));
    QCOMPARE(trust.judge(instance, first), TlsTrust::Verdict::Pinned);
    QCOMPARE(trust.judge(QUrl(u"https://LICENSES.example:7400/v1"_s), first), TlsTrust::Verdict::Pinned);
    QCOMPARE(trust.judge(instance, second), TlsTrust::Verdict::Changed);
    QCOMPARE(trust.judge(instance, QSslCertificate()), TlsTrust::Verdict::Changed);
    // Another port is another instance.
    QCOMPARE(trust.judge(QUrl(u"https://licenses.example:7401"_s), second), TlsTrust::Verdict::NoPin);
    trust.forgetCertificate(instance);
    QCOMPARE(trust.judge(instance, second), TlsTrust::Verdict::NoPin);
    QVERIFY(trust.isEmpty());
}

void TestTlsTrust::instanceKeyNamesHostAndPort_data()
{
    QTest::addColumn<QUrl>("url");
    QTest::addColumn<QString>("key");
    QTest::newRow("explicit port") << QUrl(u"https://licenses.example:7400"_s) << u"licenses.example:7400"_s;
    QTest::newRow("https's default port, upper case")
        << QUrl(u"https://Licenses.Example/"_s) << u"licenses.example:443"_s;
    QTest::newRow("IPv6 keeps its brackets") << QUrl(u"https://[::1]:7400"_s) << u"[::1]:7400"_s;
}

void TestTlsTrust::instanceKeyNamesHostAndPort()
{
    QFETCH(QUrl, url);
    QFETCH(QString, key);
    QCOMPARE(TlsTrust::instanceKey(url), key);
    // What a profile keeps reads back as the same instance.
    QCOMPARE(TlsTrust::instanceKey(QUrl(u"https://"_s + key)), key);
}

void TestTlsTrust::caFileIsReadOrNamed()
{
    QString error;
    const QString missing = m_certificates.directory() + u"/missing.pem"_s;
    QVERIFY(!TlsTrust::readCaFile(missing, &error));
    QVERIFY2(error.contains(missing), qPrintable(error));

    QVERIFY(!TlsTrust::readCaFile(m_first.key, &error));
    QCOMPARE(error, u"the CA file %1 holds no PEM or DER certificate"_s.arg(m_first.key));

    // Two certificates in one PEM file, and one in DER.
    const QString bundle = m_certificates.directory() + u"/bundle.pem"_s;
    QFile out(bundle);
    QVERIFY(out.open(QIODevice::WriteOnly));
    for (const QString &file : {m_first.certificate, m_second.certificate}) {
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        out.write(in.readAll());
    }
    out.close();
    QCOMPARE(TlsTrust::readCaFile(bundle, &error).value_or(QList<QSslCertificate>()).size(), 2);
    const QString der = m_certificates.directory() + u"/first.der"_s;
    QCOMPARE(QProcess::execute(u"openssl"_s,
                               {u"x509"_s, u"-in"_s, m_first.certificate, u"-outform"_s, u"der"_s, u"-out"_s, der}),
             0);
    const auto fromDer = TlsTrust::readCaFile(der, &error);
    QVERIFY2(fromDer && fromDer->size() == 1, qPrintable(error));
    QCOMPARE(fromDer->constFirst(), TlsTrust::readCaFile(m_first.certificate)->constFirst());
}

void TestTlsTrust::environmentVariablesAreRead()
{
    cleanup();
    QString error;
    QCOMPARE(TlsTrust::fromEnvironment(&error).value_or(QList<QSslCertificate> {QSslCertificate()}).size(), 0);

    qputenv("SSL_CERT_FILE", m_first.certificate.toLocal8Bit());
    QCOMPARE(TlsTrust::fromEnvironment(&error).value_or(QList<QSslCertificate>()).size(), 1);
    qputenv("SSL_CERT_FILE", QByteArray("/nonexistent/ca.pem"));
    QVERIFY(!TlsTrust::fromEnvironment(&error));
    QVERIFY2(error.startsWith(u"SSL_CERT_FILE: "_s) && error.contains(u"/nonexistent/ca.pem"_s), qPrintable(error));
    qunsetenv("SSL_CERT_FILE");

    // A hashed directory as c_rehash makes it, with something else beside the certificates.
    const QString dir = m_certificates.directory() + u"/certs"_s;
    QVERIFY(QDir().mkpath(dir));
    QVERIFY(QFile::copy(m_second.certificate, dir + u"/1a2b3c4d.0"_s));
    QFile readme(dir + u"/README"_s);
    QVERIFY(readme.open(QIODevice::WriteOnly));
    readme.write("not a certificate\n");
    readme.close();
    // A directory of the list that does not exist is skipped with a warning naming it; the
    // others are still read.
    qputenv("SSL_CERT_DIR", (u"/nonexistent-dir:"_s + dir).toLocal8Bit());
    QStringList warnings;
    const auto skipping = TlsTrust::fromEnvironment(&error, &warnings);
    QVERIFY2(skipping && skipping->size() == 1, qPrintable(error));
    QCOMPARE(warnings, QStringList {u"SSL_CERT_DIR: /nonexistent-dir does not exist; skipped"_s});
    // A path that is there but is no directory is a mistake worth stopping for.
    qputenv("SSL_CERT_DIR", m_first.certificate.toLocal8Bit());
    QVERIFY(!TlsTrust::fromEnvironment(&error));
    QCOMPARE(error, u"SSL_CERT_DIR: %1 is not a directory"_s.arg(m_first.certificate));
    qputenv("SSL_CERT_DIR", dir.toLocal8Bit());
    const auto fromDir = TlsTrust::fromEnvironment(&error);
    QVERIFY2(fromDir && fromDir->size() == 1, qPrintable(error));
    QCOMPARE(TlsTrust::fingerprint(fromDir->constFirst()), *m_certificates.fingerprint(m_second.certificate));
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestTlsTrust)
#include "tst_tlstrust.moc"
