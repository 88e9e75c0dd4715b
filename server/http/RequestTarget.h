#pragma once

#include "http/ApiError.h"

#include <QByteArrayView>
#include <QString>
#include <QUrlQuery>

#include <optional>

namespace keyright::server {

// The target of a request ("/v1/licenses/acme-cad/leases?x=1"), decoded the one way the routes
// read it, so that no proxy in front can route one request while the server serves another
// (issue 24). The path is split into segments at its "/" first and each segment is decoded after,
// and everything that could be read in two ways is refused (400, naming it):
// - a byte outside ASCII (a URI has none; percent-encode it), a fragment ("#");
// - an encoded "/" (%2F) in a segment: it would split differently before and after decoding;
// - an unreserved character sent percent-encoded ("/%6Detrics" for "/metrics"): RFC 3986 calls
//   the two equal, and a proxy that does not normalize them would not see the route served;
// - a "." or ".." segment, which a proxy may resolve and the server would not;
// - a "%" not followed by two hex digits, or a segment or query parameter that is not UTF-8
//   once decoded (as a body that is not UTF-8 is refused).
struct RequestTarget
{
    QString path; // decoded, such as "/v1/licenses/acme-cad/leases"
    QUrlQuery query;

    // `target` is the origin-form target as sent (it starts with "/").
    static std::optional<RequestTarget> decode(QByteArrayView target, ApiError *error = nullptr);
};

} // namespace keyright::server
