#pragma once

#include "SeatLease.h"
#include "wire/BorrowJson.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace keyright {

class Clock;

// What a borrowed lease's file holds (docs/PROTOCOL.md, "The borrowed lease"):
// {"lease": {...borrowed lease...}, "publicKey": "<base64>", "serverUrl": "...",
//  "latestSeen": "<strict timestamp>", "returnSecret": "<64 hex digits>"}.
struct BorrowedLeaseState
{
    SeatLease lease; // borrowed: expiresAt is the end of the borrow
    QByteArray publicKey; // the server's 32-byte Ed25519 key, pinned when the lease was borrowed
    QString serverUrl; // where to return it early
    QDateTime latestSeen; // the latest time seen: the server's time at first, then the local clock's
    // What proves an early return comes from this laptop (issue 27); unset: borrowed from a server
    // that did not hand one out (it returns with the license key alone).
    BorrowReturnSecret returnSecret = {};
};

// The answer of an offline check: held, or the one sentence that says why not.
struct BorrowedLeaseCheck
{
    enum class Verdict {
        Held, // verified, for this license and holder, not expired, clock not turned back
        Missing, // no borrowed lease for this license on this computer
        Unreadable, // the file cannot be read, is not a borrowed lease file, or is open to others
        BadSignature, // the signature does not verify with the pinned key: changed or forged
        OtherLicense, // a good lease, but for another license
        OtherHolder, // a good lease, but another holder's
        ClockBehind, // the clock is more than the skew behind latestSeen
        Expired, // the borrow ended
        NotRecorded, // held, but latestSeen could not be moved forward on disk
    };
    Verdict verdict = Verdict::Missing;
    QString reason; // one sentence for a person; empty when held
    std::optional<BorrowedLeaseState> state; // as read (latestSeen as written back), when readable
    // Unreadable because of what the file holds (not JSON, a member missing or malformed): no
    // later check will pass and the seat cannot be returned from it; `reason` says what to do.
    bool damaged = false;
    // A damaged file whose lease member still reads (unverified): which seat an admin writes off.
    std::optional<SeatLease> damagedLease;

    bool held() const { return verdict == Verdict::Held; }
};

// One license's borrowed lease on this computer: $XDG_DATA_HOME/keyright/borrowed/<licenseId>.json,
// mode 0600, replaced atomically with QSaveFile so a crash while writing leaves the old file whole.
// check() verifies it with no server: the signature with the pinned key, the license and holder,
// the expiry with the skew, and the clock against latestSeen, which it moves forward (never back)
// and writes to disk before it answers.
class BorrowedLeaseFile final
{
    Q_DECLARE_TR_FUNCTIONS(BorrowedLeaseFile)

public:
    // The client is not told the license's skew; the server's default tolerance.
    static constexpr std::chrono::milliseconds defaultSkew {std::chrono::seconds {30}};

    // QStandardPaths::GenericDataLocation + "/keyright/borrowed".
    static QString defaultDirectory();
    static BorrowedLeaseFile forLicense(const QString &licenseId, const QString &directory = defaultDirectory());
    // The borrowed lease files in `directory` (one per license), sorted by name; leftovers of an
    // interrupted write are not among them.
    static QList<BorrowedLeaseFile> list(const QString &directory = defaultDirectory());

    explicit BorrowedLeaseFile(QString path);

    QString path() const { return m_path; }
    bool exists() const;

    // Strict: the error names the file and the problem (missing, not JSON, a member missing or
    // malformed, readable by others). `damaged` is set when the content is at fault (not JSON, a
    // member missing or malformed), and the error then says what to do with the file, naming the
    // seat when the lease member still reads (then also given in `damagedLease`, unverified).
    std::optional<BorrowedLeaseState> read(QString *error = nullptr, bool *damaged = nullptr,
                                           std::optional<SeatLease> *damagedLease = nullptr) const;
    // Creates the directory (0700) if needed and replaces the file atomically, mode 0600. On
    // failure the previous file, if any, is untouched.
    bool write(const BorrowedLeaseState &state, QString *error = nullptr) const;
    // Removes the file (returned early, or ended). True when there is no file afterwards.
    bool remove(QString *error = nullptr) const;

    // The offline check for `licenseId` and `holder` on `clock`. `pinnedKey` (32 bytes), when the
    // application ships one, must be the file's key; otherwise the key stored at borrow time is used.
    BorrowedLeaseCheck check(const QString &licenseId, const QString &holder, const Clock &clock,
                             std::chrono::milliseconds skew = defaultSkew, const QByteArray &pinnedKey = {}) const;
    // The same for the license the file is named after, whoever holds it (listing this computer's
    // leases).
    BorrowedLeaseCheck check(const Clock &clock, std::chrono::milliseconds skew = defaultSkew) const;
    // The license the file is named after ("acme-cad" for .../acme-cad.json).
    QString licenseId() const;

private:
    BorrowedLeaseCheck checkState(const std::optional<QString> &licenseId, const std::optional<QString> &holder,
                                  const Clock &clock, std::chrono::milliseconds skew,
                                  const QByteArray &pinnedKey) const;

    QString m_path;
};

} // namespace keyright
