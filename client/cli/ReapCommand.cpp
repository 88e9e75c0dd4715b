#include "ReapCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "Timestamps.h"

#include <QCommandLineParser>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString ReapCommand::name() const
{
    return u"reap"_s;
}

QString ReapCommand::summary() const
{
    return u"Delete expired seats past their reap grace now (--dry-run: only list them)."_s;
}

QString ReapCommand::synopsis() const
{
    return u"[--dry-run]"_s;
}

void ReapCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption({u"dry-run"_s, u"List what would be reaped; delete nothing."_s});
}

QString ReapCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
    m_dryRun = parser.isSet(u"dry-run"_s);
    return {};
}

void ReapCommand::start()
{
    context().admin->reap(m_dryRun, this, [this](const AdminResult<ReapResult> &result) {
        if (!result.ok())
            return fail(m_dryRun ? u"cannot list reapable seats"_s : u"cannot reap"_s, result.error);
        const ReapResult &reap = *result.value;
        if (context().json) {
            printJson(reap.toReport());
            return finish(Ok);
        }
        if (reap.reaped == 0) {
            printOut(m_dryRun ? u"Nothing to reap."_s : u"Nothing reaped: no seat is past its reap grace."_s);
            return finish(Ok);
        }
        const QString seats = reap.reaped == 1 ? u"1 expired seat"_s : u"%1 expired seats"_s.arg(reap.reaped);
        printOut(m_dryRun ? u"Would reap %1 (dry run, nothing deleted):"_s.arg(seats) : u"Reaped %1:"_s.arg(seats));
        TextTable table({u"LICENSE"_s, u"SEAT"_s, u"HOLDER"_s, u"EXPIRED AT"_s, u"REAPABLE AT"_s});
        table.setIndent(2);
        for (const ReapedSeat &seat : reap.seats)
            table.addRow({seat.licenseId, seat.seatId.left(8), seat.holder, formatTimestamp(seat.expiresAt),
                          formatTimestamp(seat.reapableAt)});
        for (const QString &line : table.render())
            printOut(line);
        finish(Ok);
    });
}

} // namespace keyright::cli
