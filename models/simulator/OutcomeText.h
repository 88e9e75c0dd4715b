#pragma once

#include "LeaseClient.h"

#include <QString>

#include <variant>

namespace keyright {

// The sentence of an outcome that is not the server's answer (the network, the key, a malformed
// answer), for any of LeaseClient's outcome variants; empty for the others.
template <typename Outcome>
QString failureText(const Outcome &outcome)
{
    if (const auto *transport = std::get_if<outcome::Transport>(&outcome))
        return transport->message;
    if (const auto *unauthorized = std::get_if<outcome::Unauthorized>(&outcome))
        return unauthorized->message;
    if (const auto *protocol = std::get_if<outcome::Protocol>(&outcome))
        return protocol->message;
    return {};
}

// The same for a release or a return, where the server may also refuse an early return (not the
// laptop that borrowed the seat): its sentence.
inline QString failureText(const ReleaseOutcome &outcome)
{
    if (const auto *refused = std::get_if<outcome::ReturnRefused>(&outcome))
        return refused->message;
    return failureText<ReleaseOutcome>(outcome);
}

} // namespace keyright
