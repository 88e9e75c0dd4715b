#include "WriteOffCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/BorrowJson.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString WriteOffCommand::name() const
{
    return u"write-off"_s;
}

QString WriteOffCommand::summary() const
{
    return u"Write off a borrowed seat whose laptop is lost or can no longer give it back (a damaged lease "
           "file): it stays counted until its expiry."_s;
}

QString WriteOffCommand::synopsis() const
{
    return u"LICENSE SEAT [--note TEXT] [--json]"_s;
}

void WriteOffCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license the borrowed seat belongs to."_s);
    parser.addPositionalArgument(u"SEAT"_s, u"The borrowed seat's id, or a unique prefix of it (as status shows)."_s);
    parser.addOption(
        {u"note"_s, u"Why, recorded in the audit events (at most %1 characters)."_s.arg(WriteOffRequest::maxNoteLength),
         u"TEXT"_s});
}

QString WriteOffCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 2)
        return u"expects LICENSE and SEAT"_s;
    m_licenseId = arguments.at(0);
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    m_seatPrefix = arguments.at(1).toLower();
    if (!isSeatIdPrefix(m_seatPrefix))
        return u"SEAT \"%1\" is not a seat id or a prefix of one (up to %2 hex digits)"_s.arg(arguments.at(1))
            .arg(seatIdLength);
    ValidationError why;
    const auto request
        = WriteOffRequest::fromJson({{QString::fromUtf16(WriteOffRequest::noteMember), parser.value(u"note"_s)}}, &why);
    if (!request)
        return u"--"_s + why.message;
    m_note = request->note;
    return {};
}

void WriteOffCommand::start()
{
    // The lease list turns a prefix into the seat id, among the borrowed seats only.
    context().admin->listLeases(m_licenseId, this, [this](const AdminResult<LeaseList> &result) {
        if (!result.ok())
            return fail(u"cannot list the seats of %1"_s.arg(m_licenseId), result.error);
        QStringList matches;
        QStringList candidates;
        bool ordinary = false;
        for (const LeaseRow &row : result.value->leases) {
            if (!row.lease.seatId.startsWith(m_seatPrefix))
                continue;
            if (!row.lease.borrowed) {
                ordinary = true;
                continue;
            }
            if (row.writeOff.isSet())
                m_writtenOffBefore.insert(row.lease.seatId);
            matches.append(row.lease.seatId);
            candidates.append(u"%1 (%2)"_s.arg(row.lease.seatId, row.lease.holder));
        }
        if (matches.size() == 1)
            return writeOff(matches.constFirst());
        if (matches.size() > 1)
            return failWith(Usage,
                            u"seat prefix \"%1\" matches %2 borrowed seats of %3: %4; give more characters"_s.arg(
                                m_seatPrefix, QString::number(matches.size()), m_licenseId, candidates.join(u", "_s)));
        // A full id: the server names what is wrong with it (not borrowed, ended, unknown).
        if (m_seatPrefix.size() == seatIdLength)
            return writeOff(m_seatPrefix);
        if (ordinary)
            return failWith(Failure,
                            u"no borrowed seat of %1 starts with \"%2\": only a borrowed seat can be "
                            "written off (keyright revoke frees an ordinary one)"_s.arg(m_licenseId, m_seatPrefix));
        failWith(NotFound,
                 u"no seat of %1 starts with \"%2\" (keyright status %1 lists them)"_s.arg(m_licenseId, m_seatPrefix));
    });
}

void WriteOffCommand::writeOff(const QString &seatId)
{
    context().admin->writeOff(
        m_licenseId, seatId, m_note, this, [this, seatId](const AdminResult<WriteOffAnswer> &result) {
            if (!result.ok())
                return fail(u"cannot write off seat %1 of %2"_s.arg(seatId, m_licenseId), result.error);
            const WriteOffAnswer &answer = *result.value;
            if (context().json) {
                printJson(answer.toJson());
                return finish(Ok);
            }
            // The server answers a second write-off with the first, unchanged: said as such, never
            // as if this one had been recorded (walk 51b, N6).
            const bool already = m_writtenOffBefore.contains(seatId) || answer.writeOff.note != m_note;
            if (already) {
                QString line = u"Already written off by %1 at %2%3"_s.arg(
                    answer.writeOff.by, formatTimestamp(answer.writeOff.at),
                    answer.writeOff.note.isEmpty() ? QString() : u": "_s + answer.writeOff.note);
                if (!m_note.isEmpty() && m_note != answer.writeOff.note)
                    line += u"; the new note was not recorded"_s;
                printOut(line
                         + u" (seat %1 of %2, borrowed by %3)."_s.arg(answer.seatId.left(8), answer.licenseId,
                                                                      answer.holder));
            } else {
                printOut(u"Wrote off seat %1 of %2, borrowed by %3 (by %4 at %5%6)."_s.arg(
                    answer.seatId.left(8), answer.licenseId, answer.holder, answer.writeOff.by,
                    formatTimestamp(answer.writeOff.at),
                    answer.writeOff.note.isEmpty() ? QString() : u": "_s + answer.writeOff.note));
            }
            printOut(
                u"It stays counted until %1: the laptop holds a signed lease that cannot be recalled offline. "
                "If the laptop turns up with its lease file intact, `keyright return` on it frees the seat at once."_s
                    .arg(formatTimestamp(answer.countedUntil)));
            finish(Ok);
        });
}

} // namespace keyright::cli
