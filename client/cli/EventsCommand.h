#pragma once

#include "AdminTypes.h"
#include "CliCommand.h"
#include "TextTable.h"

#include <QTimer>

namespace keyright::cli {

// `keyright events [--license L] [--holder H] [--kind K] [--since 2h] [--follow]`: the audit trail,
// oldest first. --follow keeps polling for new events every 2 s until Ctrl-C.
class EventsCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventsCommand)

public:
    explicit EventsCommand(CliContext &context, QObject *parent = nullptr);

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    bool handlesInterrupt() const override { return m_follow; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

    // "generation=17 inUse=3 seatCount=10", the denied holders by name: a detail object on one line.
    static QString formatDetail(const EventRecord &event);

private:
    void fetch();
    void printFollowed(const QList<EventRecord> &events);
    void printCollected();
    TextTable makeTable() const;

    EventQuery m_query;
    std::optional<std::chrono::milliseconds> m_since;
    bool m_follow = false;
    bool m_fold = true;
    bool m_headerPrinted = false;
    QList<EventRecord> m_collected;
    QTimer m_pollTimer;
    // While following: the last "retrying" sentence printed, so that an outage is one line, not
    // one a second (walk 49), and how many polls since failed.
    QString m_retrying;
    int m_failedPolls = 0;
};

} // namespace keyright::cli
