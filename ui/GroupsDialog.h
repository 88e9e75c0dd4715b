#pragma once

#include "SeatRules.h"

#include <QDialog>
#include <QHash>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace keyright {

// Edits the server's holder groups: a name and holder patterns (globs, separated by spaces) per
// row. Every keystroke re-validates the whole list with core's validateGroups(), the server's
// own check, and the message naming the group or pattern at fault shows under the table; OK is
// enabled only for a list the server accepts. With the licenses' seat rules in hand
// (setLicenseRules), a group that some license's rules name may not go either: removing or
// renaming it is said at once, as the server would refuse it (group_in_use). Read-only for a
// role that may not change them. A group synchronised from LDAP (its `ldap` source set) is
// shown with its members read-only, where they come from, when they were last synchronised, and,
// when stale, the error; it cannot be renamed or removed here (the server would keep it anyway).
//
// With setSavesBeforeClosing(), OK asks for the save (saveRequested) and the dialog stays open
// until the owner says how it went: saveSucceeded() closes it, saveRefused() keeps every edit and
// shows why.
class GroupsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupsDialog)

public:
    explicit GroupsDialog(const QList<HolderGroup> &groups, QWidget *parent = nullptr);

    QList<HolderGroup> groups() const;
    // `why` says what role editing needs; empty: editable.
    void setReadOnly(const QString &why);
    bool isReadOnly() const { return m_readOnly; }
    QString validationMessage() const;

    // The seat rules of the licenses the dashboard knows, by license id; more may come later
    // (setLicenseRules again, or addLicenseRules for one).
    void setLicenseRules(const QHash<QString, SeatRules> &rulesByLicense);
    void addLicenseRules(const QString &licenseId, const SeatRules &rules);

    void setSavesBeforeClosing(bool saves);
    bool isSaving() const { return m_saving; }
    void saveSucceeded();
    // The server's refusal, for a person (DashboardSession::describeError): shown under the table
    // until the next save; the edits stay.
    void saveRefused(const QString &message);
    QString refusalMessage() const;

    // Patterns as typed: whitespace separates them (a pattern may not contain spaces).
    static QStringList splitEntries(const QString &text);

    QTableWidget *table() const { return m_table; }
    // The editor of a row's name or patterns (column 0 or 1).
    QLineEdit *editorAt(int row, int column) const;
    // The row's source (column 2): "Edited here", or the LDAP group's sync state.
    QLabel *sourceAt(int row) const;
    bool isDirectoryRow(int row) const;
    static QString sourceText(const LdapGroupSource &source);
    static QString sourceDetails(const LdapGroupSource &source);
    void addGroupRow(const HolderGroup &group = {});

Q_SIGNALS:
    void saveRequested(const QList<keyright::HolderGroup> &groups);

private:
    void revalidate();
    void removeSelectedRow();
    void okClicked();
    // A group of the server's list that is gone from the edited one while license rules name it,
    // in one sentence; empty when none.
    QString groupInUseProblem(const QList<HolderGroup> &edited) const;

    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_message;
    QLabel *m_refusal;
    QLabel *m_readOnlyNote;
    QDialogButtonBox *m_buttons;
    bool m_readOnly = false;
    QList<HolderGroup> m_original; // the server's, as the dialog opened
    QHash<QString, SeatRules> m_licenseRules;
    QHash<const QLineEdit *, LdapGroupSource> m_directoryRows; // by the row's name editor
    bool m_savesBeforeClosing = false;
    bool m_saving = false;
};

} // namespace keyright
