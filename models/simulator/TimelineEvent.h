#pragma once

#include <QDateTime>
#include <QString>

namespace keyright {

// One thing that happened to a simulated client, placed on the simulation's shared time axis
// (the base clock, which is the server's time when both run on one clock).
struct TimelineEvent
{
    enum class Kind {
        Checkout, // first seat granted
        Beat, // a heartbeat returned a newly signed lease
        BeatLost, // a request failed in transport; nothing changes yet
        SeatLost, // the server said the seat is gone
        Lapsed, // the held lease lapsed by this client's own rule
        Reacquire, // a new seat after a lapse or a loss
        Degrade, // lapsed and could not re-acquire: the application must stop
        Recover, // holds a seat again after degrading
        Release, // gave the seat back
        Crash, // stopped without releasing
        NetworkCut, // the trainer cut its network
        NetworkBack, // the cut ended
        ClockChanged, // the trainer moved its wall clock
        InstanceChanged, // another server instance than before answered its keeper
        ReclaimWarned, // idle reclaim marked its seat for someone waiting: it goes unless used
        Borrowed, // a seat borrowed: held offline from its lease file until returned or ended
        BorrowRefused, // the server refused to lend a seat; the detail is its sentence
        Returned, // the borrowed seat given back early
    };

    Kind kind = Kind::Checkout;
    QDateTime at; // base (shared axis) time
    QDateTime localTime; // what the client's own wall clock read at that moment
    QString detail;
};

} // namespace keyright
