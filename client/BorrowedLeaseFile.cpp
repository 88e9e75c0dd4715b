#include "BorrowedLeaseFile.h"

#include "Clock.h"
#include "Durations.h"
#include "LeaseJson.h"
#include "LeasePredicate.h"
#include "LeaseVerifier.h"
#include "Timestamps.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString leaseMember = u"lease"_s;
const QString publicKeyMember = u"publicKey"_s;
const QString serverUrlMember = u"serverUrl"_s;
const QString latestSeenMember = u"latestSeen"_s;
const QString fileSuffix = u".json"_s;

constexpr QFileDevice::Permissions ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
constexpr QFileDevice::Permissions groupOrOthers = QFileDevice::ReadGroup | QFileDevice::WriteGroup
    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

template <typename T>
std::optional<T> failWith(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return std::nullopt;
}

BorrowedLeaseCheck refusal(BorrowedLeaseCheck::Verdict verdict, QString reason,
                           std::optional<BorrowedLeaseState> state = std::nullopt)
{
    return BorrowedLeaseCheck {verdict, std::move(reason), std::move(state), false, std::nullopt};
}

} // namespace

QString BorrowedLeaseFile::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + u"/keyright/borrowed"_s;
}

BorrowedLeaseFile BorrowedLeaseFile::forLicense(const QString &licenseId, const QString &directory)
{
    return BorrowedLeaseFile(directory + u'/' + licenseId + fileSuffix);
}

QList<BorrowedLeaseFile> BorrowedLeaseFile::list(const QString &directory)
{
    // QSaveFile writes next to the file under "<name>.json.XXXXXX": never ends in ".json".
    const QStringList names = QDir(directory).entryList({u"*"_s + fileSuffix}, QDir::Files, QDir::Name);
    QList<BorrowedLeaseFile> files;
    for (const QString &name : names)
        files.append(BorrowedLeaseFile(directory + u'/' + name));
    return files;
}

BorrowedLeaseFile::BorrowedLeaseFile(QString path)
    : m_path(std::move(path))
{ }

bool BorrowedLeaseFile::exists() const
{
    return QFileInfo::exists(m_path);
}

