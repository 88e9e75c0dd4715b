#pragma once

#include <QDialog>
#include <QPointer>
#include <QPushButton>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QWidget;

namespace keyright {

// A new alert endpoint: its name and URL. Add asks the page to create it (addRequested) and the
// dialog stays open: a refusal is shown in one sentence at the field the server named
// (showRefusal), and on success the endpoint's signing secret is shown, this once, with a copy
// button (showSecret). The secret is cleared from the widget when the dialog closes.
class AlertEndpointDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertEndpointDialog)

public:
    explicit AlertEndpointDialog(QWidget *parent = nullptr);
    ~AlertEndpointDialog() override;

    void showRefusal(const QString &field, const QString &message);
    void showSecret(const QString &name, const QString &secret);

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *secretEdit() const { return m_secret; }
    QLabel *secretLabel() const { return m_secretLabel; }
    QPushButton *copyButton() const { return m_copy; }
    QPushButton *addButton() const { return m_addButton; }
    QLabel *errorLabel() const { return m_error; }
    QDialogButtonBox *buttons() const { return m_buttons; }

Q_SIGNALS:
    void addRequested(const QString &name, const QString &url);

protected:
    void done(int result) override;

private:
    void requestAdd();

    QLineEdit *m_name;
    QLineEdit *m_url;
    QLabel *m_error;
    QWidget *m_secretBox;
    QLabel *m_secretLabel;
    QLineEdit *m_secret;
    QPushButton *m_copy;
    QDialogButtonBox *m_buttons;
    QPointer<QPushButton> m_addButton; // gone once the endpoint is added
};

} // namespace keyright
