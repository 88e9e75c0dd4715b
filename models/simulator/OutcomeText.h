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

} // namespace keyright
