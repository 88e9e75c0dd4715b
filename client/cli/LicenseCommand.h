#pragma once

#include "AdminTypes.h"
#include "CliCommand.h"

#include <QDateTime>

#include <optional>

namespace keyright::cli {

// `keyright license create|set|rotate-key|list`: the licenses and their keys. A new or rotated key
// is shown once (or written to --key-file with mode 0600): the server keeps only its hash.
class LicenseCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

    // The borrowing policy in a few characters, as the listing's column and `keyright events` write
    // it: "-" when off, else "7d x2 keep 1 [cad,lab]".
    static QString borrowColumn(const BorrowPolicy &policy);

private:
    enum class Action { Create, Set, RotateKey, List };

    void create();
    void set();
    void rotateKey();
    void list();
    void deliverKey(const QString &key);
    static QString describe(const LicenseSummary &license);

    Action m_action = Action::List;
    QString m_licenseId;
    std::optional<QString> m_name;
    std::optional<int> m_seats;
    std::optional<qint64> m_ttl;
    std::optional<qint64> m_skew;
    std::optional<qint64> m_grace;
    // --valid-from, --valid-until, --maintenance-until: set (an invalid time for "none") or not given.
    std::optional<QDateTime> m_validFrom;
    std::optional<QDateTime> m_validUntil;
    std::optional<QDateTime> m_maintenanceUntil;
    // The dates given on the command line over `validity`, and which of them the spec sends.
    void applyDates(LicenseSpec &spec, const LicenseValidity &validity) const;
    static QString describeDates(const LicenseValidity &validity);
    // The borrowing policy (issue 27): --borrow/--no-borrow, --borrow-max-days, --borrow-max,
    // --borrow-keep-on-site, --borrow-groups; each set or not given.
    std::optional<bool> m_borrowAllowed;
    std::optional<int> m_borrowMaxDays;
    std::optional<int> m_borrowMax;
    std::optional<int> m_borrowKeepOnSite;
    std::optional<QStringList> m_borrowGroups;
    QString prepareBorrow(const QCommandLineParser &parser);
    bool borrowGiven() const;
    // The policy given on the command line over `current`, and Member::Borrow when one was given.
    void applyBorrow(LicenseSpec &spec, const BorrowPolicy &current) const;
    static QString describeBorrow(const BorrowPolicy &policy);
    // A policy that lends nothing (all seats or more kept on site), said on stderr; empty otherwise.
    static QString borrowWarning(const BorrowPolicy &policy, int seatCount);
    static void warnAboutBorrow(const LicenseSummary &license);
    QString m_keyFile;
};

} // namespace keyright::cli
