#pragma once

#include "SeatRules.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace keyright {

// Edits the server's holder groups: a name and holder patterns (globs, separated by spaces) per
// row. Every keystroke re-validates the whole list with core's validateGroups(), the server's
// own check, and the message naming the group or pattern at fault shows under the table; OK is
// enabled only for a list the server accepts. Read-only for a role that may not change them.
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

    // Patterns as typed: whitespace separates them (a pattern may not contain spaces).
    static QStringList splitEntries(const QString &text);

    QTableWidget *table() const { return m_table; }
    // The editor of a row's name or patterns (column 0 or 1).
    QLineEdit *editorAt(int row, int column) const;
    void addGroupRow(const HolderGroup &group = {});

private:
    void revalidate();
    void removeSelectedRow();

    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_message;
    QLabel *m_readOnlyNote;
    QDialogButtonBox *m_buttons;
    bool m_readOnly = false;
};

} // namespace keyright
