#pragma once

#include "AlertRules.h"
#include "ClientError.h"
#include "StatePalette.h"
#include "wire/AlertJson.h"
#include "wire/EventDetail.h"
#include "wire/EventRecord.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>

#include <optional>

namespace keyright {

class DashboardSession;

// One alert as the Alerts page and the tray show it: firing now (GET /v1/alerts) or fired within
// the last seven days and resolved since (alert_fired and alert_resolved events).
struct AlertRow
{
    QString key; // the rule, its subject and when it fired: the same alert across polls
    QString ruleId;
    AlertKind kind = AlertKind::SeatsInUse;
    AlertSeverity severity = AlertSeverity::Warning;
    QString licenseId; // empty: about the server
    QString sentence; // EventLogModel::alertText() of its firing, in the dashboard's language
    eventdetail::AlertChange change; // what the sentence says, to say it again in another language
    QDateTime since; // when it fired
    QDateTime resolvedAt; // invalid: firing
    qint64 seq = 0; // its alert_fired event when known
    qint64 alertId = 0; // firing: its id on the server (0: not known)
    QString acknowledgedBy; // firing: who acknowledged it (empty: nobody yet)
    QDateTime acknowledgedAt;
    QString note;

    bool firing() const { return !resolvedAt.isValid(); }
    bool acknowledged() const { return acknowledgedAt.isValid(); }
    // About a simulator sandbox (DemoCatalogue::isSandboxLicense), whose seats and denials the
    // simulator stages for training: listed, but neither told nor counted as an alarm.
    bool aboutSandbox() const;
    friend bool operator==(const AlertRow &, const AlertRow &) = default;
};

// The alerts of the connected server: those firing now, read with every poll of the session (after
// its poll, never two at once, so a slow or silent server holds nothing up), then those of the last
// seven days that resolved, from the event log (a backfill at connection, then the events each poll
// brings). Firing rows come first, the most severe first; resolved ones after, the latest first.
// A poll applies a diff: rows that stay keep their place and selection.
class AlertListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertListModel)

public:
    enum Column { SeverityColumn, AlertColumn, SinceColumn, StateColumn, LicenseColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        KeyRole = Qt::UserRole + 1,
        FiringRole, // bool
        LicenseIdRole,
        SeverityRole, // int(AlertSeverity)
        SortRole,
        AcknowledgedRole, // bool
        AlertIdRole, // qint64: a firing alert's id (0: not known)
    };

    static constexpr int historyDays = 7;

    explicit AlertListModel(DashboardSession &session, QObject *parent = nullptr);
    ~AlertListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const AlertRow &rowAt(int row) const { return m_rows.at(row); }
    int rowOfKey(const QString &key) const;
    int firingCount() const;
    // The most severe of the alerts firing now; nullopt when none fires.
    std::optional<AlertSeverity> worstFiring() const;
    // The same over the firing alerts nobody has acknowledged (the tray's colour, the tab's count),
    // leaving out those about a simulator sandbox.
    int unacknowledgedCount() const;
    std::optional<AlertSeverity> worstUnacknowledged() const;
    // Whether GET /v1/alerts has answered on this connection.
    bool isLoaded() const { return m_loaded; }
    // The last failure to read the alerts, for a person (empty after a success).
    QString errorText() const { return m_error; }

    // Asks the server for the alerts firing now (the session's polls do, after each one).
    void refresh();
    // Says every alert's sentence again in the language installed now (the firing ones would be
    // with the next poll; the resolved ones never would).
    void retranslate();

    static QString severityLabel(AlertSeverity severity);
    static StatePalette::Role severityRole(AlertSeverity severity);
    static QString kindLabel(AlertKind kind);
    // The key of an alert: its rule, license, notice and the moment it fired.
    static QString keyOf(const QString &ruleId, const QString &licenseId, int noticeDays, const QDateTime &firedAt);

Q_SIGNALS:
    // The first answer of a connection: the alerts already firing then (said once, as a summary).
    void firingAtStart(const QList<keyright::AlertRow> &rows);
    // Alerts that began firing since the previous answer, each said once. Both carry acknowledged
    // alerts too (one acknowledged before the dashboard connected); the tray leaves those out.
    void newlyFiring(const QList<keyright::AlertRow> &rows);
    // Firing alerts came or went, or their severity changed (the tray's colour).
    void firingChanged();
    void errorChanged(const QString &text);

private:
    void reset();
    void fetchHistory(qint64 after, int pagesLeft);
    void noteEvents(const QList<EventRecord> &events);
    void applyFiring(const QList<alerts::FiringAlert> &firing);
    // The rows wanted now, from the firing list and the history; applied as a diff.
    void rebuild();
    void setError(const QString &text);

    DashboardSession &m_session;
    QList<AlertRow> m_rows;
    QList<AlertRow> m_firing;
    // Alerts of the history by key: fired (and maybe resolved) within the last seven days.
    QHash<QString, AlertRow> m_history;
    QSet<qint64> m_seenSeqs;
    quint64 m_epoch = 0;
    bool m_inFlight = false;
    bool m_loaded = false;
    bool m_historyLoaded = false;
    bool m_historyAsked = false; // on this connection
    QString m_error;
};

} // namespace keyright