std::optional<BorrowedLeaseState> BorrowedLeaseFile::read(QString *error, bool *damaged,
                                                          std::optional<SeatLease> *damagedLease) const
{
    using Result = BorrowedLeaseState;
    if (damaged)
        *damaged = false;
    if (damagedLease)
        damagedLease->reset();
    // The lease member, once it reads: the seat the damaged file held, for an admin to write off.
    std::optional<SeatLease> leaseRead;
    // A file that will never read again: neither a program nor `keyright return` can use it, and
    // while it is there `keyright borrow` keeps refusing. The seat it held cannot be given back
    // early without its return secret, so the server counts it until its borrow ends (a write-off
    // records it as lost but, the signed lease being out of reach, does not free it).
    const auto damagedFile = [&](const QString &what) {
        if (damaged)
            *damaged = true;
        if (damagedLease)
            *damagedLease = leaseRead;
        if (leaseRead)
            return failWith<Result>(
                error,
                tr("%1 This computer can no longer use or return the seat of %3 it held: move the file out of its "
                   "folder (or delete it) to borrow again. The server counts that seat until its borrow ends; an admin "
                   "can write seat %2 off to record that it is lost.")
                    .arg(what, leaseRead->seatId, leaseRead->licenseId));
        return failWith<Result>(
            error,
            tr("%1 This computer can no longer use or return the seat it held: move the file out of its folder (or "
               "delete it) to borrow again. The server counts that seat until its borrow ends; an admin can write it "
               "off to record that it is lost.")
                .arg(what));
    };
    const QFileInfo info(m_path);
    if (!info.exists())
        return failWith<Result>(error, tr("There is no borrowed lease file %1.").arg(m_path));
    // Another user who can write it can plant a lease or turn latestSeen back.
    if (info.permissions() & groupOrOthers)
        return failWith<Result>(error,
                                tr("The borrowed lease file %1 is open to other users; run chmod 600 %1.").arg(m_path));

    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return failWith<Result>(error,
                                tr("Cannot read the borrowed lease file %1: %2.").arg(m_path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return damagedFile(tr("The borrowed lease file %1 is damaged: it is not a JSON object (%2).")
                               .arg(m_path, parseError.errorString()));
    const QJsonObject root = document.object();

    const auto malformed = [&](const QString &problem) {
        return damagedFile(tr("The borrowed lease file %1 is damaged: %2").arg(m_path, problem));
    };

    // `{}` is a JSON object without its lease, not a malformed lease.
    if (!root.contains(leaseMember))
        return malformed(tr("%1 is missing.").arg(leaseMember));
    BorrowedLeaseState state;
    ValidationError leaseError;
    const auto lease = leaseFromJson(root.value(leaseMember), &leaseError);
    if (!lease)
        return malformed(leaseError.message);
    if (!lease->borrowed)
        return malformed(tr("%1 is an ordinary lease, not a borrowed one.").arg(leaseMember));
    state.lease = *lease;
    leaseRead = *lease;

    // A member left out says so, rather than how it should have been written.
    for (const QString &member : {publicKeyMember, serverUrlMember, latestSeenMember}) {
        if (!root.contains(member))
            return malformed(tr("%1 is missing.").arg(member));
    }

    const auto key = QByteArray::fromBase64Encoding(root.value(publicKeyMember).toString().toLatin1(),
                                                    QByteArray::AbortOnBase64DecodingErrors);
    if (!root.value(publicKeyMember).isString() || !key || !LeaseVerifier::fromPublicKey(*key))
        return malformed(tr("%1 must be the server's 32-byte public key in base64.").arg(publicKeyMember));
    state.publicKey = *key;

    if (!root.value(serverUrlMember).isString())
        return malformed(tr("%1 must be a string.").arg(serverUrlMember));
    state.serverUrl = root.value(serverUrlMember).toString();

    const auto latestSeen = parseTimestamp(root.value(latestSeenMember).toString());
    if (!root.value(latestSeenMember).isString() || !latestSeen)
        return malformed(tr("%1 must be a UTC timestamp such as 2026-11-29T21:00:00.000Z.").arg(latestSeenMember));
    state.latestSeen = *latestSeen;

    const QString secretMember = QString::fromUtf16(BorrowReturnSecret::member);
    if (root.contains(secretMember)) {
        const auto secret = root.value(secretMember).isString()
            ? BorrowReturnSecret::fromHex(root.value(secretMember).toString())
            : std::nullopt;
        if (!secret)
            return malformed(tr("%1 must be the 64 hex digits of the seat's return secret.").arg(secretMember));
        state.returnSecret = *secret;
    }
    return state;
}

bool BorrowedLeaseFile::write(const BorrowedLeaseState &state, QString *error) const
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const QString directory = QFileInfo(m_path).absolutePath();
    if (!QFileInfo::exists(directory)) {
        if (!QDir().mkpath(directory))
            return fail(tr("Cannot create the folder %1 for borrowed leases.").arg(directory));
        QFile::setPermissions(directory, ownerOnly | QFileDevice::ExeOwner);
    }

    QJsonObject root {
        {leaseMember, leaseToJson(state.lease)},
        {publicKeyMember, QString::fromLatin1(state.publicKey.toBase64())},
        {serverUrlMember, state.serverUrl},
        {latestSeenMember, formatTimestamp(state.latestSeen)},
    };
    if (state.returnSecret.isSet())
        root.insert(QString::fromUtf16(BorrowReturnSecret::member), state.returnSecret.toHex());
    // QSaveFile writes a temporary file beside the target and renames it over the target only
    // when everything was written and flushed: a crash or a full disk leaves the old file whole.
    QSaveFile file(m_path);
    // Unbuffered, so a short write shows in write()'s count: QSaveFile itself commits a file cut
    // short by a full disk (Qt 6.4 takes a partial write(2) for success).
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(tr("Cannot write the borrowed lease file %1: %2.").arg(m_path, file.errorString()));
    // Before any byte is written; the rename keeps the temporary file's mode.
    if (!file.setPermissions(ownerOnly)) {
        file.cancelWriting();
        return fail(tr("Cannot restrict the borrowed lease file %1 to its owner.").arg(m_path));
    }
    const QByteArray bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        file.cancelWriting();
        return fail(tr("Cannot write the borrowed lease file %1: only %2 of %3 bytes could be written (is the disk "
                       "full?); the previous file is unchanged.")
                        .arg(m_path, QString::number(std::max<qint64>(written, 0)), QString::number(bytes.size())));
    }
    if (!file.commit())
        return fail(tr("Cannot write the borrowed lease file %1: %2; the previous file is unchanged.")
                        .arg(m_path, file.errorString()));
    return true;
}

