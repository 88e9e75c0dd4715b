#pragma once

#include "CliCommand.h"

#include <QSet>

namespace keyright::cli {

// `keyright write-off LICENSE SEAT [--note TEXT] [--json]` (issue 27): an admin records that the
// laptop holding a borrowed seat is lost. The seat stays counted until its expiry, since its signed
// lease cannot be recalled offline; the holder's `keyright return` still frees it if the laptop
// turns up. SEAT may be any unique prefix of a borrowed seat's id, as `status` shows it.
class WriteOffCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WriteOffCommand)

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
    void writeOff(const QString &seatId);

    QString m_licenseId;
    QString m_seatPrefix;
    QString m_note;
    QSet<QString> m_writtenOffBefore; // the seats the listing showed written off already
};

} // namespace keyright::cli
