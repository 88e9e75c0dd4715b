#include "Timestamps.h"

#include <QTest>
#include <QTimeZone>

using namespace keyright;
using namespace Qt::StringLiterals;

class TestTimestamps : public QObject
{
    Q_OBJECT

private slots:
    void formats_data();
    void formats();
    void formatsOtherZonesInUtc();
    void formatsInvalidAsEmpty();
    void parsesWhatItFormats_data();
    void parsesWhatItFormats();
    void rejects_data();
    void rejects();
};

void TestTimestamps::formats_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("the epoch") << qint64 {0} << u"1970-01-01T00:00:00.000Z"_s;
    QTest::newRow("first vector issuedAt") << qint64 {1795986000000} << u"2026-11-29T21:00:00.000Z"_s;
    QTest::newRow("milliseconds kept") << qint64 {1795986000123} << u"2026-11-29T21:00:00.123Z"_s;
    QTest::newRow("single-digit ms padded") << qint64 {1795986000007} << u"2026-11-29T21:00:00.007Z"_s;
    QTest::newRow("leap day") << qint64 {1709164800000} << u"2024-02-29T00:00:00.000Z"_s;
    QTest::newRow("last ms of 9999") << qint64 {253402300799999} << u"9999-12-31T23:59:59.999Z"_s;
}

void TestTimestamps::formats()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(formatTimestamp(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)), text);
}

void TestTimestamps::formatsOtherZonesInUtc()
{
    const QDateTime paris(QDate(2026, 11, 29), QTime(22, 0, 0, 250), QTimeZone(3600));
    QCOMPARE(formatTimestamp(paris), u"2026-11-29T21:00:00.250Z"_s);
}

void TestTimestamps::formatsInvalidAsEmpty()
{
    QVERIFY(formatTimestamp(QDateTime()).isEmpty());
}

void TestTimestamps::parsesWhatItFormats_data()
{
    formats_data();
}

void TestTimestamps::parsesWhatItFormats()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    const auto parsed = parseTimestamp(text);
    QVERIFY(parsed.has_value());
    QCOMPARE(parsed->toMSecsSinceEpoch(), ms);
    QCOMPARE(parsed->timeSpec(), Qt::UTC);
    QCOMPARE(formatTimestamp(*parsed), text);
}

void TestTimestamps::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("no milliseconds") << u"2026-11-29T21:00:00Z"_s;
    QTest::newRow("two fraction digits") << u"2026-11-29T21:00:00.12Z"_s;
    QTest::newRow("microseconds") << u"2026-11-29T21:00:00.123456Z"_s;
    QTest::newRow("+00:00 instead of Z") << u"2026-11-29T21:00:00.000+00:00"_s;
    QTest::newRow("+01:00 offset") << u"2026-11-29T22:00:00.000+01:00"_s;
    QTest::newRow("-05:00 offset") << u"2026-11-29T16:00:00.000-05:00"_s;
    QTest::newRow("no zone") << u"2026-11-29T21:00:00.000"_s;
    QTest::newRow("lowercase z") << u"2026-11-29T21:00:00.000z"_s;
    QTest::newRow("lowercase t") << u"2026-11-29t21:00:00.000Z"_s;
    QTest::newRow("space separator") << u"2026-11-29 21:00:00.000Z"_s;
    QTest::newRow("date only") << u"2026-11-29"_s;
    QTest::newRow("leading space") << u" 2026-11-29T21:00:00.000Z"_s;
    QTest::newRow("trailing newline") << u"2026-11-29T21:00:00.000Z\n"_s;
    QTest::newRow("February 30") << u"2026-02-30T00:00:00.000Z"_s;
    QTest::newRow("February 29 in a common year") << u"2026-02-29T00:00:00.000Z"_s;
    QTest::newRow("month 13") << u"2026-13-01T00:00:00.000Z"_s;
    QTest::newRow("hour 24") << u"2026-11-29T24:00:00.000Z"_s;
    QTest::newRow("leap second") << u"2026-12-31T23:59:60.000Z"_s;
    QTest::newRow("year 0") << u"0000-01-01T00:00:00.000Z"_s;
    QTest::newRow("five-digit year") << u"12026-11-29T21:00:00.000Z"_s;
    QTest::newRow("comma fraction") << u"2026-11-29T21:00:00,000Z"_s;
    QTest::newRow("Arabic-Indic digits") << u"\u0662\u0660\u0662\u0666-11-29T21:00:00.000Z"_s;
    QTest::newRow("epoch milliseconds") << u"1795986000000"_s;
}

void TestTimestamps::rejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseTimestamp(text).has_value());
}

QTEST_GUILESS_MAIN(TestTimestamps)
#include "tst_timestamps.moc"
