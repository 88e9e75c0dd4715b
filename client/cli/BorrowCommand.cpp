#include "BorrowCommand.h"

#include "BorrowedLeaseFile.h"
#include "Clock.h"
#include "ExitCode.h"
#include "InstanceSet.h"
#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/Identifiers.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QSysInfo>

using namespace Qt::StringLiterals;

namespace keyright::cli {

BorrowCommand::~BorrowCommand() = default;

QString BorrowCommand::name() const
{
    return u"borrow"_s;
}

QString BorrowCommand::summary() const
{
    return u"Borrow a seat for whole days and keep it on this computer, usable with no server."_s;
}

QString BorrowCommand::synopsis() const
{
    return u"LICENSE --days N [--holder NAME] [--key-file FILE] [--json]"_s;
}

void BorrowCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"LICENSE"_s, u"The license to borrow a seat of."_s);
    parser.addOption(
        {u"days"_s, u"How many whole days to borrow the seat for (at most the license's maxDays)."_s, u"N"_s});
    parser.addOption({u"holder"_s, u"Who holds the seat, as shown to admins (default: user@host)."_s, u"NAME"_s});
    parser.addOption(
        {u"key-file"_s, u"File holding the license key (mode 0600; default: KEYRIGHT_LICENSE_KEY)."_s, u"FILE"_s});
}

std::optional<SecretBuffer> BorrowCommand::licenseKey(const QCommandLineParser &parser, QString *why)
{
    std::optional<SecretBuffer> key;
    if (parser.isSet(u"key-file"_s)) {
        QString error;
        key = readSecretFile(parser.value(u"key-file"_s), &error);
        if (!key) {
            *why = u"--key-file: %1"_s.arg(error);
            return std::nullopt;
        }
    } else {
        QByteArray fromEnvironment = qgetenv("KEYRIGHT_LICENSE_KEY").trimmed();
        if (!fromEnvironment.isEmpty())
            key = SecretBuffer::copyOf(fromEnvironment);
        fromEnvironment.fill('\0');
    }
    if (!key || key->isEmpty()) {
        *why = u"no license key: pass --key-file FILE or set KEYRIGHT_LICENSE_KEY"_s;
        return std::nullopt;
    }
    return key;
}

QString BorrowCommand::defaultHolder()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME", u"user"_s);
    return u"%1@%2"_s.arg(user, QSysInfo::machineHostName());
}

std::unique_ptr<LeaseClient> BorrowCommand::clientFor(const CliContext &context, const QString &licenseId,
                                                      const SecretBuffer &key)
{
    auto client = std::make_unique<LeaseClient>(*context.network);
    client->setClock(*context.clock);
    client->setServerUrls(context.serverUrls);
    client->setTlsTrust(context.tlsTrust);
    client->setLicense(licenseId, key.view());
    client->setTransferTimeout(context.timeout);
    return client;
}

int BorrowCommand::exitCodeOf(const BorrowOutcome &outcome)
{
    if (std::holds_alternative<outcome::BorrowRefused>(outcome))
        return NoSeats;
    if (std::holds_alternative<outcome::Unauthorized>(outcome))
        return Unauthorized;
    if (std::holds_alternative<outcome::Transport>(outcome))
        return Unreachable;
    return Failure;
}

QString BorrowCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.size() != 1)
        return u"expects exactly one LICENSE"_s;
    m_licenseId = arguments.constFirst();
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id (%2)"_s.arg(m_licenseId, licenseIdRule());
    if (!parser.isSet(u"days"_s))
        return u"--days N is required"_s;
    bool whole = false;
    m_days = parser.value(u"days"_s).toInt(&whole);
    if (!whole || m_days < 1 || m_days > BorrowPolicy::maxDaysLimit)
        return u"--days: \"%1\" is not a whole number of days from 1 to %2"_s.arg(parser.value(u"days"_s))
            .arg(BorrowPolicy::maxDaysLimit);
    m_holder = parser.isSet(u"holder"_s) ? parser.value(u"holder"_s) : defaultHolder();
    QString why;
    if (!validateHolder(m_holder, &why))
        return u"--holder: %1"_s.arg(why);
    m_key = licenseKey(parser, &why);
    if (!m_key)
        return why;
    return {};
}

