#pragma once

#include <QDialog>

#include <chrono>

class QComboBox;
class QLineEdit;

namespace keyright {

// Confirms a revoke: who loses which seat, an optional reason for the audit log, and an optional
// block so the application does not take the seat straight back.
class RevokeDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RevokeDialog)

public:
    RevokeDialog(const QString &licenseId, const QString &holder, const QString &seatId, QWidget *parent = nullptr);

    QString reason() const;
    std::chrono::seconds blockDuration() const;
    // "Revoke and block…": the block starts at an hour, focused, to be confirmed or changed.
    void proposeBlock();

protected:
    // Return and Enter do nothing here: QDialogButtonBox makes Revoke the default button when the
    // dialog shows, and a destructive step takes Alt+R or a click (walk 26b: Return used to cancel,
    // throwing away a reason being typed).
    void keyPressEvent(QKeyEvent *event) override;

private:
    QLineEdit *m_reason;
    QComboBox *m_block;
};

} // namespace keyright
