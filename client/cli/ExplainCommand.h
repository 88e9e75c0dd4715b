#pragma once

#include "CliCommand.h"
#include "ReclaimMarks.h"
#include "wire/LedgerReport.h"

namespace keyright::cli {

// `keyright explain LICENSE [--at TIME]`: where every seat of a license is, now or at a past
// moment, one sentence per kind of seat (the server's ledger, issue 26): for the support engineer
// asked "we bought ten, why was I refused?".
class ExplainCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExplainCommand)

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
    void findMarks();
    void print(const QList<ReclaimMark> &marks);

    QString m_licenseId;
    LedgerReport m_report;
    LedgerQuery m_query;
    QString m_timeZone;
};

} // namespace keyright::cli
