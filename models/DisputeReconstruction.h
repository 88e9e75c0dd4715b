#pragma once

#include "AdminTypes.h"
#include "SeatDecision.h"
#include "SeatRules.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

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
    // As signed at the moment of the refusal (listed with it), else at the grant; invalid when the
    // grant's had passed by then (expiryUnknown).
    QDateTime expiresAt;
    QDateTime grantedAt; // from the replayed grant, when it was in the history
    bool counted = false; // listed by the server in the denial: it counted against the license
    bool replayed = false; // the replay of the history also has it held
    // Counted although its signed expiry had passed: only the skew tolerance kept it.
    bool withinSkewOnly = false;
    // Replayed only (an older server listed nothing) and its grant's expiry had passed at the
    // refusal: renewed since, or lapsed; renewals leave no event, so its expiry then is not known.
    bool expiryUnknown = false;
    QString reservation; // counted: the reservation it counted against under the rules; empty: shared
    // Borrowed (issue 27): taken offline until expiresAt, counted until returned or expired. Known
    // from its seat_borrowed event or from the server's listing ("borrowed" in the refusal).
    bool borrowed = false;
    bool writtenOff = false; // borrowed, and an admin wrote it off before the refusal (laptop lost)
};

struct DisputeHolderShare
{
    QString holder;
    int seats = 0;
};

// A ticket waiting in the license's line at the moment of the denial.
struct DisputeTicket
{
    QString ticketId;
    QString holder;
    QDateTime queuedAt;
};

// The rules the dashboard knows a license has now (its lease listing): what the reconstruction
// assumes held at a denial when no rules_changed (groups_changed) event before it says otherwise.
struct CurrentSeatRules
{
    SeatRules rules;
    QList<HolderGroup> groups;
};

struct Dispute
{
    // Why the checkout was refused, as the sentence tells it.
    enum class Reason {
        NoSeats, // every seat in use
        ReservedForOthers, // the seats not in use are reserved for groups the holder is not in
        GroupCap, // a group of the holder already holds its cap
        DenyList, // the holder matches a deny entry
        NotAllowed, // the license has an allow list and the holder is not on it
        HolderBlocked, // an admin blocked the holder (revoke with a block)
    };
    // Where the rules at that moment come from.
    enum class RulesSource {
        Event, // the last rules_changed (groups_changed) before the denial
        Current, // none in the loaded events, before or after: the license's rules now
        None, // none known: no change loaded and no current rules given
        Unknown, // they changed after the denial and no earlier change is loaded
    };

    EventRecord denial;
    QString licenseId;
    QString deniedHolder;
    QDateTime at;
    int seatCount = 0;
    int inUse = 0;
    bool serverListed = false; // the refusal (denied or holder_blocked) carried the holders (otherwise: replay only)
    QList<DisputeSeat> seats; // counted ones first, by grant time
    QList<DisputeHolderShare> shares; // counted seats per holder, most first
    int notReturned = 0; // replayed as held but not counted: lapsed without a release
    int unexplained = 0; // counted but granted before the loaded history
    bool consistent = true; // every counted seat is explained by the replay

    SeatRules rules; // in force at that moment, as far as known (rulesSource)
    QList<HolderGroup> groups;
    RulesSource rulesSource = RulesSource::None;
    RulesSource groupsSource = RulesSource::None;
    QDateTime rulesChangedAt; // rulesSource Event: when
    QList<DisputeTicket> waiting; // the line at that moment, head first

    Reason reason = Reason::NoSeats;
    // The decision explained: decideCheckout() on the reconstructed leases and rules, or the
    // server's own record of it (the event's "reason" and numbers) when the two disagree.
    SeatDecision decision;
    bool recordedByServer = false; // the event carried the decision ("reason")
    // The replay does not reproduce the server's recorded decision (events missing, rules not
    // known): the sentence follows the server's record.
    bool incomplete = false;
    QDateTime blockedUntil; // Reason::HolderBlocked

    bool isValid() const { return denial.seq > 0; }
};

class DisputeReconstruction final
{
    Q_DECLARE_TR_FUNCTIONS(DisputeReconstruction)

public:
    // `denial` is a denied or holder_blocked event. `history` holds events of any license in
    // ascending seq order (those after the denial only tell whether the rules changed later).
    // `historyComplete` says whether it reaches back to the license's creation, which decides
    // whether an unexplained seat is an inconsistency or just an older grant. `current` is the
    // license's rules now, assumed when no change before the denial is loaded.
    static Dispute reconstruct(const EventRecord &denial, const QList<EventRecord> &history,
                               bool historyComplete = false, const std::optional<CurrentSeatRules> &current = {});

    // The seats of `event`'s license out on a laptop when it happened, as the history replays
    // them: borrowed, neither returned nor past their expiry by then (written off ones included,
    // marked), in the order they were borrowed. What a refused borrow was up against (walk 53).
    static QList<DisputeSeat> borrowedAt(const EventRecord &event, const QList<EventRecord> &history);

    // The denial in one sentence ("Denied to bob@ws-07: 8 of 10 seats in use and the other 2 are
    // reserved for render (idle)"), in the current language.
    static QString sentence(const Dispute &dispute);
    // Where the rules the sentence used come from, in one sentence; empty when there are none.
    static QString rulesNote(const Dispute &dispute);
};

} // namespace keyright
