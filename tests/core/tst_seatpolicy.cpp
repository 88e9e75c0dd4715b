#include "SeatPolicy.h"

#include <QTest>

using namespace keyright;
using namespace std::chrono_literals;
using namespace Qt::StringLiterals;

class TestSeatPolicy : public QObject
{
    Q_OBJECT

private slots:
    void rejectsInvalidField_data();
    void rejectsInvalidField();
    void acceptsEdgeValues_data();
    void acceptsEdgeValues();
    void reportsNothingWhenNoErrorPointer();
};

void TestSeatPolicy::rejectsInvalidField_data()
{
    QTest::addColumn<qint64>("seatCount");
    QTest::addColumn<qint64>("ttlMs");
    QTest::addColumn<qint64>("skewMs");
    QTest::addColumn<qint64>("reapGraceMs");
    QTest::addColumn<QString>("field");

    // Valid baseline: 10 seats, 60 s ttl, 5 s skew, 15 s grace; each row breaks one value.
    QTest::newRow("no seats") << qint64 {0} << qint64 {60000} << qint64 {5000} << qint64 {15000} << u"seatCount"_s;
    QTest::newRow("negative seats") << qint64 {-3} << qint64 {60000} << qint64 {5000} << qint64 {15000}
                                    << u"seatCount"_s;
    QTest::newRow("100001 seats") << qint64 {100001} << qint64 {60000} << qint64 {5000} << qint64 {15000}
                                  << u"seatCount"_s;
    QTest::newRow("seat count beyond int")
        << qint64 {5000000000} << qint64 {60000} << qint64 {5000} << qint64 {15000} << u"seatCount"_s;
    QTest::newRow("zero ttl") << qint64 {10} << qint64 {0} << qint64 {5000} << qint64 {15000} << u"ttlSeconds"_s;
    QTest::newRow("negative ttl") << qint64 {10} << qint64 {-1000} << qint64 {5000} << qint64 {15000}
                                  << u"ttlSeconds"_s;
    QTest::newRow("ttl 24 h + 1 ms") << qint64 {10} << qint64 {86400001} << qint64 {5000} << qint64 {15000}
                                     << u"ttlSeconds"_s;
    QTest::newRow("negative skew") << qint64 {10} << qint64 {60000} << qint64 {-1} << qint64 {15000}
                                   << u"skewSeconds"_s;
    QTest::newRow("skew 10 min + 1 ms") << qint64 {10} << qint64 {60000} << qint64 {600001} << qint64 {700000}
                                        << u"skewSeconds"_s;
    QTest::newRow("grace equal to skew") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {5000}
                                         << u"reapGraceSeconds"_s;
    QTest::newRow("grace below skew") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {4999}
                                      << u"reapGraceSeconds"_s;
    QTest::newRow("zero grace with zero skew")
        << qint64 {10} << qint64 {60000} << qint64 {0} << qint64 {0} << u"reapGraceSeconds"_s;
    QTest::newRow("grace 24 h + 1 ms") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {86400001}
                                       << u"reapGraceSeconds"_s;
}

void TestSeatPolicy::rejectsInvalidField()
{
    QFETCH(qint64, seatCount);
    QFETCH(qint64, ttlMs);
    QFETCH(qint64, skewMs);
    QFETCH(qint64, reapGraceMs);
    QFETCH(QString, field);

    ValidationError error;
    const auto policy
        = SeatPolicy::create(seatCount, std::chrono::milliseconds(ttlMs), std::chrono::milliseconds(skewMs),
                             std::chrono::milliseconds(reapGraceMs), &error);
    QVERIFY(!policy.has_value());
    QCOMPARE(error.field, field);
    // The sentence a person reads names the field too, so it stands alone in a log or a 400 body.
    QVERIFY2(error.message.contains(field), qPrintable(error.message));
}

void TestSeatPolicy::acceptsEdgeValues_data()
{
    QTest::addColumn<qint64>("seatCount");
    QTest::addColumn<qint64>("ttlMs");
    QTest::addColumn<qint64>("skewMs");
    QTest::addColumn<qint64>("reapGraceMs");

    QTest::newRow("demo acme-cad") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {15000};
    QTest::newRow("one seat") << qint64 {1} << qint64 {60000} << qint64 {5000} << qint64 {15000};
    QTest::newRow("100000 seats") << qint64 {100000} << qint64 {60000} << qint64 {5000} << qint64 {15000};
    QTest::newRow("ttl 1 ms") << qint64 {10} << qint64 {1} << qint64 {0} << qint64 {1};
    QTest::newRow("ttl exactly 24 h") << qint64 {10} << qint64 {86400000} << qint64 {5000} << qint64 {15000};
    QTest::newRow("no skew") << qint64 {10} << qint64 {60000} << qint64 {0} << qint64 {1};
    QTest::newRow("skew exactly 10 min") << qint64 {10} << qint64 {60000} << qint64 {600000} << qint64 {600001};
    QTest::newRow("grace 1 ms over skew") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {5001};
    QTest::newRow("grace exactly 24 h") << qint64 {10} << qint64 {60000} << qint64 {5000} << qint64 {86400000};
}

void TestSeatPolicy::acceptsEdgeValues()
{
    QFETCH(qint64, seatCount);
    QFETCH(qint64, ttlMs);
    QFETCH(qint64, skewMs);
    QFETCH(qint64, reapGraceMs);

    ValidationError error;
    const auto policy
        = SeatPolicy::create(seatCount, std::chrono::milliseconds(ttlMs), std::chrono::milliseconds(skewMs),
                             std::chrono::milliseconds(reapGraceMs), &error);
    QVERIFY2(policy.has_value(), qPrintable(error.field + u": "_s + error.message));
    QCOMPARE(qint64 {policy->seatCount()}, seatCount);
    QCOMPARE(policy->ttl().count(), ttlMs);
    QCOMPARE(policy->skew().count(), skewMs);
    QCOMPARE(policy->reapGrace().count(), reapGraceMs);
    QVERIFY(policy->reapGrace() > policy->skew());
}

void TestSeatPolicy::reportsNothingWhenNoErrorPointer()
{
    QVERIFY(!SeatPolicy::create(0, 60s, 5s, 15s).has_value());
    QVERIFY(SeatPolicy::create(1, 60s, 5s, 15s).has_value());
}

QTEST_GUILESS_MAIN(TestSeatPolicy)
#include "tst_seatpolicy.moc"
