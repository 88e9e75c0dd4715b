#include "Crypto.h"
#include "LeaseBytes.h"
#include "LeaseJson.h"
#include "LeaseSigner.h"
#include "LeaseVerifier.h"
#include "TestVectors.h"

#include <QTest>

using namespace keyright;
using namespace Qt::StringLiterals;

class TestLeaseSigning : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void vectorBytesRebuilt_data();
    void vectorBytesRebuilt();
    void vectorSignaturesVerify_data();
    void vectorSignaturesVerify();
    void vectorSignaturesReproducedFromSeed_data();
    void vectorSignaturesReproducedFromSeed();
    void mustFailVectorsRejected_data();
    void mustFailVectorsRejected();

    void tamperedLeaseRejected_data();
    void tamperedLeaseRejected();
    void lengthPrefixesKeepFieldsApart();
    void freshKeySignsAndOnlyItVerifies();
    void verifierRejectsMalformedKeys_data();
    void verifierRejectsMalformedKeys();

    // The borrowed form (issue 27), against the PyNaCl vectors.
    void borrowedVectorsRebuiltVerifiedAndReproduced_data();
    void borrowedVectorsRebuiltVerifiedAndReproduced();
    void borrowedMustFailVectorsRejected_data();
    void borrowedMustFailVectorsRejected();
    void borrowedFlagChoosesTheTag();
    void borrowedFlagTravelsInJson();

private:
    void addVectorRows();
    SeatLease vectorLease(int index);

    test::SigningVectors m_vectors;
    test::SigningVectors m_borrowed;
    std::optional<LeaseVerifier> m_verifier;
};

void TestLeaseSigning::initTestCase()
{
    QVERIFY(crypto::init());
    QString error;
    m_vectors = test::loadSigningVectors(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qInfo("vectors: %s", qPrintable(m_vectors.sourcePath));
    QCOMPARE(m_vectors.seed.size(), LeaseSigner::seedSize);
    m_verifier = LeaseVerifier::fromBase64(m_vectors.publicKeyBase64);
    QVERIFY(m_verifier.has_value());

    m_borrowed = test::loadBorrowedSigningVectors(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(m_borrowed.seed, m_vectors.seed);
    QCOMPARE(m_borrowed.publicKeyBase64, m_vectors.publicKeyBase64);
    QVERIFY(m_borrowed.mustFail.size() >= 2);
}

void TestLeaseSigning::addVectorRows()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_vectors.cases.size(); ++i) {
        const QJsonObject lease = m_vectors.cases.at(i).lease;
        QTest::addRow("vector %d (%s, generation %s)", i, qPrintable(lease.value(u"holder"_s).toString()),
                      qPrintable(QString::number(lease.value(u"generation"_s).toInteger())))
            << i;
    }
}

SeatLease TestLeaseSigning::vectorLease(int index)
{
    ValidationError error;
    const auto lease = leaseFromJson(m_vectors.cases.at(index).lease, &error);
    if (!lease)
        qWarning("vector %d does not decode: %s: %s", index, qPrintable(error.field), qPrintable(error.message));
    return lease.value_or(SeatLease {});
}

void TestLeaseSigning::vectorBytesRebuilt_data()
{
    addVectorRows();
}

void TestLeaseSigning::vectorBytesRebuilt()
{
    QFETCH(int, index);
    const test::SigningVector &vector = m_vectors.cases.at(index);
    const SeatLease lease = vectorLease(index);
    QVERIFY(!lease.licenseId.isEmpty());
    QCOMPARE(lease.issuedAt.toMSecsSinceEpoch(), vector.issuedAtMs);
    QCOMPARE(lease.expiresAt.toMSecsSinceEpoch(), vector.expiresAtMs);
    // Hex on failure shows exactly which byte differs.
    QCOMPARE(leaseSigningBytes(lease).toHex(), vector.signingBytes.toHex());
}

void TestLeaseSigning::vectorSignaturesVerify_data()
{
    addVectorRows();
}

void TestLeaseSigning::vectorSignaturesVerify()
{
    QFETCH(int, index);
    const SeatLease lease = vectorLease(index);
    QVERIFY(m_verifier->verify(lease));
    QVERIFY(m_verifier->verify(m_vectors.cases.at(index).signingBytes, lease.signature));
}

void TestLeaseSigning::vectorSignaturesReproducedFromSeed_data()
{
    addVectorRows();
}

void TestLeaseSigning::vectorSignaturesReproducedFromSeed()
{
    QFETCH(int, index);
    const auto signer = LeaseSigner::fromSeed(m_vectors.seed);
    QVERIFY(signer);
    QCOMPARE(signer->publicKey().toBase64(), m_vectors.publicKeyBase64);

    const SeatLease expected = vectorLease(index);
    SeatLease unsigned_ = expected;
    unsigned_.signature.clear();
    // Ed25519 is deterministic: the same key and bytes give the same signature, byte for byte.
    const SeatLease signedLease = signer->signLease(unsigned_);
    QCOMPARE(signedLease.signature.toBase64(), expected.signature.toBase64());
    QCOMPARE(signedLease, expected);
}

