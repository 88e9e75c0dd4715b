#pragma once

#include "LeaseKeeper.h"
#include "SeatDecision.h"
#include "SeatRules.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// A scripted demonstration: the clients to create, what happens to them and when, the sandbox
// licenses it runs on, and what the trainer tells the room. A preset never plays on a license
// somebody else uses: its clients check out licenses of its own (`licenses`, ids starting with
// DemoCatalogue::sandboxLicensePrefix()), which the simulation creates with the seats, TTL and
// skew the story needs, so the narration holds on any server whatever its other holders do.
// Times are simulated time since the preset started and are derived from the timing's TTL.
//
// Adding a preset: a number after the last, a title in titles(), a case in make() that fills
// `clients`, `actions`, `duration`, `narration` and at least one SandboxLicense per role used.
struct ScenarioPreset
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioPreset)

public:
    // Which license a scripted client checks out against.
    enum class LicenseRole {
        Main, // the scenario's own sandbox license
        TolerantSkew, // a one-seat sandbox license whose skew absorbs the slow client's offset
        ZeroSkew, // the same with a skew of zero
    };

    // A license the preset creates (or takes back, when it exists from an earlier run) and
    // empties before it starts. TTL and reap grace come from the preset's Timing.
    struct SandboxLicense
    {
        LicenseRole role = LicenseRole::Main;
        QString id; // sim-...
        int seatCount = 1;
        std::chrono::milliseconds skew {0};
        // The license's reclaimIdle rule (its default, for every holder); nullopt: none, and the
        // provisioner clears one an earlier run or a person left there.
        std::optional<IdleReclaim> reclaimIdle = std::nullopt;
        // Its borrowing policy (issue 27); nullopt: it lends nothing, and the provisioner takes
        // away a policy an earlier run or a person gave it.
        std::optional<BorrowPolicy> borrow = std::nullopt;
    };

    struct Client
    {
        QString name;
        std::chrono::milliseconds offset {0};
        LeaseKeeper::ExpiryPolicy policy = LeaseKeeper::ExpiryPolicy::Monotonic;
        LicenseRole license = LicenseRole::Main;
        // Waits in the license's line for at most this long when no seat is free
        // (LeaseKeeper::setWaitInLine); nullopt: refused at once, and retries.
        std::optional<std::chrono::seconds> waitInLine = std::nullopt;
    };

    // ServerClockJump moves the server's own wall clock by `amount` (signed); it needs a
    // simulation that can (ScenarioPlayer::setServerClockJumper), and its `client` is not used.
    // KillInstance and ReviveInstance act on the server instance `client` (busiestInstance: the
    // live one most running clients talk to; for a revival, the last one killed); they need a
    // simulation with instances (ScenarioPlayer::setInstanceHooks). Use is the client's user doing
    // something `amount` ago (LeaseKeeper::noteActivity; 0: now), which idle reclaim goes by.
    // Borrow takes a seat offline for `amount` (whole days, at least one) instead of checking out:
    // the client then holds it from its borrowed lease file with no request (LeaseKeeper::
    // startBorrowed); a refusal stays on its row. ReturnBorrow gives the borrowed seat back early.
    enum class ActionKind {
        Start,
        Crash,
        CutNetwork,
        ClockBack,
        SetOffset,
        Release,
        ServerClockJump,
        KillInstance,
        ReviveInstance,
        Use,
        Borrow,
        ReturnBorrow
    };
    static constexpr int busiestInstance = -1;

    struct Action
    {
        std::chrono::milliseconds at {0};
        int client = 0; // index into clients, or an instance for the instance actions
        ActionKind kind = ActionKind::Start;
        std::chrono::milliseconds amount {0}; // cut duration, rollback, new offset, or how long ago (Use)
    };

    // The license timing a preset is built for; the defaults are the ones its sandbox licenses get.
    struct Timing
    {
        std::chrono::milliseconds ttl {15000};
        std::chrono::milliseconds skew {2000};
        std::chrono::milliseconds reapGrace {5000};
        int seatCount = 3;
    };

    static constexpr int count = 11;
    // The tolerant skew of preset 6, and its two sandbox licenses.
    static constexpr int sandboxSkewSeconds = 5;
    static QString tolerantSkewLicenseId();
    static QString zeroSkewLicenseId();
    // The sandbox license of the preset `key` ("sim-" + key).
    static QString sandboxLicenseId(const QString &key);

    int number = 0; // 1..count
    // stable identifier: fast-clock, slow-clock, crash, flaky-network, rollback, skew, server-clock-jump,
    // instance-dies, idle-hog, laptop-trip, borrowed-clock-back
    QString key;
    QString title;
    QString narration; // what the room should watch for, a few sentences
    QList<Client> clients;
    QList<Action> actions;
    QList<SandboxLicense> licenses; // one per role the clients use
    Timing timing; // of the sandbox licenses
    // More than 1: the clients get every instance's URL, client i starting on instance i % instances.
    int instances = 1;
    std::chrono::milliseconds duration {0}; // when the story is told; the simulation runs on

    // The preset `number` (1..count) on sandbox licenses with `timing` (its seat count is not
    // used: each sandbox license gets the seats its story needs); nullopt for another number.
    static std::optional<ScenarioPreset> make(int number, const Timing &timing, QString *why = nullptr);
    // The same with the default Timing, the one the simulator plays on.
    static std::optional<ScenarioPreset> make(int number, QString *why = nullptr);
    // Titles for a picker, in order, in the interface's language.
    static QStringList titles();
    // The title of preset `number` in English, as the server keeps it; empty for another number.
    static QString englishTitle(int number);
    // Whether playing it moves the server's own clock (a ServerClockJump action).
    bool jumpsServerClock() const;
    // Whether it plays on several server instances (instances > 1).
    bool usesInstances() const { return instances > 1; }
    // The sandbox license playing `role`, or nullptr.
    const SandboxLicense *sandbox(LicenseRole role) const;
};

} // namespace keyright
