#pragma once

#include "http/ApiMessages.h"
#include "http/HttpApi.h"
#include "seats/SeatService.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <optional>

namespace keyright::server {

class LeaseStore;

// One turn of the event loop, from the requests read in it to their answers: the owner of group
// commit. The transport (HttpFrontend) hands each parsed request to submit() and writes back
// whatever answer it is given; everything between is here.
//
// The requests of a turn share one store transaction (LeaseStore::beginBatch), each in its own
// unit, so a request that fails is undone alone. A store that says it must not batch whole turns
// in arrival order (LeaseStore::batchesTurns(): PostgreSQL, shared by several instances) runs
// each request that is not one of the lease routes as its own transaction when it arrives, and
// the turn's lease routes (checkouts, releases, ticket heartbeats, leaving the line, renewals)
// together as one transaction at its end, every license they name locked first (storeShared()).
// Answers wait in memory and go out only after the transaction that holds their change has
// committed: a client never holds an acknowledgement of a change that a crash could still take
// back, and one commit (one WAL append, one fsync) serves the whole turn instead of one per
// request. If that commit fails, every answer it carried is a 500 (or 503) and nothing of it is
// kept.
//
// A heartbeat is authorized when it arrives and renewed at the end of the turn together with the
// others: planned with one read of all their rows (SeatService::planRenewals), signed (on a
// thread pool where the machine has cores to spare: signing is the largest single cost of a
// renewal and the only one that needs no shared state), then stored in one unit that first locks
// every license of the turn's heartbeats in ascending id order, writes every renewal whose seat
// is unchanged and still live with one statement (SeatService::completeRenewals), and decides
// the others afresh (SeatService::heartbeat: renewed, or why not). On a shared store the other
// lease routes are taken when they arrive too (HttpApi::authorizedLeaseCall: only the hash of
// their license key kept) and decided at the end of the turn, in arrival order, key check first,
// by the same SeatService calls as alone, before the renewals and in the same transaction; what
// they read of their licenses is read once for all of them (TurnReads).
//
// Why that transaction cannot deadlock with another instance's: the only locks it waits for are
// license rows, all taken at its start with one statement in one global order (ascending id,
// the same on every instance), and rows that only a holder of their license's lock touches
// (lease rows, tickets, blocks); its other writes, counter components of this instance's own
// replica id, appended events and usage spans, are rows no other instance writes, and holder
// groups are read without a lock. A cycle of waits would need some transaction to wait for a
// license lower than one it holds. Requests that are not on the lease routes run transactions
// of their own that each lock one license (or none) and wait for nothing once they hold it, so
// they cannot close a cycle either. Whole turns (checkouts and admin requests mixed, in arrival
// order) are batched only on a store that is not shared.
class RequestTurn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RequestTurn)

public:
    // Receives a request's answer, once: only after the turn's transaction has committed (or
    // failed to).
    using Answer = std::function<void(const ApiResponse &response)>;

    RequestTurn(HttpApi &api, SeatService &seats, LeaseStore &store, QObject *parent = nullptr);
    // Finishes the turn in progress: what it changed is committed and answered.
    ~RequestTurn() override;

    // A turn ends when the event loop comes back, or as soon as it holds this many requests,
    // whichever is first: it bounds how long the first answer of a turn waits.
    static constexpr int maxRequests = 256;

    // Takes the request into the current turn, opening one if none is. The turn keeps nothing of
    // the request itself (the caller may wipe its credentials as soon as this returns).
    void submit(const ApiRequest &request, Answer answer);
    // Ends the current turn: signs its renewals, stores them, commits, and answers every request
    // of the turn in the order they were submitted. Does nothing when no turn is open.
    void finish();

    // Requests submitted to the current turn and not answered yet.
    qsizetype pending() const { return m_requests.size(); }

    // Answers computed off the event loop (ApiResponse::background) run here, after their turn
    // has committed, at most this many at a time waiting or running; one more is answered 503
    // server_busy. The pool has half the machine's cores (at least one): the event loop and the
    // signing keep the rest.
    static constexpr int maxBackground = 8;
    QThreadPool &backgroundPool() { return m_background; }
    int backgroundRunning() const { return m_backgroundCount; }

private:
    struct Request
    {
        Answer answer;
        ApiResponse response; // filled in by finish() for a renewal
        QElapsedTimer timer; // since the request was read, for the latency metric of a background answer
    };
    struct Renewal
    {
        qsizetype request = 0; // its index in m_requests
        HttpApi::Heartbeat heartbeat;
        std::optional<SeatService::RenewalPlan> plan; // none: decided afresh when stored
        QElapsedTimer timer; // since the request was read, for the latency metric
        ApiResponse renewed; // the answer if the renewal is stored as planned
        ApiResponse response; // the answer, once stored (or not)
    };

    struct Call
    {
        qsizetype request = 0; // its index in m_requests
        HttpApi::LeaseCall call;
        ApiResponse response; // once decided (and committed, or not)
    };

    // Plans every renewal of the turn with one read (a seat beaten twice is planned once).
    void planRenewals();
    // Signs every planned renewal of the turn and builds its answer.
    void signRenewals();
    // Stores the turn's renewals (see the class comment) in one unit of the open batch and fills
    // in each one's answer.
    void storeRenewals();
    // On a store that does not batch whole turns: decides the turn's lease calls and stores its
    // renewals in one transaction of their own, their licenses locked first in ascending id
    // order, and fills in every answer (all of them failures if the commit fails).
    void storeShared();
    // Runs `request`'s background answer on the pool and answers it when done.
    void answerInBackground(Request request);
    // heartbeat() for a renewal that was not planned or changed since its plan. Throws StoreError.
    ApiResponse decideAfresh(const Renewal &renewal);

    HttpApi &m_api;
    SeatService &m_seats;
    LeaseStore &m_store;
    QList<Request> m_requests;
    QList<Renewal> m_renewals;
    QList<Call> m_calls; // lease calls decided at the end of the turn (a store that does not batch turns)
    bool m_finishQueued = false;
    bool m_batched = false; // this turn runs as one store batch (LeaseStore::batchesTurns())
    int m_backgroundCount = 0; // background answers not given yet
    // Last member: destroyed first, it waits for the jobs still running (they touch nothing of
    // the turn); their answers are then dropped with the watchers, the turn's children.
    QThreadPool m_background;
};

} // namespace keyright::server
