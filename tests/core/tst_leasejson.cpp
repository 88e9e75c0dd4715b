#include "LeaseJson.h"
#include "TestVectors.h"
#include "Timestamps.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace keyright;
using namespace Qt::StringLiterals;

namespace {

const QJsonObject validLease {
    {u"licenseId"_s, u"acme-cad"_s},
    {u"seatId"_s, u"0f1e2d3c4b5a69788796a5b4c3d2e1f0"_s},
    {u"holder"_s, u"alice@ws-12"_s},
    {u"generation"_s, 1},
    {u"issuedAt"_s, u"2026-11-29T21:00:00.000Z"_s},
    {u"expiresAt"_s, u"2026-11-29T21:01:00.000Z"_s},
    {u"signature"_s, u"bA/jPajTaC88PllDGSTzzxowlCFvp3BqBTv61U2UgW6WOGre8rIf5FQYpZMX97AtuUgrjjqpOZwnhgv5RHhTBA=="_s},
};

QString repeated(const QString &unit, int count)
{
    QString out;
    for (int i = 0; i < count; ++i)
        out += unit;
    return out;
}

} // namespace

class TestLeaseJson : public QObject
{
    Q_OBJECT

private slots:
    void writesTheV1Shape();
    void roundTrips_data();
    void roundTrips();
    void vectorLeasesDecodeAndReencode();
    void ignoresExtraFields();
    void rejectsNonObject_data();
    void rejectsNonObject();
    void rejectsBadField_data();
    void rejectsBadField();
    void validatesHolder_data();
    void validatesHolder();
    void validatesIds_data();
    void validatesIds();
};

void TestLeaseJson::writesTheV1Shape()
{
    const auto lease = leaseFromJson(validLease);
    QVERIFY(lease);
    const QJsonObject json = leaseToJson(*lease);
    QStringList keys = json.keys();
    keys.sort();
    QCOMPARE(keys,
             (QStringList {u"expiresAt"_s, u"generation"_s, u"holder"_s, u"issuedAt"_s, u"licenseId"_s, u"seatId"_s,
                           u"signature"_s}));
    QVERIFY(json.value(u"generation"_s).isDouble());
    QCOMPARE(json, validLease);
    QCOMPARE(QJsonDocument(json).toJson(QJsonDocument::Compact).contains("\"generation\":1,"), true);
}

void TestLeaseJson::roundTrips_data()
{
    QTest::addColumn<QString>("holder");
    QTest::addColumn<qint64>("generation");
    QTest::addColumn<qint64>("issuedAtMs");

    QTest::newRow("plain") << u"alice@ws-12"_s << qint64 {1} << qint64 {1795986000000};
    QTest::newRow("generation zero") << u"bob"_s << qint64 {0} << qint64 {1795986000001};
    QTest::newRow("generation beyond 32 bits") << u"carol"_s << qint64 {4294967297} << qint64 {1795986000123};
    QTest::newRow("largest exact JSON generation") << u"dave"_s << qint64 {9007199254740991} << qint64 {0};
    QTest::newRow("accents and CJK") << u"Zoé Lefèvre 日本"_s << qint64 {7} << qint64 {86400000};
    QTest::newRow("128 ASCII characters") << repeated(u"x"_s, 128) << qint64 {2} << qint64 {1795986000999};
    QTest::newRow("128 emoji (256 UTF-16 units)")
        << repeated(u"\U0001F600"_s, 128) << qint64 {3} << qint64 {1795986000000};
}

