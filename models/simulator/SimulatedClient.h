#pragma once

#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "ServerSeatView.h"
#include "SkewedClock.h"
#include "TimelineEvent.h"

#include <QList>
#include <QObject>

#include <chrono>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QTemporaryDir;

namespace keyright {

struct SimulatedClientSpec
{
    QString name; // shown to the room; the holder label is derived from it
    QString licenseId; // empty: the simulation's current license
    std::chrono::milliseconds offset {0};
    LeaseKeeper::ExpiryPolicy policy = LeaseKeeper::ExpiryPolicy::Monotonic;
    // Waits in the license's line for at most this long when no seat is free; nullopt: refused
    // at once, retried every couple of seconds.
    std::optional<std::chrono::seconds> waitInLine;
    // Several instances of one site (the simulation's order): the client fails over between them
    // and starts on firstInstance. Empty: the one server URL the client is made with.
    QList<QUrl> instanceUrls;
    int firstInstance = 0;
    // Where this machine keeps its borrowed lease files: a folder that outlives the dashboard, so
    // a seat it still holds borrowed when the dashboard stops, is killed or crashes can be given
    // back at the next run (Simulation::setSandboxDirectory). Empty: a temporary folder of its
    // own, removed with the client.
    QString borrowDirectory;
};

// One simulated machine: a real LeaseClient and LeaseKeeper talking to the real server, whose only
// fake part is its wall clock (a SkewedClock over the simulation's base clock). It records what
// happened to it on the shared time axis and what the server says about its seat.
class SimulatedClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimulatedClient)

