#include "EventsCommand.h"

#include "AdminClient.h"
#include "DenialFolding.h"
#include "Durations.h"
#include "ExitCode.h"
#include "LeaseJson.h"
#include "LicenseCommand.h"
#include "SignalWatcher.h"
#include "Timestamps.h"
#include "wire/BorrowJson.h"
#include "wire/ErrorBody.h"
#include "wire/EventDetail.h"

#include <QCommandLineParser>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

constexpr int pageSize = 1000;
constexpr std::chrono::seconds pollInterval {2};

QString scalar(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Null:
        return u"null"_s;
    default:
        return QString::fromUtf8(value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    }
}

} // namespace

EventsCommand::EventsCommand(CliContext &context, QObject *parent)
    : CliCommand(context, parent)
{
    m_pollTimer.setSingleShot(true);
    m_pollTimer.setInterval(pollInterval);
    connect(&m_pollTimer, &QTimer::timeout, this, &EventsCommand::fetch);
}

QString EventsCommand::name() const
{
    return u"events"_s;
}

QString EventsCommand::summary() const
{
    return u"The audit trail: grants, denials, releases, revokes, reaps, license changes."_s;
}

QString EventsCommand::synopsis() const
{
    return u"[--license L] [--holder H] [--kind K[,K...]] [--since DURATION] [--follow] [--every-attempt]"_s;
}

void EventsCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption({u"license"_s, u"Only events of this license."_s, u"LICENSE"_s});
    parser.addOption({u"holder"_s, u"Only events of this holder."_s, u"NAME"_s});
    parser.addOption({u"kind"_s, u"Only these kinds, comma-separated: %1."_s.arg(eventKindNames()), u"KIND"_s});
    parser.addOption({u"since"_s, u"Only events from this long ago on the server's clock (e.g. 2h)."_s, u"DURATION"_s});
    parser.addOption({u"follow"_s, u"Keep printing new events (polled every 2 s) until Ctrl-C."_s});
    parser.addOption({u"every-attempt"_s,
                      u"One row per denial, instead of one row per run of identical "
                      u"denials of a holder."_s});
}

QString EventsCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\" (filters are options: --license, --holder, --kind)"_s.arg(
            arguments.join(u' '));
    m_query.licenseId = parser.value(u"license"_s);
    if (!m_query.licenseId.isEmpty() && !isValidLicenseId(m_query.licenseId))
        return u"--license: \"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_query.licenseId);
    m_query.holder = parser.value(u"holder"_s);
    if (parser.isSet(u"kind"_s)) {
        // Read with the server's own reading of the filter, so a mistyped kind is named in its words.
        const QString filter = parser.value(u"kind"_s).remove(u' ');
        if (filter.isEmpty())
            return u"--kind: give at least one kind"_s;
        ValidationError why;
        const auto kinds = EventQuery::kindsFromFilter(filter, &why);
        if (!kinds)
            return u"--kind: %1"_s.arg(why.message);
        m_query.kinds = *kinds;
    }
    if (parser.isSet(u"since"_s)) {
        m_since = parseDuration(parser.value(u"since"_s));
        if (!m_since)
            return u"--since: \"%1\" is not a duration (try 90s, 10m, 2h or 1d)"_s.arg(parser.value(u"since"_s));
    }
    m_query.limit = pageSize;
    m_follow = parser.isSet(u"follow"_s);
    m_fold = !parser.isSet(u"every-attempt"_s);
    return {};
}

void EventsCommand::start()
{
    if (m_follow && context().signalWatcher)
        connect(context().signalWatcher, &SignalWatcher::interrupted, this, [this] { finish(Ok); });
    if (!m_since)
        return fetch();
    // "Since 2h" means two hours of the server's time: events are stamped by its clock.
    context().admin->measureClock(this, [this](const AdminResult<ClockOffset> &result) {
        if (!result.ok())
            return fail(u"cannot read the server's clock"_s, result.error);
        m_query.since = result.value->serverTime.addMSecs(-m_since->count());
        fetch();
    });
}

void EventsCommand::fetch()
{
    context().admin->events(m_query, this, [this](const AdminResult<EventPage> &result) {
        if (isFinished())
            return;
        if (!result.ok()) {
            // While following, a server that is away for a moment is waited for, not given up on;
            // so is one that answers but cannot reach its database (a failover is what one
            // follows database_failover events for).
            QString retrying;
            if (m_follow && exitCodeFor(result.error) == Unreachable)
                retrying = u"keyright: server unreachable: %1; retrying"_s.arg(result.error.message);
            else if (m_follow && result.error.code == QStringView(errorcode::databaseUnavailable))
                retrying = u"keyright: the server answered %1: %2; retrying"_s.arg(result.error.httpStatus)
                               .arg(result.error.message);
            if (!retrying.isEmpty()) {
                // Said once, not at every poll; said again only when the reason changes.
                if (retrying != m_retrying)
                    printErr(retrying);
                m_retrying = retrying;
                ++m_failedPolls;
                m_pollTimer.start();
                return;
            }
            return fail(u"cannot read events"_s, result.error);
        }
        if (m_failedPolls > 0) {
            printErr(u"keyright: the server answers again (%1 polls failed meanwhile)"_s.arg(m_failedPolls));
            m_failedPolls = 0;
            m_retrying.clear();
        }
        const EventPage &page = *result.value;
        m_query.after = page.next;
        if (m_follow)
            printFollowed(page.events);
        else
            m_collected.append(page.events);
        if (page.events.size() >= m_query.limit)
            return fetch();
        if (m_follow)
            return m_pollTimer.start();
        printCollected();
        finish(Ok);
    });
}

