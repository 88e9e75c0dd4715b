#pragma once

#include "LeaseKeeper.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// A scripted demonstration: the clients to create, what happens to them and when, and what the
// trainer tells the room. Times are simulated time since the preset started and are derived from
// the license's own TTL and skew, so a preset plays the same story on any short-TTL license.
struct ScenarioPreset
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioPreset)

public:
    // Which license a scripted client checks out against.
    enum class LicenseRole {
        Picked, // the license the trainer picked
        TolerantSkew, // a one-seat sandbox license whose skew absorbs the slow client's offset
        ZeroSkew, // the same with a skew of zero
    };

    struct Client
    {
        QString name;
        std::chrono::milliseconds offset {0};
        LeaseKeeper::ExpiryPolicy policy = LeaseKeeper::ExpiryPolicy::Monotonic;
        LicenseRole license = LicenseRole::Picked;
    };

    enum class ActionKind { Start, Crash, CutNetwork, ClockBack, SetOffset, Release };

    struct Action
    {
        std::chrono::milliseconds at {0};
        int client = 0; // index into clients
        ActionKind kind = ActionKind::Start;
        std::chrono::milliseconds amount {0}; // cut duration, rollback, or new offset
    };

    // The license timing a preset is built for.
    struct Timing
    {
        std::chrono::milliseconds ttl {15000};
        std::chrono::milliseconds skew {2000};
        std::chrono::milliseconds reapGrace {5000};
        int seatCount = 3;
    };

    static constexpr int count = 6;
    // Sandbox licenses of preset 6 (created by the simulator on the connected server).
    static constexpr int sandboxSkewSeconds = 5;
    static QString tolerantSkewLicenseId();
    static QString zeroSkewLicenseId();

    int number = 0; // 1..6
    QString key; // stable identifier: fast-clock, slow-clock, crash, flaky-network, rollback, skew
    QString title;
    QString narration; // what the room should watch for, a few sentences
    QList<Client> clients;
    QList<Action> actions;
    std::chrono::milliseconds duration {0}; // when the story is told; the simulation runs on

    // The preset `number` (1..6) for a license with `timing`; nullopt for another number or a
    // license whose seat count the preset cannot fill (rollback fills the pool).
    static std::optional<ScenarioPreset> make(int number, const Timing &timing, QString *why = nullptr);
    // Titles for a picker, in order.
    static QStringList titles();
    static int maxSeatsForRollback() { return 6; }
};

} // namespace keyright
