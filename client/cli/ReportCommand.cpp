#include "ReportCommand.h"

#include "AdminClient.h"
#include "Clock.h"
#include "Durations.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "Timestamps.h"
#include "UsageCsv.h"
#include "WhatIfSentence.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
#include <QLocale>
#include <QTimeZone>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

constexpr auto defaultSince = std::chrono::hours(24 * 30);

QString localTime(const QDateTime &time, const QTimeZone &zone, bool withTime = true)
{
    return time.toTimeZone(zone).toString(withTime ? u"yyyy-MM-dd HH:mm"_s : u"yyyy-MM-dd"_s);
}

QString number(double value, int decimals)
{
    return QLocale::c().toString(value, 'f', decimals);
}

QString waitText(qint64 ms)
{
    if (ms < 60'000)
        return u"%1 s"_s.arg(ms / 1000);
    return u"%1 min"_s.arg(ms / 60'000);
}

} // namespace

ReportCommand::ReportCommand(CliContext &context, QObject *parent)
    : CliCommand(context, parent)
{ }

QString ReportCommand::name() const
{
    return u"report"_s;
}

QString ReportCommand::summary() const
{
    return u"A license's usage history: peak, p95, utilization, denials, per hour, day, week or month."_s;
}

QString ReportCommand::synopsis() const
{
    return u"LICENSE [--since DURATION | --from TIME --to TIME] [--by hour|day|week|month] [--tz ZONE] [--what-if] "
           u"[--csv]"_s;
}

void ReportCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption(
        {u"since"_s, u"The range ends now and starts this long ago (default 30d; e.g. 7d, 90d)."_s, u"DURATION"_s});
    parser.addOption({u"from"_s, u"The range starts here (RFC 3339 UTC, e.g. 2026-09-01T00:00:00.000Z)."_s, u"TIME"_s});
    parser.addOption({u"to"_s, u"The range ends here (default now)."_s, u"TIME"_s});
    parser.addOption(
        {u"by"_s, u"One line per hour, day, week or month (default: day, or hour for 2 days or less)."_s, u"STEP"_s});
    parser.addOption(
        {u"tz"_s, u"The site's time zone for days, weeks and working hours (default: this machine's)."_s, u"ZONE"_s});
    parser.addOption({u"csv"_s, u"One CSV row per bucket, as the dashboard exports them."_s});
    parser.addOption({u"what-if"_s,
                      u"Replay the range's demand at fewer (and more) seats: refusals, true denials and waits "
                      u"for each number of seats, and the seats the range needed."_s});
}

QString ReportCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 1)
        return u"takes one license id, got %1 arguments"_s.arg(arguments.size());
    m_licenseId = arguments.first();
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    if (parser.isSet(u"since"_s) && parser.isSet(u"from"_s))
        return u"--since and --from both give the start: use one"_s;
    for (const QString &option : {u"from"_s, u"to"_s}) {
        if (!parser.isSet(option))
            continue;
        const auto time = parseTimestamp(parser.value(option));
        if (!time)
            return u"--%1: \"%2\" is not an RFC 3339 UTC timestamp such as 2026-09-01T00:00:00.000Z"_s.arg(
                option, parser.value(option));
        (option == u"from"_s ? m_query.from : m_query.to) = *time;
    }
    if (m_query.from.isValid() && m_query.to.isValid() && m_query.from >= m_query.to)
        return u"--to must come after --from"_s;
    if (parser.isSet(u"since"_s)) {
        m_since = parseDuration(parser.value(u"since"_s));
        if (!m_since || m_since->count() <= 0)
            return u"--since: \"%1\" is not a duration (try 7d, 90d or 12h)"_s.arg(parser.value(u"since"_s));
    } else if (!m_query.from.isValid()) {
        m_since = defaultSince;
    }
    const qint64 spanMs = m_since ? m_since->count()
                                  : (m_query.to.isValid() ? m_query.to : context().clock->now()).toMSecsSinceEpoch()
            - m_query.from.toMSecsSinceEpoch();
    m_query.step = spanMs <= 2 * 24 * 3'600'000LL ? UsageStep::Hour : UsageStep::Day;
    if (parser.isSet(u"by"_s)) {
        const auto step = usageStepFromWire(parser.value(u"by"_s));
        if (!step || *step == UsageStep::Minute)
            return u"--by: \"%1\" is not hour, day, week or month"_s.arg(parser.value(u"by"_s));
        m_query.step = *step;
    }
    m_query.timeZone = parser.isSet(u"tz"_s) ? parser.value(u"tz"_s) : QString::fromUtf8(QTimeZone::systemTimeZoneId());
    if (!QTimeZone(m_query.timeZone.toUtf8()).isValid())
        return u"--tz: \"%1\" is not a time zone (an IANA name such as Europe/Paris)"_s.arg(m_query.timeZone);
    m_csv = parser.isSet(u"csv"_s);
    m_whatIf = parser.isSet(u"what-if"_s);
    if (m_whatIf && m_csv)
        return u"--what-if prints a table of its own: it does not go with --csv"_s;
    if (m_csv && context().json)
        return u"--csv and --json are two formats: use one"_s;
    return {};
}