void TestLeaseSigning::mustFailVectorsRejected_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_vectors.mustFail.size(); ++i)
        QTest::addRow("%s", qPrintable(m_vectors.mustFail.at(i).why)) << i;
}

void TestLeaseSigning::mustFailVectorsRejected()
{
    QFETCH(int, index);
    ValidationError error;
    const auto lease = leaseFromJson(m_vectors.mustFail.at(index).lease, &error);
    // Well-formed, so it is the signature that must catch it.
    QVERIFY2(lease.has_value(), qPrintable(error.message));
    QVERIFY(!m_verifier->verify(*lease));
}

void TestLeaseSigning::tamperedLeaseRejected_data()
{
    QTest::addColumn<QString>("field");
    QTest::newRow("licenseId changed") << u"licenseId"_s;
    QTest::newRow("seatId changed") << u"seatId"_s;
    QTest::newRow("holder changed") << u"holder"_s;
    QTest::newRow("generation bumped") << u"generation"_s;
    QTest::newRow("issuedAt moved 1 ms") << u"issuedAt"_s;
    QTest::newRow("expiresAt extended 1 ms by the client") << u"expiresAt"_s;
    QTest::newRow("expiresAt extended an hour") << u"expiresAtHour"_s;
    QTest::newRow("signature bit flipped") << u"signatureBit"_s;
    QTest::newRow("signature 63 bytes") << u"signatureShort"_s;
    QTest::newRow("signature 65 bytes") << u"signatureLong"_s;
    QTest::newRow("signature empty") << u"signatureEmpty"_s;
    QTest::newRow("signature from another key") << u"signatureOtherKey"_s;
}

void TestLeaseSigning::tamperedLeaseRejected()
{
    QFETCH(QString, field);
    SeatLease lease = vectorLease(0);
    QVERIFY(m_verifier->verify(lease));

    if (field == u"licenseId")
        lease.licenseId = u"acme-cae"_s;
    else if (field == u"seatId")
        lease.seatId[0] = u'1';
    else if (field == u"holder")
        lease.holder = u"mallory@ws-12"_s;
    else if (field == u"generation")
        lease.generation += 1;
    else if (field == u"issuedAt")
        lease.issuedAt = lease.issuedAt.addMSecs(1);
    else if (field == u"expiresAt")
        lease.expiresAt = lease.expiresAt.addMSecs(1);
    else if (field == u"expiresAtHour")
        lease.expiresAt = lease.expiresAt.addSecs(3600);
    else if (field == u"signatureBit")
        lease.signature[10] = static_cast<char>(lease.signature.at(10) ^ 0x01);
    else if (field == u"signatureShort")
        lease.signature.chop(1);
    else if (field == u"signatureLong")
        lease.signature.append('\0');
    else if (field == u"signatureEmpty")
        lease.signature.clear();
    else if (field == u"signatureOtherKey")
        lease = LeaseSigner::generate()->signLease(lease);
    else
        QFAIL("unknown row");

    QVERIFY(!m_verifier->verify(lease));
}

void TestLeaseSigning::lengthPrefixesKeepFieldsApart()
{
    SeatLease a = vectorLease(0);
    SeatLease b = a;
    a.licenseId = u"ab"_s;
    a.holder = u"c"_s;
    b.licenseId = u"a"_s;
    b.holder = u"bc"_s;
    QVERIFY(leaseSigningBytes(a) != leaseSigningBytes(b));

    const auto signer = LeaseSigner::fromSeed(m_vectors.seed);
    const SeatLease signedA = signer->signLease(a);
    b.signature = signedA.signature;
    QVERIFY(m_verifier->verify(signedA));
    QVERIFY(!m_verifier->verify(b));
}

void TestLeaseSigning::freshKeySignsAndOnlyItVerifies()
{
    const auto signer = LeaseSigner::generate();
    const auto other = LeaseSigner::generate();
    QVERIFY(signer && other);
    QCOMPARE(signer->publicKey().size(), LeaseSigner::publicKeySize);
    QVERIFY(signer->publicKey() != other->publicKey());

    const SeatLease lease = signer->signLease(vectorLease(1));
    QCOMPARE(lease.signature.size(), LeaseSigner::signatureSize);
    const auto verifier = LeaseVerifier::fromPublicKey(signer->publicKey());
    QVERIFY(verifier);
    QCOMPARE(verifier->publicKey(), signer->publicKey());
    QVERIFY(verifier->verify(lease));
    QVERIFY(!LeaseVerifier::fromPublicKey(other->publicKey())->verify(lease));
    QVERIFY(!m_verifier->verify(lease));
}

