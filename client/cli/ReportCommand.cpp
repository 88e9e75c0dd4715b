#include "ReportCommand.h"

#include "AdminClient.h"
#include "Clock.h"
#include "Durations.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "TimeArgument.h"
#include "UsageCsv.h"
#include "WhatIfSentence.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

constexpr auto defaultSince = std::chrono::hours(24 * 30);

QString localTime(const QDateTime &time, const QTimeZone &zone, bool withTime = true)
{
    return time.toTimeZone(zone).toString(withTime ? u"yyyy-MM-dd HH:mm"_s : u"yyyy-MM-dd"_s);
}

// A range as people read it, in the site's zone. Whole days name their days, the last one
// included: "2 Nov 2026" for one day, "4 Sep to 3 Dec 2026" for more. Any other range shows its
// times, the end excluded as the buckets' ends are: "2 Nov 2026 09:00 to 17:00". `oneDay` says
// whether the text names a single day ("on 2 Nov 2026" rather than "from ... to ...").
QString rangeText(const QDateTime &from, const QDateTime &to, const QTimeZone &zone, bool *oneDay = nullptr)
{
    const QLocale c = QLocale::c();
    const QDateTime start = from.toTimeZone(zone);
    const QDateTime end = to.toTimeZone(zone);
    const bool wholeDays = start.time() == QTime(0, 0) && end.time() == QTime(0, 0) && start < end;
    if (oneDay)
        *oneDay = false;
    if (wholeDays) {
        const QDate first = start.date();
        const QDate last = end.date().addDays(-1);
        if (first >= last) {
            if (oneDay)
                *oneDay = true;
            return c.toString(first, u"d MMM yyyy"_s);
        }
        return u"%1 to %2"_s.arg(c.toString(first, first.year() == last.year() ? u"d MMM"_s : u"d MMM yyyy"_s),
                                 c.toString(last, u"d MMM yyyy"_s));
    }
    const QString endText
        = end.date() == start.date() ? c.toString(end.time(), u"HH:mm"_s) : c.toString(end, u"d MMM yyyy HH:mm"_s);
    return u"%1 to %2"_s.arg(c.toString(start, u"d MMM yyyy HH:mm"_s), endText);
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
           u"[--json | --csv]"_s;
}

void ReportCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption(
        {u"since"_s, u"The range ends now and starts this long ago (default 30d; e.g. 7d, 90d)."_s, u"DURATION"_s});
    parser.addOption({u"from"_s,
                      u"The range starts here: a date (its midnight in --tz) or an RFC 3339 time, e.g. 2026-09-01 or "
                      u"2026-09-01T08:00:00+02:00."_s,
                      u"TIME"_s});
    parser.addOption(
        {u"to"_s, u"The range ends here (default now): a date includes that day, e.g. --to 2026-09-30."_s, u"TIME"_s});
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
    if (parser.isSet(u"since"_s) && parser.isSet(u"to"_s))
        return u"--since ends the range now: give --to with --from (or alone, for the 30 days before it)"_s;
    m_query.timeZone = parser.isSet(u"tz"_s) ? parser.value(u"tz"_s) : QString::fromUtf8(QTimeZone::systemTimeZoneId());
    if (!QTimeZone(m_query.timeZone.toUtf8()).isValid())
        return u"--tz: \"%1\" is not a time zone (an IANA name such as Europe/Paris)"_s.arg(m_query.timeZone);
    // Dates and times without an offset are the site's: --tz first.
    const QTimeZone zone(m_query.timeZone.toUtf8());
    for (const QString &option : {u"from"_s, u"to"_s}) {
        if (!parser.isSet(option))
            continue;
        const auto time = parseTimeArgument(parser.value(option), zone, option == u"to"_s);
        if (!time)
            return u"--%1: \"%2\" is neither a date nor an RFC 3339 time (try 2026-09-01, 2026-09-01T08:00:00Z or "
                   u"2026-09-01T08:00:00+02:00)"_s.arg(option, parser.value(option));
        (option == u"from"_s ? m_query.from : m_query.to) = *time;
    }
    if (m_query.from.isValid() && m_query.to.isValid() && m_query.from >= m_query.to)
        return u"--to must come after --from"_s;
    if (parser.isSet(u"since"_s)) {
        m_since = parseDuration(parser.value(u"since"_s));
        if (!m_since || m_since->count() <= 0)
            return u"--since: \"%1\" is not a duration (try 7d, 90d or 12h)"_s.arg(parser.value(u"since"_s));
    } else if (!m_query.from.isValid() && m_query.to.isValid()) {
        // --to alone: the default length, ending there rather than now.
        m_query.from = m_query.to.addMSecs(-std::chrono::milliseconds(defaultSince).count());
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
    // The report's range: widened to whole buckets as the report was, ending now when it does.
    range.to = m_since && m_query.to.isValid() ? std::min(m_report.to, m_query.to) : m_report.to;
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
    bool oneDay = false;
    const QString range = rangeText(whatIf.from, whatIf.to, zone, &oneDay);
    printOut(whatIfSentence(whatIf, (oneDay ? u"on "_s : u"from "_s) + range));
    TextTable table({u"SEATS"_s, u"REQUESTS"_s, u"GRANTED"_s, u"WAITED"_s, u"REFUSED"_s, u"TRUE DENIALS"_s,
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
    lines.append(u"%1, %2 (%3)"_s.arg(report.licenseId, rangeText(report.from, report.to, zone),
                                      report.timeZone.isEmpty() ? u"UTC"_s : report.timeZone));
    if (report.demoUntil.isValid() && report.demoUntil > report.from)
        lines.append(u"Demo history: the figures before %1 are made up by the demo server."_s.arg(
            localTime(report.demoUntil, zone)));
    // The working hours and the hour-of-week heatmap come from hourly buckets. A range that reaches
    // back past the hours the server keeps is summed from whole days: seats were used, yet no hour
    // of the week shows any, and the working-hours p95 cannot be told (the server sends 0).
    const bool hoursKnown = s.usedSeatHours <= 0.0
        || std::any_of(s.heatmapPeak.cbegin(), s.heatmapPeak.cend(), [](const QList<int> &day) {
                                return std::any_of(day.cbegin(), day.cend(), [](int peak) { return peak > 0; });
                            });
    lines.append(u"Seats owned: %1. Peak: %2%3. p95: %4 over all hours, %5."_s.arg(s.seatsOwned)
                     .arg(s.peak)
                     .arg(s.peak > 0 ? u" on %1"_s.arg(localTime(s.peakAt, zone)) : QString())
                     .arg(s.p95)
                     .arg(hoursKnown ? u"%1 over working hours"_s.arg(s.p95WorkingHours)
                                     : u"working hours unknown (the range goes back past the server's hourly "
                                       u"history: only whole days are left)"_s));
    lines.append(u"Used %1 of %2 seat-hours (%3 %)."_s.arg(number(s.usedSeatHours, 1), number(s.ownedSeatHours, 1),
                                                           number(s.utilization * 100.0, 1)));
    // Seats taken offline on laptops (issue 27), once the history records them and any were.
    if (s.borrowRecorded && s.borrowedPeak > 0)
        lines.append(u"Borrowed seats: at most %1 at once, %2 seat-hours%3."_s.arg(s.borrowedPeak)
                         .arg(number(s.borrowedSeatHours, 1))
                         .arg(s.borrowedAtPeak && s.peak > 0
                                  ? u", %1 of the %2 in use at the peak"_s.arg(*s.borrowedAtPeak).arg(s.peak)
                                  : QString()));
    QString denials
        = u"Checkouts granted: %1. Denials: %2, of which %3 true (no seat within 15 minutes)."_s.arg(s.granted)
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
    QStringList lines = summaryLines(report);
    // A range that ends now reads as ending now, not at the end of the hour still open (the
    // what-if below says the same range).
    if (m_since && m_query.to.isValid() && m_query.to < report.to) {
        lines.first() = u"%1, %2 (%3)"_s.arg(report.licenseId, rangeText(report.from, m_query.to, zone),
                                             report.timeZone.isEmpty() ? u"UTC"_s : report.timeZone);
    }
    // Times between the history's buckets are rounded out to whole buckets: said, with what was asked.
    const bool widened = !m_since && m_query.from.isValid() && m_query.to.isValid()
        && (report.from < m_query.from || report.to > m_query.to);
    if (widened) {
        const qint64 hourMs = 3'600'000;
        const bool toHours = report.from.toMSecsSinceEpoch() == m_query.from.toMSecsSinceEpoch() / hourMs * hourMs
            && report.to.toMSecsSinceEpoch() == (m_query.to.toMSecsSinceEpoch() + hourMs - 1) / hourMs * hourMs;
        // The history keeps hours (and days): rows of a coarser step than the widening start or
        // end with a part of their day or week, which is said rather than read as a quiet one.
        const bool partRows = toHours && report.step != UsageStep::Hour && report.step != UsageStep::Minute;
        lines.insert(1,
                     u"Widened to whole %1, the history's buckets: you asked for %2.%3"_s.arg(
                         toHours ? u"hours"_s : u"days"_s, rangeText(m_query.from, m_query.to, zone),
                         partRows ? u" The first and last rows cover only part of their %1."_s.arg(
                             report.step == UsageStep::Day        ? u"day"_s
                                 : report.step == UsageStep::Week ? u"week"_s
                                                                  : u"month"_s)
                                  : QString()));
    }
    for (const QString &line : std::as_const(lines))
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
            // Aligned after the colon: "1 seat:  2.8 %", never "1 seat : 2.8 %" (walk 57b, 10).
            printOut(u"  %1 %2 %3 %"_s.arg(k, 3).arg(k == 1 ? u"seat: "_s : u"seats:"_s,
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
