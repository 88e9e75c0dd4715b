#pragma once

#include "AdminTypes.h"
#include "ReclaimDecision.h"
#include "SeatRules.h"

#include <QDialog>
#include <QSet>

#include <optional>

class QCheckBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;

namespace keyright {

class Clock;

class GroupsDialog;

// Creates or edits a license and its seat rules. Every change re-validates with the server's rules
// (license id syntax, name, bounds, reap grace above the skew; the seat rules and holder groups with
// core's validateRules()/validateGroups(), the server's own checks, said in the interface's
// language) and says what is wrong next to the field at fault; OK is enabled only for what the
// server will accept. The holder groups are the server's, shared by every license: "Holder
// groups…" edits a copy that is saved with the license (groups first, then the license, then its
// rules). Under "Idle seats" it edits the idle reclaim rule (issue 26) and says, in a sentence, what
// core's previewReclaim() would do with the rules being edited on the license's seats and line as
// the dashboard last listed them. Read-only for a role that may not edit.
class LicenseDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseDialog)

public:
    // A part of the rules the Seats page's ledger can open the dialog at.
    enum class Rule { IdleSeats, Reservations };

    // `existing` empty: create. `takenIds`: ids already on the server (a create must pick another).
    LicenseDialog(const std::optional<LicenseSummary> &existing, const QSet<QString> &takenIds,
                  QWidget *parent = nullptr);

    LicenseSpec spec() const;
    bool isCreate() const { return m_create; }
    QString validationMessage() const;

    // The license's rules and the server's groups as they are now; the dialog edits copies.
    void setRules(const SeatRules &rules, const QList<HolderGroup> &groups);
    SeatRules rules() const;
    QList<HolderGroup> groups() const { return m_groups; }
    bool groupsChanged() const { return m_groups != m_originalGroups; }
    bool rulesChanged() const { return rules() != m_originalRules; }
    // The rules' problem shown now (validateRules()' or validateGroups()' words), or empty.
    QString rulesMessage() const;
    // `why` says which role editing needs; empty: editable.
    void setReadOnly(const QString &why);
    bool isReadOnly() const { return m_readOnly; }

    // The license's dates (issue 29): each a check box (set or not) and its time, in UTC. Unset, the
    // time shows "No start", "No end" or "None".
    QCheckBox *validFromCheck() const { return m_validFromOn; }
    QCheckBox *validUntilCheck() const { return m_validUntilOn; }
    QCheckBox *maintenanceCheck() const { return m_maintenanceOn; }
    QDateTimeEdit *validFromEdit() const { return m_validFrom; }
    QDateTimeEdit *validUntilEdit() const { return m_validUntil; }
    QDateTimeEdit *maintenanceEdit() const { return m_maintenance; }

    QLineEdit *allowEdit() const { return m_allow; }
    QLineEdit *denyEdit() const { return m_deny; }
    QTableWidget *reserveTable() const { return m_reserve; }
    QTableWidget *maxTable() const { return m_max; }
    // The license-wide reclaim rule (the entry without a group): on or off, its minutes.
    QCheckBox *reclaimCheck() const { return m_reclaimOn; }
    QSpinBox *reclaimAfterBox() const { return m_reclaimAfter; }
    QSpinBox *reclaimWarnBox() const { return m_reclaimWarn; }
    // The borrowing policy (issue 27): may borrow, at most N days, at most N borrowed at once, N
    // kept on site, the groups that may borrow (names separated by spaces; empty: anyone).
    QCheckBox *borrowCheck() const { return m_borrowOn; }
    QSpinBox *borrowDaysBox() const { return m_borrowDays; }
    QSpinBox *borrowMaxBox() const { return m_borrowMax; }
    QSpinBox *borrowKeepBox() const { return m_borrowKeep; }
    QLineEdit *borrowGroupsEdit() const { return m_borrowGroups; }
    // The borrowing problem shown now, or the sentence saying what the policy allows.
    QString borrowMessage() const;
    QString borrowSummary() const;
    // A remark on a policy the server accepts but that lends less than its numbers say (every seat
    // kept on site, a maximum above the seats that may go), in amber with its field marked.
    QString borrowNote() const;
    // A row per group with its own reclaim rule: group, after, warn, Remove.
    QTableWidget *reclaimTable() const { return m_reclaimTable; }
    // A group's reclaim row. Without a group, a new row: the first group that has no row yet, with
    // the license-wide minutes.
    void addReclaimRow(const IdleReclaim &row = {});
    // The license's seats and line as idle reclaim sees them (DashboardSession::reclaimState()),
    // for the preview; unset: no preview beyond "never reclaimed".
    void setReclaimState(const std::optional<ReclaimState> &state);
    // The clock a date box starts from when ticked (today, a year from today): the dashboard's
    // estimate of the server's clock (the machine's clock until set). Not owned; must outlive the
    // dialog.
    void setClock(const Clock &clock) { m_clock = &clock; }
    // The preview sentence shown under the idle seats, or empty.
    QString reclaimPreviewText() const;
    // What `preview` of `state` says in a sentence, in the interface's language.
    static QString previewSentence(const ReclaimPreview &preview, const ReclaimState &state);
    // A `reserve N for GROUP` or `max N for GROUP` row. Without a group, a new row: the first group
    // that has no row in `table` yet, and one seat.
    void addSeatsRow(QTableWidget *table, const GroupSeats &row = {});
    // Scrolls to `rule` and puts the focus there (once shown): the ledger's "Edit the idle seats
    // rule…" lands where the rule is, not at the license's id.
    void showRule(Rule rule);
    // Opens the holder groups of this dialog for editing (modal).
    void editGroups();
    // The first problem with `spec`, for a person, or an empty string. Same rules as the server.
    static QString validate(const LicenseSpec &spec, bool create, const QSet<QString> &takenIds,
                            QString *field = nullptr);

