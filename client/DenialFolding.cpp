#include "DenialFolding.h"

#include "wire/EventDetail.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace keyright {

DenialFolding::DenialFolding(const QList<EventRecord> &events)
    : m_count(events.size(), 1)
    , m_first(events.size())
{
    // The open run of each (license, holder): the kind and reason it repeats and its last row so
    // far. A denial for another reason (the group's cap, then every seat taken) tells something
    // new, so it starts a run of its own.
    struct Run
    {
        EventKind kind;
        QString reason;
        qsizetype last;
    };
    QHash<QString, Run> open;
    for (qsizetype i = 0; i < events.size(); ++i) {
        m_first[i] = i;
        const EventRecord &e = events.at(i);
        if (e.holder.isEmpty())
            continue;
        const QString key = e.licenseId + u'\n' + e.holder;
        if (!isFoldable(e.kind)) {
            open.remove(key); // anything else about the holder ends the run: it is part of the story
            continue;
        }
        const QString reason = eventdetail::Denied::fromJson(e.detail).reason;
        const auto it = open.find(key);
        if (it != open.end() && it->kind == e.kind && it->reason == reason) {
            m_count[i] = m_count.at(it->last) + 1;
            m_first[i] = m_first.at(it->last);
            m_count[it->last] = 0;
            it->last = i;
            continue;
        }
        open.insert(key, Run {e.kind, reason, i});
    }
}

} // namespace keyright