void TestLeaseSigning::verifierRejectsMalformedKeys_data()
{
    QTest::addColumn<QByteArray>("base64");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("31 bytes") << QByteArray(31, 'k').toBase64();
    QTest::newRow("33 bytes") << QByteArray(33, 'k').toBase64();
    QTest::newRow("not base64") << "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMb!="_ba;
    QTest::newRow("hex instead of base64") << "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8"_ba;
}

void TestLeaseSigning::verifierRejectsMalformedKeys()
{
    QFETCH(QByteArray, base64);
    QVERIFY(!LeaseVerifier::fromBase64(base64).has_value());
}

void TestLeaseSigning::borrowedVectorsRebuiltVerifiedAndReproduced_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_borrowed.cases.size(); ++i)
        QTest::addRow("borrowed vector %d (%s)", i,
                      qPrintable(m_borrowed.cases.at(i).lease.value(u"holder"_s).toString()))
            << i;
}

void TestLeaseSigning::borrowedVectorsRebuiltVerifiedAndReproduced()
{
    QFETCH(int, index);
    const test::SigningVector &vector = m_borrowed.cases.at(index);
    ValidationError error;
    const auto lease = leaseFromJson(vector.lease, &error);
    QVERIFY2(lease, qPrintable(error.message));
    QVERIFY(lease->borrowed);
    QCOMPARE(lease->issuedAt.toMSecsSinceEpoch(), vector.issuedAtMs);
    QCOMPARE(lease->expiresAt.toMSecsSinceEpoch(), vector.expiresAtMs);
    QVERIFY(vector.signingBytes.startsWith(borrowedLeaseSigningTag));
    QCOMPARE(leaseSigningBytes(*lease).toHex(), vector.signingBytes.toHex());
    QVERIFY(m_verifier->verify(*lease));

    const auto signer = LeaseSigner::fromSeed(m_borrowed.seed);
    QVERIFY(signer);
    SeatLease unsigned_ = *lease;
    unsigned_.signature.clear();
    QCOMPARE(signer->signLease(unsigned_).signature.toBase64(), lease->signature.toBase64());
    // Written back, it is the vector's JSON, flag included.
    QCOMPARE(leaseToJson(*lease), vector.lease);
}

void TestLeaseSigning::borrowedMustFailVectorsRejected_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_borrowed.mustFail.size(); ++i)
        QTest::addRow("%s", qPrintable(m_borrowed.mustFail.at(i).why)) << i;
}

void TestLeaseSigning::borrowedMustFailVectorsRejected()
{
    QFETCH(int, index);
    ValidationError error;
    const auto lease = leaseFromJson(m_borrowed.mustFail.at(index).lease, &error);
    QVERIFY2(lease.has_value(), qPrintable(error.message));
    QVERIFY(!m_verifier->verify(*lease));
}

void TestLeaseSigning::borrowedFlagChoosesTheTag()
{
    const auto signer = LeaseSigner::fromSeed(m_vectors.seed);
    SeatLease ordinary = vectorLease(0);
    QVERIFY(!ordinary.borrowed);
    QVERIFY(leaseSigningBytes(ordinary).startsWith(leaseSigningTag));
    QVERIFY(m_verifier->verify(ordinary));

    SeatLease borrowed = ordinary;
    borrowed.borrowed = true;
    // The same six fields, only the tag differs.
    QCOMPARE(leaseSigningBytes(borrowed).mid(int(sizeof borrowedLeaseSigningTag) - 1),
             leaseSigningBytes(ordinary).mid(int(sizeof leaseSigningTag) - 1));
    // The ordinary signature does not make a borrowed lease ...
    QVERIFY(!m_verifier->verify(borrowed));
    // ... and a borrowed signature does not make an ordinary one.
    borrowed = signer->signLease(borrowed);
    QVERIFY(m_verifier->verify(borrowed));
    ordinary.signature = borrowed.signature;
    QVERIFY(!m_verifier->verify(ordinary));
}

void TestLeaseSigning::borrowedFlagTravelsInJson()
{
    SeatLease lease = vectorLease(0);
    QVERIFY(!leaseToJson(lease).contains(u"borrowed"_s)); // an ordinary lease is the v1 object, unchanged
    lease.borrowed = true;
    QJsonObject json = leaseToJson(lease);
    QCOMPARE(json.value(u"borrowed"_s), QJsonValue(true));
    QCOMPARE(leaseFromJson(json), std::optional<SeatLease>(lease));

    json.insert(u"borrowed"_s, false);
    QVERIFY(!leaseFromJson(json)->borrowed);

    json.insert(u"borrowed"_s, u"true"_s);
    ValidationError error;
    QVERIFY(!leaseFromJson(json, &error));
    QCOMPARE(error.field, u"borrowed"_s);
    QVERIFY2(error.message.contains(u"true or false"_s), qPrintable(error.message));
}

QTEST_GUILESS_MAIN(TestLeaseSigning)
#include "tst_leasesigning.moc"