Q_SIGNALS:
    // editGroups() made `dialog` and is about to show it: the owner may give it the licenses'
    // seat rules (GroupsDialog::setLicenseRules).
    void groupsDialogOpened(keyright::GroupsDialog *dialog);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The wheel over a field it did not focus scrolls the dialog instead of changing the field.
    void guardWheel(QWidget *field);
    void revalidate();
    // The borrowing policy's problem as a sentence (empty: none) and the field at fault.
    struct FieldProblem
    {
        QWidget *field = nullptr;
        QString message;
    };
    QList<FieldProblem> borrowProblems() const;
    QList<GroupSeats> seatsRows(const QTableWidget *table) const;
    void refreshGroupChoices();
    // The first holder group without a row in `table`, or empty when every group has one.
    QString freeGroup(const QTableWidget *table) const;
    QTableWidget *seatsTable(const QString &objectName);
    // The reclaim rules as edited, in the order they are saved: the group rows in order, the
    // license-wide entry (when on) where the loaded rules had it. `rows` gets, for each entry, its
    // row in the reclaim table, or -1 for the license-wide entry.
    QList<IdleReclaim> reclaimEntries(QList<int> *rows = nullptr) const;
    void updatePreview();
    void growToFit();
    // The borrowing box's message, summary and remark keep a height that only grows while the
    // dialog is open (at least two sentences' worth), so that a message getting shorter or longer
    // does not move the field being edited; one that still outgrows it is scrolled into view.
    void reserveBorrowFeedback();
    void showBorrowFeedback();

    bool m_create;
    QSet<QString> m_taken;
    QLineEdit *m_id;
    QLineEdit *m_name;
    QSpinBox *m_seats;
    QSpinBox *m_ttl;
    QSpinBox *m_skew;
    QSpinBox *m_grace;
    QCheckBox *m_validFromOn;
    QDateTimeEdit *m_validFrom;
    QCheckBox *m_validUntilOn;
    QDateTimeEdit *m_validUntil;
    QCheckBox *m_maintenanceOn;
    QDateTimeEdit *m_maintenance;
    QLabel *m_message;
    QLabel *m_heartbeat;
    QLineEdit *m_allow;
    QLineEdit *m_deny;
    QTableWidget *m_reserve;
    QTableWidget *m_max;
    QPushButton *m_addReserve;
    QPushButton *m_addMax;
    QPushButton *m_editGroups;
    QLabel *m_groupsSummary;
    QLabel *m_allowMessage;
    QLabel *m_denyMessage;
    QLabel *m_reserveMessage;
    QLabel *m_maxMessage;
    QLabel *m_maxNote;
    QLabel *m_readOnlyNote;
    QCheckBox *m_reclaimOn;
    QSpinBox *m_reclaimAfter;
    QSpinBox *m_reclaimWarn;
    QTableWidget *m_reclaimTable;
    QPushButton *m_addReclaim;
    QLabel *m_reclaimMessage;
    QLabel *m_reclaimPreview;
    QCheckBox *m_borrowOn;
    QSpinBox *m_borrowDays;
    QSpinBox *m_borrowMax;
    QSpinBox *m_borrowKeep;
    QLineEdit *m_borrowGroups;
    QLabel *m_borrowMessage;
    QLabel *m_borrowSummary;
    QLabel *m_borrowNote;
    QWidget *m_borrowFeedback = nullptr; // the three above
    int m_borrowReserve = 0; // the height kept for them, at m_borrowReserveWidth
    int m_borrowReserveWidth = -1;
    bool m_borrowFeedbackGrew = false;
    QWidget *m_content = nullptr; // the settings and rules, in m_scroll
    QScrollArea *m_scroll = nullptr;
    QDialogButtonBox *m_buttons;
    QList<HolderGroup> m_groups;
    QList<HolderGroup> m_originalGroups;
    SeatRules m_originalRules;
    int m_reclaimDefaultAt = 0; // where the loaded rules listed the license-wide entry
    std::optional<ReclaimState> m_reclaimState;
    const Clock *m_clock = nullptr; // the machine's until setClock()
    bool m_previewable = false; // the rules and groups as edited are valid: the preview may compile them
    bool m_readOnly = false;
};

} // namespace keyright
