#include "Durations.h"

#include <QTest>

using namespace keyright;
using namespace Qt::StringLiterals;

class TestDurations : public QObject
{
    Q_OBJECT

private slots:
    void formats_data();
    void formats();
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void parsesWhatItFormats_data();
    void parsesWhatItFormats();
};

void TestDurations::formats_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64 {0} << u"0 ms"_s;
    QTest::newRow("850 ms") << qint64 {850} << u"850 ms"_s;
    QTest::newRow("999 ms") << qint64 {999} << u"999 ms"_s;
    QTest::newRow("one second") << qint64 {1000} << u"1s"_s;
    QTest::newRow("42 s") << qint64 {42000} << u"42s"_s;
    QTest::newRow("59.9 s truncates") << qint64 {59999} << u"59s"_s;
    QTest::newRow("one minute") << qint64 {60000} << u"1m 00s"_s;
    QTest::newRow("4m 12s") << qint64 {252000} << u"4m 12s"_s;
    QTest::newRow("one hour") << qint64 {3600000} << u"1h 00m"_s;
    QTest::newRow("3h 05m") << qint64 {11100000} << u"3h 05m"_s;
    QTest::newRow("23h 59m") << qint64 {86399999} << u"23h 59m"_s;
    QTest::newRow("2d 4h") << qint64 {187200000} << u"2d 4h"_s;
    QTest::newRow("negative seconds") << qint64 {-42000} << u"-42s"_s;
    QTest::newRow("negative ms") << qint64 {-5} << u"-5 ms"_s;
    QTest::newRow("most negative") << std::numeric_limits<qint64>::min() << u"-106751991167d 7h"_s;
}

void TestDurations::formats()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(formatDuration(std::chrono::milliseconds(ms)), text);
}

void TestDurations::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("bare number is seconds") << u"90"_s << qint64 {90000};
    QTest::newRow("seconds") << u"90s"_s << qint64 {90000};
    QTest::newRow("minutes") << u"10m"_s << qint64 {600000};
    QTest::newRow("hours") << u"2h"_s << qint64 {7200000};
    QTest::newRow("a day") << u"1d"_s << qint64 {86400000};
    QTest::newRow("hours and minutes") << u"1h30m"_s << qint64 {5400000};
    QTest::newRow("with a space") << u"4m 12s"_s << qint64 {252000};
    QTest::newRow("milliseconds") << u"850 ms"_s << qint64 {850};
    QTest::newRow("every unit") << u"1d2h3m4s5ms"_s << qint64 {93784005};
    QTest::newRow("zero") << u"0"_s << qint64 {0};
    QTest::newRow("surrounding spaces") << u"  15s "_s << qint64 {15000};
}

void TestDurations::parses()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto parsed = parseDuration(text);
    QVERIFY(parsed.has_value());
    QCOMPARE(parsed->count(), ms);
}

void TestDurations::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("blank") << u"   "_s;
    QTest::newRow("negative") << u"-5s"_s;
    QTest::newRow("plus sign") << u"+5s"_s;
    QTest::newRow("unknown unit") << u"5w"_s;
    QTest::newRow("upper-case unit") << u"5S"_s;
    QTest::newRow("unit without number") << u"s"_s;
    QTest::newRow("units out of order") << u"30m1h"_s;
    QTest::newRow("unit twice") << u"1m1m"_s;
    QTest::newRow("trailing bare number") << u"1h30"_s;
    QTest::newRow("fraction") << u"1.5s"_s;
    QTest::newRow("overflow") << u"99999999999999999999s"_s;
    QTest::newRow("overflow in days") << u"999999999999d"_s;
    QTest::newRow("words") << u"ten seconds"_s;
}

void TestDurations::rejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseDuration(text).has_value());
}

void TestDurations::parsesWhatItFormats_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::newRow("850 ms") << qint64 {850};
    QTest::newRow("42 s") << qint64 {42000};
    QTest::newRow("4m 12s") << qint64 {252000};
    QTest::newRow("3h 05m") << qint64 {11100000};
    QTest::newRow("2d 4h") << qint64 {187200000};
}

void TestDurations::parsesWhatItFormats()
{
    QFETCH(qint64, ms);
    const auto parsed = parseDuration(formatDuration(std::chrono::milliseconds(ms)));
    QVERIFY(parsed.has_value());
    QCOMPARE(parsed->count(), ms);
}

QTEST_GUILESS_MAIN(TestDurations)
#include "tst_durations.moc"