void TestLeaseJson::roundTrips()
{
    QFETCH(QString, holder);
    QFETCH(qint64, generation);
    QFETCH(qint64, issuedAtMs);

    SeatLease lease;
    lease.licenseId = u"render-farm"_s;
    lease.seatId = u"00112233445566778899aabbccddeeff"_s;
    lease.holder = holder;
    lease.generation = static_cast<quint64>(generation);
    lease.issuedAt = QDateTime::fromMSecsSinceEpoch(issuedAtMs, Qt::UTC);
    lease.expiresAt = lease.issuedAt.addSecs(120);
    lease.signature = QByteArray(64, '\x7f');

    // Through text, as it travels.
    const QByteArray text = QJsonDocument(leaseToJson(lease)).toJson(QJsonDocument::Compact);
    ValidationError error;
    const auto decoded = leaseFromJson(QJsonDocument::fromJson(text).object(), &error);
    QVERIFY2(decoded.has_value(), qPrintable(error.field + u": "_s + error.message));
    QCOMPARE(*decoded, lease);
    QCOMPARE(decoded->issuedAt.toMSecsSinceEpoch(), issuedAtMs);
}

void TestLeaseJson::vectorLeasesDecodeAndReencode()
{
    QString loadError;
    const test::SigningVectors vectors = test::loadSigningVectors(&loadError);
    QVERIFY2(loadError.isEmpty(), qPrintable(loadError));
    for (const test::SigningVector &vector : vectors.cases) {
        ValidationError error;
        const auto lease = leaseFromJson(vector.lease, &error);
        QVERIFY2(lease.has_value(), qPrintable(error.field + u": "_s + error.message));
        QCOMPARE(leaseToJson(*lease), vector.lease);
    }
}

void TestLeaseJson::ignoresExtraFields()
{
    QJsonObject json = validLease;
    json.insert(u"live"_s, true);
    json.insert(u"reapableAt"_s, u"2026-11-29T21:01:15.001Z"_s);
    const auto lease = leaseFromJson(json);
    QVERIFY(lease);
    QCOMPARE(*lease, *leaseFromJson(validLease));
}

void TestLeaseJson::rejectsNonObject_data()
{
    QTest::addColumn<QJsonValue>("json");
    QTest::newRow("null") << QJsonValue();
    QTest::newRow("array") << QJsonValue(QJsonArray {validLease});
    QTest::newRow("string") << QJsonValue(u"lease"_s);
    QTest::newRow("number") << QJsonValue(1);
}

void TestLeaseJson::rejectsNonObject()
{
    QFETCH(QJsonValue, json);
    ValidationError error;
    QVERIFY(!leaseFromJson(json, &error).has_value());
    QCOMPARE(error.field, u"lease"_s);
    QVERIFY(!error.message.isEmpty());
}

