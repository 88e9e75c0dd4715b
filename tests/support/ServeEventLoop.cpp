#include "ServeEventLoop.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>

namespace keyright {

bool serveUntil(const std::function<bool()> &done, std::chrono::milliseconds bound)
{
    const QDeadlineTimer deadline(bound);
    while (!done() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return done();
}

void serveFor(std::chrono::milliseconds span)
{
    serveUntil([] { return false; }, span);
}

} // namespace keyright