public:
    // What the client itself believes, as one value the view can colour.
    enum class Belief {
        NotStarted,
        Acquiring, // asking for its first seat
        Acting, // holds a lease it believes live: the application works
        Lapsed, // its lease lapsed by its own rule; re-acquiring, not acting
        Degraded, // lapsed and no seat came back: the application must stop
        Stopped, // released or crashed
    };
    Q_ENUM(Belief)

    // One run-length sample of the client's belief and the server's view, for the timeline lanes.
    struct Sample
    {
        QDateTime at;
        Belief belief = Belief::NotStarted;
        bool serverCounts = false; // the server counts this client's seat at `at`
        bool networkCut = false;
    };

    SimulatedClient(QNetworkAccessManager &network, const QUrl &serverUrl, QByteArrayView licenseKey, const Clock &base,
                    const SimulatedClientSpec &spec, QObject *parent = nullptr);
    ~SimulatedClient() override;

    QString name() const { return m_spec.name; }
    // What the room sees; the holder label the server knows is kept.
    void setName(const QString &name);
    QString holder() const;
    QString licenseId() const { return m_spec.licenseId; }
    LeaseKeeper::ExpiryPolicy policy() const { return m_spec.policy; }
    LeaseKeeper &keeper() { return *m_keeper; }
    const LeaseKeeper &keeper() const { return *m_keeper; }
    LeaseClient &leaseClient() { return *m_client; }
    const Clock &localClock() const { return m_clock; }
    // Index in SimulatedClientSpec::instanceUrls of the instance that answered its keeper last
    // (before any answer, the one it starts on); -1 without instances.
    int instance() const;
    QList<QUrl> instanceUrls() const { return m_spec.instanceUrls; }

    std::chrono::milliseconds offset() const;
    void setOffset(std::chrono::milliseconds offset);
    // The rollback "exploit": the wall clock jumps back by `by`.
    void setClockBack(std::chrono::milliseconds by);

    void start();
    void crash();
    void release();
    // Its user did something `ago` before now (0: now): the keeper tells the server, and idle
    // reclaim goes by it.
    void noteActivity(std::chrono::milliseconds ago);
    // Borrows a seat for `days` instead of checking out (issue 27): the lease the server lends is
    // written to this machine's own borrowed lease file (SimulatedClientSpec::borrowDirectory, or
    // a temporary directory of its own, as each client is a computer of its own), and the keeper holds it from there
    // with no request (LeaseKeeper::startBorrowed, with the license's skew), so a clock turned back is judged by the
    // offline check. A refusal keeps its sentence (borrowRefusal()); another call tries again.
    void borrow(int days);
    // Gives the borrowed seat back early (DELETE .../borrow/{seat}) with the return secret its
    // borrow gave; the keeper stops holding it.
    void returnBorrowed();
    // It holds a borrowed seat that returnBorrowed() would send back now.
    bool canReturnBorrowed() const;
    // The seat this client borrowed and the secret that returns it early (issue 27), while it
    // holds one: the simulation keeps them when the client goes, to return only its own seats on
    // a reset. Empty and unset otherwise.
    QString borrowedSeatId() const { return m_borrowedSeatId; }
    BorrowReturnSecret returnSecret() const { return m_returnSecret; }
    // Holds (or held, until it was returned) a borrowed seat rather than a checked-out one.
    bool isBorrowing() const { return m_borrowing; }
    // Why the last borrow was refused, in the interface's language when the server sent the
    // refusal's numbers (BorrowRefusalText), else its sentence; empty once a borrow was granted.
    QString borrowRefusal() const { return m_borrowRefusal; }
    // The borrowed lease file, when it borrowed (its state can be read, as `keyright borrowed` does).
    std::optional<BorrowedLeaseFile> borrowedFile() const;
    // SimulatedClientSpec::borrowDirectory (empty: a temporary one).
    QString borrowDirectory() const { return m_spec.borrowDirectory; }

    // The keeper's requests fail as transport errors for `duration` of simulated time.
    void cutNetwork(std::chrono::milliseconds duration);
    bool isNetworkCut() const;
    // The cut ends now rather than when due: it is part of the story, and a client leaving the
    // simulation gives its seat back over a network that works (walk 55, 1).
    void endNetworkCut();
    bool isCrashed() const { return m_crashed; }
    // Simulated time left before the network comes back (0 when not cut).
    std::chrono::milliseconds networkCutRemaining() const;

    Belief belief() const;
    // The client's own verdict on the lease it holds: live by its rule, or lapsed.
    bool believesLeaseLive() const;

    ServerSeatView serverView() const { return m_serverView; }
    void setServerView(const ServerSeatView &view);
    // The license's skew, so a freshly signed lease shows when the server stops counting it.
    void setLicenseSkew(std::chrono::milliseconds skew) { m_skew = skew; }
    // How often a simulated laptop holding a borrowed lease moves its latest time seen forward.
    static constexpr std::chrono::milliseconds borrowedCheckInterval {1000};
    // Every seat id this client was ever granted, oldest first.
    QStringList seatIds() const { return m_seatIds; }

    QList<TimelineEvent> events() const { return m_events; }
    QList<Sample> samples() const { return m_samples; }
    // Every lease the keeper received from the server (checkouts and renewals).
    QList<SeatLease> receivedLeases() const { return m_received; }
    int checkouts() const { return m_checkouts; }

    // Restores a cut network when due, lets the keeper evaluate, and records a sample.
    void tick();

Q_SIGNALS:
    void changed();
    void eventAdded(const keyright::TimelineEvent &event);

private:
    void record(TimelineEvent::Kind kind, const QString &detail = {});
    void noteLease(const SeatLease &lease);
    void sample();

    const Clock &m_base;
    SimulatedClientSpec m_spec;
    QString m_holder; // from the name it started with
    SkewedClock m_clock;
    LeaseClient *m_client = nullptr;
    LeaseKeeper *m_keeper = nullptr;
    std::optional<std::chrono::milliseconds> m_cutUntil; // base monotonic
    std::chrono::milliseconds m_skew {0};
    bool m_started = false;
    bool m_crashed = false;
    bool m_borrowing = false;
    bool m_borrowPending = false;
    QString m_borrowRefusal;
    QString m_borrowedSeatId;
    BorrowReturnSecret m_returnSecret;
    std::unique_ptr<QTemporaryDir> m_borrowDir; // this machine's borrowed lease files
    int m_lastInstance = -1; // the instance last recorded, for InstanceChanged
    int m_checkouts = 0;
    ServerSeatView m_serverView;
    QStringList m_seatIds;
    QList<TimelineEvent> m_events;
    QList<Sample> m_samples;
    QList<SeatLease> m_received;
};

} // namespace keyright