void ReportCommand::start()
{
    if (!m_since)
        return fetch();
    // "Since 90d" is 90 days of the server's time: its buckets are stamped by its clock.
    context().admin->measureClock(this, [this](const AdminResult<ClockOffset> &result) {
        if (!result.ok())
            return fail(u"cannot read the server's clock"_s, result.error);
        m_query.to = result.value->serverTime;
        m_query.from = m_query.to.addMSecs(-m_since->count());
        fetch();
    });
}

void ReportCommand::fetch()
{
    context().admin->usage(m_licenseId, m_query, this, [this](const AdminResult<UsageReport> &result) {
        if (!result.ok())
            return fail(u"cannot read the usage of %1"_s.arg(m_licenseId), result.error);
        print(*result.value);
        if (!m_whatIf)
            return finish(Ok);
        m_report = *result.value;
        fetchWhatIf();
    });
}

void ReportCommand::fetchWhatIf()
{
    UsageQuery range;
    range.from = m_report.from;
    range.to = std::min(m_report.to, m_query.to.isValid() ? m_query.to : m_report.to);
    context().admin->whatIf(m_licenseId, range, this, [this](const AdminResult<WhatIfReport> &result) {
        if (!result.ok())
            return fail(u"cannot replay the demand of %1"_s.arg(m_licenseId), result.error);
        printWhatIf(*result.value);
        finish(Ok);
    });
}

void ReportCommand::printWhatIf(const WhatIfReport &whatIf)
{
    if (context().json)
        return printJson(whatIf.toJson());
    const QTimeZone zone = usageZone(m_report);
    printOut(QString());
    printOut(whatIfSentence(
        whatIf,
        u"from %1 to %2"_s.arg(localTime(whatIf.from, zone, false), localTime(whatIf.to.addMSecs(-1), zone, false))));
    TextTable table({u"SEATS"_s, u"CHECKOUTS"_s, u"GRANTED"_s, u"WAITED"_s, u"REFUSED"_s, u"TRUE DENIALS"_s,
                     u"GAVE UP"_s, u"MEDIAN WAIT"_s, u"LONGEST WAIT"_s});
    for (int column = 0; column <= 8; ++column)
        table.setRightAligned(column);
    for (const usage::WhatIfRow &row : whatIf.rows)
        table.addRow({QString::number(row.seats) + (row.seats == whatIf.seatsOwned ? u" (owned)"_s : QString()),
                      QString::number(row.attempts), QString::number(row.granted), QString::number(row.waited),
                      QString::number(row.refused), QString::number(row.trueDenials), QString::number(row.gaveUp),
                      row.waited > 0 ? waitText(row.medianWaitMs) : u"-"_s,
                      row.waited > 0 ? waitText(row.longestWaitMs) : u"-"_s});
    for (const QString &line : table.render())
        printOut(line);
}

