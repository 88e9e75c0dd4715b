#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"

#include <QHostAddress>
#include <QJsonObject>
#include <QString>

// The answers every area of HttpApi gives, built one way.
namespace keyright::server::answer {

// `body` as compact JSON.
ApiResponse json(int status, const QJsonObject &body);
// The error body of `error`, with the Allow header of a 405.
ApiResponse error(const ApiError &error);
ApiResponse noContent();

// How the audit log names a client: "client 127.0.0.1" (an IPv4 address mapped into IPv6 is
// written as IPv4).
QString clientActor(const QHostAddress &address);

} // namespace keyright::server::answer
