#include "ExplainCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "LedgerSentence.h"
#include "ReclaimMarks.h"
#include "TimeArgument.h"
#include "Timestamps.h"
#include "wire/EventQuery.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString ExplainCommand::name() const
{
    return u"explain"_s;
}

QString ExplainCommand::summary() const
{
    return u"Where every seat of a license is, now or at a past moment: in use, idle, free, reserved, waiting."_s;
}

QString ExplainCommand::synopsis() const
{
    return u"LICENSE [--at TIME] [--idle-after MINUTES] [--tz ZONE] [--json]"_s;
}

void ExplainCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption({u"at"_s,
                      u"The moment to explain (default now): an RFC 3339 time, or a time without offset in --tz, "
                      u"e.g. 2026-12-01T09:05 or 2026-12-01T09:05:00Z."_s,
                      u"TIME"_s});
    parser.addOption({u"idle-after"_s,
                      u"A seat with no activity for longer is idle (default: the license's idle reclaim rule, "
                      u"else 30)."_s,
                      u"MINUTES"_s});
    parser.addOption(
        {u"tz"_s, u"The time zone the times are shown and read in (default: this machine's)."_s, u"ZONE"_s});
}

QString ExplainCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 1)
        return u"takes one license id"_s;
    m_licenseId = arguments.first();
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    m_timeZone = parser.isSet(u"tz"_s) ? parser.value(u"tz"_s) : QString::fromUtf8(QTimeZone::systemTimeZoneId());
    const QTimeZone zone(m_timeZone.toUtf8());
    if (!zone.isValid())
        return u"--tz: \"%1\" is not a time zone (an IANA name such as Europe/Paris)"_s.arg(m_timeZone);
    if (parser.isSet(u"at"_s)) {
        const auto at = parseTimeArgument(parser.value(u"at"_s), zone, false);
        if (!at)
            return u"--at: \"%1\" is not a time (try 2026-12-01T09:05, 2026-12-01T09:05:00Z or "
                   u"2026-12-01T09:05:00+01:00)"_s.arg(parser.value(u"at"_s));
        m_query.at = at->toUTC();
    }
    if (parser.isSet(u"idle-after"_s)) {
        bool ok = false;
        const int minutes = parser.value(u"idle-after"_s).toInt(&ok);
        if (!ok || minutes < 1 || minutes > LedgerQuery::maxIdleAfterMinutes)
            return u"--idle-after: \"%1\" is not a number of minutes from 1 to %2"_s.arg(parser.value(u"idle-after"_s))
                .arg(LedgerQuery::maxIdleAfterMinutes);
        m_query.idleAfterMinutes = minutes;
    }
    return {};
}

void ExplainCommand::start()
{
    context().admin->ledger(m_licenseId, m_query, this, [this](const AdminResult<LedgerReport> &result) {
        if (!result.ok())
            return fail(u"cannot read the seats of %1"_s.arg(m_licenseId), result.error);
        m_report = *result.value;
        findMarks();
    });
}

void ExplainCommand::findMarks()
{
    // The ledger does not say which held seats idle reclaim has marked; the events do. A mark
    // lasts warnMinutes (at most a day's worth is looked at).
    const QDateTime at = m_report.at.isValid() ? m_report.at : m_report.serverTime;
    EventQuery query;
    query.licenseId = m_licenseId;
    query.kinds = ReclaimMarks::kinds();
    query.since = at.addDays(-1);
    query.until = at;
    query.limit = EventQuery::maxLimit;
    context().admin->events(query, this, [this](const AdminResult<EventPage> &result) {
        // The marks are a convenience: without them the ledger still shows.
        QList<ReclaimMark> marks;
        if (result.ok()) {
            const QHash<QString, ReclaimMark> outstanding = ReclaimMarks::outstanding(result.value->events);
            for (const SeatLedger::Line &line : std::as_const(m_report.ledger.lines)) {
                for (const SeatLedger::Holding &holding : line.holdings) {
                    const auto mark = outstanding.constFind(holding.seatId);
                    // In use and idle holdings carry the last activity.
                    const bool active
                        = line.category == SeatLedger::Category::InUse || line.category == SeatLedger::Category::Idle;
                    if (mark != outstanding.cend() && mark->holder == holding.holder
                        && ReclaimMarks::stands(*mark, active ? holding.since : QDateTime()))
                        marks.append(*mark);
                }
            }
        }
        print(marks);
    });
}

void ExplainCommand::print(const QList<ReclaimMark> &marks)
{
    if (context().json) {
        QJsonObject json = m_report.toJson();
        QJsonArray marked;
        for (const ReclaimMark &mark : marks) {
            marked.append(QJsonObject {{u"seatId"_s, mark.seatId},
                                       {u"holder"_s, mark.holder},
                                       {u"waiter"_s, mark.waiter},
                                       {u"markedAt"_s, formatTimestamp(mark.markedAt)},
                                       {u"reclaimAt"_s, formatTimestamp(mark.reclaimAt)}});
        }
        json.insert(u"reclaimMarks"_s, marked);
        printJson(json);
        return finish(Ok);
    }
    const QTimeZone zone(m_timeZone.toUtf8());
    printOut(ledgerHeading(m_report, zone));
    QStringList sentences = ledgerSentences(m_report, zone);
    // At a past moment the last sentence says what the history keeps: it stays last.
    const QString history = m_report.isPast() && !sentences.isEmpty() ? sentences.takeLast() : QString();
    for (const QString &line : std::as_const(sentences))
        printOut(u"  "_s + line);
    for (const ReclaimMark &mark : marks) {
        // To the second: a warning is often only a few minutes long.
        const QString time = mark.reclaimAt.toTimeZone(zone).toString(u"HH:mm:ss"_s);
        // The seat goes to the line's first waiter when it goes, whoever the mark was first made
        // for (core's decideReclaim); with nobody in line it is freed for the holders refused.
        const QList<LedgerWaiter> &line = m_report.ledger.waiting;
        const QString to = !line.isEmpty() ? u"%1 (first in line)"_s.arg(line.first().holder)
            : mark.waiter.isEmpty()        ? u"someone waiting"_s
                                           : u"whoever asks first (%1 was refused a seat)"_s.arg(mark.waiter);
        const QString sentence = m_report.isPast()
            ? u"At that moment %1's seat was marked by idle reclaim: it was to go to %3 at %2 unless used before."_s
            : u"%1's seat is marked by idle reclaim: it goes to %3 at %2 unless used before."_s;
        printOut(u"  "_s + sentence.arg(mark.holder, time, to));
    }
    if (!history.isEmpty())
        printOut(u"  "_s + history);
    finish(Ok);
}

} // namespace keyright::cli
