#pragma once

#include "ValidationError.h"

#include <QUrlQuery>

#include <optional>

namespace keyright {

// POST /v1/admin/backup (docs/API.md): a consistent copy of the server's SQLite store, taken by
// the running server with SQLite's online backup API. The answer's body is the copy itself, a
// SQLite database of media type storebackup::mediaType. Its query is built and read here, once
// for the server and for `keyright-server backup`.
namespace storebackup {
inline constexpr char16_t includeKeyParameter[] = u"includeKey";
inline constexpr char mediaType[] = "application/vnd.sqlite3";
} // namespace storebackup

struct StoreBackupQuery
{
    // Whether the copy also holds the server's signing key (its Ed25519 seed).
    bool includeKey = false;

    // "includeKey=true" when asked, nothing otherwise.
    QUrlQuery toQuery() const;
    // includeKey: true/false/1/0 (or empty: true); absent: false. Any other parameter or value is
    // refused, naming it.
    static std::optional<StoreBackupQuery> fromQuery(const QUrlQuery &query, ValidationError *error = nullptr);
};

} // namespace keyright
