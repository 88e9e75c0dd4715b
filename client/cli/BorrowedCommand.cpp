#include "BorrowedCommand.h"

#include "BorrowedLeaseFile.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "Timestamps.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString BorrowedCommand::name() const
{
    return u"borrowed"_s;
}

QString BorrowedCommand::summary() const
{
    return u"List the seats borrowed on this computer and check each one offline."_s;
}

QString BorrowedCommand::synopsis() const
{
    return u"[--json]"_s;
}

void BorrowedCommand::addOptions(QCommandLineParser &) const { }

QString BorrowedCommand::prepare(const QCommandLineParser &, const QStringList &arguments)
{
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
    return {};
}

void BorrowedCommand::start()
{
    const QString directory = BorrowedLeaseFile::defaultDirectory();
    const QList<BorrowedLeaseFile> files = BorrowedLeaseFile::list(directory);

    QJsonArray rows;
    TextTable table({u"LICENSE"_s, u"HOLDER"_s, u"UNTIL"_s, u"OFFLINE CHECK"_s});
    // A file that cannot be read is not a seat this computer can use or return: a script must not
    // take the listing for a clean one (exit 8, as `borrow` and `return` on that file).
    int exitCode = Ok;
    for (const BorrowedLeaseFile &file : files) {
        // The check a program makes before it uses the seat; it moves latestSeen forward as well.
        const BorrowedLeaseCheck check = file.check(*context().clock);
        if (check.verdict == BorrowedLeaseCheck::Verdict::Unreadable)
            exitCode = BadLeaseFile;
        QJsonObject row {{u"licenseId"_s, file.licenseId()}, {u"file"_s, file.path()}, {u"ok"_s, check.held()}};
        QString holder = u"-"_s;
        QString until = u"-"_s;
        // A damaged file's lease member, when it still reads, says which seat an admin writes off.
        const SeatLease *lease = check.state ? &check.state->lease
            : check.damagedLease             ? &*check.damagedLease
                                             : nullptr;
        if (lease) {
            holder = lease->holder;
            row.insert(u"holder"_s, lease->holder);
            row.insert(u"seatId"_s, lease->seatId);
            // An end the signature does not vouch for (changed after signing) is not shown as one.
            if (check.verdict != BorrowedLeaseCheck::Verdict::BadSignature) {
                until = formatTimestamp(lease->expiresAt);
                row.insert(u"expiresAt"_s, until);
            }
        }
        if (check.state) {
            row.insert(u"serverUrl"_s, check.state->serverUrl);
            row.insert(u"latestSeen"_s, formatTimestamp(check.state->latestSeen));
        }
        if (!check.held())
            row.insert(u"problem"_s, check.reason);
        rows.append(row);
        table.addRow({file.licenseId(), holder, until, check.held() ? u"ok"_s : check.reason});
    }

    if (context().json) {
        printJson(QJsonObject {{u"directory"_s, directory}, {u"borrowed"_s, rows}});
        return finish(exitCode);
    }
    if (files.isEmpty()) {
        printOut(u"No seat is borrowed on this computer (%1 holds no borrowed lease)."_s.arg(directory));
        return finish(Ok);
    }
    for (const QString &line : table.render())
        printOut(line);
    finish(exitCode);
}

} // namespace keyright::cli
