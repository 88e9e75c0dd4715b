#pragma once

#include "ClientError.h"

namespace keyright::cli {

// The process exit codes scripts switch on (documented in `keyright --help` and docs/CLI.md).
enum ExitCode : int {
    Ok = 0,
    Failure = 1, // anything not listed below
    Usage = 2, // bad command line, or a value the server refused as invalid
    Unauthorized = 3, // admin token or license key refused
    NotFound = 4, // unknown license or seat
    NoSeats = 5, // hold: every seat is taken, or the holder is blocked
    Unreachable = 6, // no answer from the server (refused, timed out, TLS failure)
    Forbidden = 7, // the token's role may not do this
    BadLeaseFile = 8, // a borrowed lease file here cannot be read: damaged, open to others, unreadable
};

int exitCodeFor(const ClientError &error);

} // namespace keyright::cli
