#pragma once

#include <QJsonObject>
#include <QString>

namespace keyright {

// Why a request to the lease server did not give what was asked, in a form a caller can switch on
// and a person can read.
struct ClientError
{
    enum class Kind {
        None,
        Transport, // unreachable, refused, timed out, reset: the server may never have seen it
        Tls, // TLS handshake or certificate problem
        Unauthorized, // 401: wrong or missing token / license key
        NotFound, // 404
        BadRequest, // 400 / 413: the server names the problem in `message` (and `field`)
        Conflict, // 409 (other than no seats, which LeaseClient reports as its own outcome)
        Forbidden, // 403
        Gone, // 410
        Server, // 5xx
        Protocol, // the reply was not what the v1 contract says (or a lease failed verification)
        // The listed instances sign with different keys, or with another key than the pinned one:
        // nothing was sent, and the message names the servers.
        KeyMismatch,
    };

    Kind kind = Kind::None;
    int httpStatus = 0;
    QString code; // the server's "error" field when there is one
    QString field; // the server's "field" for invalid_request
    QString message; // for a person
    // 403 forbidden: the role the route needs and the role the token has ("operator", "viewer").
    QString requiredRole;
    QString heldRole;
    // The error object's other members (docs/API.md, "Errors": group_in_use's group and licenses,
    // too_many_failures' retryAfterSeconds, ...), for a caller that reads a code's details.
    QJsonObject extra;

    // A command that changes something was sent to an instance that then gave no answer: it may
    // have been carried out. It is never sent again to another instance; the caller re-reads.
    bool mayHaveHappened = false;

    bool isError() const { return kind != Kind::None; }
};

} // namespace keyright
