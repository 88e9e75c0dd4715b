#include "ExitCode.h"

namespace keyright::cli {

int exitCodeFor(const ClientError &error)
{
    switch (error.kind) {
    case ClientError::Kind::None:
        return Ok;
    case ClientError::Kind::Unauthorized:
        return Unauthorized;
    case ClientError::Kind::NotFound:
        return NotFound;
    case ClientError::Kind::Transport:
    case ClientError::Kind::Tls:
        return Unreachable;
    case ClientError::Kind::BadRequest:
        // The server names the field; for a person it is the option they passed.
        return Usage;
    case ClientError::Kind::Forbidden:
        return Forbidden;
    case ClientError::Kind::Conflict:
    case ClientError::Kind::Gone:
    case ClientError::Kind::Server:
    case ClientError::Kind::Protocol:
    case ClientError::Kind::KeyMismatch:
        break;
    }
    return Failure;
}

} // namespace keyright::cli
