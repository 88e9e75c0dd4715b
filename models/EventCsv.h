#pragma once

#include "AdminTypes.h"

#include <QString>

class QIODevice;

namespace keyright {

// RFC 4180 CSV of audit events: a header line, then one line per event with the timestamp in
// RFC 3339 UTC and the detail both as a sentence and as the raw JSON.
class EventCsv final
{
public:
    static QString header();
    static QString line(const EventRecord &event);
    static bool write(QIODevice &device, const QList<EventRecord> &events, QString *error = nullptr);
    static QString escape(const QString &field);
};

} // namespace keyright
