#include "http/StoreFailureLog.h"

#include "Clock.h"
#include "store/StoreTypes.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

StoreFailureLog::StoreFailureLog(const Clock &clock, std::chrono::milliseconds window)
    : m_clock(clock)
    , m_window(window)
{ }

QString StoreFailureLog::failed(const QLoggingCategory &category, const QString &what, const StoreError &failure)
{
    QString reason = QString::fromUtf8(failure.what());
    reason.replace(u"\n\t"_s, u"; "_s);
    reason.replace(u'\n', u"; "_s);
    while (reason.endsWith(u"; "_s))
        reason.chop(2);
    QString line = u"%1 failed in the store: %2"_s.arg(what, reason);
    if (failure.kind() == StoreError::Kind::Unavailable) {
        const std::lock_guard lock(m_mutex);
        const auto now = m_clock.monotonic();
        if (m_loggedOnce && now - m_lastLogged < m_window) {
            ++m_folded;
            return {};
        }
        if (m_folded > 0)
            line += u" (and %1 more request(s) failed the same way in the %2 s before)"_s.arg(m_folded).arg(
                std::chrono::duration_cast<std::chrono::seconds>(now - m_lastLogged).count());
        m_loggedOnce = true;
        m_lastLogged = now;
        m_folded = 0;
    }
    qCCritical(category, "%ls", qUtf16Printable(line));
    return line;
}

int StoreFailureLog::folded() const
{
    const std::lock_guard lock(m_mutex);
    return m_folded;
}

} // namespace keyright::server
