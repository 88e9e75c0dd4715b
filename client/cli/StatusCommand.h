#pragma once

#include "AdminTypes.h"
#include "CliCommand.h"
#include "ReclaimMarks.h"

#include <QHash>

namespace keyright::cli {

// `keyright status [LICENSE]`: per license the seats in use, then every holder with its seat,
// generation, when it took the seat, the countdown to expiry on the server's clock, and whether
// the row is live or expired and waiting for the reaper; then the holders blocked by a revoke.
class StatusCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatusCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    void listLicenses();
    void listLeases();
    void findGrantTimes(qint64 after, int pagesLeft);
    void print();
    void printJsonStatus(const QDateTime &serverNow);
    void printText(const QDateTime &serverNow);

    QString m_licenseId;
    ClockOffset m_offset;
    QList<LicenseSummary> m_licenses;
    QHash<QString, LeaseList> m_leases;
    QHash<QString, QDateTime> m_grantedAt; // seat id -> time of its granted event
    QList<EventRecord> m_reclaimEvents; // idle reclaim's marks and what ends them, in order
    QHash<QString, ReclaimMark> m_marks; // seat id -> its outstanding mark
    int m_pending = 0;
};

} // namespace keyright::cli