QStringList ReportCommand::summaryLines(const UsageReport &report)
{
    const UsageSummary &s = report.summary;
    const QTimeZone zone = usageZone(report);
    QStringList lines;
    lines.append(u"%1, %2 to %3 (%4)"_s.arg(report.licenseId, localTime(report.from, zone, false),
                                            localTime(report.to.addMSecs(-1), zone, false),
                                            report.timeZone.isEmpty() ? u"UTC"_s : report.timeZone));
    if (report.demoUntil.isValid() && report.demoUntil > report.from)
        lines.append(u"Demo history: the figures before %1 are made up by the demo server."_s.arg(
            localTime(report.demoUntil, zone)));
    lines.append(u"Seats owned: %1. Peak: %2%3. p95: %4 over all hours, %5 over working hours."_s.arg(s.seatsOwned)
                     .arg(s.peak)
                     .arg(s.peak > 0 ? u" on %1"_s.arg(localTime(s.peakAt, zone)) : QString())
                     .arg(s.p95)
                     .arg(s.p95WorkingHours));
    lines.append(u"Used %1 of %2 seat-hours (%3 %)."_s.arg(number(s.usedSeatHours, 1), number(s.ownedSeatHours, 1),
                                                           number(s.utilization * 100.0, 1)));
    QString denials = u"Checkouts: %1. Denials: %2, of which %3 true (no seat within 15 minutes)."_s.arg(s.granted)
                          .arg(s.denialCount())
                          .arg(s.trueDenials);
    if (s.waitingPeak > 0)
        denials += u" Waiting line: up to %1, longest wait %2."_s.arg(s.waitingPeak).arg(waitText(s.longestWaitMs));
    lines.append(denials);
    for (auto it = s.reservedIdleSeatHours.cbegin(); it != s.reservedIdleSeatHours.cend(); ++it)
        lines.append(u"Seats reserved for %1 stood idle for %2 seat-hours."_s.arg(it.key(), number(it.value(), 1)));
    return lines;
}

void ReportCommand::print(const UsageReport &report)
{
    const QTimeZone zone = usageZone(report);
    if (context().json) {
        // With --what-if the report and the replay are two JSON documents, one after the other.
        return printJson(report.toJson());
    }
    if (m_csv) {
        const QByteArray csv = usageCsv(report, zone);
        std::fwrite(csv.constData(), 1, size_t(csv.size()), stdout);
        std::fflush(stdout);
        return;
    }
    for (const QString &line : summaryLines(report))
        printOut(line);
    printOut(QString());
    TextTable table({u"START"_s, u"OWNED"_s, u"PEAK"_s, u"MEAN"_s, u"SEAT-HOURS"_s, u"GRANTED"_s, u"DENIED"_s,
                     u"TRUE"_s, u"WAITING"_s, u"LONGEST WAIT"_s});
    for (int column = 1; column <= 9; ++column)
        table.setRightAligned(column);
    const bool withTime = report.step == UsageStep::Hour || report.step == UsageStep::Minute;
    for (const usage::Bucket &bucket : report.buckets) {
        const double mean = bucket.lengthMs > 0 ? double(bucket.usedSeatMs) / double(bucket.lengthMs) : 0.0;
        table.addRow({localTime(QDateTime::fromMSecsSinceEpoch(bucket.startMs, Qt::UTC), zone, withTime),
                      QString::number(bucket.seatsOwned), QString::number(bucket.peak), number(mean, 2),
                      number(bucket.usedSeatHours(), 1), QString::number(bucket.granted),
                      QString::number(bucket.denialCount()), QString::number(bucket.trueDenials),
                      QString::number(bucket.waitingPeak),
                      bucket.longestWaitMs > 0 ? waitText(bucket.longestWaitMs) : u"-"_s});
    }
    for (const QString &line : table.render())
        printOut(line);
    const UsageSummary &s = report.summary;
    if (!s.atLeast.isEmpty()) {
        printOut(QString());
        printOut(u"Share of the time at least k seats were in use:"_s);
        for (qsizetype k = 1; k <= s.atLeast.size(); ++k)
            printOut(u"  %1 %2: %3 %"_s.arg(k, 3).arg(k == 1 ? u"seat "_s : u"seats"_s,
                                                      number(s.atLeast.at(k - 1) * 100.0, 1)));
    }
    if (!s.topHolders.isEmpty()) {
        printOut(QString());
        printOut(u"Top holders by seat-hours:"_s);
        for (const UsageSummary::Share &share : s.topHolders)
            printOut(u"  %1  %2"_s.arg(number(share.seatHours, 1), 8).arg(share.name));
    }
    if (!s.topGroups.isEmpty()) {
        printOut(u"Holder groups by seat-hours:"_s);
        for (const UsageSummary::Share &share : s.topGroups)
            printOut(u"  %1  %2"_s.arg(number(share.seatHours, 1), 8).arg(share.name));
    }
}

} // namespace keyright::cli
