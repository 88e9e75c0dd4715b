// License validity (issue 29): the checkout decision at the bounds on a manual clock, the cap on a
// lease's expiry, the wire members and the sentences a user reads.

#include "LicenseValidity.h"
#include "ManualClock.h"
#include "Timestamps.h"
#include "wire/LicenseSpec.h"
#include "wire/LicenseSummary.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

class TestLicenseValidity : public QObject
{
    Q_OBJECT

private:
    static QDateTime at(const char *text) { return *parseTimestamp(QString::fromLatin1(text)); }

private slots:
    void checkoutAtTheEndIsRefused()
    {
        // Valid over [validFrom, validUntil): at validUntil itself a lease capped there would end
        // as it was signed, so that moment is already refused.
        ManualClock clock(at("2027-03-31T23:59:59.999Z"));
        LicenseValidity validity;
        validity.validUntil = at("2027-04-01T00:00:00.000Z");
        QVERIFY(!decideValidity(validity, clock.now()));
        clock.advance(1ms);
        auto refusal = decideValidity(validity, clock.now());
        QVERIFY(refusal);
        QCOMPARE(refusal->kind, ValidityRefusal::Kind::Expired);
        clock.advance(1ms); // validUntil + 1 ms
        refusal = decideValidity(validity, clock.now());
        QVERIFY(refusal);
        QCOMPARE(refusal->bound, validity.validUntil);
        QCOMPARE(validitySentence(u"ACME CAD"_s, *refusal),
                 u"ACME CAD expired on 1 April 2027; ask your license admin"_s);
    }

    void checkoutBeforeValidFromIsRefused()
    {
        ManualClock clock(at("2027-04-30T12:00:00.000Z"));
        LicenseValidity validity;
        validity.validFrom = at("2027-05-01T00:00:00.000Z");
        const auto refusal = decideValidity(validity, clock.now());
        QVERIFY(refusal);
        QCOMPARE(refusal->kind, ValidityRefusal::Kind::NotYetValid);
        QCOMPARE(validitySentence(u"ACME CAD"_s, *refusal),
                 u"ACME CAD is valid from 1 May 2027; ask your license admin"_s);
        clock.setNow(validity.validFrom);
        QVERIFY(!decideValidity(validity, clock.now()));
    }

    void noBoundsNeverRefuse()
    {
        ManualClock clock;
        QVERIFY(!decideValidity(LicenseValidity {}, clock.now()));
        QCOMPARE(LicenseValidity {}.capExpiry(clock.now().addSecs(60)), clock.now().addSecs(60));
    }

    void expiryIsCappedAtValidUntil()
    {
        LicenseValidity validity;
        validity.validUntil = at("2027-04-01T00:00:00.000Z");
        QCOMPARE(validity.capExpiry(at("2027-04-01T00:00:30.000Z")), validity.validUntil);
        QCOMPARE(validity.capExpiry(at("2027-03-31T23:59:00.000Z")), at("2027-03-31T23:59:00.000Z"));
    }

    void validUntilBeforeValidFromIsRefused()
    {
        LicenseValidity validity;
        validity.validFrom = at("2027-05-01T00:00:00.000Z");
        validity.validUntil = at("2027-04-01T00:00:00.000Z");
        ValidationError error;
        QVERIFY(!validity.validate(&error));
        QCOMPARE(error.field, u"validUntil"_s);
        validity.validUntil = at("2027-06-01T00:00:00.000Z");
        QVERIFY(validity.validate(&error));
    }

    void notices_data()
    {
        QTest::addColumn<QString>("now");
        QTest::addColumn<int>("kind"); // -1: none
        QTest::addColumn<int>("days");
        QTest::newRow("far from the end: nothing") << u"2027-01-01T00:00:00.000Z"_s << -1 << 0;
        QTest::newRow("23 days left") << u"2027-03-09T00:00:00.000Z"_s << int(ValidityNotice::Kind::ExpiresSoon) << 23;
        // Walk 50a, finding 5: 4 days and 4 hours left is 4 days, not 5 (rounded down, not up).
        QTest::newRow("4 days 4 hours left")
            << u"2027-03-27T20:00:00.000Z"_s << int(ValidityNotice::Kind::ExpiresSoon) << 4;
        QTest::newRow("expired") << u"2027-04-02T00:00:00.000Z"_s << int(ValidityNotice::Kind::Expired) << 0;
        QTest::newRow("not yet valid") << u"2026-12-01T00:00:00.000Z"_s << int(ValidityNotice::Kind::NotYetValid) << 0;
    }

    void notices()
    {
        QFETCH(QString, now);
        QFETCH(int, kind);
        QFETCH(int, days);
        LicenseValidity validity;
        validity.validFrom = at("2026-12-15T00:00:00.000Z");
        validity.validUntil = at("2027-04-01T00:00:00.000Z");
        const auto notice = validityNotice(validity, *parseTimestamp(now));
        QCOMPARE(notice.has_value(), kind >= 0);
        if (notice) {
            QCOMPARE(int(notice->kind), kind);
            QCOMPARE(notice->days, days);
        }
    }

    void maintenanceEndedIsShown()
    {
        LicenseValidity validity;
        validity.maintenanceUntil = at("2027-01-01T00:00:00.000Z");
        const auto notice = validityNotice(validity, at("2027-02-01T00:00:00.000Z"));
        QVERIFY(notice);
        QCOMPARE(notice->kind, ValidityNotice::Kind::MaintenanceEnded);
    }

    void specCarriesDatesAndNulls()
    {
        const QJsonObject body {{u"validFrom"_s, u"2027-01-01T00:00:00.000Z"_s},
                                {u"validUntil"_s, QJsonValue(QJsonValue::Null)}};
        const auto spec = LicenseSpec::fromJson(body);
        QVERIFY(spec);
        QVERIFY(spec->has(LicenseSpec::Member::ValidFrom));
        QVERIFY(spec->has(LicenseSpec::Member::ValidUntil)); // given: null removes the bound
        QVERIFY(!spec->has(LicenseSpec::Member::MaintenanceUntil));
        QCOMPARE(spec->validity.validFrom, at("2027-01-01T00:00:00.000Z"));
        QVERIFY(!spec->validity.validUntil.isValid());
        QCOMPARE(LicenseSpec::fromJson(spec->toJson()), spec);

        ValidationError error;
        QVERIFY(!LicenseSpec::fromJson(QJsonObject {{u"validUntil"_s, u"next year"_s}}, &error));
        QCOMPARE(error.field, u"validUntil"_s);
    }

    void summaryRoundTripsAndReadsAnOlderServer()
    {
        LicenseSummary summary;
        summary.id = u"acme-cad"_s;
        summary.name = u"ACME CAD"_s;
        summary.validity.validUntil = at("2027-04-01T00:00:00.000Z");
        summary.validity.maintenanceUntil = at("2027-01-01T00:00:00.000Z");
        QCOMPARE(LicenseSummary::fromJson(summary.toJson()), summary);
        QJsonObject older = summary.toJson();
        older.remove(u"validFrom"_s);
        older.remove(u"validUntil"_s);
        older.remove(u"maintenanceUntil"_s);
        const auto read = LicenseSummary::fromJson(older);
        QVERIFY(read);
        QCOMPARE(read->validity, LicenseValidity {});
    }
};

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestLicenseValidity)
#include "tst_licensevalidity.moc"