bool BorrowedLeaseFile::remove(QString *error) const
{
    if (!exists())
        return true;
    QFile file(m_path);
    if (file.remove())
        return true;
    if (error)
        *error = tr("Cannot remove the borrowed lease file %1: %2.").arg(m_path, file.errorString());
    return false;
}

BorrowedLeaseCheck BorrowedLeaseFile::check(const QString &licenseId, const QString &holder, const Clock &clock,
                                            std::chrono::milliseconds skew, const QByteArray &pinnedKey) const
{
    return checkState(licenseId, holder, clock, skew, pinnedKey);
}

BorrowedLeaseCheck BorrowedLeaseFile::check(const Clock &clock, std::chrono::milliseconds skew) const
{
    return checkState(licenseId(), std::nullopt, clock, skew, {});
}

QString BorrowedLeaseFile::licenseId() const
{
    const QString name = QFileInfo(m_path).fileName();
    return name.endsWith(fileSuffix) ? name.chopped(fileSuffix.size()) : name;
}

BorrowedLeaseCheck BorrowedLeaseFile::checkState(const std::optional<QString> &licenseId,
                                                 const std::optional<QString> &holder, const Clock &clock,
                                                 std::chrono::milliseconds skew, const QByteArray &pinnedKey) const
{
    using Verdict = BorrowedLeaseCheck::Verdict;
    if (!exists())
        return refusal(Verdict::Missing,
                       licenseId ? tr("There is no borrowed lease of license %1 on this computer.").arg(*licenseId)
                                 : tr("There is no borrowed lease file %1.").arg(m_path));
    QString why;
    bool damaged = false;
    std::optional<SeatLease> damagedLease;
    std::optional<BorrowedLeaseState> state = read(&why, &damaged, &damagedLease);
    if (!state) {
        BorrowedLeaseCheck unreadable = refusal(Verdict::Unreadable, why);
        unreadable.damaged = damaged;
        unreadable.damagedLease = damagedLease;
        return unreadable;
    }
    const SeatLease &lease = state->lease;

    if (!pinnedKey.isEmpty() && pinnedKey != state->publicKey)
        return refusal(Verdict::BadSignature,
                       tr("The borrowed lease of license %1 was signed with another key than the server's; "
                          "give it back with `keyright return %1`, then borrow the seat again.")
                           .arg(lease.licenseId),
                       state);
    const auto verifier = LeaseVerifier::fromPublicKey(state->publicKey);
    if (!verifier || !verifier->verify(lease))
        return refusal(Verdict::BadSignature,
                       tr("The borrowed lease in %1 does not match its signature: it was changed after the server "
                          "signed it; give it back with `keyright return %2`, then borrow the seat again.")
                           .arg(m_path, licenseId.value_or(this->licenseId())),
                       state);
    if (licenseId && lease.licenseId != *licenseId)
        return refusal(
            Verdict::OtherLicense,
            tr("The borrowed lease in %1 is for license %2, not %3.").arg(m_path, lease.licenseId, *licenseId), state);
    if (holder && lease.holder != *holder)
        return refusal(Verdict::OtherHolder,
                       tr("The borrowed lease of license %1 is held by %2, not by %3.")
                           .arg(lease.licenseId, lease.holder, *holder),
                       state);

    const QDateTime now = clock.now();
    const std::chrono::milliseconds behind {now.msecsTo(state->latestSeen)};
    if (behind > skew)
        return refusal(Verdict::ClockBehind,
                       tr("The clock of this computer is %1 behind the latest time seen (%2); the borrowed lease is "
                          "refused until the clock is right.")
                           .arg(formatDuration(behind), formatTimestamp(state->latestSeen)),
                       state);

    // Forward only, and on disk before the answer: a clock turned back after this check is caught
    // by the next one, even across restarts.
    QString notRecorded;
    if (now > state->latestSeen) {
        BorrowedLeaseState moved = *state;
        moved.latestSeen = now;
        if (write(moved, &why))
            state = moved;
        else
            notRecorded = why;
    }

    if (!isLive(lease, now, skew))
        return refusal(Verdict::Expired,
                       tr("The borrowed lease of license %1 ended at %2; borrow a seat again when the server can be "
                          "reached.")
                           .arg(lease.licenseId, formatTimestamp(lease.expiresAt)),
                       state);
    if (!notRecorded.isEmpty())
        return refusal(Verdict::NotRecorded,
                       tr("%1 The borrowed lease is refused until the time seen can be recorded.").arg(notRecorded),
                       state);
    return BorrowedLeaseCheck {Verdict::Held, QString(), state, false, std::nullopt};
}

} // namespace keyright
