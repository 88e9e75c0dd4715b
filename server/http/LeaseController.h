#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "seats/SeatService.h"

#include <QString>

namespace keyright::server {

// The lease routes of the clients (checkout, seat heartbeat, release, ticket heartbeat, leaving
// the line, borrowing and returning), once Authenticator has accepted the license key: parses each request, calls
// SeatService and turns its typed result into the answer of docs/API.md.
class LeaseController
{
public:
    explicit LeaseController(SeatService &seats);

    // Answers a route of ApiRoute::Area::Lease for `actor` ("client 127.0.0.1"). Throws StoreError.
    ApiResponse handle(const ApiRoute &route, const ApiRequest &request, const QString &actor);

    // The answer to a heartbeat's outcome. Touches nothing shared: RequestTurn builds the answers
    // of a turn's renewals on the signing threads.
    static ApiResponse heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result);

private:
    ApiResponse checkout(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    // The 403/409 answer of a checkout the seat rules refused (docs/API.md, "Rule denials"), and of
    // a borrow they refused (`borrowing`: the sentence does not say when a lease may run out, which
    // is no answer to a borrow of days; the members keep it).
    static ApiError checkoutDenial(const ApiRoute &route, const QString &holder,
                                   const SeatService::CheckoutResult &result, bool borrowing = false);
    ApiResponse heartbeat(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse ticketHeartbeat(const ApiRoute &route, const QString &actor);
    ApiResponse leaveQueue(const ApiRoute &route, const QString &actor);
    ApiResponse release(const ApiRoute &route, const QString &actor);
    ApiResponse borrow(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    // The answer of a borrow the policy or the seat rules refused, in one sentence.
    static ApiError borrowDenial(const ApiRoute &route, const QString &holder, const SeatService::BorrowResult &result);
    ApiResponse returnBorrowed(const ApiRoute &route, const ApiRequest &request, const QString &actor);

    SeatService &m_seats;
};

} // namespace keyright::server
