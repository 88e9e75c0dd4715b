#include "EventCsv.h"

#include "EventLogModel.h"
#include "Timestamps.h"

#include <QIODevice>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace keyright {

QString EventCsv::escape(const QString &field)
{
    // Quote what would break a line, and what a spreadsheet would run as a formula.
    static const QString special = u",\"\r\n"_s;
    bool quote = false;
    for (const QChar c : field) {
        if (special.contains(c)) {
            quote = true;
            break;
        }
    }
    QString text = field;
    if (!text.isEmpty()
        && (text.front() == u'=' || text.front() == u'+' || text.front() == u'-' || text.front() == u'@')) {
        text.prepend(u'\'');
        quote = true;
    }
    if (!quote)
        return text;
    text.replace(u"\""_s, u"\"\""_s);
    return u'"' + text + u'"';
}

QString EventCsv::header()
{
    return u"seq,time,kind,license,holder,seat,actor,summary,detail"_s;
}

QString EventCsv::line(const EventRecord &e)
{
    const QStringList fields {QString::number(e.seq),
                              formatTimestamp(e.time),
                              toWire(e.kind),
                              e.licenseId,
                              e.holder,
                              e.seatId,
                              e.actor,
                              EventLogModel::describeDetail(e),
                              QString::fromUtf8(QJsonDocument(e.detail).toJson(QJsonDocument::Compact))};
    QStringList escaped;
    escaped.reserve(fields.size());
    for (const QString &f : fields)
        escaped << escape(f);
    return escaped.join(u',');
}

bool EventCsv::write(QIODevice &device, const QList<EventRecord> &events, QString *error)
{
    QByteArray out = header().toUtf8() + "\r\n";
    for (const EventRecord &e : events)
        out += line(e).toUtf8() + "\r\n";
    if (device.write(out) != out.size()) {
        if (error)
            *error = device.errorString();
        return false;
    }
    return true;
}

} // namespace keyright