void TestLeaseJson::rejectsBadField_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value"); // Undefined: the field is removed

    const QJsonValue missing(QJsonValue::Undefined);
    for (const QString &field : validLease.keys())
        QTest::addRow("%s missing", qPrintable(field)) << field << missing;

    QTest::newRow("licenseId a number") << u"licenseId"_s << QJsonValue(42);
    QTest::newRow("licenseId null") << u"licenseId"_s << QJsonValue(QJsonValue::Null);
    QTest::newRow("licenseId upper case") << u"licenseId"_s << QJsonValue(u"ACME"_s);
    QTest::newRow("licenseId empty") << u"licenseId"_s << QJsonValue(QString());
    QTest::newRow("licenseId leading dash") << u"licenseId"_s << QJsonValue(u"-acme"_s);
    QTest::newRow("seatId null") << u"seatId"_s << QJsonValue(QJsonValue::Null);
    QTest::newRow("seatId upper-case hex") << u"seatId"_s << QJsonValue(u"0F1E2D3C4B5A69788796A5B4C3D2E1F0"_s);
    QTest::newRow("seatId 31 digits") << u"seatId"_s << QJsonValue(u"0f1e2d3c4b5a69788796a5b4c3d2e1f"_s);
    QTest::newRow("holder an array") << u"holder"_s << QJsonValue(QJsonArray {u"alice"_s});
    QTest::newRow("holder empty") << u"holder"_s << QJsonValue(QString());
    QTest::newRow("holder 129 characters") << u"holder"_s << QJsonValue(repeated(u"x"_s, 129));
    QTest::newRow("holder with newline") << u"holder"_s << QJsonValue(u"alice\nbob"_s);
    QTest::newRow("holder with tab") << u"holder"_s << QJsonValue(u"alice\tbob"_s);
    QTest::newRow("holder with bell U+0007") << u"holder"_s << QJsonValue(u"alice\u0007"_s);
    QTest::newRow("generation a string") << u"generation"_s << QJsonValue(u"1"_s);
    QTest::newRow("generation a fraction") << u"generation"_s << QJsonValue(1.5);
    QTest::newRow("generation negative") << u"generation"_s << QJsonValue(-1);
    QTest::newRow("generation 2^53") << u"generation"_s << QJsonValue(qint64 {9007199254740992});
    QTest::newRow("generation 1e300") << u"generation"_s << QJsonValue(1e300);
    QTest::newRow("generation a boolean") << u"generation"_s << QJsonValue(true);
    QTest::newRow("issuedAt epoch number") << u"issuedAt"_s << QJsonValue(qint64 {1795986000000});
    QTest::newRow("issuedAt without milliseconds") << u"issuedAt"_s << QJsonValue(u"2026-11-29T21:00:00Z"_s);
    QTest::newRow("issuedAt +02:00 offset") << u"issuedAt"_s << QJsonValue(u"2026-11-29T23:00:00.000+02:00"_s);
    QTest::newRow("issuedAt +00:00 offset") << u"issuedAt"_s << QJsonValue(u"2026-11-29T21:00:00.000+00:00"_s);
    QTest::newRow("expiresAt no zone") << u"expiresAt"_s << QJsonValue(u"2026-11-29T21:01:00.000"_s);
    QTest::newRow("expiresAt February 30") << u"expiresAt"_s << QJsonValue(u"2026-02-30T21:01:00.000Z"_s);
    QTest::newRow("signature not base64") << u"signature"_s << QJsonValue(u"not base64!"_s);
    QTest::newRow("signature base64url")
        << u"signature"_s
        << QJsonValue(u"bA_jPajTaC88PllDGSTzzxowlCFvp3BqBTv61U2UgW6WOGre8rIf5FQYpZMX97AtuUgrjjqpOZwnhgv5RHhTBA=="_s);
    QTest::newRow("signature 63 bytes") << u"signature"_s
                                        << QJsonValue(QString::fromLatin1(QByteArray(63, 's').toBase64()));
    QTest::newRow("signature 65 bytes") << u"signature"_s
                                        << QJsonValue(QString::fromLatin1(QByteArray(65, 's').toBase64()));
    QTest::newRow("signature empty") << u"signature"_s << QJsonValue(QString());
    QTest::newRow("signature raw bytes as array") << u"signature"_s << QJsonValue(QJsonArray {1, 2, 3});
}

void TestLeaseJson::rejectsBadField()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);

    QJsonObject json = validLease;
    if (value.isUndefined())
        json.remove(field);
    else
        json.insert(field, value);

    ValidationError error;
    QVERIFY(!leaseFromJson(json, &error).has_value());
    QCOMPARE(error.field, field);
    QVERIFY2(error.message.contains(field), qPrintable(error.message));
}