void BorrowCommand::start()
{
    const BorrowedLeaseFile file = BorrowedLeaseFile::forLicense(m_licenseId);
    // One borrowed seat per license on a computer: a second would orphan the first's file (and
    // its return secret, so the first seat could no longer be returned early). A refusal, as the
    // server's are: exit code 5.
    if (file.exists()) {
        const BorrowedLeaseCheck held = file.check(*context().clock);
        if (held.verdict == BorrowedLeaseCheck::Verdict::Unreadable) {
            // `keyright return` cannot read it either: say what to do with the file instead.
            // The reason names the file and says what to do with it: no lead-in of our own.
            failWith(BadLeaseFile, held.reason);
            return;
        }
        if (held.verdict != BorrowedLeaseCheck::Verdict::Expired) {
            failWith(NoSeats,
                     u"this computer already holds a borrowed seat of %1 (%2): give it back first with "
                     "`keyright return %1`"_s.arg(m_licenseId, file.path()));
            return;
        }
    }
    m_client = clientFor(context(), m_licenseId, *m_key);
    m_key.reset();
    m_client->borrow(m_holder, m_days, this, [this, file](const BorrowOutcome &result) {
        const auto *borrowed = std::get_if<outcome::Borrowed>(&result);
        if (!borrowed) {
            QString why;
            if (const auto *refused = std::get_if<outcome::BorrowRefused>(&result))
                why = refused->message;
            else if (const auto *unauthorized = std::get_if<outcome::Unauthorized>(&result))
                why = u"license key refused: %1"_s.arg(unauthorized->message);
            else if (const auto *transport = std::get_if<outcome::Transport>(&result))
                why = u"server unreachable: %1%2"_s.arg(transport->message, transport->tls ? tlsHint() : QString());
            else if (const auto *protocol = std::get_if<outcome::Protocol>(&result))
                why = protocol->message;
            failWith(exitCodeOf(result), u"borrowing a seat of %1: %2"_s.arg(m_licenseId, why));
            return;
        }
        const BorrowAnswer &answer = borrowed->answer;
        // Where it was borrowed, to return it early: the instance that answered.
        const QList<QUrl> urls = m_client->instances().urls();
        const int current = m_client->instances().current();
        const QUrl server = current >= 0 && current < urls.size() ? urls.at(current) : context().serverUrl;
        QString error;
        if (!file.write(BorrowedLeaseState {answer.lease, answer.publicKey, server.toString(), answer.serverTime,
                                            answer.returnSecret},
                        &error)) {
            // The server counts the seat: give it back rather than leave it borrowed with no file.
            m_client->returnBorrowed(
                answer.lease.seatId, answer.returnSecret, this, [this, error](const ReleaseOutcome &) {
                    failWith(Failure, u"could not keep the borrowed lease (%1); the seat was returned"_s.arg(error));
                });
            return;
        }
        const SeatLease &lease = answer.lease;
        if (context().json) {
            printJson(QJsonObject {{u"licenseId"_s, lease.licenseId},
                                   {u"seatId"_s, lease.seatId},
                                   {u"holder"_s, lease.holder},
                                   {u"generation"_s, qint64(lease.generation)},
                                   {u"issuedAt"_s, formatTimestamp(lease.issuedAt)},
                                   {u"expiresAt"_s, formatTimestamp(lease.expiresAt)},
                                   {u"file"_s, file.path()}});
        } else {
            printOut(u"borrowed a seat of %1 as %2 until %3 (seat %4)"_s.arg(
                lease.licenseId, lease.holder, formatTimestamp(lease.expiresAt), lease.seatId.left(8)));
            printOut(u"kept in %1; `keyright return %2` gives it back early"_s.arg(file.path(), lease.licenseId));
        }
        finish(Ok);
    });
}

} // namespace keyright::cli
