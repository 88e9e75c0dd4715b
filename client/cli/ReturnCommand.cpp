#include "ReturnCommand.h"

#include "BorrowCommand.h"
#include "BorrowedLeaseFile.h"
#include "ExitCode.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace keyright::cli {

ReturnCommand::~ReturnCommand() = default;

QString ReturnCommand::name() const
{
    return u"return"_s;
}

QString ReturnCommand::summary() const
{
    return u"Give the seat this computer borrowed back before it expires."_s;
}

QString ReturnCommand::synopsis() const
{
    return u"LICENSE [--key-file FILE] [--json]"_s;
}

void ReturnCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license whose borrowed seat to return."_s);
    parser.addOption(
        {u"key-file"_s, u"File holding the license key (mode 0600; default: KEYRIGHT_LICENSE_KEY)."_s, u"FILE"_s});
}

QString ReturnCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 1)
        return u"expects exactly one LICENSE"_s;
    m_licenseId = arguments.constFirst();
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id (%2)"_s.arg(m_licenseId, licenseIdRule());
    // The lease file first: with none, or one that cannot be read, nothing would be sent, and
    // start() says so (exit 4 or 8) rather than asking for a license key it would not use.
    const BorrowedLeaseFile file = BorrowedLeaseFile::forLicense(m_licenseId);
    if (!file.exists() || !file.read())
        return {};
    QString why;
    m_key = BorrowCommand::licenseKey(parser, &why);
    if (!m_key)
        return why;
    return {};
}

void ReturnCommand::start()
{
    const BorrowedLeaseFile file = BorrowedLeaseFile::forLicense(m_licenseId);
    if (!file.exists()) {
        failWith(NotFound, u"this computer holds no borrowed seat of %1 (no %2)"_s.arg(m_licenseId, file.path()));
        return;
    }
    QString error;
    const std::optional<BorrowedLeaseState> state = file.read(&error);
    if (!state) {
        failWith(BadLeaseFile, error);
        return;
    }
    if (!m_key) { // the file appeared after prepare() looked
        failWith(Usage, u"no license key: pass --key-file FILE or set KEYRIGHT_LICENSE_KEY"_s);
        return;
    }
    m_client = BorrowCommand::clientFor(context(), m_licenseId, *m_key);
    m_key.reset();
    const SeatLease lease = state->lease;
    const bool withSecret = state->returnSecret.isSet();
    m_client->returnBorrowed(
        lease.seatId, state->returnSecret, this, [this, file, lease, withSecret](const ReleaseOutcome &result) {
            if (!std::holds_alternative<outcome::Released>(result)) {
                // The file stays: the seat is still counted until it is returned or expires.
                QString why;
                int code = Failure;
                if (const auto *unauthorized = std::get_if<outcome::Unauthorized>(&result)) {
                    why = u"license key refused: %1"_s.arg(unauthorized->message);
                    code = Unauthorized;
                } else if (const auto *transport = std::get_if<outcome::Transport>(&result)) {
                    why = u"server unreachable: %1%2"_s.arg(transport->message, transport->tls ? tlsHint() : QString());
                    code = Unreachable;
                } else if (std::holds_alternative<outcome::ReturnRefused>(result) && !withSecret) {
                    // A file without its return secret (only a borrow from before the server kept
                    // them may do without) can never return this seat: the file is what is wrong,
                    // not the computer, and asking again would go round in a circle (walk 57).
                    failWith(BadLeaseFile,
                             u"returning the borrowed seat of %1: the server asks for the borrow's return secret, "
                             u"and %2 has none (returnSecret is missing). This computer can no longer return that "
                             u"seat: move the file out of its folder (or delete it) to borrow again. The server "
                             u"counts the seat until its borrow ends; an admin can write seat %3 off to record that "
                             u"it is lost."_s.arg(m_licenseId, file.path(), lease.seatId));
                    return;
                } else if (const auto *refused = std::get_if<outcome::ReturnRefused>(&result)) {
                    // The server's refusal (not this laptop's seat), with the refusal's exit code as
                    // `borrow` has, in one sentence: the server's, which says what to do instead.
                    failWith(NoSeats, u"returning the borrowed seat of %1: %2"_s.arg(m_licenseId, refused->message));
                    return;
                } else if (const auto *protocol = std::get_if<outcome::Protocol>(&result)) {
                    why = protocol->message;
                }
                failWith(code,
                         u"returning the borrowed seat of %1: %2; it stays borrowed here"_s.arg(m_licenseId, why));
                return;
            }
            QString removeError;
            if (!file.remove(&removeError)) {
                failWith(Failure, u"returned the seat of %1, but %2"_s.arg(m_licenseId, removeError));
                return;
            }
            if (context().json)
                printJson(QJsonObject {
                    {u"licenseId"_s, lease.licenseId}, {u"seatId"_s, lease.seatId}, {u"returned"_s, true}});
            else
                printOut(u"returned the borrowed seat of %1 (seat %2); it is free for others now"_s.arg(
                    lease.licenseId, lease.seatId.left(8)));
            finish(Ok);
        });
}

} // namespace keyright::cli
