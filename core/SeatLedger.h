#pragma once

#include "SeatLease.h"
#include "wire/BorrowJson.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

class CompiledSeatRules;

// A lease row as the ledger sees it: the lease and when its holder last did something (unset for
// a client that reports no activity).
struct LedgerSeat
{
    SeatLease lease;
    std::optional<QDateTime> lastActivity;
    // Idle reclaim's mark, while it stands (reclaimMarkStands()): when the seat goes to someone
    // waiting unless its holder acts first. Invalid: not marked.
    QDateTime reclaimAt = {};
    // A borrowed seat an admin wrote off (its laptop lost): set from then on; unset otherwise.
    BorrowWriteOff writeOff = {};

    friend bool operator==(const LedgerSeat &, const LedgerSeat &) = default;
};

// Someone waiting for a seat of the license: a ticket of its line, since when.
struct LedgerWaiter
{
    QString holder;
    QDateTime since;

    friend bool operator==(const LedgerWaiter &, const LedgerWaiter &) = default;
};

// A holder kept out until `until` (a revoke with a block).
struct LedgerBlock
{
    QString holder;
    QDateTime until;

    friend bool operator==(const LedgerBlock &, const LedgerBlock &) = default;
};

// One license at one moment, as the store or the event log gives it back; nothing in it reads a
// clock.
struct LedgerInput
{
    int seatCount = 0;
    QList<LedgerSeat> seats; // every lease row, live or not
    QList<LedgerWaiter> waiting;
    QList<LedgerBlock> blocks; // those that ended before `now` are left out
    QDateTime now;
    std::chrono::milliseconds skew {0};
    // A holder whose last activity is older than this is "held but idle".
    std::chrono::minutes idleAfter {30};
};

// Where every seat of a license is at one moment (issue 26, "where are my ten?"): each of the
// seat count in exactly one category, the holders behind each, who waits and who is blocked. The
// server's ledger route, `keyright explain` and the dashboard's ledger bar all read this one
// function, so they cannot count differently.
struct SeatLedger
{
    enum class Category {
        InUse, // live, used within idleAfter
        ActivityUnknown, // live, its client reports no activity: counted as in use, never idle
        Idle, // live, no activity for more than idleAfter
        SecondSeat, // a later live seat of a person (the name before '@') who already holds one
        Borrowed, // live, taken offline (issue 27): counted until it is returned or expires
        Expiring, // past its expiry but still live within the skew: the client stopped renewing
        ReservedIdle, // reserved for `group`, nobody of it holding the seat
        Free, // anyone admitted may take it
        OverCount, // live seats beyond the seat count (it was lowered under them): they end as they expire
        Expired, // rows past expiry and skew, waiting for the reaper: they hold no seat
    };

    struct Holding
    {
        QString seatId;
        QString holder;
        QString group; // the reservation the seat counts against, empty for a shared seat
        // Idle: the last activity; InUse: the last activity too; Borrowed, Expiring and Expired: the expiry;
        // SecondSeat and ActivityUnknown: invalid.
        QDateTime since;
        // Idle: when idle reclaim gives the seat to someone waiting, if it marked it; else invalid.
        QDateTime reclaimAt = {};
        // Borrowed: written off (its laptop lost), when, by whom and why; unset otherwise. Still
        // counted until `since`, like any borrowed seat (walk 51b N2).
        BorrowWriteOff writeOff = {};

        friend bool operator==(const Holding &, const Holding &) = default;
    };

    struct Line
    {
        Category category = Category::Free;
        int seats = 0; // Expired: always 0
        QString group; // ReservedIdle
        QList<Holding> holdings; // the longest idle, the earliest expired first

        friend bool operator==(const Line &, const Line &) = default;
    };

    int seatCount = 0;
    QList<Line> lines; // in the order of Category, only those with seats or holdings
    QList<LedgerWaiter> waiting; // the longest waiting first
    QList<LedgerBlock> blocks; // the soonest to end first

    // The seats the lines account for: every line's seats, less those above the count. Equals
    // seatCount, always.
    int accounted() const;
    const Line *line(Category category, const QString &group = {}) const;

    friend bool operator==(const SeatLedger &, const SeatLedger &) = default;
};

// The ledger of `input` under the license's rules (which decide what is reserved for whom).
SeatLedger accountSeats(const CompiledSeatRules &rules, const LedgerInput &input);

// "alice" of "alice@ws-12": the person, whatever the machine; the whole label when it has no '@'.
QString holderPerson(const QString &holder);

} // namespace keyright
