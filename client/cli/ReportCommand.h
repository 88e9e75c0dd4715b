#pragma once

#include "CliCommand.h"
#include "wire/UsageReport.h"

#include <chrono>
#include <optional>

namespace keyright::cli {

// `keyright report LICENSE [--since 90d | --from T --to T] [--by hour|day|week|month] [--what-if]
// [--json | --csv]`: a license's usage history over a range (GET /v1/licenses/{id}/usage), in the site's
// time zone: the figures that answer "how many seats do we need?", one line per bucket, the
// concurrency histogram and the top holders. The same numbers as the dashboard's Usage page.
class ReportCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportCommand)

public:
    explicit ReportCommand(CliContext &context, QObject *parent = nullptr);

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

    // The report's key figures as the sentences the text output opens with.
    static QStringList summaryLines(const UsageReport &report);

private:
    void fetch();
    void fetchWhatIf();
    void print(const UsageReport &report);
    void printWhatIf(const WhatIfReport &whatIf);

    QString m_licenseId;
    UsageQuery m_query;
    std::optional<std::chrono::milliseconds> m_since;
    bool m_csv = false;
    bool m_whatIf = false;
    UsageReport m_report;
};

} // namespace keyright::cli
