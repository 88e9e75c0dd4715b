#include "ExplainCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "LedgerSentence.h"
#include "TimeArgument.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
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
        if (context().json) {
            printJson(result.value->toJson());
            return finish(Ok);
        }
        const QTimeZone zone(m_timeZone.toUtf8());
        printOut(ledgerHeading(*result.value, zone));
        for (const QString &line : ledgerSentences(*result.value, zone))
            printOut(u"  "_s + line);
        finish(Ok);
    });
}

} // namespace keyright::cli
