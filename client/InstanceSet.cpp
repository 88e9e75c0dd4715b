#include "InstanceSet.h"

#include "Clock.h"
#include "LeaseVerifier.h"

#include <QSet>

#include <algorithm>

using std::chrono::milliseconds;

namespace keyright {

InstanceSet::InstanceSet(const Clock &clock)
    : m_clock(clock)
{ }

void InstanceSet::setUrls(const QList<QUrl> &urls)
{
    m_instances.clear();
    m_sticky = -1;
    QSet<QString> seen;
    for (const QUrl &url : urls) {
        if (url.isEmpty() || !url.isValid())
            continue;
        QString key = url.toString(QUrl::NormalizePathSegments);
        while (key.endsWith(u'/'))
            key.chop(1);
        if (seen.contains(key))
            continue;
        seen.insert(key);
        Instance instance;
        instance.url = url;
        m_instances.append(instance);
    }
}

QList<QUrl> InstanceSet::urls() const
{
    QList<QUrl> result;
    for (const Instance &instance : m_instances)
        result.append(instance.url);
    return result;
}

int InstanceSet::indexOf(const QUrl &url) const
{
    for (int i = 0; i < m_instances.size(); ++i) {
        if (m_instances.at(i).url == url)
            return i;
    }
    return -1;
}

void InstanceSet::setBackoff(milliseconds base, milliseconds max)
{
    m_backoffBase = std::max(milliseconds {0}, base);
    m_backoffMax = std::max(m_backoffBase, max);
}

bool InstanceSet::inBackoff(const Instance &instance) const
{
    return instance.retryAt.count() > 0 && m_clock.monotonic() < instance.retryAt;
}

QList<int> InstanceSet::attemptOrder() const
{
    const int count = size();
    QList<int> ready;
    QList<int> waiting;
    const int start = m_sticky >= 0 ? m_sticky : 0;
    for (int step = 0; step < count; ++step) {
        const int index = (start + step) % count;
        const Instance &instance = m_instances.at(index);
        if (instance.refused)
            continue;
        (inBackoff(instance) ? waiting : ready).append(index);
    }
    // Instances in back-off are still tried when nothing else answered: a request that fails
    // without asking anyone would turn a short outage of all instances into a longer one.
    std::sort(waiting.begin(), waiting.end(),
              [this](int a, int b) { return m_instances.at(a).retryAt < m_instances.at(b).retryAt; });
    return ready + waiting;
}

int InstanceSet::current() const
{
    if (m_sticky >= 0 && !m_instances.at(m_sticky).refused)
        return m_sticky;
    const QList<int> order = attemptOrder();
    return order.isEmpty() ? -1 : order.constFirst();
}

int InstanceSet::upCount() const
{
    int up = 0;
    for (const Instance &instance : m_instances)
        up += instance.up && !instance.refused ? 1 : 0;
    return up;
}

bool InstanceSet::allRefused() const
{
    for (const Instance &instance : m_instances) {
        if (!instance.refused)
            return false;
    }
    return true;
}

void InstanceSet::markAnswered(int index, milliseconds roundTrip, bool stick)
{
    Instance &instance = m_instances[index];
    instance.up = true;
    instance.failures = 0;
    instance.retryAt = milliseconds {0};
    instance.roundTrip = roundTrip;
    instance.lastError.clear();
    instance.lastErrorCode.clear();
    if (stick || m_sticky < 0)
        m_sticky = index;
}

void InstanceSet::markFailed(int index, const QString &why, const QString &code)
{
    Instance &instance = m_instances[index];
    instance.up = false;
    instance.lastError = why;
    instance.lastErrorCode = code;
    ++instance.failures;
    milliseconds delay = m_backoffBase;
    for (int i = 1; i < instance.failures && delay < m_backoffMax; ++i)
        delay *= 2;
    delay = std::min(delay, m_backoffMax);
    // Never 0: a zero retryAt means "no back-off" and would make the failed instance sticky.
    instance.retryAt = m_clock.monotonic() + std::max(delay, milliseconds {1});
    if (m_sticky == index)
        m_sticky = -1;
}

void InstanceSet::markKeyChecked(int index)
{
    m_instances[index].keyChecked = true;
}

void InstanceSet::markRefused(int index, const QString &why)
{
    Instance &instance = m_instances[index];
    instance.refused = true;
    instance.up = false;
    instance.lastError = why;
    if (m_sticky == index)
        m_sticky = -1;
}

bool InstanceSet::sameKey(const LeaseVerifier &pinned, const LeaseVerifier &presented)
{
    return pinned.publicKey() == presented.publicKey();
}

} // namespace keyright
