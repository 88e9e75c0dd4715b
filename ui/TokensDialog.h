#pragma once

#include "AdminTypes.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QWidget;

namespace keyright {

class AdminActions;

// The server's named access tokens, for admins: the list (name, role, created, last used,
// expires), a form to create one, whose secret is shown once with a Copy button, and revoking the
// selected one after a confirmation. AdminActions sends every request; the dialog shows answers.
class TokensDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokensDialog)

public:
    enum Column { NameColumn, RoleColumn, CreatedColumn, LastUsedColumn, ExpiresColumn, ColumnCount };

    explicit TokensDialog(AdminActions &actions, QWidget *parent = nullptr);
    ~TokensDialog() override;

    QTreeWidget *list() const { return m_list; }
    QString statusText() const;
    // The secret of the token just created; empty once the dialog closed or before any.
    QString shownSecret() const;

public Q_SLOTS:
    void refresh();
    void create();
    // Asks for confirmation unless `confirmed`.
    void revokeSelected(bool confirmed = false);

protected:
    void done(int result) override;

private:
    void showTokens(const TokenList &tokens);
    void showSecret(const AccessTokenInfo &token, const QString &secret);

    AdminActions &m_actions;
    QTreeWidget *m_list;
    QLineEdit *m_name;
    QComboBox *m_role;
    QComboBox *m_expires;
    QPushButton *m_create;
    QPushButton *m_revoke;
    QWidget *m_secretBox;
    QLabel *m_secretLabel;
    QLineEdit *m_secret;
    QPushButton *m_copy;
    QLabel *m_status;
};

} // namespace keyright
