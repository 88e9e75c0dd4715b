// The usage history at scale (issue 25), in process on the server's own classes:
// - the report of 365 days of hourly buckets, for one of 100 licenses, by week, day and hour
//   (UsageReports::report, what GET /v1/licenses/{id}/usage runs once the request is parsed);
// - the what-if of 90 days of a 1,000-seat license's demand (UsageReports::whatIf: the spans read
//   from the store, the demand rebuilt, every row replayed);
// - the bytes the history takes per license-year, as the database reports them.
// The history is made up by core's DemoHistory (the demo's own generator), a year of it, then
// stored as the closer would store it.

#include "Clock.h"
#include "Crypto.h"
#include "DemoHistory.h"
#include "LeaseSigner.h"
#include "ManualClock.h"
#include "SeatPolicy.h"
#include "seats/LicenseAdmin.h"
#include "store/SqliteLeaseStore.h"
#include "usage/UsageCloser.h"
#include "usage/UsageReports.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace keyright {

using namespace keyright::server;
namespace {

constexpr qint64 dayMs = 24 * 3'600'000LL;

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0.0 : values.at(values.size() / 2);
}

// The buckets of every resolution for [from, to) of `activity`, a day of spans at a time.
QHash<usage::Resolution, QList<usage::Bucket>> bucketsOf(const usage::LicenseActivity &activity, qint64 from, qint64 to,
                                                         qint64 minutesFrom)
{
    QHash<usage::Resolution, QList<usage::Bucket>> out;
    for (qint64 day = from; day < to; day += dayMs) {
        const usage::LicenseActivity near = usage::activityNear(activity, day, day + dayMs);
        out[usage::Resolution::Day].append(usage::computeBucket(near, day, dayMs, true));
        for (qint64 hour = day; hour < day + dayMs; hour += 3'600'000)
            out[usage::Resolution::Hour].append(usage::computeBucket(near, hour, 3'600'000, false));
        if (day >= minutesFrom) {
            for (qint64 minute = day; minute < day + dayMs; minute += 60'000)
                out[usage::Resolution::Minute].append(usage::computeBucket(near, minute, 60'000, false));
        }
    }
    return out;
}

int run(int licenses, int runs)
{
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(u"keyright.sqlite"_s);
    SqliteLeaseStore store(path);
    QString error;
    if (!store.open(&error)) {
        std::fprintf(stderr, "cannot open the store: %s\n", qPrintable(error));
        return 1;
    }
    const QDateTime now = QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);
    ManualClock clock(now);
    const qint64 nowMs = now.toMSecsSinceEpoch();
    const qint64 to = usage::floorTo(usage::Resolution::Day, nowMs);
    const qint64 from = to - 365 * dayMs;
    const QTimeZone zone("Europe/Paris");
    const DemoCatalogue::License &acme = *DemoCatalogue::license(u"acme-cad"_s);

    QElapsedTimer timer;
    timer.start();
    const usage::LicenseActivity year = DemoHistory::activity(acme, from, to, zone);
    const auto buckets = bucketsOf(year, from, to, to - 14 * dayMs);
    std::printf("made a year of %s: %lld seat spans, %lld buckets (%.1f s)\n", qPrintable(acme.id),
                qlonglong(year.seats.size()),
                qlonglong(buckets.value(usage::Resolution::Hour).size() + buckets.value(usage::Resolution::Day).size()
                          + buckets.value(usage::Resolution::Minute).size()),
                double(timer.elapsed()) / 1000.0);

    ValidationError invalid;
    const auto policy = SeatPolicy::create(acme.seats, std::chrono::seconds {60}, std::chrono::seconds {5},
                                           std::chrono::seconds {15}, &invalid);
    store.withStore([&] {
        for (int i = 0; i < licenses; ++i) {
            const QString id = u"bench-%1"_s.arg(i, 3, 10, QChar(u'0'));
            store.insertLicense({id, id, *policy, crypto::hashSecret(LicenseAdmin::generateLicenseKey().toUtf8()), 0});
            for (usage::Resolution resolution :
                 {usage::Resolution::Minute, usage::Resolution::Hour, usage::Resolution::Day}) {
                QList<std::pair<QString, usage::Bucket>> rows;
                for (const usage::Bucket &bucket : buckets.value(resolution))
                    rows.append({id, bucket});
                store.putUsageBuckets(resolution, rows, to);
            }
        }
    });
    const QString probe = u"bench-000"_s;
    qint64 hourBytes = 0, dayBytes = 0, minuteBytes = 0;
    store.withStore([&] {
        hourBytes = store.usageStoredBytes(probe, usage::Resolution::Hour);
        dayBytes = store.usageStoredBytes(probe, usage::Resolution::Day);
        minuteBytes = store.usageStoredBytes(probe, usage::Resolution::Minute);
    });
    std::printf("stored bytes per license: a year of hours %lld, a year of days %lld, 14 days of minutes %lld\n",
                qlonglong(hourBytes), qlonglong(dayBytes), qlonglong(minuteBytes));
    std::printf("bytes per license-year (hours + days; the 14 days of minutes are a constant window): %lld\n",
                qlonglong(hourBytes + dayBytes));
    store.close();
    std::printf("database file with %d licenses: %lld bytes (%lld per license)\n", licenses,
                qlonglong(QFileInfo(path).size()), qlonglong(QFileInfo(path).size() / std::max(licenses, 1)));
    if (!store.open(&error))
        return 1;

    UsageSettings settings;
    UsageReports reports(store, clock, settings);
    for (UsageStep step : {UsageStep::Week, UsageStep::Day, UsageStep::Hour}) {
        UsageQuery query;
        query.from = QDateTime::fromMSecsSinceEpoch(from, Qt::UTC);
        query.to = QDateTime::fromMSecsSinceEpoch(to, Qt::UTC);
        query.step = step;
        query.timeZone = u"Europe/Paris"_s;
        QList<double> ms;
        int count = 0;
        for (int i = 0; i < runs; ++i) {
            UsageReports::Problem problem;
            QString detail;
            timer.restart();
            const auto report
                = reports.report(u"bench-%1"_s.arg(i % licenses, 3, 10, QChar(u'0')), query, &problem, &detail);
            ms.append(double(timer.nsecsElapsed()) / 1e6);
            count = report ? int(report->buckets.size()) : -1;
        }
        std::printf("usage report, 365 days by %s (%d buckets): median %.1f ms over %d runs\n",
                    qPrintable(toWire(step)), count, median(ms), runs);
    }

    // The what-if: 90 days of a 1,000-seat license, its spans in the store.
    DemoCatalogue::License big = acme;
    big.id = u"bench-big"_s;
    big.seats = 1000;
    big.rules = {};
    big.holders = {};
    const qint64 whatIfFrom = to - 90 * dayMs;
    timer.restart();
    const usage::LicenseActivity demand = DemoHistory::activity(big, whatIfFrom, to, zone);
    const auto bigPolicy = SeatPolicy::create(big.seats, std::chrono::seconds {60}, std::chrono::seconds {5},
                                              std::chrono::seconds {15}, &invalid);
    store.withStore([&] {
        store.insertLicense(
            {big.id, big.id, *bigPolicy, crypto::hashSecret(LicenseAdmin::generateLicenseKey().toUtf8()), 0});
        store.putDemoUsage(big.id, demand);
    });
    std::printf("what-if demand: %lld seat spans, %lld refusals over 90 days of %d seats (made in %.1f s)\n",
                qlonglong(demand.seats.size()), qlonglong(demand.refusals.size()), big.seats,
                double(timer.elapsed()) / 1000.0);
    UsageQuery range;
    range.from = QDateTime::fromMSecsSinceEpoch(whatIfFrom, Qt::UTC);
    range.to = QDateTime::fromMSecsSinceEpoch(to, Qt::UTC);
    QList<double> ms;
    int rows = 0;
    for (int i = 0; i < std::max(runs / 4, 3); ++i) {
        timer.restart();
        const auto whatIf = reports.whatIf(big.id, range);
        ms.append(double(timer.nsecsElapsed()) / 1e6);
        rows = whatIf ? int(whatIf->rows.size()) : -1;
    }
    std::printf("what-if, 90 days of a 1,000-seat license (%d rows): median %.0f ms over %lld runs\n", rows, median(ms),
                qlonglong(ms.size()));
    return 0;
}

} // namespace
} // namespace keyright

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (!keyright::crypto::init())
        return 1;
    const QStringList args = app.arguments();
    const int licenses = args.size() > 1 ? args.at(1).toInt() : 100;
    const int runs = args.size() > 2 ? args.at(2).toInt() : 21;
    return keyright::run(std::max(licenses, 1), std::max(runs, 1));
}
