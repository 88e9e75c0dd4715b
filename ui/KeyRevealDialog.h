#pragma once

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace keyright {

// Shows a new license key once: the server keeps only its hash, so this is the only chance to copy
// it. The text is cleared from the widget when the dialog closes.
class KeyRevealDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyRevealDialog)

public:
    KeyRevealDialog(const QString &licenseId, const QString &key, QWidget *parent = nullptr);
    ~KeyRevealDialog() override;

    QString key() const;

protected:
    void done(int result) override;

private:
    QLineEdit *m_key;
    QPushButton *m_copy;
};

} // namespace keyright