TextTable EventsCommand::makeTable() const
{
    TextTable table({u"SEQ"_s, u"TIME"_s, u"KIND"_s, u"LICENSE"_s, u"SEAT"_s, u"HOLDER"_s, u"ACTOR"_s, u"DETAIL"_s});
    table.setRightAligned(0);
    return table;
}

void EventsCommand::printFollowed(const QList<EventRecord> &events)
{
    if (context().json) {
        // One object per line, so a script can read the stream as it comes.
        for (const EventRecord &event : events)
            printJson(event.toJson(), QJsonDocument::Compact);
        return;
    }
    TextTable table = makeTable();
    // Fixed widths so that rows printed over time stay in columns.
    table.setMinimumWidths({6, 24, 15, 12, 8, 16, 15});
    for (const EventRecord &event : events)
        table.addRow({QString::number(event.seq), formatTimestamp(event.time), toWire(event.kind), event.licenseId,
                      event.seatId.left(8), event.holder, event.actor, formatDetail(event)});
    QStringList lines = table.render(!m_headerPrinted);
    if (events.isEmpty() && m_headerPrinted)
        return;
    if (events.isEmpty())
        lines = lines.mid(0, 1);
    m_headerPrinted = true;
    for (const QString &line : std::as_const(lines))
        printOut(line);
}

void EventsCommand::printCollected()
{
    if (context().json) {
        printJson(EventPage {m_collected, m_query.after}.toJson());
        return;
    }
    if (m_collected.isEmpty()) {
        printOut(u"No events match."_s);
        return;
    }
    TextTable table = makeTable();
    // A client retrying every few seconds would fill the screen with one denial per try: a run of
    // them is one row, at its last try, that says how many there were and since when.
    const DenialFolding folding = m_fold ? DenialFolding(m_collected) : DenialFolding();
    for (qsizetype i = 0; i < m_collected.size(); ++i) {
        const EventRecord &event = m_collected.at(i);
        const int count = folding.count(i);
        if (count == 0)
            continue;
        QString detail = formatDetail(event);
        if (count > 1)
            detail = u"attempts=%1 first=%2 %3"_s.arg(count)
                         .arg(formatTimestamp(m_collected.at(folding.firstOf(i)).time), detail)
                         .trimmed();
        table.addRow({QString::number(event.seq), formatTimestamp(event.time), toWire(event.kind), event.licenseId,
                      event.seatId.left(8), event.holder, event.actor, detail});
    }
    for (const QString &line : table.render())
        printOut(line);
}

QString EventsCommand::formatDetail(const EventRecord &event)
{
    QStringList parts;
    const QString holdersMember = QString::fromUtf16(eventdetail::Denied::holdersMember);
    for (auto it = event.detail.constBegin(); it != event.detail.constEnd(); ++it) {
        if (isDenial(event.kind) && it.key() == holdersMember) {
            // A refusal lists who held every seat: by name, which is what support asks first.
            const QList<eventdetail::HeldSeat> seats = event.kind == EventKind::Denied
                ? eventdetail::Denied::fromJson(event.detail).holders
                : eventdetail::HolderBlocked::fromJson(event.detail).holders;
            QStringList holders;
            for (const eventdetail::HeldSeat &seat : seats)
                holders.append(seat.holder);
            parts.append(u"%1=%2"_s.arg(it.key(), holders.join(u',')));
            continue;
        }
        if ((event.kind == EventKind::LicenseCreated || event.kind == EventKind::LicenseUpdated)
            && it.key() == QString::fromUtf16(borrowjson::policyMember)) {
            // The borrowing policy as `license list` writes it (walk 51b N1), not as raw JSON.
            const auto policy = eventdetail::LicenseChanged::fromJson(event.detail).borrow;
            if (policy) {
                parts.append(u"%1=\"%2\""_s.arg(it.key(), LicenseCommand::borrowColumn(*policy)));
                continue;
            }
        }
        QString value = scalar(it.value());
        if (value.contains(u' '))
            value = u"\"%1\""_s.arg(value);
        parts.append(u"%1=%2"_s.arg(it.key(), value));
    }
    return parts.join(u' ');
}

} // namespace keyright::cli
