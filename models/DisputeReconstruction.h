#pragma once

#include "AdminTypes.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace keyright {

// Who held every seat of a license at the moment a checkout was denied: the answer to "we bought
// ten, why can only two of us run it?". The denied event itself lists the live leases at that
// instant (the server's word); the grants, releases, revocations and reaps before it are replayed
// as a cross-check, which also shows seats granted and never given back (crashed clients).
struct DisputeSeat
{
    QString seatId;
    QString holder;
    quint64 generation = 0;
    QDateTime issuedAt;
    QDateTime expiresAt; // as signed at the moment of the denial (from the denial) or at the grant
    QDateTime grantedAt; // from the replayed grant, when it was in the history
    bool counted = false; // listed by the server in the denial: it counted against the license
    bool replayed = false; // the replay of the history also has it held
    // Counted although its signed expiry had passed: only the skew tolerance kept it.
    bool withinSkewOnly = false;
};

struct DisputeHolderShare
{
    QString holder;
    int seats = 0;
};

struct Dispute
{
    EventRecord denial;
    QString licenseId;
    QString deniedHolder;
    QDateTime at;
    int seatCount = 0;
    int inUse = 0;
    bool serverListed = false; // the denial carried the holders (otherwise: replay only)
    QList<DisputeSeat> seats; // counted ones first, by grant time
    QList<DisputeHolderShare> shares; // counted seats per holder, most first
    int notReturned = 0; // replayed as held but not counted: lapsed without a release
    int unexplained = 0; // counted but granted before the loaded history
    bool consistent = true; // every counted seat is explained by the replay

    bool isValid() const { return denial.seq > 0; }
};

class DisputeReconstruction final
{
public:
    // `history` holds events of any license in ascending seq order (those after the denial are
    // ignored). `historyComplete` says whether it reaches back to the license's creation, which
    // decides whether an unexplained seat is an inconsistency or just an older grant.
    static Dispute reconstruct(const EventRecord &denial, const QList<EventRecord> &history,
                               bool historyComplete = false);
};

} // namespace keyright
