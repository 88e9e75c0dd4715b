#pragma once

#include <chrono>
#include <functional>

namespace keyright {

// Serves the event loop (so servers, proxies and clients in this process go on working) until
// `done` holds or `bound` runs out; returns done(). For tests on real time, where a test waits for
// something other processes do and QTRY_* would sleep in 50 ms naps between looks.
bool serveUntil(const std::function<bool()> &done, std::chrono::milliseconds bound);
// Serves the event loop for `span`, whatever happens.
void serveFor(std::chrono::milliseconds span);

} // namespace keyright