void TestLeaseJson::validatesHolder_data()
{
    QTest::addColumn<QString>("holder");
    QTest::addColumn<bool>("valid");
    QTest::newRow("user at host") << u"alice@ws-12"_s << true;
    QTest::newRow("spaces inside") << u"build agent 7"_s << true;
    QTest::newRow("accents") << u"Zoé Lefèvre@poste-3"_s << true;
    QTest::newRow("one character") << u"a"_s << true;
    QTest::newRow("128 characters") << repeated(u"a"_s, 128) << true;
    QTest::newRow("128 code points of 2 UTF-16 units") << repeated(u"\U0001F600"_s, 128) << true;
    QTest::newRow("zero-width joiner emoji") << u"\U0001F469\u200D\U0001F4BB dev"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("129 characters") << repeated(u"a"_s, 129) << false;
    QTest::newRow("129 code points") << repeated(u"\U0001F600"_s, 129) << false;
    QTest::newRow("newline") << u"a\nb"_s << false;
    QTest::newRow("carriage return") << u"a\rb"_s << false;
    QTest::newRow("tab") << u"a\tb"_s << false;
    QTest::newRow("NUL") << QString(QChar(0)) << false;
    QTest::newRow("bell") << u"\u0007"_s << false;
    QTest::newRow("escape (terminal sequences)") << u"\u001b[31mred"_s << false;
    QTest::newRow("DEL") << u"a\u007f"_s << false;
    QTest::newRow("C1 next line") << u"a\u0085b"_s << false;
    QTest::newRow("C1 CSI") << u"a\u009bb"_s << false;
    QTest::newRow("line separator") << u"a\u2028b"_s << false;
    QTest::newRow("paragraph separator") << u"a\u2029b"_s << false;
    // Issue 24: SQLite gave U+FFFE and U+FFFF back as U+FFFD, a holder other than the one signed.
    QTest::newRow("non-character U+FFFE") << u"a\ufffe"_s << false;
    QTest::newRow("non-character U+FFFF") << u"\uffffb"_s << false;
    QTest::newRow("non-character U+FDD0") << u"a\ufdd0"_s << false;
    QTest::newRow("non-character U+10FFFF") << u"a\U0010FFFF"_s << false;
    QTest::newRow("byte order mark first (Qt drops it when decoding)") << u"\ufeffa"_s << false;
    QTest::newRow("byte order mark inside") << u"a\ufeffb"_s << false;
    QTest::newRow("replacement character U+FFFD") << u"a\ufffd"_s << true;
    QTest::newRow("private use U+E000") << u"a\ue000"_s << true;
    QTest::newRow("lone high surrogate") << QString(QChar(0xd83d)) << false;
    QTest::newRow("lone low surrogate") << (u"a"_s + QChar(0xde00)) << false;
}

void TestLeaseJson::validatesHolder()
{
    QFETCH(QString, holder);
    QFETCH(bool, valid);
    QString why;
    QCOMPARE(validateHolder(holder, &why), valid);
    QCOMPARE(why.isEmpty(), valid);
    if (!valid)
        QVERIFY2(why.contains(u"holder"_s), qPrintable(why));
}

void TestLeaseJson::validatesIds_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("seatId");
    QTest::addColumn<bool>("licenseId");
    QTest::newRow("seat id") << u"0f1e2d3c4b5a69788796a5b4c3d2e1f0"_s << true << true;
    QTest::newRow("all f") << u"ffffffffffffffffffffffffffffffff"_s << true << true;
    QTest::newRow("upper-case hex") << u"0F1E2D3C4B5A69788796A5B4C3D2E1F0"_s << false << false;
    QTest::newRow("33 digits") << u"0f1e2d3c4b5a69788796a5b4c3d2e1f00"_s << false << true;
    QTest::newRow("license id") << u"acme-cad"_s << false << true;
    QTest::newRow("single character") << u"x"_s << false << true;
    QTest::newRow("digit first") << u"3d-print"_s << false << true;
    QTest::newRow("64 characters") << repeated(u"a"_s, 64) << false << true;
    QTest::newRow("65 characters") << repeated(u"a"_s, 65) << false << false;
    QTest::newRow("leading dash") << u"-acme"_s << false << false;
    QTest::newRow("underscore") << u"acme_cad"_s << false << false;
    QTest::newRow("slash") << u"acme/cad"_s << false << false;
    QTest::newRow("empty") << QString() << false << false;
    QTest::newRow("non-ASCII letter") << u"acmé"_s << false << false;
}

void TestLeaseJson::validatesIds()
{
    QFETCH(QString, id);
    QFETCH(bool, seatId);
    QFETCH(bool, licenseId);
    QCOMPARE(isValidSeatId(id), seatId);
    QCOMPARE(isValidLicenseId(id), licenseId);
}

QTEST_GUILESS_MAIN(TestLeaseJson)
#include "tst_leasejson.moc"
