#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QString>
#include <QUrlQuery>

#include <functional>
#include <utility>

namespace keyright::server {

// A request as HttpApi needs it, detached from any socket so it can be built in unit tests.
struct ApiRequest
{
    QByteArray method; // "GET", "POST", ...
    QString path; // decoded, such as "/v1/licenses/acme-cad/checkout"
    QUrlQuery query;
    QByteArray authorization; // the Authorization header, empty when absent
    QByteArray body;
    QHostAddress remoteAddress;
};

struct ApiResponse
{
    int status = 200;
    QByteArray contentType; // empty for a response without body (204)
    QByteArray body;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QString route; // metrics label of the route that answered, "unmatched" when none did
    // Set for an answer that takes long to compute from what the request has already read (a
    // what-if replay): RequestTurn runs it on its background pool, off the event loop, and sends
    // what it returns instead of this response. It must touch nothing shared.
    std::function<ApiResponse()> background;
    // Set for an answer that must be computed on the event loop once the turn's transaction has
    // committed, with no transaction open on the store (a backup of the store, which then holds
    // every change acknowledged before it): RequestTurn runs it before answering any request of
    // the turn and sends what it returns instead of this response.
    std::function<ApiResponse()> afterCommit;
};

} // namespace keyright::server
