#include "RevokeCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/ErrorBody.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString RevokeCommand::name() const
{
    return u"revoke"_s;
}

QString RevokeCommand::summary() const
{
    return u"Free a seat now; optionally block its holder from taking one back for a while."_s;
}

QString RevokeCommand::synopsis() const
{
    return u"LICENSE SEAT [--reason TEXT] [--block DURATION]"_s;
}

void RevokeCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license the seat belongs to."_s);
    parser.addPositionalArgument(u"SEAT"_s, u"The seat id, or a unique prefix of it (as status shows)."_s);
    parser.addOption({u"reason"_s, u"Why, recorded in the audit events."_s, u"TEXT"_s});
    parser.addOption(
        {u"block"_s, u"Refuse the holder's checkouts on this license for this long (e.g. 10m)."_s, u"DURATION"_s});
}

QString RevokeCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 2)
        return u"expects LICENSE and SEAT"_s;
    m_request.licenseId = arguments.at(0);
    if (!isValidLicenseId(m_request.licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_request.licenseId);
    m_seatPrefix = arguments.at(1).toLower();
    if (!isSeatIdPrefix(m_seatPrefix))
        return u"SEAT \"%1\" is not a seat id or a prefix of one (up to %2 hex digits)"_s.arg(arguments.at(1))
            .arg(seatIdLength);
    m_request.reason = parser.value(u"reason"_s);
    if (parser.isSet(u"block"_s)) {
        QString why;
        const auto block = parseSeconds(u"block"_s, parser.value(u"block"_s), std::chrono::seconds {1}, &why);
        if (!block)
            return why;
        m_request.block = *block;
    }
    return {};
}

void RevokeCommand::start()
{
    // The lease list turns a prefix into the seat id and names the holder in the confirmation.
    context().admin->listLeases(m_request.licenseId, this, [this](const AdminResult<LeaseList> &result) {
        if (!result.ok())
            return fail(u"cannot list the seats of %1"_s.arg(m_request.licenseId), result.error);
        QList<LeaseRow> matches;
        for (const LeaseRow &row : result.value->leases) {
            if (row.lease.seatId.startsWith(m_seatPrefix))
                matches.append(row);
        }
        if (matches.size() == 1)
            return revoke(matches.constFirst().lease.seatId, matches.constFirst().lease.holder);
        if (matches.size() > 1) {
            QStringList candidates;
            for (const LeaseRow &row : std::as_const(matches))
                candidates.append(u"%1 (%2)"_s.arg(row.lease.seatId, row.lease.holder));
            return failWith(
                Usage,
                u"seat prefix \"%1\" matches %2 seats of %3: %4; give more characters"_s.arg(
                    m_seatPrefix, QString::number(matches.size()), m_request.licenseId, candidates.join(u", "_s)));
        }
        // A full id the list does not show may still be known to the server (the row may have been
        // reaped a moment ago): let the server decide.
        if (m_seatPrefix.size() == seatIdLength)
            return revoke(m_seatPrefix, QString());
        failWith(NotFound,
                 u"no seat of %1 starts with \"%2\" (keyright status %1 lists them)"_s.arg(m_request.licenseId,
                                                                                           m_seatPrefix));
    });
}

void RevokeCommand::revoke(const QString &seatId, const QString &holder)
{
    m_request.seatId = seatId;
    context().admin->revoke(m_request, this, [this, holder](const AdminResult<AdminClient::Empty> &result) {
        // A borrowed seat is not revoked (its laptop holds a signed lease offline): the server's
        // refusal, with its sentence, gets the refusal's exit code as a refused borrow does.
        if (!result.ok() && result.error.code == QStringView(errorcode::seatBorrowed))
            return failWith(
                NoSeats,
                u"cannot revoke seat %1 of %2: %3"_s.arg(m_request.seatId, m_request.licenseId, result.error.message));
        if (!result.ok())
            return fail(u"cannot revoke seat %1 of %2"_s.arg(m_request.seatId, m_request.licenseId), result.error);
        const QString who = holder.isEmpty() ? QString() : u" held by %1"_s.arg(holder);
        printOut(u"Revoked seat %1%2 of %3."_s.arg(m_request.seatId.left(8), who, m_request.licenseId));
        if (m_request.block.count() > 0)
            printOut(u"%1 cannot take a seat of %2 for %3."_s.arg(holder.isEmpty() ? u"Its holder"_s : holder,
                                                                  m_request.licenseId,
                                                                  formatSeconds(m_request.block.count())));
        finish(Ok);
    });
}

} // namespace keyright::cli
